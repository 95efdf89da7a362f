import { BALANCE_SLOT, findPlayer, findPlayerByAccount, ProviderError, REF_SLOT, runProviderCall } from './seamless-wallet';

/**
 * Provider `provx` seamless-wallet callbacks (docs/providers.md): GetBalance, Bet,
 * BetResult (settles the round: post-bet chain), CancelBet, JackpotResult. Answers use provx's shape
 * `{status, errorCode, message, userId, currency, balance, ...}`.
 */
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

/** provx's success answer; `balance` is a 6-decimal string (or BALANCE_SLOT in a money call's template). */
function ok(userId: number, balance: string, extra: { transactionId?: string; refId?: string } = {}): ProvxOk {
  return { status: 'OK', errorCode: 0, message: 'OK', userId: String(userId), currency: 'USD', balance, ...extra };
}

/** A money call's answer template: the balance after it and the ledger id of its last movement are filled in by its function. */
const moved = (userId: number, transactionId: string) => JSON.stringify(ok(userId, BALANCE_SLOT, { transactionId, refId: REF_SLOT }));
/** The answer of a call that moved nothing (a cancel's tombstone): the current balance. */
const unmoved = (userId: number, transactionId: string) => JSON.stringify(ok(userId, BALANCE_SLOT, { transactionId }));

export async function provxGetBalance(input: { userId: number | null; account: string | null; siteCode: string }): Promise<ProvxOk> {
  const player =
    input.userId !== null ? await findPlayer(input.userId) : input.account !== null ? await findPlayerByAccount(input.siteCode, input.account) : null;
  if (!player) throw new ProviderError('BAD_REQUEST', 'userId or account is required');
  return ok(player.id, player.balance);
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

/** A bet on an open round: debited once, added to the round's order (provx_bet). */
export async function provxBet(input: ProvxBetInput): Promise<ProvxOk> {
  return runProviderCall('provx_bet', [
    input.transactionId,
    input.roundId,
    input.userId,
    input.gameCode,
    input.amount,
    moved(input.userId, input.transactionId),
  ]);
}

export interface ProvxBetResultInput extends ProvxRoundCall {
  gameCode: string;
  /** Only used when the round has no bet yet: a bet and its result in one call. */
  betAmount: string | null;
  winAmount: string;
}

/**
 * Settles the round (provx_bet_result): credits the win (0 for a loss), marks the round's bets
 * settled, settles the order and triggers the post-bet chain. A round without bets needs `betAmount`
 * (debited first); further results of a settled round add their wins.
 */
export async function provxBetResult(input: ProvxBetResultInput): Promise<ProvxOk> {
  return runProviderCall('provx_bet_result', [
    input.transactionId,
    input.roundId,
    input.userId,
    input.gameCode,
    input.betAmount,
    input.winAmount,
    moved(input.userId, input.transactionId),
  ]);
}

/** A cancel: `transactionId` is the cancelled bet's. */
export type ProvxCancelInput = ProvxRoundCall;

/**
 * Refunds a bet of an unsettled round once (provx_cancel). A cancel of an unknown bet succeeds and
 * leaves a tombstone: a later Bet with that id is refused (TRANSACTION_CANCELLED). After BetResult:
 * ROUND_SETTLED.
 */
export async function provxCancelBet(input: ProvxCancelInput): Promise<ProvxOk> {
  return runProviderCall('provx_cancel', [
    input.transactionId,
    input.roundId,
    input.userId,
    moved(input.userId, input.transactionId),
    unmoved(input.userId, input.transactionId),
  ]);
}

export interface ProvxJackpotInput extends ProvxRoundCall {
  amount: string;
  /** Needed only when the round is unknown to us. */
  gameCode: string | null;
}

/** Credits a jackpot to the round's order (created, settled and without bets, when the round is unknown): provx_jackpot. */
export async function provxJackpotResult(input: ProvxJackpotInput): Promise<ProvxOk> {
  return runProviderCall('provx_jackpot', [
    input.transactionId,
    input.roundId,
    input.userId,
    input.gameCode,
    input.amount,
    moved(input.userId, input.transactionId),
  ]);
}
