import { createHmac, randomBytes } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startTestStack, type ApiResponse, type TestStack } from './stack';

/** Signed provider callbacks (docs/providers.md) and the wallet/ledger snapshots their tests compare. */

export type Provider = 'provx' | 'provy';

/** The callback secret of each provider in the tests; pass `providerEnv()` to `startTestStack`. */
export const PROVIDER_SECRETS: Record<Provider, string> = { provx: 'x'.repeat(32), provy: 'y'.repeat(32) };

export const providerEnv = (): Record<string, string> => ({ PROVX_SECRET: PROVIDER_SECRETS.provx, PROVY_SECRET: PROVIDER_SECRETS.provy });

/** A unique transaction or round id: `${prefix}-<12 hex>`. */
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/** POST /api/game/<provider>/<method> with the timestamp and HMAC-SHA256 signature headers. */
export function providerCall(stack: TestStack, provider: Provider, method: string, body: unknown): Promise<ApiResponse> {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', PROVIDER_SECRETS[provider]).update(`${ts}.${raw}`).digest('hex');
  return stack.request('POST', `/api/game/${provider}/${method}`, {
    rawBody: raw,
    headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': sig },
  });
}

// The database module is loaded on first use, after startTestStack has set the environment.
const database = async () => (await import('../../shared/db/sequelize')).db();

export interface Snapshot {
  balance: string;
  ledger: string;
  ledgerRows: number;
  calls: number;
  orders: number;
  details: number;
  postBet: number;
}

/** A player's balance, ledger sum and row counts of every table a provider callback writes. */
export async function snapshot(userId: number): Promise<Snapshot> {
  const [row] = await (
    await database()
  ).query<Record<string, string>>(
    `SELECT u.balance,
            (SELECT COALESCE(SUM(amount), 0) FROM game_transactions WHERE "userId" = u.id) AS ledger,
            (SELECT COUNT(*) FROM game_transactions WHERE "userId" = u.id) AS "ledgerRows",
            (SELECT COUNT(*) FROM provider_transactions WHERE "userId" = u.id) AS calls,
            (SELECT COUNT(*) FROM bet_orders WHERE "userId" = u.id) AS orders,
            (SELECT COUNT(*) FROM bet_details d JOIN bet_orders o ON o.id = d."betOrderId" WHERE o."userId" = u.id) AS details,
            (SELECT COUNT(*) FROM outbox WHERE queue = 'post-bet'
               AND (payload->>'betOrderId')::bigint IN (SELECT id FROM bet_orders WHERE "userId" = u.id)) AS "postBet"
       FROM users u WHERE u.id = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return {
    balance: new Decimal(row.balance).toFixed(6),
    ledger: new Decimal(row.ledger).toFixed(6),
    ledgerRows: Number(row.ledgerRows),
    calls: Number(row.calls),
    orders: Number(row.orders),
    details: Number(row.details),
    postBet: Number(row.postBet),
  };
}

/** balance = sum of the ledger, and returns the snapshot. */
export async function ledgerHolds(t: ExecutionContext, userId: number): Promise<Snapshot> {
  const s = await snapshot(userId);
  t.is(s.balance, s.ledger, 'balance equals the sum of the ledger');
  return s;
}

/** The bet order of a player's round (gameNumber = the provider's round id). */
export async function roundOrder(userId: number, roundId: string) {
  const [row] = await (
    await database()
  ).query<Record<string, unknown>>(`SELECT * FROM bet_orders WHERE "userId" = :userId AND "gameNumber" = :roundId`, {
    replacements: { userId, roundId },
    type: QueryTypes.SELECT,
  });
  return row;
}

export interface ProviderStack {
  stack: TestStack;
  db: typeof import('../../shared/db/sequelize').db;
  factories: typeof import('./factories');
}

/** The stack with both providers' secrets, then the modules the provider tests use. Call in `test.before`. */
export async function startProviderStack(): Promise<ProviderStack> {
  const stack = await startTestStack(providerEnv());
  return { stack, db: (await import('../../shared/db/sequelize')).db, factories: await import('./factories') };
}
