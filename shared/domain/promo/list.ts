import { Op, type WhereOptions } from 'sequelize';
import { Promotion, PromotionClaim, User } from '../../db/models';
import { Refusal } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { pageOffset, pagination, type Pagination } from '../common';
import { ClaimantFacts } from './conditions';
import { promotionView, type PromotionView } from './views';

/**
 * GET /promo and GET /promo/:id: the site's enabled promotions, newest start first; a
 * disabled one is the operator's draft, seen only in the administrators' list (and "not found" here).
 * With a player's token each promotion also carries isClaimed and isClaimable (a claim would succeed
 * now: running, not claimed, quota left, condition met).
 */

export interface PromotionFilter {
  page: number;
  pageSize: number;
  tag?: string;
  /** Only promotions running now. */
  activeOnly?: boolean;
}

/** Who asks: a player of the site, or nobody. */
export type Viewer = { id: number } | null;

async function withFlags(rows: Promotion[], site: string, viewer: Viewer, locale: Locale, now: Date): Promise<PromotionView[]> {
  if (!viewer || !rows.length) return rows.map((p) => promotionView(p, locale, now));
  const user = await User.findOne({ where: { id: viewer.id, siteCode: site }, attributes: ['id', 'vipLevel'] });
  const claimed = new Set(
    (await PromotionClaim.findAll({ where: { userId: viewer.id, promoId: rows.map((p) => p.id) }, attributes: ['promoId'] })).map((c) => c.promoId),
  );
  // A player of another site (a token used with another site-name) can claim nothing here.
  const facts = user ? new ClaimantFacts(user.id, user.vipLevel) : null;
  return Promise.all(
    rows.map(async (p) => {
      const isClaimed = claimed.has(p.id);
      const isClaimable = facts ? await facts.canClaim(p, isClaimed, now) : false;
      return promotionView(p, locale, now, { isClaimed, isClaimable });
    }),
  );
}

export async function listPromotions(
  site: string,
  viewer: Viewer,
  locale: Locale,
  filter: PromotionFilter,
  now: Date = new Date(),
): Promise<{ items: PromotionView[]; pagination: Pagination }> {
  const where: WhereOptions = { siteCode: site, enabled: 1 };
  if (filter.tag !== undefined) Object.assign(where, { tag: filter.tag });
  if (filter.activeOnly) Object.assign(where, { startTime: { [Op.lte]: now }, endTime: { [Op.gt]: now } });
  const { rows, count } = await Promotion.findAndCountAll({
    where,
    order: [
      ['startTime', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  return { items: await withFlags(rows, site, viewer, locale, now), pagination: pagination(filter.page, filter.pageSize, count) };
}

/** GET /promo/:id: `notFound` unless it is an enabled promotion of the site. */
export async function getPromotion(site: string, viewer: Viewer, locale: Locale, id: number, now: Date = new Date()): Promise<PromotionView> {
  const promo = await Promotion.findOne({ where: { id, siteCode: site, enabled: 1 } });
  if (!promo) throw new Refusal('promo.notFound');
  return (await withFlags([promo], site, viewer, locale, now))[0];
}
