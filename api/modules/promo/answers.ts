import { bool, int, localeTexts, money, nothing, nullable, num, obj, oneOfValues, paged, str } from '../../http/answer-schemas';
import { CONDITION_TYPES } from '../../../shared/domain/promo';

/**
 * The answers of the promo endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** A promotion's fields but its texts: a player sees them in its locale, an administrator in every locale. */
const promoFields = {
  id: int(),
  imgPc: nullable(str()),
  imgMobile: nullable(str()),
  actionHtml: str(),
  startTime: str(),
  endTime: str(),
  tag: str(),
  enabled: num(),
  conditionType: oneOfValues(CONDITION_TYPES),
  conditionValue: str(),
  rewardAmount: money(),
  turnoverMultiplier: str(),
  rewardKind: oneOfValues(['cash', 'bonus'], 'cash: the reward is paid to the balance; bonus: a bonus grant (wagering rewardAmount x turnoverMultiplier)'),
  bonusMaxBet: nullable(money('The max bet of the bonus grant (bonus rewards)')),
  bonusMaxConversion: nullable(money('The most of the bonus that converts to cash (bonus rewards)')),
  bonusValidDays: int('Days a bonus reward stays active'),
  maxClaims: num(),
  claimedCount: int(),
  createdAt: str(),
  updatedAt: str(),
  isActive: bool(),
};

/** A promotion as a player sees it: its texts in the player's locale, and whether it claimed / can claim it. */
const playerPromo = obj({ ...promoFields, title: str(), content: str(), isClaimed: bool(), isClaimable: bool() }, { optional: ['isClaimed', 'isClaimable'] });

/** A promotion as an administrator sees it: its texts per locale. */
const adminPromo = obj({ ...promoFields, title: localeTexts(), content: localeTexts() });

export const getPromo = paged(playerPromo, 'items');

export const getPromoClaims = paged(
  obj({
    id: int(),
    promoId: int(),
    promoTitle: str(),
    promoTag: str(),
    rewardAmount: money(),
    requiredTurnover: str(),
    completedTurnover: str(),
    turnoverCompleted: num(),
    claimedAt: str(),
  }),
  'items',
);

export const getPromoAdminList = paged(adminPromo, 'items');

export const postPromo = adminPromo;

export const getPromoById = playerPromo;

export const deletePromoById = nothing;

export const postPromoByIdClaim = obj({ rewardAmount: money(), newBalance: str() });
