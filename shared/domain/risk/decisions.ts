import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { recordAdminAction, type Actor } from '../audit';
import { riskSettings } from '../site-config';
import { requirePlayer } from './links';

/**
 * PUT /risk/admin/players/:id/links/:otherId (docs/decisions/risk.md, "The review queue"): an operator
 * decides a pair, `linked` (one person) or `unrelated` (two people: an exclusion does not follow between
 * them), with a reason. One decision per pair is kept (a new one replaces it) and every decision is an
 * operation-log row (module `risk`). The API has checked that the operator holds the other account's
 * site; here the player must be of the site (`playerNotFound`) and the two must share a signal their site
 * does not ignore, within the scope (`linkNotFound`).
 */
export interface LinkDecision {
  userId: number;
  otherUserId: number;
  decision: 'linked' | 'unrelated';
  reason: string;
  decidedAt: string;
}

/** The site of an account, or null when there is none. */
export async function siteOfAccount(userId: number): Promise<string | null> {
  const [row] = await db().query<{ siteCode: string }>('SELECT "siteCode" FROM users WHERE id = :userId', {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
  return row?.siteCode ?? null;
}

async function linked(site: string, userId: number, otherUserId: number, cap: number): Promise<boolean> {
  const [row] = await db().query(
    `SELECT 1 FROM risk_signals m JOIN risk_signals o ON o.kind = m.kind AND o.value = m.value AND o."userId" = :otherUserId
       JOIN users u ON u.id = o."userId"
      WHERE m."userId" = :userId AND risk_scope(u."siteCode") = risk_scope(:site)
        AND (SELECT count(*) FROM (SELECT 1 FROM risk_signals c WHERE c.kind = m.kind AND c.value = m.value LIMIT :cap + 1) x) <= :cap
      LIMIT 1`,
    { replacements: { site, userId, otherUserId, cap }, type: QueryTypes.SELECT },
  );
  return Boolean(row);
}

export async function decideLink(
  actor: Actor,
  site: string,
  userId: number,
  otherUserId: number,
  decision: { decision: 'linked' | 'unrelated'; reason: string },
): Promise<LinkDecision> {
  await requirePlayer(site, userId);
  const { sharedSignalCap } = await riskSettings(site);
  if (userId === otherUserId || !(await linked(site, userId, otherUserId, sharedSignalCap))) throw new Refusal('risk.linkNotFound');
  return db().transaction(async (transaction) => {
    const [row] = await db().query<LinkDecision>(
      `INSERT INTO risk_link_decisions ("userId", "otherUserId", decision, reason, "adminId")
       VALUES (LEAST(:userId, :otherUserId), GREATEST(:userId, :otherUserId), :decision, :reason, :adminId)
       ON CONFLICT ("userId", "otherUserId") DO UPDATE SET decision = EXCLUDED.decision, reason = EXCLUDED.reason,
         "adminId" = EXCLUDED."adminId", "decidedAt" = now()
       RETURNING "decidedAt"`,
      { replacements: { userId, otherUserId, ...decision, adminId: actor.adminId }, type: QueryTypes.SELECT, transaction },
    );
    await recordAdminAction(
      {
        adminId: actor.adminId,
        siteCode: site,
        ...actor.meta,
        module: 'risk',
        action: 'decide-link',
        targetId: userId,
        summary: `decided players ${userId} and ${otherUserId}: ${decision.decision}`,
        detail: { otherUserId, decision: decision.decision, reason: decision.reason },
      },
      { transaction },
    );
    return { userId, otherUserId, ...decision, decidedAt: new Date(row.decidedAt).toISOString() };
  });
}
