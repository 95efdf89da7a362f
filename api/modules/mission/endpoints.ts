import type { Endpoint } from '../../http/endpoint';

/** The mission endpoints, in matching order (a fixed path before a parameterised one of the same prefix). */
export const missionEndpoints: Endpoint[] = [];
