import type { Endpoint } from '../../http/endpoint';

/** The admin endpoints, in matching order (a fixed path before a parameterised one of the same prefix). */
export const adminEndpoints: Endpoint[] = [];
