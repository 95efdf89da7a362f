import type { Endpoint } from '../../http/endpoint';

/** Agents' own endpoints: track-click, promo link, downline, click stats, referral codes, alliance and tier info (Part B 4.6). */
export const agentEndpoints: Endpoint[] = [];
