import type { Transaction } from 'sequelize';
import { addToOutbox } from '../queues/outbox';

/**
 * The post-bet chain (Part A section 6). A settlement (simulate, provy bet, provx BetResult) calls
 * `enqueuePostBet` in its own transaction; the `post-bet` worker then applies, exactly once per bet
 * order, VIP recalculation, promotion turnover and mission bet progress (`applyPostBet`).
 */
export async function enqueuePostBet(transaction: Transaction, betOrderId: number | string): Promise<void> {
  await addToOutbox(transaction, 'post-bet', 'settled', { betOrderId: Number(betOrderId) });
}
