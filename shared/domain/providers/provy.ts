import Decimal from 'decimal.js';
import type { BetOrder } from '../../db/models';
import type { ProviderTransactionStatus } from '../../db/models/provider-transaction';
import { balanceOf, money, type WalletResult } from '../wallet/wallet';
import { addDetail, creditWin, debitBet, findOrderById, openRoundOrder, refundBet, settleOrder } from './round-orders';
import { findBetCall, findGame, findPlayer, ProviderError, runProviderCall, wasCancelled, type CallOutcome, type ProviderPlayer } from './seamless-wallet';

/**
 * Provider `provy` seamless-wallet callbacks (Part A 4.3, docs/providers.md): auth, getBalance, bet
 * (settles: post-bet chain; may carry its win), win (post-bet chain), cancelBet, getPlayerInfo.
 * Answers use provy's shape `{code, message, data}`.
 */
const P = 'provy' as const;

export interface ProvyAnswer<D> {
  code: 0;
  message: 'Success';
  data: D;
}

export interface ProvyErrorAnswer {
  code: number;
  message: string;
  data: null;
}

export interface ProvyBalance {
  playerId: string;
  currency: 'USD';
  balance: string;
  transactionId?: string;
  /** Our ledger id of the call's last movement. */
  refId?: string;
  [key: string]: unknown;
}

export interface ProvyPlayerInfo {
  playerId: string;
  account: string;
  name: string;
  currency: 'USD';
  balance: string;
}

export function provyError(code: number, message: string): ProvyErrorAnswer {
  return { code, message, data: null };
}

const success = <D>(data: D): ProvyAnswer<D> => ({ code: 0, message: 'Success', data });

function balanceAnswer(player: ProviderPlayer, balance: string, extra: { transactionId?: string; refId?: string } = {}): ProvyAnswer<ProvyBalance> {
  return success({ playerId: String(player.id), currency: 'USD', balance: money(balance), ...extra });
}

/** The outcome of a call that moved money on `order`: the balance left and the movement's ledger id. */
function moved(player: ProviderPlayer, wallet: WalletResult, transactionId: string, order: BetOrder, status: ProviderTransactionStatus = 'done'): CallOutcome<ProvyAnswer<ProvyBalance>> {
  return { response: balanceAnswer(player, wallet.balanceAfter, { transactionId, refId: wallet.ledgerId }), status, betOrderId: order.id };
}

function playerInfo(player: ProviderPlayer): ProvyAnswer<ProvyPlayerInfo> {
  return success({ playerId: String(player.id), account: player.account, name: player.name, currency: 'USD', balance: player.balance });
}

/** Session start: the player named by the launch (our user id); the request signature authenticates it. */
export async function provyAuth(playerId: number): Promise<ProvyAnswer<ProvyPlayerInfo>> {
  return playerInfo(await findPlayer(playerId));
}

export async function provyGetPlayerInfo(playerId: number): Promise<ProvyAnswer<ProvyPlayerInfo>> {
  return playerInfo(await findPlayer(playerId));
}

export async function provyGetBalance(playerId: number): Promise<ProvyAnswer<ProvyBalance>> {
  const player = await findPlayer(playerId);
  return balanceAnswer(player, player.balance);
}

export interface ProvyBetInput {
  transactionId: string;
  roundId: string;
  playerId: number;
  gameCode: string;
  productId: string | null;
  betAmount: string;
  /** The bet's win when the game resolves in the same call (0 = lost); null = a later /win may follow. */
  winAmount: string | null;
}

/**
 * Debits the bet (and credits its win when given), settles the round's order and triggers the post-bet
 * chain. A bet whose id was cancelled before it arrived is refused (TRANSACTION_CANCELLED).
 */
