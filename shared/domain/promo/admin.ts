import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { Promotion, type PromotionConditionType } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { type Actor, recordAdminAction } from '../audit';
import { pageOffset, pagination, type Pagination } from '../common';
import { forgetImages, removeStoredFiles, storeImages, type PreparedImage } from '../uploads';
import { conditionValueFor } from './conditions';
import { adminPromotionView, type AdminPromotionView } from './views';

/**
 * The administrators' promotions (permission module `promo`; POST, PATCH, DELETE /promo):
 * create and update with their images (public, under PUBLIC_ASSET_BASE_URL), delete, and the list with
 * the stored locale maps. HTML (content, actionHtml) arrives sanitized (api/http/html.ts). A new image
 * replaces only its own field; the image it replaces, and a deleted promotion's images, are forgotten
 * in the change's transaction and their files removed once it committed. Every write is
 * operation-logged. Claims keep their rows when their promotion is deleted (their turnover still counts).
 */

export const PROMO_IMAGES = ['imgPc', 'imgMobile'] as const;
type ImageField = (typeof PROMO_IMAGES)[number];

export interface PromotionInput {
  title: Partial<LocaleText>;
  content: Partial<LocaleText>;
  actionHtml: string;
  startTime: Date;
  endTime: Date;
  tag: string;
  enabled: number;
  conditionType: PromotionConditionType;
  conditionValue: string;
  rewardAmount: string;
  maxClaims: number;
  turnoverMultiplier: string;
  rewardKind: 'cash' | 'bonus';
  bonusMaxBet: string | null;
  bonusMaxConversion: string | null;
  bonusValidDays: number;
}

const IMAGE_OWNER = (siteCode: string) => ({ kind: 'promo-image', visibility: 'public', siteCode, ownerUserId: null }) as const;

function logPromo(actor: Actor, siteCode: string, transaction: Transaction, entry: { action: string; targetId: number; summary: string; detail: unknown }) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'promo', ...entry }, { transaction });
}

/** The period must end after it starts; the condition value must fit its type (stored normalized). */
function checkedFields<T extends Partial<PromotionInput>>(merged: T & Pick<PromotionInput, 'startTime' | 'endTime' | 'conditionType'>): T {
  if (!(merged.endTime > merged.startTime)) throw new InputError('endTime', 'must be after startTime');
  return { ...merged, conditionValue: conditionValueFor(merged.conditionType, merged.conditionValue) };
}

const imagesOf = (files: Record<string, PreparedImage>) => PROMO_IMAGES.flatMap((field) => (files[field] ? [files[field]] : []));
const keysOf = (stored: Array<{ field: string; storageKey: string }>) =>
  Object.fromEntries(stored.map((image) => [image.field, image.storageKey])) as Partial<Record<ImageField, string>>;

/** POST /promo: the promotion with its images; answers the administrators' view. */
export async function createPromotion(actor: Actor, site: string, input: PromotionInput, files: Record<string, PreparedImage>): Promise<AdminPromotionView> {
  const fields = checkedFields(input);
  const promo = await storeImages<Promotion>(
    imagesOf(files),
    IMAGE_OWNER(site),
    (work) => db().transaction(work),
    async (transaction, stored) => {
      const row = await Promotion.create({ siteCode: site, ...fields, ...keysOf(stored) }, { transaction });
      await logPromo(actor, site, transaction, {
        action: 'create',
        targetId: row.id,
        summary: `created promotion ${row.id}`,
        detail: { ...fields, imgPc: row.imgPc, imgMobile: row.imgMobile },
      });
      return row;
    },
  );
  return adminPromotionView(promo);
}

/**
 * PATCH /promo/:id: the given fields and images; `notFound` unless a promotion of the site;
 * `maxClaimsBelowClaimed` when maxClaims, not 0 (unlimited), is below the claims made.
 */
export async function updatePromotion(
  actor: Actor,
  site: string,
  id: number,
  input: Partial<PromotionInput>,
  files: Record<string, PreparedImage>,
): Promise<AdminPromotionView> {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<PromotionInput>;
  const images = imagesOf(files);
  if (!Object.keys(given).length && !images.length) throw new InputError('body', 'the request must change at least one field or image');
  let replaced: string[] = [];
  const promo = await storeImages<Promotion>(
    images,
    IMAGE_OWNER(site),
    (work) => db().transaction(work),
    async (transaction, stored) => {
      const row = await Promotion.findOne({ where: { id, siteCode: site }, lock: transaction.LOCK.NO_KEY_UPDATE, transaction });
      if (!row) throw new Refusal('promo.notFound');
      const changes = {
        ...checkedFields({ startTime: row.startTime, endTime: row.endTime, conditionType: row.conditionType, conditionValue: row.conditionValue, ...given }),
        ...keysOf(stored),
      };
      if (changes.maxClaims !== undefined && changes.maxClaims !== 0 && changes.maxClaims < row.claimedCount) {
        throw new Refusal('promo.maxClaimsBelowClaimed', `maxClaims ${changes.maxClaims} is below the ${row.claimedCount} claims made`);
      }
      replaced = await forgetImages(
        transaction,
        stored.map((image) => row[image.field as ImageField]),
      );
      await row.update(changes, { transaction });
      await logPromo(actor, site, transaction, { action: 'update', targetId: id, summary: `updated promotion ${id}`, detail: { ...given, ...keysOf(stored) } });
      return row;
    },
  );
  await removeStoredFiles(replaced);
  return adminPromotionView(promo);
}

/** DELETE /promo/:id: the promotion and its stored images (its claims stay); `notFound` unless a promotion of the site. */
export async function deletePromotion(actor: Actor, site: string, id: number): Promise<null> {
  const files = await db().transaction(async (transaction) => {
    const row = await Promotion.findOne({ where: { id, siteCode: site }, lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw new Refusal('promo.notFound');
    const forgotten = await forgetImages(transaction, [row.imgPc, row.imgMobile]);
    await row.destroy({ transaction });
    await logPromo(actor, site, transaction, { action: 'delete', targetId: id, summary: `deleted promotion ${id}`, detail: adminPromotionView(row) });
    return forgotten;
  });
  await removeStoredFiles(files);
  return null;
}

export interface AdminPromotionFilter {
  page: number;
  pageSize: number;
  tag?: string;
  enabled?: number;
}

/** GET /promo/admin/list: every promotion of the site (disabled ones too), newest start first, stored locale maps. */
export async function adminListPromotions(site: string, filter: AdminPromotionFilter): Promise<{ items: AdminPromotionView[]; pagination: Pagination }> {
  const where: WhereOptions = { siteCode: site };
  if (filter.tag !== undefined) Object.assign(where, { tag: filter.tag });
  if (filter.enabled !== undefined) Object.assign(where, { enabled: { [Op.eq]: filter.enabled } });
  const { rows, count } = await Promotion.findAndCountAll({
    where,
    order: [
      ['startTime', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  const now = new Date();
  return { items: rows.map((p) => adminPromotionView(p, now)), pagination: pagination(filter.page, filter.pageSize, count) };
}
