import type { Endpoint } from '../../http/endpoint';

/** Operators' program endpoints: create-agent, bind, bind logs, commission rates, VIP milestones, agent tiers, set-agent-tier (Part B 4.6). */
export const programAdminEndpoints: Endpoint[] = [];