export async function provyBet(input: ProvyBetInput): Promise<ProvyAnswer<ProvyBalance>> {
  const call = {
    provider: P,
    kind: 'bet' as const,
    transactionId: input.transactionId,
    userId: input.playerId,
    roundId: input.roundId,
    gameCode: input.gameCode,
    debitAmount: input.betAmount,
    creditAmount: input.winAmount,
  };
  return runProviderCall(call, async ({ transaction, player }) => {
    if (await wasCancelled(P, input.transactionId, transaction)) throw new ProviderError('TRANSACTION_CANCELLED');
    const game = await findGame(P, player.siteCode, input.gameCode, transaction);
    const order = await openRoundOrder({ provider: P, player, game, roundId: input.roundId, productId: input.productId }, transaction);
    let wallet = await debitBet({ order, amount: input.betAmount, idempotencyKey: `provy:bet:${input.transactionId}`, transactionId: input.transactionId, provider: P }, transaction);
    if (input.winAmount !== null) {
      wallet = await creditWin(
        { order, amount: input.winAmount, idempotencyKey: `provy:bet-win:${input.transactionId}`, transactionId: input.transactionId, provider: P, kind: 'win' },
        transaction,
      );
    }
    const win = new Decimal(input.winAmount ?? 0);
    await addDetail(order, { betAmount: input.betAmount, winLose: win.minus(input.betAmount), providerTxId: input.transactionId }, transaction);
    await settleOrder(order, transaction);
    return moved(player, wallet, input.transactionId, order, input.winAmount !== null ? 'settled' : 'open');
  });
}

/** A call on a recorded bet: its own transaction, the bet's, and our user. */
export interface ProvyBetCall {
  transactionId: string;
  betTransactionId: string;
  playerId: number;
}

export interface ProvyWinInput extends ProvyBetCall {
  roundId: string;
  amount: string;
}

/** Credits a win for a recorded bet of the player; the bet can no longer be cancelled. Post-bet chain. */
export async function provyWin(input: ProvyWinInput): Promise<ProvyAnswer<ProvyBalance>> {
  const call = {
    provider: P,
    kind: 'win' as const,
    transactionId: input.transactionId,
    betTransactionId: input.betTransactionId,
    userId: input.playerId,
    roundId: input.roundId,
    creditAmount: input.amount,
  };
  return runProviderCall(call, async ({ transaction, player }) => {
    const bet = await findBetCall(P, input.betTransactionId, transaction);
    if (!bet || bet.userId !== player.id || bet.roundId !== input.roundId) {
      if (!bet && (await wasCancelled(P, input.betTransactionId, transaction))) throw new ProviderError('TRANSACTION_CANCELLED');
      throw new ProviderError('BET_NOT_FOUND');
    }
    if (bet.status === 'cancelled') throw new ProviderError('TRANSACTION_CANCELLED');
    const order = await findOrderById(String(bet.betOrderId), transaction);
    const wallet = await creditWin(
      { order, amount: input.amount, idempotencyKey: `provy:win:${input.transactionId}`, transactionId: input.transactionId, provider: P, kind: 'win' },
      transaction,
    );
    await addDetail(order, { betAmount: 0, winLose: input.amount, providerTxId: input.transactionId }, transaction);
    if (bet.status === 'open') await bet.update({ status: 'settled' }, { transaction });
    await settleOrder(order, transaction);
    return moved(player, wallet, input.transactionId, order);
  });
}

export type ProvyCancelInput = ProvyBetCall;

/**
 * Refunds a bet once while it has no win (neither in the bet call nor by /win); with a win:
 * ROUND_SETTLED. A cancel of an unknown bet succeeds and leaves a tombstone, so the late bet is refused.
 * A second cancel (another id) of a cancelled bet succeeds without moving money.
 */
export async function provyCancelBet(input: ProvyCancelInput): Promise<ProvyAnswer<ProvyBalance>> {
  const call = { provider: P, kind: 'cancel' as const, transactionId: input.transactionId, betTransactionId: input.betTransactionId, userId: input.playerId };
  return runProviderCall(call, async ({ transaction, player }) => {
    const bet = await findBetCall(P, input.betTransactionId, transaction);
    const current = async () => (await balanceOf(player.id, transaction)) ?? player.balance;
    if (!bet) return { response: balanceAnswer(player, await current(), { transactionId: input.transactionId }), status: 'tombstone' };
    if (bet.userId !== player.id) throw new ProviderError('DUPLICATE_TRANSACTION', 'the bet belongs to another player');
    if (bet.status === 'settled') throw new ProviderError('ROUND_SETTLED');
    if (bet.status === 'cancelled') {
      return { response: balanceAnswer(player, await current(), { transactionId: input.transactionId }), status: 'done', betOrderId: bet.betOrderId };
    }
    const order = await findOrderById(String(bet.betOrderId), transaction);
    const wallet = await refundBet(bet, order, input.transactionId, transaction);
    return moved(player, wallet, input.transactionId, order);
  });
}
