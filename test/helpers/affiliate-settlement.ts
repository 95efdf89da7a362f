import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { AffiliateCommission, AffiliateSettlement, AgentTier, AffiliateCommissionRate, BetOrder, type User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { moveAffiliateBalance, moveBalance } from '../../shared/domain/wallet';
import { backdateHistory } from './history';

/** Fixtures of the affiliate settlement tests: a site's program, bets with results, rewards at a time, and reads. */

export type TierRow = [tierCode: string, minTotalEarned: string, minActiveMembers: number, sortOrder: number];
export type RateRow = [agentTier: string, agentLevel: number, gameType: string | null, commissionRate: string];

/** Replaces the site's tiers and rates with exactly these (whatever a default seeding put there). */
export async function program(siteCode: string, tiers: TierRow[], rates: RateRow[]): Promise<void> {
  await AffiliateCommissionRate.destroy({ where: { siteCode } });
  await AgentTier.destroy({ where: { siteCode } });
  await AgentTier.bulkCreate(
    tiers.map(([tierCode, minTotalEarned, minActiveMembers, sortOrder]) => ({
      siteCode,
      tierCode,
      tierName: tierCode,
      minTotalEarned,
      minActiveMembers,
      sortOrder,
    })),
  );
  await AffiliateCommissionRate.bulkCreate(
    rates.map(([agentTier, agentLevel, gameType, commissionRate]) => ({ siteCode, agentTier, agentLevel, gameType, commissionRate })),
  );
}

/** Turns the site's negative carry-over on or off (site_configs.settings.affiliate.negativeCarryOver). */
export async function setCarryOver(siteCode: string, on: boolean): Promise<void> {
  await db().query(
    `UPDATE site_configs SET settings = jsonb_set(settings, '{affiliate}', jsonb_build_object('negativeCarryOver', CAST(:on AS boolean))) WHERE "siteCode" = :siteCode`,
    { replacements: { siteCode, on } },
  );
}

export interface BetFields {
  /** Game type code as on bet orders ('2' slot, '3' live, ...). */
  gameType: string;
  bet: string;
  win: string;
  /** When it was settled (ISO). */
  at: string;
  status?: 'valid' | 'invalid' | 'cancelled';
  settled?: boolean;
}

/** A bet order of `user` with its stake and win, settled at `at`. */
export async function bet(user: User, f: BetFields): Promise<void> {
  const settled = f.settled ?? true;
  await BetOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    providerCode: 'provx',
    gameCode: 'g-1',
    gameType: f.gameType,
    gamePlatform: 'provx',
    gameNumber: `r-${randomBytes(6).toString('hex')}`,
    betAmount: f.bet,
    betEffective: f.bet,
    winAmount: f.win,
    winLose: (Number(f.win) - Number(f.bet)).toFixed(6),
    status: f.status ?? 'valid',
    settled,
    betDatetime: new Date(f.at),
    settledAt: settled ? new Date(f.at) : null,
  });
}

/** A reward credited to `user` through the wallet, its ledger row dated `at`. */
export async function reward(user: User, amount: string, kind: 'rebate' | 'promo-reward' | 'mission-reward', at: string): Promise<void> {
  const key = `test-reward:${randomBytes(8).toString('hex')}`;
  await db().transaction((transaction) => moveBalance(transaction, { userId: user.id, amount, kind, idempotencyKey: key }));
  await backdateHistory(`UPDATE game_transactions SET "createdAt" = :at WHERE "idempotencyKey" = :key`, { at, key });
}

/** Gives an agent lifetime commission (totalEarned) through the affiliate account. */
export async function earned(agent: User, amount: string): Promise<void> {
  await db().transaction((transaction) =>
    moveAffiliateBalance(transaction, {
      userId: agent.id,
      siteCode: agent.siteCode,
      kind: 'commission',
      available: amount,
      earned: amount,
      idempotencyKey: `test-earned:${randomBytes(8).toString('hex')}`,
    }),
  );
}

/** The settlement of an agent for a period, as plain values. */
export async function settlementOf(agentId: number, periodType: 'weekly' | 'daily', weekStart: string) {
  const row = await AffiliateSettlement.findOne({ where: { agentId, periodType, weekStart }, raw: true });
  return row ?? null;
}

/** The commission lines of a settlement as [memberId, gameType, level, netLoss, rate, amount], sorted. */
export async function linesOf(settlementId: number): Promise<Array<[number, string | null, number, string, string, string]>> {
  const rows = await AffiliateCommission.findAll({ where: { settlementId }, raw: true });
  return rows
    .map(
      (r) => [r.memberId, r.gameType, r.agentLevel, r.netLoss, r.commissionRate, r.commissionAmount] as [number, string | null, number, string, string, string],
    )
    .sort((a, b) => a[0] - b[0] || (a[1] ?? '').localeCompare(b[1] ?? ''));
}

/** Counts of a site's settlement rows, commission rows and risk logs for a period type. */
export async function counts(siteCode: string, periodType: 'weekly' | 'daily'): Promise<{ settlements: number; commissions: number; risks: number }> {
  const [row] = await db().query<{ settlements: number; commissions: number; risks: number }>(
    `SELECT (SELECT COUNT(*) FROM affiliate_settlements WHERE "siteCode" = :siteCode AND "periodType" = :periodType)::integer AS settlements,
            (SELECT COUNT(*) FROM affiliate_commissions c JOIN affiliate_settlements s ON s.id = c."settlementId"
              WHERE s."siteCode" = :siteCode AND s."periodType" = :periodType)::integer AS commissions,
            (SELECT COUNT(*) FROM affiliate_risk_logs r JOIN affiliate_settlements s ON s.id = r."settlementId"
              WHERE s."siteCode" = :siteCode AND s."periodType" = :periodType)::integer AS risks`,
    { replacements: { siteCode, periodType }, type: QueryTypes.SELECT },
  );
  return row;
}

/** An instant given in Asia/Taipei (UTC+8), e.g. taipei('2026-10-12 00:00') or taipei('2026-10-18 23:59:59.999'). */
export function taipei(local: string): string {
  return new Date(`${local.replace(' ', 'T')}${local.length <= 16 ? ':00' : ''}+08:00`).toISOString();
}
