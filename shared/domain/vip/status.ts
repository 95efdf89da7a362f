import Decimal from 'decimal.js';
import { literal, QueryTypes } from 'sequelize';
import { config } from '../../config';
import { User, VipLevel, VipRebate } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { pickText, type Locale } from '../../i18n/locales';
import { money } from '../wallet';
import type { VipTier } from './levels';
import { countedTowardsLevels } from './progress';
import { byLevelThenType, rateText } from './rebate-rules';

/** A player's VIP status (GET /vip/status): level, progress, this month's effective bet, rebates, the ladder. */

export interface VipStatus {
  level: number;
  name: string;
  tier: VipTier | null;
  totalEffectiveBet: string;
  currentChip: string;
  nextLevelMinChip: string | null;
  progress: number;
  relegationChip: string;
  monthlyEffective: string;
  relegationMissCount: number;
  vipHold: number;
  rebates: Array<{ gameType: string; rebateRate: string }>;
  allLevels: Array<{ level: number; name: string; tier: VipTier; minChip: string; relegationChip: string }>;
}

/** Sum of betEffective of the user's valid settled orders placed in the current month of APP_TIMEZONE. */
export async function monthlyEffectiveBet(userId: number): Promise<string> {
  const [row] = await db().query<{ total: string | null }>(
    `SELECT COALESCE(SUM("betEffective"), 0)::text AS total
       FROM bet_orders
      WHERE "userId" = :userId AND status = 'valid' AND settled
        AND "betDatetime" >= (date_trunc('month', now() AT TIME ZONE :tz) AT TIME ZONE :tz)
        AND "betDatetime" < ((date_trunc('month', now() AT TIME ZONE :tz) + interval '1 month') AT TIME ZONE :tz)`,
    { replacements: { userId, tz: config().appTimezone }, type: QueryTypes.SELECT },
  );
  return money(row?.total ?? '0');
}

/**
 * GET /vip/status. The current level is the user's stored vipLevel (its row even if disabled since);
 * the next level is the first enabled level above it. progress = the effective bet counting towards
 * levels (totalEffectiveBet until a demotion, progress.ts) / next minChip, capped at 1 and cut (not
 * rounded) to 4 decimals, so 1 means reached; exactly 1 at the top.
 */
export async function vipStatus(userId: number, siteCode: string, locale: Locale): Promise<VipStatus> {
  const user = await User.findOne({
    where: { id: userId, siteCode },
    attributes: ['id', 'vipLevel', 'totalEffectiveBet', 'relegationMissCount', 'vipHold', [literal('"vipForfeitedBet"::text'), 'vipForfeitedBet']],
  });
  if (!user) throw new Refusal('vip.playerNotFound', 'user not found');
  const levelNumber = Number.parseInt(user.vipLevel, 10) || 1;
  const [levels, rebates, monthlyEffective] = await Promise.all([
    VipLevel.findAll({ where: { siteCode }, order: [['level', 'ASC']] }),
    VipRebate.findAll({ where: { siteCode, level: levelNumber } }),
    monthlyEffectiveBet(userId),
  ]);
  const current = levels.find((l) => l.level === levelNumber);
  const enabled = levels.filter((l) => Number(l.enabled) === 1);
  const next = enabled.find((l) => l.level > levelNumber);
  const total = money(user.totalEffectiveBet ?? '0');
  const counted = countedTowardsLevels(total, user.get('vipForfeitedBet') as string);
  let progress = 1;
  if (next && new Decimal(next.minChip).gt(0)) {
    progress = Decimal.max(0, Decimal.min(1, counted.div(next.minChip)))
      .toDecimalPlaces(4, Decimal.ROUND_DOWN)
      .toNumber();
  }
  return {
    level: levelNumber,
    name: current ? pickText(current.name, locale) : '',
    tier: current?.tier ?? null,
    totalEffectiveBet: total,
    currentChip: money(current?.minChip ?? '0'),
    nextLevelMinChip: next ? money(next.minChip) : null,
    progress,
    relegationChip: money(current?.relegationChip ?? '0'),
    monthlyEffective,
    relegationMissCount: Number(user.relegationMissCount),
    vipHold: Number(user.vipHold),
    rebates: rebates
      .map((r) => ({ level: r.level, gameType: r.gameType, rebateRate: rateText(r.rebateRate) }))
      .sort(byLevelThenType)
      .map(({ gameType, rebateRate }) => ({ gameType, rebateRate })),
    allLevels: enabled.map((l) => ({
      level: l.level,
      name: pickText(l.name, locale),
      tier: l.tier,
      minChip: money(l.minChip),
      relegationChip: money(l.relegationChip),
    })),
  };
}
