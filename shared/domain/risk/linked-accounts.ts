import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { riskSettings } from '../site-config';

/**
 * The accounts of `site` linked to the player by any signal its site does not ignore (held by at most the
 * site's sharedSignalCap accounts), except those an operator decided not related, when the site gives
 * one offer per person (`risk.oneOfferPerPerson`); else none. The bonus-abuse rule of the promotion
 * claims asks it in the claim's transaction (docs/decisions/risk.md, "One offer per person").
 */
export async function offerSharersOf(transaction: Transaction, site: string, userId: number): Promise<number[]> {
  const { oneOfferPerPerson, sharedSignalCap: cap } = await riskSettings(site, transaction);
  if (!oneOfferPerPerson) return [];
  const rows = await db().query<{ id: number }>(
    `SELECT DISTINCT o."userId" AS id
       FROM risk_signals m JOIN risk_signals o ON o.kind = m.kind AND o.value = m.value AND o."userId" <> :userId AND o."siteCode" = :site
      WHERE m."userId" = :userId
        AND (SELECT count(*) FROM (SELECT 1 FROM risk_signals c WHERE c.kind = m.kind AND c.value = m.value LIMIT :cap + 1) x) <= :cap
        AND NOT EXISTS (SELECT 1 FROM risk_link_decisions d WHERE d."userId" = LEAST(:userId, o."userId")
                           AND d."otherUserId" = GREATEST(:userId, o."userId") AND d.decision = 'unrelated')`,
    { replacements: { userId, site, cap }, type: QueryTypes.SELECT, transaction },
  );
  return rows.map((r) => r.id);
}
