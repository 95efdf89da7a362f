import type { Endpoint } from '../../http/endpoint';

/** Settlements: the agent's dashboard, commissions and settlements; the operators' settlement list, review, risk logs and triggers (Part B 4.6). */
export const settlementEndpoints: Endpoint[] = [];
