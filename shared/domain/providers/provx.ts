import Decimal from 'decimal.js';
import type { BetOrder } from '../../db/models';
import type { ProviderTransactionStatus } from '../../db/models/provider-transaction';
import { balanceOf, money, type WalletResult } from '../wallet/wallet';
import { addDetail, creditWin, debitBet, findOrderById, findRoundOrder, markSettledWithoutChain, openRoundOrder, refundBet, settleOrder, settleRoundBets } from './round-orders';
import { findBetCall, findGame, findPlayer, findPlayerByAccount, ProviderError, runProviderCall, wasCancelled, type CallOutcome, type ProviderPlayer } from './seamless-wallet';

/**
 * Provider `provx` seamless-wallet callbacks (Part A 4.3, docs/providers.md): GetBalance, Bet,
 * BetResult (settles the round: post-bet chain), CancelBet, JackpotResult. Answers use provx's shape
 * `{status, errorCode, message, userId, currency, balance, ...}`.
 */
const P = 'provx' as const;

export interface ProvxOk {
  status: 'OK';
  errorCode: 0;
  message: 'OK';
  userId: string;
  currency: 'USD';
  balance: string;
  transactionId?: string;
  /** Our ledger id of the call's last movement. */
  refId?: string;
  [key: string]: unknown;
}

export interface ProvxErrorAnswer {
  status: 'ERROR';
  errorCode: number;
  message: string;
}

export function provxError(code: number, message: string): ProvxErrorAnswer {
  return { status: 'ERROR', errorCode: code, message };
}

function ok(player: ProviderPlayer, balance: string, extra: { transactionId?: string; refId?: string } = {}): ProvxOk {
  return { status: 'OK', errorCode: 0, message: 'OK', userId: String(player.id), currency: 'USD', balance: money(balance), ...extra };
}

/** The outcome of a call that moved money on `order`: the balance left and the movement's ledger id. */
function moved(player: ProviderPlayer, wallet: WalletResult, transactionId: string, order: BetOrder, status: ProviderTransactionStatus = 'done'): CallOutcome<ProvxOk> {
  return { response: ok(player, wallet.balanceAfter, { transactionId, refId: wallet.ledgerId }), status, betOrderId: order.id };
}

export async function provxGetBalance(input: { userId: number | null; account: string | null; siteCode: string }): Promise<ProvxOk> {
  const player =
    input.userId !== null ? await findPlayer(input.userId) : input.account !== null ? await findPlayerByAccount(input.siteCode, input.account) : null;
  if (!player) throw new ProviderError('BAD_REQUEST', 'userId or account is required');
  return ok(player, player.balance);
}

/** What every money call names: its transaction, the round and our user. */
export interface ProvxRoundCall {
  transactionId: string;
  roundId: string;
  userId: number;
}

export interface ProvxBetInput extends ProvxRoundCall {
  gameCode: string;
  amount: string;
}

/** A bet on an open round: debited once, added to the round's order. */
export async function provxBet(input: ProvxBetInput): Promise<ProvxOk> {
  const call = { provider: P, kind: 'bet' as const, transactionId: input.transactionId, userId: input.userId, roundId: input.roundId, gameCode: input.gameCode, debitAmount: input.amount };
  return runProviderCall(call, async ({ transaction, player }) => {
    if (await wasCancelled(P, input.transactionId, transaction)) throw new ProviderError('TRANSACTION_CANCELLED');
    const game = await findGame(P, player.siteCode, input.gameCode, transaction);
    const existing = await findRoundOrder(P, player, input.roundId, transaction);
    if (existing?.settled) throw new ProviderError('ROUND_SETTLED');
    const order = existing ?? (await openRoundOrder({ provider: P, player, game, roundId: input.roundId }, transaction));
    const wallet = await debitBet({ order, amount: input.amount, idempotencyKey: `provx:bet:${input.transactionId}`, transactionId: input.transactionId, provider: P }, transaction);
    await addDetail(order, { betAmount: input.amount, winLose: new Decimal(input.amount).neg(), providerTxId: input.transactionId }, transaction);
    return moved(player, wallet, input.transactionId, order, 'open');
  });
}

export interface ProvxBetResultInput extends ProvxRoundCall {
  gameCode: string;
  /** Only used when the round has no bet yet: a bet and its result in one call. */
  betAmount: string | null;
  winAmount: string;
}

/**
 * Settles the round: credits the win (0 for a loss), marks the round's bets settled, settles the order
 * and triggers the post-bet chain. A round without bets needs `betAmount` (debited first); further
 * results of a settled round add their wins.
 */
