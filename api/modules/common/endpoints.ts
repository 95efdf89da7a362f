import type { Endpoint } from '../../http/endpoint';

/** The common endpoints, in matching order (a fixed path before a parameterised one of the same prefix). */
export const commonEndpoints: Endpoint[] = [];
