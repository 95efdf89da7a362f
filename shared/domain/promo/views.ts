import Decimal from 'decimal.js';
import type { Promotion, PromotionConditionType } from '../../db/models';
import { publicObjectUrl } from '../../integrations/storage';
import { pickText, type Locale, type LocaleText } from '../../i18n/locales';
import { money } from '../wallet';

/**
 * Promotions as players and administrators see them. Files of this folder:
 * - views.ts: the answers; conditions.ts: running, quota and the claim conditions;
 * - list.ts: the players' list and detail; claims.ts: claiming and the claim list;
 * - admin.ts: the administrators' list, create, update and delete (with the images).
 * Turnover of claims is added by the post-bet chain (shared/domain/post-bet/turnover.ts).
 */

export const CONDITION_TYPES: readonly PromotionConditionType[] = ['deposit_threshold', 'vip_level', 'first_deposit'];

/** A stored promotion image (a public storage key) as its full URL, or null. */
export const imageUrl = (key: string | null): string | null => (key ? publicObjectUrl(key) : null);

/** Running now: enabled and now within [startTime, endTime). */
export function isRunning(p: Pick<Promotion, 'enabled' | 'startTime' | 'endTime'>, now: Date): boolean {
  return p.enabled === 1 && new Date(p.startTime) <= now && now < new Date(p.endTime);
}

/** The fields shared by both views (money as 6-decimal strings, the multiplier with 2 decimals). */
function commonFields(p: Promotion, now: Date) {
  return {
    id: p.id,
    imgPc: imageUrl(p.imgPc),
    imgMobile: imageUrl(p.imgMobile),
    actionHtml: p.actionHtml,
    startTime: new Date(p.startTime).toISOString(),
    endTime: new Date(p.endTime).toISOString(),
    tag: p.tag,
    enabled: p.enabled,
    conditionType: p.conditionType,
    conditionValue: p.conditionValue,
    rewardAmount: money(p.rewardAmount),
    turnoverMultiplier: new Decimal(p.turnoverMultiplier).toFixed(2),
    rewardKind: p.rewardKind,
    bonusMaxBet: p.bonusMaxBet === null ? null : money(p.bonusMaxBet),
    bonusMaxConversion: p.bonusMaxConversion === null ? null : money(p.bonusMaxConversion),
    bonusValidDays: p.bonusValidDays,
    maxClaims: p.maxClaims,
    claimedCount: p.claimedCount,
    createdAt: new Date(p.createdAt as Date).toISOString(),
    updatedAt: new Date(p.updatedAt as Date).toISOString(),
    isActive: isRunning(p, now),
  };
}

/** The caller's flags, given only when a player is logged in. */
export interface PlayerFlags {
  isClaimed: boolean;
  isClaimable: boolean;
}

export type PromotionView = ReturnType<typeof commonFields> & { title: string; content: string } & Partial<PlayerFlags>;

/** A promotion for players: title and content in the request locale; the flags when given. */
export function promotionView(p: Promotion, locale: Locale, now: Date, flags?: PlayerFlags): PromotionView {
  const { id, ...rest } = commonFields(p, now);
  return { id, title: pickText(p.title, locale), content: pickText(p.content, locale), ...rest, ...(flags ?? {}) };
}

export type AdminPromotionView = ReturnType<typeof commonFields> & { title: Partial<LocaleText>; content: Partial<LocaleText> };

/** A promotion for administrators: the stored locale maps. */
export function adminPromotionView(p: Promotion, now: Date = new Date()): AdminPromotionView {
  const { id, ...rest } = commonFields(p, now);
  return { id, title: p.title, content: p.content, ...rest };
}
