import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { riskSettings } from '../site-config';
import type { SignalKind } from './normalise';

/**
 * GET /risk/admin/players/:id/links (docs/decisions/risk.md, "Links: read from the signals, within the
 * scope, only of the sites an operator holds"): the accounts sharing a signal with the player, within the
 * player's scope (risk_scope), each with the signal and when the second account got it. A value held by
 * more accounts than the site's sharedSignalCap links nobody and is listed apart.
 */
export interface Link {
  userId: number;
  account: string;
  siteCode: string;
  signal: SignalKind;
  at: string;
}

export interface IgnoredSignal {
  signal: SignalKind;
  /** How many accounts hold the value (counted up to the cap and one). */
  accounts: number;
}

/** The sites an administrator holds: null for every site. */
export type HeldSites = readonly string[] | null;

/** `held` as SQL: every site, or the list (an empty list holds nothing). */
export function heldFilter(column: string, held: HeldSites): string {
  if (held === null) return 'TRUE';
  return held.length ? `${column} IN (:held)` : 'FALSE';
}

/** Refuses (`risk.playerNotFound`) an id that is not a player of the site. */
export async function requirePlayer(site: string, userId: number, transaction?: Transaction): Promise<void> {
  const [row] = await db().query('SELECT id FROM users WHERE id = :userId AND "siteCode" = :site', {
    replacements: { userId, site },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row) throw new Refusal('risk.playerNotFound');
}

/** The player's values with how many accounts hold each (up to cap + 1). */
const HOLDERS = `SELECT s.kind, s.value, s."firstAt",
        (SELECT count(*) FROM (SELECT 1 FROM risk_signals c WHERE c.kind = s.kind AND c.value = s.value LIMIT :cap + 1) x)::int AS holders
   FROM risk_signals s WHERE s."userId" = :userId`;

export async function playerLinks(site: string, userId: number, held: HeldSites): Promise<{ userId: number; links: Link[]; ignoredSignals: IgnoredSignal[] }> {
  await requirePlayer(site, userId);
  const { sharedSignalCap: cap } = await riskSettings(site);
  const replacements = { userId, site, cap, held };
  const links = await db().query<Link>(
    `WITH mine AS (${HOLDERS})
     SELECT u.id AS "userId", u.account, u."siteCode", m.kind AS signal, greatest(m."firstAt", o."firstAt") AS at
       FROM mine m JOIN risk_signals o ON o.kind = m.kind AND o.value = m.value AND o."userId" <> :userId
       JOIN users u ON u.id = o."userId"
      WHERE m.holders <= :cap AND risk_scope(u."siteCode") = risk_scope(:site) AND ${heldFilter('u."siteCode"', held)}
      ORDER BY at DESC, u.id, m.kind`,
    { replacements, type: QueryTypes.SELECT },
  );
  const ignoredSignals = await db().query<IgnoredSignal>(
    `WITH mine AS (${HOLDERS}) SELECT kind AS signal, holders AS accounts FROM mine WHERE holders > :cap ORDER BY kind`,
    { replacements, type: QueryTypes.SELECT },
  );
  return { userId, links: links.map((l) => ({ ...l, at: new Date(l.at).toISOString() })), ignoredSignals };
}
