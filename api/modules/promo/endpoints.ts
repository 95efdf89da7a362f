import type { PromotionConditionType } from '../../../shared/db/models';
import {
  adminListPromotions,
  claimPromotion,
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotionClaims,
  listPromotions,
  PROMO_IMAGES,
  updatePromotion,
} from '../../../shared/domain/promo';
import { config } from '../../../shared/config';
import { exclusionCodes } from '../responsible-gaming/refusal-codes';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { adminPromotionQuery, claimsQuery, createPromotionBody, idParams, promotionQuery, updatePromotionBody } from './schemas';
import * as answers from './answers';

/**
 * /promo, in matching order: the fixed paths (the list, the caller's claims, the
 * administrators' list, create) before `/promo/:id`. Reads are public with an optional token (which
 * adds isClaimed and isClaimable); create, update and delete are an operator's act: an administrator
 * with `promo:write` (the list of every promotion `promo:read`), operation-logged (docs/decisions/promo.md).
 * Rules live in shared/domain/promo/.
 */
const admin = { admin: 'promo' } as const;
const notFound = { 'promo.notFound': 2001 } as const;
/** Claims per player per minute (RATE_LIMIT_PROMO_CLAIM_PER_USER). */
const claimPerUser = limitRule('promo-claim', 'player', () => config().limits.promoClaimPerUser);
/** Images are files of their own fields; content is HTML in up to five locales. */
const uploads = { fields: PROMO_IMAGES, textBytes: 320 * 1024 };
type Tab = 'pending' | 'completed' | undefined;

export const promoEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/promo',
      result: answers.getPromo,
      auth: 'optional-player',
      query: promotionQuery,
      summary: "The site's promotions, newest first (isClaimed and isClaimable with a token)",
    },
    ({ site, player, locale, query }) =>
      listPromotions(site, player, locale, { page: query.page, pageSize: query.pageSize, tag: query.tag, activeOnly: query.activeOnly === '1' }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/promo/claims',
      result: answers.getPromoClaims,
      auth: 'player',
      query: claimsQuery,
      summary: "The caller's promotion claims, newest first",
    },
    ({ site, player, locale, query }) =>
      listPromotionClaims(player.id, site, locale, {
        page: query.page,
        pageSize: query.pageSize,
        tab: query.tab === 'all' ? undefined : (query.tab as Tab),
        startDate: query.startDate,
        endDate: query.endDate,
      }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/promo/admin/list',
      result: answers.getPromoAdminList,
      auth: admin,
      query: adminPromotionQuery,
      summary: 'Every promotion of the site (disabled ones too), with the stored locale maps',
    },
    ({ site, query }) =>
      adminListPromotions(site, {
        page: query.page,
        pageSize: query.pageSize,
        tag: query.tag,
        enabled: query.enabled === undefined ? undefined : Number(query.enabled),
      }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/promo',
      result: answers.postPromo,
      auth: admin,
      uploads,
      body: createPromotionBody,
      summary: 'Create a promotion (multipart: imgPc, imgMobile files; title and content as JSON locale maps)',
    },
    ({ actor, site, body, files }) =>
      createPromotion(
        actor,
        site,
        {
          ...body,
          startTime: body.startTime as Date,
          endTime: body.endTime as Date,
          conditionType: body.conditionType as PromotionConditionType,
          rewardKind: body.rewardKind as 'cash' | 'bonus',
          bonusMaxBet: body.bonusMaxBet ?? null,
          bonusMaxConversion: body.bonusMaxConversion ?? null,
        },
        files,
      ),
  ),
  endpoint(
    {
      method: 'get',
      path: '/promo/:id',
      result: answers.getPromoById,
      auth: 'optional-player',
      params: idParams,
      refusals: notFound,
      summary: 'One promotion (isClaimed and isClaimable with a token)',
    },
    ({ site, player, locale, params }) => getPromotion(site, player, locale, params.id),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/promo/:id',
      result: answers.postPromo,
      auth: admin,
      params: idParams,
      uploads,
      body: updatePromotionBody,
      refusals: { ...notFound, 'promo.maxClaimsBelowClaimed': 2002 },
      summary: 'Update a promotion (multipart; a new image replaces only its own field; 2002 when maxClaims, not 0, is below the claims made)',
    },
    ({ actor, site, params, body, files }) =>
      updatePromotion(
        actor,
        site,
        params.id,
        { ...body, conditionType: body.conditionType as PromotionConditionType | undefined, rewardKind: body.rewardKind as 'cash' | 'bonus' | undefined },
        files,
      ),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/promo/:id',
      result: answers.deletePromoById,
      auth: admin,
      params: idParams,
      refusals: notFound,
      summary: 'Delete a promotion and its stored images (its claims stay)',
    },
    ({ actor, site, params }) => deletePromotion(actor, site, params.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/promo/:id/claim',
      // A reward the balance cannot hold (past NUMERIC(18,6)) is the wallet's 409; nothing moves.
      codes: [409],
      realityCheck: 'header',
      result: answers.postPromoByIdClaim,
      auth: 'player',
      params: idParams,
      limits: [claimPerUser],
      refusals: {
        'promo.alreadyClaimed': 2001,
        'promo.quotaExhausted': 2002,
        'promo.conditionNotMet': 2003,
        'promo.notRunning': 2004,
        'bonus.grantActive': 2005,
        'risk.offerTakenByLinked': 2006,
        ...exclusionCodes,
      },
      summary:
        "Claim a promotion's reward (checks: running, not claimed, quota, condition); a bonus reward is a bonus grant (2005 while another grant is active)",
    },
    ({ site, player, params }) => claimPromotion(site, player.id, params.id),
  ),
];