export async function provxBetResult(input: ProvxBetResultInput): Promise<ProvxOk> {
  const call = {
    provider: P,
    kind: 'result' as const,
    transactionId: input.transactionId,
    userId: input.userId,
    roundId: input.roundId,
    gameCode: input.gameCode,
    debitAmount: input.betAmount,
    creditAmount: input.winAmount,
  };
  return runProviderCall(call, async ({ transaction, player }) => {
    const game = await findGame(P, player.siteCode, input.gameCode, transaction);
    let order = await findRoundOrder(P, player, input.roundId, transaction);
    let debited = new Decimal(0);
    if (!order || order.totalBetCount === 0) {
      if (order?.status === 'cancelled') throw new ProviderError('TRANSACTION_CANCELLED');
      if (input.betAmount === null) throw new ProviderError('BET_NOT_FOUND');
      order ??= await openRoundOrder({ provider: P, player, game, roundId: input.roundId }, transaction);
      await debitBet({ order, amount: input.betAmount, idempotencyKey: `provx:result-bet:${input.transactionId}`, transactionId: input.transactionId, provider: P }, transaction);
      debited = new Decimal(input.betAmount);
    }
    const wallet = await creditWin(
      { order, amount: input.winAmount, idempotencyKey: `provx:result:${input.transactionId}`, transactionId: input.transactionId, provider: P, kind: 'win' },
      transaction,
    );
    await addDetail(order, { betAmount: debited, winLose: new Decimal(input.winAmount).minus(debited), providerTxId: input.transactionId }, transaction);
    await settleRoundBets(P, player.id, input.roundId, transaction);
    await settleOrder(order, transaction);
    return moved(player, wallet, input.transactionId, order);
  });
}

/** A cancel: `transactionId` is the cancelled bet's. */
export type ProvxCancelInput = ProvxRoundCall;

/**
 * Refunds a bet of an unsettled round once. A cancel of an unknown bet succeeds and leaves a tombstone:
 * a later Bet with that id is refused (TRANSACTION_CANCELLED). After BetResult: ROUND_SETTLED.
 */
export async function provxCancelBet(input: ProvxCancelInput): Promise<ProvxOk> {
  const call = { provider: P, kind: 'cancel' as const, transactionId: input.transactionId, betTransactionId: input.transactionId, userId: input.userId, roundId: input.roundId };
  return runProviderCall(call, async ({ transaction, player }) => {
    const bet = await findBetCall(P, input.transactionId, transaction);
    if (!bet) {
      const balance = (await balanceOf(player.id, transaction)) ?? player.balance;
      return { response: ok(player, balance, { transactionId: input.transactionId }), status: 'tombstone' };
    }
    if (bet.userId !== player.id || bet.roundId !== input.roundId) {
      throw new ProviderError('DUPLICATE_TRANSACTION', 'the bet belongs to another player or round');
    }
    if (bet.status === 'settled') throw new ProviderError('ROUND_SETTLED');
    const order = await findOrderById(String(bet.betOrderId), transaction);
    if (order.settled) throw new ProviderError('ROUND_SETTLED');
    const wallet = await refundBet(bet, order, input.transactionId, transaction);
    return moved(player, wallet, input.transactionId, order);
  });
}

export interface ProvxJackpotInput extends ProvxRoundCall {
  amount: string;
  /** Needed only when the round is unknown to us. */
  gameCode: string | null;
}

/** Credits a jackpot to the round's order (created, settled and without bets, when the round is unknown). */
export async function provxJackpotResult(input: ProvxJackpotInput): Promise<ProvxOk> {
  const call = { provider: P, kind: 'jackpot' as const, transactionId: input.transactionId, userId: input.userId, roundId: input.roundId, gameCode: input.gameCode, creditAmount: input.amount };
  return runProviderCall(call, async ({ transaction, player }) => {
    const game = input.gameCode !== null ? await findGame(P, player.siteCode, input.gameCode, transaction) : null;
    let order = await findRoundOrder(P, player, input.roundId, transaction);
    if (order?.status === 'cancelled') throw new ProviderError('TRANSACTION_CANCELLED');
    if (!order) {
      if (!game) throw new ProviderError('BET_NOT_FOUND', 'unknown round: gameCode is required');
      order = await openRoundOrder({ provider: P, player, game, roundId: input.roundId }, transaction);
      await markSettledWithoutChain(order, transaction);
    }
    const wallet = await creditWin(
      { order, amount: input.amount, idempotencyKey: `provx:jackpot:${input.transactionId}`, transactionId: input.transactionId, provider: P, kind: 'jackpot' },
      transaction,
    );
    await addDetail(order, { betAmount: 0, winLose: input.amount, providerTxId: input.transactionId }, transaction);
    return moved(player, wallet, input.transactionId, order);
  });
}
