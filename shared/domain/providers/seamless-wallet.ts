import Decimal from 'decimal.js';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { GameProvider, User } from '../../db/models';
import { ProviderTransaction, type ProviderTransactionKind, type ProviderTransactionStatus } from '../../db/models/provider-transaction';
import { MAX_MONEY, moneyAmountOf, money, WalletError } from '../wallet/wallet';

/**
 * Seamless-wallet rules shared by the provider callbacks (provx, provy; docs/providers.md). The
 * provider-specific modules (provx.ts, provy.ts) parse nothing and shape their own answers; this module
 * and round-orders.ts (orders, details and money steps) hold what both must do the same way:
 *
 * - every money call runs in one transaction, serialized per player (and per referenced bet id) by
 *   advisory locks, and is recorded once in provider_transactions with the answer it got: a replay
 *   (same provider, kind, id and content) gets that stored answer back and moves nothing; the same id
 *   with other content is a duplicate;
 * - balances move only through the wallet, with keys `<provider>:<step>:<transactionId>`;
 * - one bet order per (site, provider, round, player), one bet detail per call;
 * - settlements mark the order settled and enqueue the post-bet chain in the same transaction.
 */
export type ProviderCode = 'provx' | 'provy';

/** Error codes of both providers' answers (provx `errorCode`, provy `code`). */
export const PROVIDER_ERROR = {
  INVALID_SIGNATURE: 1001,
  NOT_CONFIGURED: 1002,
  BAD_REQUEST: 1003,
  USER_NOT_FOUND: 2001,
  GAME_NOT_FOUND: 2002,
  INSUFFICIENT_BALANCE: 3001,
  DUPLICATE_TRANSACTION: 3002,
  BET_NOT_FOUND: 3003,
  TRANSACTION_CANCELLED: 3004,
  ROUND_SETTLED: 3005,
  AMOUNT_OUT_OF_RANGE: 3006,
  INTERNAL_ERROR: 9999,
} as const;
export type ProviderErrorName = keyof typeof PROVIDER_ERROR;

const MESSAGES: Record<ProviderErrorName, string> = {
  INVALID_SIGNATURE: 'Invalid signature or timestamp',
  NOT_CONFIGURED: 'Provider integration not configured',
  BAD_REQUEST: 'Bad request',
  USER_NOT_FOUND: 'Player not found',
  GAME_NOT_FOUND: 'Game not found',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  DUPLICATE_TRANSACTION: 'Duplicate transaction',
  BET_NOT_FOUND: 'Bet not found',
  TRANSACTION_CANCELLED: 'Transaction cancelled',
  ROUND_SETTLED: 'Round already settled',
  AMOUNT_OUT_OF_RANGE: `Amount out of range: a balance or round total would exceed ${MAX_MONEY.toFixed(6)}`,
  INTERNAL_ERROR: 'Internal error',
};

/** HTTP statuses other than 200 (business refusals are HTTP 200 with the code, as providers expect). */
const HTTP_STATUS: Partial<Record<ProviderErrorName, number>> = {
  INVALID_SIGNATURE: 401,
  NOT_CONFIGURED: 503,
  BAD_REQUEST: 400,
  INTERNAL_ERROR: 500,
};

