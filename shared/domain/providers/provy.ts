import { BALANCE_SLOT, findPlayer, REF_SLOT, runProviderCall, type ProviderPlayer } from './seamless-wallet';

/**
 * Provider `provy` seamless-wallet callbacks (docs/providers.md): auth, getBalance, bet
 * (settles: post-bet chain; may carry its win), win (post-bet chain), cancelBet, getPlayerInfo.
 * Answers use provy's shape `{code, message, data}`.
 */
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

/** provy's balance answer; `balance` is a 6-decimal string (or BALANCE_SLOT in a money call's template). */
function balanceAnswer(playerId: number, balance: string, extra: { transactionId?: string; refId?: string } = {}): ProvyAnswer<ProvyBalance> {
  return success({ playerId: String(playerId), currency: 'USD', balance, ...extra });
}

/** A money call's answer template: the balance after it and the ledger id of its last movement are filled in by its function. */
const moved = (playerId: number, transactionId: string) => JSON.stringify(balanceAnswer(playerId, BALANCE_SLOT, { transactionId, refId: REF_SLOT }));
/** The answer of a call that moved nothing (a cancel's tombstone, a cancelled bet's further cancel): the current balance. */
const unmoved = (playerId: number, transactionId: string) => JSON.stringify(balanceAnswer(playerId, BALANCE_SLOT, { transactionId }));

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
  return balanceAnswer(player.id, player.balance);
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
 * chain (provy_bet). A bet whose id was cancelled before it arrived is refused (TRANSACTION_CANCELLED).
 */
export async function provyBet(input: ProvyBetInput): Promise<ProvyAnswer<ProvyBalance>> {
  return runProviderCall('provy_bet', [
    input.transactionId,
    input.roundId,
    input.playerId,
    input.gameCode,
    input.productId,
    input.betAmount,
    input.winAmount,
    moved(input.playerId, input.transactionId),
  ]);
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

/** Credits a win for a recorded bet of the player; the bet can no longer be cancelled. Post-bet chain (provy_win). */
export async function provyWin(input: ProvyWinInput): Promise<ProvyAnswer<ProvyBalance>> {
  return runProviderCall('provy_win', [
    input.transactionId,
    input.betTransactionId,
    input.roundId,
    input.playerId,
    input.amount,
    moved(input.playerId, input.transactionId),
  ]);
}

export type ProvyCancelInput = ProvyBetCall;

/**
 * Refunds a bet once while it has no win (neither in the bet call nor by /win); with a win:
 * ROUND_SETTLED. A cancel of an unknown bet succeeds and leaves a tombstone, so the late bet is refused.
 * A second cancel (another id) of a cancelled bet succeeds without moving money (provy_cancel).
 */
export async function provyCancelBet(input: ProvyCancelInput): Promise<ProvyAnswer<ProvyBalance>> {
  return runProviderCall('provy_cancel', [
    input.transactionId,
    input.betTransactionId,
    input.playerId,
    moved(input.playerId, input.transactionId),
    unmoved(input.playerId, input.transactionId),
  ]);
}
