import type { Endpoint } from '../../http/endpoint';

/** The vip endpoints, in matching order (a fixed path before a parameterised one of the same prefix). */
export const vipEndpoints: Endpoint[] = [];