/** A refused provider call; nothing changed. The route answers it in the provider's shape. */
export class ProviderError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  constructor(
    public readonly reason: ProviderErrorName,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[reason]}: ${detail}` : MESSAGES[reason]);
    this.name = 'ProviderError';
    this.code = PROVIDER_ERROR[reason];
    this.httpStatus = HTTP_STATUS[reason] ?? 200;
  }
}

/** Maps wallet and database refusals to provider errors; anything else is returned unchanged. */
export function toProviderError(err: unknown): unknown {
  if (err instanceof ProviderError) return err;
  if (err instanceof WalletError) {
    switch (err.reason) {
      case 'INSUFFICIENT_FUNDS':
        return new ProviderError('INSUFFICIENT_BALANCE');
      case 'IDEMPOTENCY_CONFLICT':
        return new ProviderError('DUPLICATE_TRANSACTION');
      case 'USER_NOT_FOUND':
        return new ProviderError('USER_NOT_FOUND');
      case 'BALANCE_OVERFLOW':
        return new ProviderError('AMOUNT_OUT_OF_RANGE');
      default:
        return new ProviderError('BAD_REQUEST', err.message);
    }
  }
  // Another player's concurrent call with the same transaction id won the unique key.
  if (err instanceof UniqueConstraintError) return new ProviderError('DUPLICATE_TRANSACTION');
  return err;
}

// ---------------------------------------------------------------------------------------------------
// Reading request bodies. Both providers send JSON objects; ids may be strings or integers, amounts
// decimal strings or numbers (USD, at most 6 decimals, never negative).

export type ProviderBody = Record<string, unknown>;

export function asBody(body: unknown): ProviderBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError('BAD_REQUEST', 'the body must be a JSON object');
  }
  return body as ProviderBody;
}

const PRINTABLE = /^[\x21-\x7e]+$/;

/** A transaction, round, game or product id: 1 to `max` printable ASCII characters, or an integer. */
export function readId(body: ProviderBody, field: string, max = 120): string {
  const value = readOptionalId(body, field, max);
  if (value === null) throw new ProviderError('BAD_REQUEST', `${field} is required`);
  return value;
}

export function readOptionalId(body: ProviderBody, field: string, max = 120): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (typeof text !== 'string' || text.length > max || !PRINTABLE.test(text)) {
    throw new ProviderError('BAD_REQUEST', `${field} must be 1 to ${max} printable characters`);
  }
  return text;
}

/** Our user id, as a positive integer or a string of digits. */
export function readPlayerId(body: ProviderBody, field: string): number {
  const value = readOptionalPlayerId(body, field);
  if (value === null) throw new ProviderError('BAD_REQUEST', `${field} is required`);
  return value;
}

export function readOptionalPlayerId(body: ProviderBody, field: string): number | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2147483647) {
    throw new ProviderError('BAD_REQUEST', `${field} must be a player id`);
  }
  return Number(text);
}

/**
 * A USD amount: decimal string or number, not negative, at most 6 decimals and at most what a money
 * column holds (the wallet's moneyAmountOf); as a 6-decimal string.
 */
export function readAmount(body: ProviderBody, field: string): string {
  const value = readOptionalAmount(body, field);
  if (value === null) throw new ProviderError('BAD_REQUEST', `${field} is required`);
  return value;
}

export function readOptionalAmount(body: ProviderBody, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  const amount = typeof value === 'string' && value !== value.trim() ? null : moneyAmountOf(value);
  if (amount === null) {
    throw new ProviderError('BAD_REQUEST', `${field} must be a non-negative amount with at most 6 decimals, at most ${MAX_MONEY.toFixed(6)}`);
  }
  return money(amount);
}

/** The only currency is USD; a call naming another is refused. */
export function checkCurrency(body: ProviderBody, field = 'currency'): void {
  const value = body[field];
  if (value !== undefined && value !== null && value !== 'USD') {
    throw new ProviderError('BAD_REQUEST', `${field} must be USD`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Players and games

export interface ProviderPlayer {
  id: number;
  siteCode: string;
  account: string;
  name: string;
  /** 6-decimal string. */
  balance: string;
}

function toPlayer(user: User): ProviderPlayer {
  return { id: user.id, siteCode: user.siteCode, account: user.account, name: user.name, balance: money(user.balance) };
}

export async function findPlayer(userId: number, transaction?: Transaction): Promise<ProviderPlayer> {
  const user = await User.findByPk(userId, { transaction });
  if (!user) throw new ProviderError('USER_NOT_FOUND');
  return toPlayer(user);
}

export async function findPlayerByAccount(siteCode: string, account: string): Promise<ProviderPlayer> {
  const user = await User.findOne({ where: { siteCode, account } });
  if (!user) throw new ProviderError('USER_NOT_FOUND');
  return toPlayer(user);
}

/**
 * The player's site's game with this code routed to this provider. Disabled or maintained games are
 * still found: a round already running must settle (those flags act on launch).
 */
export async function findGame(provider: ProviderCode, siteCode: string, gameCode: string, transaction: Transaction): Promise<GameProvider> {
  const game = await GameProvider.findOne({ where: { siteCode, gameCode, providerCode: provider }, transaction });
  if (!game) throw new ProviderError('GAME_NOT_FOUND');
  return game;
}

// ---------------------------------------------------------------------------------------------------
// The call engine

/** What identifies a money call: a replay must match every field. */
export interface ProviderCall {
  provider: ProviderCode;
  kind: ProviderTransactionKind;
  transactionId: string;
  userId: number;
  /** The bet a win or cancel refers to (also locked, so a bet and its cancel never interleave). */
  betTransactionId?: string | null;
  roundId?: string | null;
  gameCode?: string | null;
  debitAmount?: string | null;
  creditAmount?: string | null;
}

export interface CallContext {
  transaction: Transaction;
  player: ProviderPlayer;
}

export interface CallOutcome<R> {
  response: R;
  status: ProviderTransactionStatus;
  betOrderId?: string | null;
}

async function advisoryLock(transaction: Transaction, key: string): Promise<void> {
  await db().query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key }, transaction });
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);
const sameAmount = (a: string | null | undefined, b: string | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? (a ?? null) === (b ?? null) : new Decimal(a).eq(b);

function isReplayOf(row: ProviderTransaction, call: ProviderCall): boolean {
  return (
    row.userId === call.userId &&
    sameText(row.betTransactionId, call.betTransactionId) &&
    sameText(row.roundId, call.roundId) &&
    sameText(row.gameCode, call.gameCode) &&
    sameAmount(row.debitAmount, call.debitAmount) &&
    sameAmount(row.creditAmount, call.creditAmount)
  );
}

/**
 * Runs one money call exactly once. Under the locks, a recorded call with the same (provider, kind,
 * transactionId) answers its stored response when the content matches and DUPLICATE_TRANSACTION when
 * it does not; otherwise `handle` runs and its answer is recorded with the call. Any refusal rolls the
 * whole transaction back: no money, no rows.
 */
export async function runProviderCall<R extends object>(call: ProviderCall, handle: (ctx: CallContext) => Promise<CallOutcome<R>>): Promise<R> {
  try {
    return await db().transaction(async (transaction) => {
      const betId = call.betTransactionId ?? (call.kind === 'bet' ? call.transactionId : null);
      // Lock order is always bet id, then player: no two calls wait on each other in a cycle.
      if (betId) await advisoryLock(transaction, `provider-call:${call.provider}:bet:${betId}`);
      await advisoryLock(transaction, `provider-call:${call.provider}:user:${call.userId}`);

      const previous = await ProviderTransaction.findOne({
        where: { provider: call.provider, kind: call.kind, transactionId: call.transactionId },
        transaction,
      });
      if (previous) {
        if (isReplayOf(previous, call)) return previous.response as R;
        throw new ProviderError('DUPLICATE_TRANSACTION');
      }
      const player = await findPlayer(call.userId, transaction);
      const outcome = await handle({ transaction, player });
      await ProviderTransaction.create(
        {
          provider: call.provider,
          kind: call.kind,
          transactionId: call.transactionId,
          betTransactionId: call.betTransactionId ?? null,
          siteCode: player.siteCode,
          userId: call.userId,
          roundId: call.roundId ?? null,
          gameCode: call.gameCode ?? null,
          debitAmount: call.debitAmount ?? null,
          creditAmount: call.creditAmount ?? null,
          status: outcome.status,
          betOrderId: outcome.betOrderId ?? null,
          response: outcome.response,
        },
        { transaction },
      );
      return outcome.response;
    });
  } catch (err) {
    throw toProviderError(err);
  }
}

/** A recorded bet of this provider (any player), or null. */
export async function findBetCall(provider: ProviderCode, betTransactionId: string, transaction: Transaction): Promise<ProviderTransaction | null> {
  return ProviderTransaction.findOne({ where: { provider, kind: 'bet', transactionId: betTransactionId }, transaction });
}

/** True when a cancel for this bet id was recorded (for a known bet or as a tombstone). */
export async function wasCancelled(provider: ProviderCode, betTransactionId: string, transaction: Transaction): Promise<boolean> {
  const row = await ProviderTransaction.findOne({ where: { provider, kind: 'cancel', betTransactionId }, transaction });
  return row !== null;
}
