import type { Endpoint } from '../../http/endpoint';

/** Operators' settlement triggers: the weekly and the daily settlement run by hand (Part B 4.6, 6). */
export const triggerEndpoints: Endpoint[] = [];
