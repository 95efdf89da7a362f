import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { Signal, SignalKind } from './normalise';

/**
 * The statements over risk_signals and risk_link_decisions (docs/decisions/risk.md). Recording is one
 * INSERT ... ON CONFLICT DO NOTHING per request (no read, no scan): the primary key (kind, value,
 * userId) is the index every link is found by.
 */

export interface Holder {
  id: number;
  siteCode: string;
}

/** Records the account's signals (first sighting kept; a repeat changes nothing). */
export async function insertSignals(transaction: Transaction | undefined, user: Holder, signals: readonly Signal[]): Promise<void> {
  if (!signals.length) return;
  const rows = signals.map((_, i) => `(:kind${i}, :value${i}, :userId, :site)`).join(', ');
  const replacements: Record<string, unknown> = { userId: user.id, site: user.siteCode };
  signals.forEach((s, i) => {
    replacements[`kind${i}`] = s.kind;
    replacements[`value${i}`] = s.value;
  });
  await db().query(`INSERT INTO risk_signals (kind, value, "userId", "siteCode") VALUES ${rows} ON CONFLICT DO NOTHING`, { replacements, transaction });
}

/**
 * Takes the transaction's advisory lock of each signal value, in one order. A new holder of an identity
 * value and an exclusion that reads the holders of the same value take it first, so one waits for the
 * other and neither misses the other's commit.
 */
export async function lockSignalValues(transaction: Transaction, signals: readonly Signal[]): Promise<void> {
  const keys = [...new Set(signals.map((s) => `risk:${s.kind}:${s.value}`))].sort();
  for (const key of keys) {
    await db().query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key }, type: QueryTypes.SELECT, transaction });
  }
}

/** The account's signals of the given kinds. */
export async function signalsOf(transaction: Transaction | undefined, userId: number, kinds: readonly SignalKind[]): Promise<Signal[]> {
  return db().query<Signal>('SELECT kind, value FROM risk_signals WHERE "userId" = :userId AND kind IN (:kinds) ORDER BY kind, value', {
    replacements: { userId, kinds },
    type: QueryTypes.SELECT,
    transaction,
  });
}

/** Whether the two accounts were decided not related by an operator. */
const NOT_DECIDED_UNRELATED = `NOT EXISTS (SELECT 1 FROM risk_link_decisions d
   WHERE d."userId" = LEAST(:userId, o."userId") AND d."otherUserId" = GREATEST(:userId, o."userId") AND d.decision = 'unrelated')`;

/**
 * The other accounts of `site`'s scope holding one of `signals` (one hop), except those an operator
 * decided not related to `userId`, in id order.
 */
export async function holdersInScope(transaction: Transaction, site: string, userId: number, signals: readonly Signal[]): Promise<Holder[]> {
  if (!signals.length) return [];
  const pairs = signals.map((_, i) => `(:kind${i}, :value${i})`).join(', ');
  const replacements: Record<string, unknown> = { userId, site };
  signals.forEach((s, i) => {
    replacements[`kind${i}`] = s.kind;
    replacements[`value${i}`] = s.value;
  });
  return db().query<Holder>(
    `SELECT DISTINCT u.id, u."siteCode" FROM risk_signals o JOIN users u ON u.id = o."userId"
      WHERE (o.kind, o.value) IN (${pairs}) AND o."userId" <> :userId
        AND risk_scope(u."siteCode") = risk_scope(:site) AND ${NOT_DECIDED_UNRELATED}
      ORDER BY u.id`,
    { replacements, type: QueryTypes.SELECT, transaction },
  );
}

/**
 * Whether another account of `site`'s scope holding `signal` is excluded now (rg_exclusion_refusal over
 * rg_accounts, the one read of player protection's table this area makes in its own SQL, as
 * inbox/visibility.ts does: docs/architecture.md, "Areas").
 */
export async function excludedHolderExists(transaction: Transaction, site: string, userId: number, signal: Signal): Promise<boolean> {
  const [row] = await db().query<{ found: number }>(
    `SELECT 1 AS found FROM risk_signals o JOIN users u ON u.id = o."userId" JOIN rg_accounts a ON a."userId" = o."userId"
      WHERE o.kind = :kind AND o.value = :value AND o."userId" <> :userId AND risk_scope(u."siteCode") = risk_scope(:site)
        AND rg_exclusion_refusal(a, now()) IN ('selfExcluded', 'coolingOff') AND ${NOT_DECIDED_UNRELATED}
      LIMIT 1`,
    { replacements: { kind: signal.kind, value: signal.value, userId, site }, type: QueryTypes.SELECT, transaction },
  );
  return Boolean(row);
}
