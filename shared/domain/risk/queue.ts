import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { riskSettings } from '../site-config';
import { heldFilter, type HeldSites, type IgnoredSignal } from './links';
import type { SignalKind } from './normalise';

/**
 * GET /risk/admin/queue (docs/decisions/risk.md, "The review queue"): the pairs of accounts, one of the
 * site, the other of a site of its scope the operator holds, that share at least the site's
 * queueThreshold kinds of signal and that no operator decided yet, newest link first. The values held
 * by more accounts than the site's sharedSignalCap link nobody: they are listed apart (with the IP or
 * device id itself; a personal value is only a hash and is not shown).
 */
export interface QueueEntry {
  userId: number;
  account: string;
  siteCode: string;
  otherUserId: number;
  otherAccount: string;
  otherSiteCode: string;
  signals: SignalKind[];
  at: string;
}

export interface LinkQueue {
  items: QueueEntry[];
  threshold: number;
  ignoredSignals: Array<IgnoredSignal & { value: string | null }>;
}

export async function linkQueue(site: string, held: HeldSites, page: { page: number; pageSize: number }): Promise<LinkQueue> {
  const { sharedSignalCap: cap, queueThreshold: threshold } = await riskSettings(site);
  const replacements = { site, cap, threshold, held, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const items = await db().query<QueueEntry>(
    `WITH usable AS (
       SELECT s.kind, s.value FROM risk_signals s WHERE s."siteCode" = :site
        GROUP BY s.kind, s.value
       HAVING (SELECT count(*) FROM (SELECT 1 FROM risk_signals c WHERE c.kind = s.kind AND c.value = s.value LIMIT :cap + 1) x) BETWEEN 2 AND :cap
     ), pairs AS (
       SELECT a."userId" AS mine, b."userId" AS other, array_agg(DISTINCT a.kind ORDER BY a.kind) AS signals,
              max(greatest(a."firstAt", b."firstAt")) AS at
         FROM usable v
         JOIN risk_signals a ON a.kind = v.kind AND a.value = v.value AND a."siteCode" = :site
         JOIN risk_signals b ON b.kind = v.kind AND b.value = v.value AND b."userId" <> a."userId"
        GROUP BY a."userId", b."userId"
     )
     SELECT p.mine AS "userId", ua.account, ua."siteCode", p.other AS "otherUserId", ub.account AS "otherAccount", ub."siteCode" AS "otherSiteCode",
            p.signals, p.at
       FROM pairs p JOIN users ua ON ua.id = p.mine JOIN users ub ON ub.id = p.other
      WHERE cardinality(p.signals) >= :threshold
        AND (ub."siteCode" <> :site OR p.mine < p.other)
        AND risk_scope(ub."siteCode") = risk_scope(:site) AND ${heldFilter('ub."siteCode"', held)}
        AND NOT EXISTS (SELECT 1 FROM risk_link_decisions d WHERE d."userId" = LEAST(p.mine, p.other) AND d."otherUserId" = GREATEST(p.mine, p.other))
      ORDER BY p.at DESC, p.mine, p.other
      LIMIT :limit OFFSET :offset`,
    { replacements, type: QueryTypes.SELECT },
  );
  const ignoredSignals = await db().query<IgnoredSignal & { value: string | null }>(
    `SELECT s.kind AS signal, CASE WHEN s.kind IN ('ip', 'device') THEN s.value END AS value,
            (SELECT count(*) FROM (SELECT 1 FROM risk_signals c WHERE c.kind = s.kind AND c.value = s.value LIMIT :cap + 1) x)::int AS accounts
       FROM risk_signals s WHERE s."siteCode" = :site
      GROUP BY s.kind, s.value
     HAVING (SELECT count(*) FROM (SELECT 1 FROM risk_signals c WHERE c.kind = s.kind AND c.value = s.value LIMIT :cap + 1) x) > :cap
      ORDER BY s.kind, s.value LIMIT 100`,
    { replacements, type: QueryTypes.SELECT },
  );
  return { items: items.map((i) => ({ ...i, at: new Date(i.at).toISOString() })), threshold, ignoredSignals };
}
