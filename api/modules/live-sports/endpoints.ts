import type { Endpoint } from '../../http/endpoint';

/** The live-sports endpoints, in matching order (a fixed path before a parameterised one of the same prefix). */
export const liveSportsEndpoints: Endpoint[] = [];
