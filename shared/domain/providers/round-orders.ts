import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { BetDetail, BetOrder, type GameProvider } from '../../db/models';
import type { ProviderTransaction } from '../../db/models/provider-transaction';
import { writeBetOrder } from '../game/bet-orders';
import { effectiveBet } from '../game/types';
import { enqueuePostBet } from '../post-bet/chain';
import { checkMoneyTotal, moveBalance, type LedgerKind, type WalletResult } from '../wallet/wallet';
import { ProviderError, type ProviderCode, type ProviderPlayer } from './seamless-wallet';

/**
 * The round's bet order of a provider call, its bet-detail lines and its money steps (seamless-wallet.ts
 * runs the call): one bet order per (site, provider, round, player), one bet detail per call, balances
 * moved only through the wallet, settlements enqueue the post-bet chain in the same transaction.
 */

export async function findRoundOrder(provider: ProviderCode, player: ProviderPlayer, roundId: string, transaction: Transaction): Promise<BetOrder | null> {
  return BetOrder.findOne({
    where: { siteCode: player.siteCode, providerCode: provider, gameNumber: roundId, userId: player.id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

export async function findOrderById(id: string, transaction: Transaction): Promise<BetOrder> {
  const order = await BetOrder.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!order) throw new ProviderError('BET_NOT_FOUND');
  return order;
}

function gameName(game: GameProvider): string {
  const names = game.name ?? {};
  return (names['en-US'] ?? Object.values(names)[0] ?? game.gameCode).slice(0, 120);
}

export interface NewOrder {
  provider: ProviderCode;
  player: ProviderPlayer;
  game: GameProvider;
  roundId: string;
  productId?: string | null;
}

/** The round's order, created empty (no bets yet, open) when missing. */
export async function openRoundOrder(input: NewOrder, transaction: Transaction): Promise<BetOrder> {
  const existing = await findRoundOrder(input.provider, input.player, input.roundId, transaction);
  if (existing) return existing;
  return writeBetOrder(transaction, {
    siteCode: input.player.siteCode,
    userId: input.player.id,
    providerCode: input.provider,
    gameCode: input.game.gameCode,
    gameName: gameName(input.game),
    gameType: String(input.game.gameType),
    gamePlatform: input.provider,
    gameNumber: input.roundId,
    productId: input.productId ?? null,
    totalBetCount: 0,
    betAmount: '0',
    betEffective: '0',
    winAmount: '0',
    winLose: '0',
    multiplier: null,
    settled: false,
    at: new Date(),
  });
}

/**
 * Writes the order's totals. When the order's effective bet or status changes after the post-bet chain
 * processed it (a bet refunded or added later), the chain is enqueued again in the same transaction, so
 * the user's totalEffectiveBet follows by the difference (applyPostBet). A total its column cannot hold
 * is the wallet's BALANCE_OVERFLOW (the call is refused, nothing moves).
 */
async function updateTotals(order: BetOrder, betAmount: Decimal, betCount: number, winAmount: Decimal, transaction: Transaction, extra: Partial<BetOrder> = {}): Promise<void> {
  checkMoneyTotal(betAmount, "the round's bet total");
  checkMoneyTotal(winAmount, "the round's win total");
  const before = { betEffective: new Decimal(order.betEffective), status: order.status };
  await order.update(
    {
      betAmount: betAmount.toFixed(6),
      totalBetCount: betCount,
      betEffective: effectiveBet(betAmount, order.gameType),
      winAmount: winAmount.toFixed(6),
      winLose: winAmount.minus(betAmount).toFixed(6),
      ...extra,
    },
    { transaction },
  );
  const counts = !before.betEffective.eq(order.betEffective) || before.status !== order.status;
  if (order.postProcessedAt && counts) await enqueuePostBet(transaction, order.id);
}

export interface MoneyStep {
  order: BetOrder;
  /** 6-decimal string, not negative. */
  amount: string;
  idempotencyKey: string;
  transactionId: string;
  provider: ProviderCode;
}

/** Debits a bet and adds it to the order (a cancelled order becomes valid again). */
export async function debitBet(step: MoneyStep, transaction: Transaction): Promise<WalletResult> {
  const amount = new Decimal(step.amount);
  const wallet = await moveBalance(transaction, {
    userId: step.order.userId,
    amount: amount.isZero() ? '0' : amount.neg(),
    kind: 'bet',
    idempotencyKey: step.idempotencyKey,
    ref: { type: step.provider, id: step.transactionId },
    betOrderId: step.order.id,
  });
  await updateTotals(step.order, new Decimal(step.order.betAmount).plus(amount), step.order.totalBetCount + 1, new Decimal(step.order.winAmount), transaction, {
    status: 'valid',
    invalidReason: null,
  });
  return wallet;
}

/** Credits a win or jackpot and adds it to the order's winnings. */
export async function creditWin(step: MoneyStep & { kind: Extract<LedgerKind, 'win' | 'jackpot'> }, transaction: Transaction): Promise<WalletResult> {
  const amount = new Decimal(step.amount);
  const wallet = await moveBalance(transaction, {
    userId: step.order.userId,
    amount,
    kind: step.kind,
    idempotencyKey: step.idempotencyKey,
    ref: { type: step.provider, id: step.transactionId },
    betOrderId: step.order.id,
  });
  await updateTotals(step.order, new Decimal(step.order.betAmount), step.order.totalBetCount, new Decimal(step.order.winAmount).plus(amount), transaction);
  return wallet;
}

/**
 * Refunds a recorded bet once (key `<provider>:cancel:<bet's transactionId>`) and takes it off its order;
 * an order left without bets becomes cancelled (invalidReason cancelled). The bet's row is marked
 * cancelled and the call's bet-detail line takes the bet back.
 */
export async function refundBet(bet: ProviderTransaction, order: BetOrder, providerTxId: string, transaction: Transaction): Promise<WalletResult> {
  const amount = new Decimal(bet.debitAmount ?? 0);
  const wallet = await moveBalance(transaction, {
    userId: bet.userId,
    amount,
    kind: 'cancel',
    idempotencyKey: `${bet.provider}:cancel:${bet.transactionId}`,
    ref: { type: bet.provider, id: bet.transactionId },
    betOrderId: order.id,
  });
  const betCount = Math.max(order.totalBetCount - 1, 0);
  await updateTotals(
    order,
    Decimal.max(new Decimal(order.betAmount).minus(amount), 0),
    betCount,
    new Decimal(order.winAmount),
    transaction,
    betCount === 0 ? { status: 'cancelled', invalidReason: 'cancelled' } : {},
  );
  await bet.update({ status: 'cancelled' }, { transaction });
  await addDetail(order, { betAmount: amount.neg(), winLose: amount, providerTxId }, transaction);
  return wallet;
}

/** One bet-detail row per call; roundNo counts the order's details. */
export async function addDetail(order: BetOrder, line: { betAmount: Decimal.Value; winLose: Decimal.Value; providerTxId: string }, transaction: Transaction): Promise<void> {
  const count = await BetDetail.count({ where: { betOrderId: order.id }, transaction });
  await BetDetail.create(
    {
      betOrderId: order.id,
      roundNo: count + 1,
      betAmount: new Decimal(line.betAmount).toFixed(6),
      winLose: new Decimal(line.winLose).toFixed(6),
      providerTxId: line.providerTxId,
    },
    { transaction },
  );
}

/** Marks the order settled (first time only) and triggers the post-bet chain in this transaction. */
export async function settleOrder(order: BetOrder, transaction: Transaction): Promise<void> {
  if (!order.settled) await order.update({ settled: true, settledAt: new Date() }, { transaction });
  await enqueuePostBet(transaction, order.id);
}

/** A settled order without bets (a jackpot on a round we never saw). No post-bet chain: nothing was bet. */
export async function markSettledWithoutChain(order: BetOrder, transaction: Transaction): Promise<void> {
  if (!order.settled) await order.update({ settled: true, settledAt: new Date() }, { transaction });
}

/** Marks the round's open bets settled: they can no longer be cancelled. */
export async function settleRoundBets(provider: ProviderCode, userId: number, roundId: string, transaction: Transaction): Promise<void> {
  await db().query(
    `UPDATE provider_transactions SET status = 'settled', "updatedAt" = now()
      WHERE provider = :provider AND kind = 'bet' AND "userId" = :userId AND "roundId" = :roundId AND status = 'open'`,
    { replacements: { provider, userId, roundId }, type: QueryTypes.UPDATE, transaction },
  );
}
