import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { db } from '../../db/sequelize';
import { preparedRows } from '../../db/prepared';
import { countWalletMovement } from '../../metrics';
import { EFFECTIVE_BET_WEIGHTS } from '../game';
import { MAX_MONEY, moneyAmountOf, money, WalletError, type LedgerKind, type WalletErrorReason } from '../wallet';

/**
 * Seamless-wallet rules shared by the provider callbacks (provx, provy; docs/providers.md). The
 * provider-specific modules (provx.ts, provy.ts) parse nothing and shape their own answers; this module
 * reads request bodies, maps refusals and runs the money calls, each one statement: its database
 * function (shared/db/functions/providers/), which holds what both providers must do the same way:
 *
 * - every money call is one transaction, serialized per player (and per referenced bet id) by
 *   advisory locks, and is recorded once in provider_transactions with the answer it got: a replay
 *   (same provider, kind, id and content) gets that stored answer back and moves nothing; the same id
 *   with other content is a duplicate;
 * - balances move only through the wallet (wallet_move, the function moveBalance runs too), with keys
 *   `<provider>:<step>:<transactionId>`;
 * - one bet order per (site, provider, round, player), written by bet_order_write (simulate's writer
 *   too), one bet detail per call;
 * - settlements mark the order settled and write the post-bet outbox row in the same transaction.
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
  PLAYER_PROTECTION: 3007,
  BONUS_MAX_BET: 3008,
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
  PLAYER_PROTECTION: 'Refused by player protection',
  BONUS_MAX_BET: "Stake above the active bonus's max bet",
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
// Players

export interface ProviderPlayer {
  id: number;
  siteCode: string;
  account: string;
  name: string;
  /** The playable balance, cash plus bonus (docs/providers.md, "Bonus money"); 6-decimal string. */
  balance: string;
}

/** One read of the player (balance reads and sessions): the columns an answer names. */
async function selectPlayer(where: string, replacements: Record<string, unknown>): Promise<ProviderPlayer> {
  const [user] = await db().query<ProviderPlayer>(`SELECT id, "siteCode", account, name, balance + "bonusBalance" AS balance FROM users WHERE ${where}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  if (!user) throw new ProviderError('USER_NOT_FOUND');
  return { ...user, balance: money(user.balance) };
}

export function findPlayer(userId: number): Promise<ProviderPlayer> {
  return selectPlayer('id = :userId', { userId });
}

export function findPlayerByAccount(siteCode: string, account: string): Promise<ProviderPlayer> {
  return selectPlayer('"siteCode" = :siteCode AND account = :account', { siteCode, account });
}

// ---------------------------------------------------------------------------------------------------
// The call engine

/**
 * Where an answer template carries the balance and the ledger id of the call's last movement: the
 * provider's answer function is given these strings, and the database function puts the values in
 * their place (provider_record, shared/db/functions/providers/record-call.sql). Ids and codes never contain a space.
 */
export const BALANCE_SLOT = ' balance ';
export const REF_SLOT = ' refId ';

/** The database function of each money call (shared/db/functions/providers/). */
export type ProviderCallFunction = 'provx_bet' | 'provx_bet_result' | 'provx_cancel' | 'provx_jackpot' | 'provy_bet' | 'provy_win' | 'provy_cancel';

/** A refusal raised by the call's function: PV000 a provider refusal, WL000 a wallet refusal. */
function refusalOf(err: unknown): ProviderError | WalletError | null {
  const original = (err as { original?: { code?: string; message?: string; detail?: string } } | null)?.original;
  if (original?.code === 'PV000') return new ProviderError(original.message as ProviderErrorName, original.detail || undefined);
  if (original?.code === 'WL000') return new WalletError(original.message as WalletErrorReason);
  return null;
}

/**
 * Runs one money call: ONE statement, the call's database function, which is its own transaction.
 * Under the advisory locks (the referenced bet id, then the player), a recorded call with the same
 * (provider, kind, transactionId) answers its stored response when the content matches and
 * DUPLICATE_TRANSACTION when it does not; otherwise the call runs and its answer is recorded with it.
 * Any refusal rolls the whole call back: no money, no rows. `args` are the function's parameters
 * before the weights.
 */
export async function runProviderCall<R extends object>(fn: ProviderCallFunction, args: ReadonlyArray<string | number | null>): Promise<R> {
  const bind = [...args, EFFECTIVE_BET_WEIGHTS];
  try {
    const text = `SELECT response, moved FROM ${fn}(${bind.map((_, i) => `$${i + 1}`).join(', ')})`;
    const [row] = await preparedRows<{ response: R; moved: LedgerKind[] }>(fn, text, bind);
    for (const kind of row.moved) countWalletMovement(kind);
    return row.response;
  } catch (err) {
    throw toProviderError(refusalOf(err) ?? err);
  }
}
