import { Promotion } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { QueryTypes } from 'sequelize';

/** Promotion test setup: promotions written straight to the tables (their own endpoints are tested elsewhere). */

const DAY = 24 * 3600 * 1000;

export interface PromotionOptions {
  siteCode: string;
  title?: Record<string, string>;
  tag?: string;
  enabled?: number;
  startTime?: Date;
  endTime?: Date;
  conditionType?: 'deposit_threshold' | 'vip_level' | 'first_deposit';
  conditionValue?: string;
  rewardAmount?: string;
  turnoverMultiplier?: string;
  maxClaims?: number;
}

/** A running promotion (started a day ago, ends in a day) unless told otherwise. */
export async function createPromotion(o: PromotionOptions): Promise<Promotion> {
  return Promotion.create({
    siteCode: o.siteCode,
    title: o.title ?? { 'en-US': 'Welcome bonus', 'zh-TW': '歡迎禮' },
    content: { 'en-US': '<p>Claim it</p>', 'zh-TW': '<p>領取</p>' },
    actionHtml: '',
    startTime: o.startTime ?? new Date(Date.now() - DAY),
    endTime: o.endTime ?? new Date(Date.now() + DAY),
    tag: o.tag ?? 'bonus',
    enabled: o.enabled ?? 1,
    conditionType: o.conditionType ?? 'vip_level',
    conditionValue: o.conditionValue ?? '0',
    rewardAmount: o.rewardAmount ?? '10',
    turnoverMultiplier: o.turnoverMultiplier ?? '0',
    maxClaims: o.maxClaims ?? 0,
  });
}

/** balance = sum of the ledger, for the player. */
export async function ledgerMatches(userId: number): Promise<boolean> {
  const [row] = await db().query<{ ok: boolean }>(
    `SELECT u.balance = COALESCE((SELECT SUM(amount) FROM game_transactions g WHERE g."userId" = u.id), 0) AS ok FROM users u WHERE u.id = :id`,
    { replacements: { id: userId }, type: QueryTypes.SELECT },
  );
  return row.ok;
}

export const DAY_MS = DAY;
