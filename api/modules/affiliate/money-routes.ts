import type { Endpoint } from '../../http/endpoint';

/** Commission money: the agent's balance, withdrawals and VIP milestone bonuses; the operators' withdrawal review and complete (Part B 4.6). */
export const moneyEndpoints: Endpoint[] = [];
