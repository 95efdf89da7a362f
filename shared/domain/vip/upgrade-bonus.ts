import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { logger } from '../../logger';
import { grantInTransaction } from '../bonus';
import { moveBalance } from '../wallet';
import type { VipRecalculation } from './progress';

/**
 * The VIP upgrade bonus (docs/decisions/vip.md, "The VIP upgrade bonus: cash or bonus money, once per level"),
 * in the post-bet chain's transaction, right after the VIP recalculation that moved the players up (their
 * `users` rows locked, in id order). Each player who reached a level with an upgrade bonus gets that level's
 * bonus once: a vip_upgrade_bonuses row per (player, level) is written first (its primary key: a level
 * reached again after a demotion pays nothing), then the money:
 * - cash: a wallet movement of kind rebate (the VIP cost in reports), ref vip-upgrade, key
 *   `vip-upgrade:<userId>:<level>`;
 * - bonus money: a grant of source vip (grantInTransaction) with the level's terms; a player who already
 *   holds an active grant (one at a time) gets none, and the row says `grantActive`: never paid later and
 *   never as cash;
 * - a player excluded from play (self-exclusion, cooling-off, a KYC freeze) gets nothing, and the row names
 *   the exclusion, as the daily rebate withholds it.
 * A jump over several levels pays the reached level's bonus.
 */
interface DueUpgradeBonus {
  userId: number;
  level: number;
  siteCode: string;
  kind: 'cash' | 'bonus';
  amount: string;
  wageringMultiplier: string;
  maxBet: string | null;
  maxConversion: string | null;
  validDays: number;
  withheld: string | null;
}

export async function payUpgradeBonuses(transaction: Transaction, upgrades: readonly VipRecalculation[]): Promise<void> {
  const moved = upgrades.filter((u) => u.upgraded).map((u) => ({ userId: u.userId, vipLevel: u.vipLevel }));
  if (!moved.length) return;
  const due = await db().query<DueUpgradeBonus>(
    `WITH due AS (
       SELECT u.id AS "userId", l.level, u."siteCode", l."upgradeBonusKind" AS kind, l."upgradeBonus" AS amount,
              l."upgradeBonusWageringMultiplier"::text AS "wageringMultiplier", l."upgradeBonusMaxBet" AS "maxBet",
              l."upgradeBonusMaxConversion" AS "maxConversion", l."upgradeBonusValidDays" AS "validDays",
              (SELECT rg_exclusion_refusal(a, now()) FROM rg_accounts a WHERE a."userId" = u.id) AS withheld
         FROM json_to_recordset(CAST(:moved AS JSON)) AS v("userId" INTEGER, "vipLevel" INTEGER)
         JOIN users u ON u.id = v."userId"
         JOIN vip_levels l ON l."siteCode" = u."siteCode" AND l.level = v."vipLevel" AND l."upgradeBonus" > 0),
     written AS (
       INSERT INTO vip_upgrade_bonuses ("userId", level, "siteCode", kind, amount, withheld)
       SELECT "userId", level, "siteCode", kind, amount, withheld FROM due ORDER BY "userId"
       ON CONFLICT ("userId", level) DO NOTHING RETURNING "userId", level)
     SELECT due.* FROM due JOIN written USING ("userId", level) ORDER BY due."userId"`,
    { replacements: { moved: JSON.stringify(moved) }, type: QueryTypes.SELECT, transaction },
  );
  for (const row of due) {
    if (row.withheld) {
      logger().info({ userId: row.userId, level: row.level, withheld: row.withheld }, 'VIP upgrade bonus withheld');
      continue;
    }
    if (row.kind === 'cash') await payCash(transaction, row);
    else await grantBonus(transaction, row);
  }
}

async function payCash(transaction: Transaction, row: DueUpgradeBonus): Promise<void> {
  const moved = await moveBalance(transaction, {
    userId: row.userId,
    amount: row.amount,
    kind: 'rebate',
    idempotencyKey: `vip-upgrade:${row.userId}:${row.level}`,
    ref: { type: 'vip-upgrade', id: row.level },
    remark: `VIP level ${row.level} upgrade bonus`,
  });
  await recordOutcome(transaction, row, { ledgerId: moved.ledgerId });
}

async function grantBonus(transaction: Transaction, row: DueUpgradeBonus): Promise<void> {
  try {
    const grant = await grantInTransaction(
      transaction,
      row.siteCode,
      'vip',
      {
        userId: row.userId,
        amount: row.amount,
        wageringMultiplier: row.wageringMultiplier,
        maxBet: row.maxBet,
        maxConversion: row.maxConversion,
        expiresAt: new Date(Date.now() + row.validDays * 86_400_000),
        reason: `VIP level ${row.level} upgrade bonus`,
      },
      null,
    );
    await recordOutcome(transaction, row, { grantId: grant.id });
  } catch (err) {
    // The grant's function refused before writing anything (one active grant per player): the transaction is intact.
    if (!(err instanceof Refusal && err.refusal === 'bonus.grantActive')) throw err;
    logger().info({ userId: row.userId, level: row.level }, 'VIP upgrade bonus withheld: the player holds an active bonus grant');
    await recordOutcome(transaction, row, { withheld: 'grantActive' });
  }
}

async function recordOutcome(transaction: Transaction, row: DueUpgradeBonus, outcome: { ledgerId?: string; grantId?: string | number; withheld?: string }) {
  await db().query(
    `UPDATE vip_upgrade_bonuses SET "ledgerId" = :ledgerId, "grantId" = :grantId, withheld = :withheld WHERE "userId" = :userId AND level = :level`,
    {
      replacements: {
        ledgerId: outcome.ledgerId ?? null,
        grantId: outcome.grantId ?? null,
        withheld: outcome.withheld ?? null,
        userId: row.userId,
        level: row.level,
      },
      transaction,
    },
  );
}
