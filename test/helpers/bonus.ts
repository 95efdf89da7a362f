import type { ExecutionContext } from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { db } from '../../shared/db/sequelize';
import type { TestStack } from './stack';

/** Bonus test setup: a grant body, the money of a player across cash, bonus and both ledgers, and its conservation. */

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function grantBody(userId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { userId, amount: '100', wageringMultiplier: '10', maxBet: null, maxConversion: null, expiresAt: inDays(7), reason: 'welcome back', ...overrides };
}

/** A grant made through POST /bonus/admin/grants by the administrator of `adminToken`; answers its id (another answer throws). */
export async function grantThroughAdmin(stack: TestStack, adminToken: string, userId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await stack.request('POST', '/api/bonus/admin/grants', { token: adminToken, body: grantBody(userId, overrides), headers: { locales: 'en-US' } });
  if (res.body.code !== 200) throw new Error(res.text);
  return res.body.result.id;
}

export interface Money {
  balance: string;
  bonusBalance: string;
  cashLedger: string;
  bonusLedger: string;
  cashRows: Array<{ kind: string; amount: string }>;
  bonusRows: Array<{ kind: string; amount: string; grantId: string }>;
}

/** The player's balances and the sums of both ledgers, to the micro-unit. */
export async function moneyOf(userId: number): Promise<Money> {
  const [user] = await db().query<{ balance: string; bonusBalance: string }>('SELECT balance, "bonusBalance" FROM users WHERE id = $1', {
    bind: [userId],
    type: QueryTypes.SELECT,
  });
  const cashRows = await db().query<{ kind: string; amount: string }>('SELECT kind, amount FROM game_transactions WHERE "userId" = $1 ORDER BY id', {
    bind: [userId],
    type: QueryTypes.SELECT,
  });
  const bonusRows = await db().query<{ kind: string; amount: string; grantId: string }>(
    'SELECT kind, amount, "grantId" FROM bonus_ledger WHERE "userId" = $1 ORDER BY id',
    { bind: [userId], type: QueryTypes.SELECT },
  );
  const sum = (rows: Array<{ amount: string }>) => rows.reduce((s, r) => s.plus(r.amount), new Decimal(0)).toFixed(6);
  return {
    balance: new Decimal(user.balance).toFixed(6),
    bonusBalance: new Decimal(user.bonusBalance).toFixed(6),
    cashLedger: sum(cashRows),
    bonusLedger: sum(bonusRows),
    cashRows,
    bonusRows,
  };
}

/** The player's bets and wins (bet orders: simulate and provider rounds), summed. */
export async function playedOf(userId: number): Promise<{ bets: string; wins: string; rounds: number }> {
  const [row] = await db().query<{ bets: string | null; wins: string | null; rounds: string }>(
    `SELECT sum("betAmount") AS bets, sum("winAmount") AS wins, count(*) AS rounds FROM bet_orders WHERE "userId" = $1`,
    { bind: [userId], type: QueryTypes.SELECT },
  );
  return { bets: new Decimal(row.bets ?? 0).toFixed(6), wins: new Decimal(row.wins ?? 0).toFixed(6), rounds: Number(row.rounds) };
}

export async function grantRow(id: number) {
  const [row] = await db().query<Record<string, string>>('SELECT * FROM bonus_grants WHERE id = $1', { bind: [id], type: QueryTypes.SELECT });
  return row;
}

/** Sets the site's bonus settings directly (the PATCH is tested on its own). */
export async function setBonusSettings(site: string, bonus: Record<string, unknown>): Promise<void> {
  await db().query(`UPDATE site_configs SET settings = jsonb_set(coalesce(settings, '{}'), '{bonus}', $2::JSONB) WHERE "siteCode" = $1`, {
    bind: [site, JSON.stringify(bonus)],
  });
}

/**
 * Conservation: each balance is the sum of its ledger, neither negative, and cash + bonus is what came in
 * (opening cash and the grants) minus the stakes plus the wins (the bet orders: simulate rounds and provider
 * rounds, cancels taken off), minus what was forfeited or expired, minus what a withdrawal froze; both
 * ledgers' chains and the player's state check are clean.
 */
export async function moneyConserved(t: ExecutionContext, userId: number, opening: string): Promise<Money> {
  const money = await moneyOf(userId);
  t.is(money.balance, money.cashLedger, 'cash = cash ledger');
  t.is(money.bonusBalance, money.bonusLedger, 'bonus = bonus ledger');
  t.true(new Decimal(money.balance).gte(0) && new Decimal(money.bonusBalance).gte(0));
  const [g] = await db().query<{ granted: string | null; lost: string | null }>(
    `SELECT sum(amount) AS granted, sum(coalesce("forfeitedAmount", 0)) AS lost FROM bonus_grants WHERE "userId" = $1`,
    { bind: [userId], type: QueryTypes.SELECT },
  );
  const played = await playedOf(userId);
  const frozen = await db().query<{ frozen: string }>('SELECT "frozenBalance" AS frozen FROM users WHERE id = $1', { bind: [userId], type: QueryTypes.SELECT });
  const expected = new Decimal(opening)
    .plus(g.granted ?? 0)
    .minus(g.lost ?? 0)
    .minus(played.bets)
    .plus(played.wins)
    .minus(frozen[0].frozen);
  t.is(new Decimal(money.balance).plus(money.bonusBalance).toFixed(6), expected.toFixed(6), 'cash + bonus = in - stakes + wins - lost');
  const { verifyChains } = await import('../../shared/domain/audit');
  const report = await verifyChains();
  t.deepEqual(
    report.problems.filter((p) => p.chain === 'bonus_ledger' || p.chain === 'game_transactions' || (p.chain === 'users' && p.rowId === String(userId))),
    [],
  );
  return money;
}
