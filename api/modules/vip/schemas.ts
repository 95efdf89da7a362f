import { mixed, object, string } from 'yup';
import { SITE_CODE_PATTERN } from '../../../shared/domain/common';
import { GAME_TYPE_KEYS } from '../../../shared/domain/game';
import { VIP_TIERS, type VipTier } from '../../../shared/domain/vip';
import { LOCALES, type LocaleText } from '../../../shared/i18n/locales';
import {
  documentAs,
  jsonDate,
  jsonInteger as integer,
  localeMap as localeMapOf,
  moneyAmount,
  multiplierAmount,
  nonZeroMoneyAmount,
  percentAmount,
  positiveIdParam,
  queryText,
  sortOrder,
  zeroOrOne,
} from '../../http/schema-helpers';

/**
 * Bodies, queries and parameters of the VIP endpoints. JSON fields keep their JSON types (a string
 * where an integer is expected is a 400 naming the field), except money and the rebate rate, which take a
 * number or a decimal string and come out as a decimal string (never a float): the API's one rule for
 * each (moneyAmount, percentAmount in api/http/schema-helpers.ts).
 */

const money = () => moneyAmount();
const rebateRate = percentAmount;

const level = () => integer().min(1, '${path} must be at least 1').max(9999, '${path} must be at most 9999');
const tier = () =>
  documentAs(mixed<VipTier>(), { type: 'string', enum: [...VIP_TIERS] }).test(
    'tier',
    `\${path} must be one of ${VIP_TIERS.join(', ')}`,
    (v) => v === undefined || (VIP_TIERS as readonly unknown[]).includes(v),
  );
const enabled = () => zeroOrOne();
const gameType = () =>
  documentAs(mixed<string>(), { type: 'string', enum: [...GAME_TYPE_KEYS] }).test(
    'gameType',
    `\${path} must be one of ${GAME_TYPE_KEYS.join(', ')}`,
    (v) => v === undefined || (GAME_TYPE_KEYS as readonly unknown[]).includes(v),
  );

const MAX_NAME = 60;

/** A locale map {"en-US": "Gold I", ...}: the five locales only, texts of 1 to 60 characters, at least one. */
const localeMap = () => localeMapOf<Partial<LocaleText>>({ locales: LOCALES, maxLength: MAX_NAME, emptyMessage: 'must name the level in at least one locale' });

/**
 * The upgrade bonus's terms (docs/decisions/vip.md, "The VIP upgrade bonus: cash or bonus money, once per
 * level"): the amount (0 none), cash or bonus, and the bonus grant's wagering multiplier (0 to 1000), max
 * bet, max conversion and days of validity.
 */
const upgradeBonusFields = () => ({
  upgradeBonus: money(),
  upgradeBonusKind: documentAs(mixed<'cash' | 'bonus'>(), { type: 'string', enum: ['cash', 'bonus'] }).test(
    'kind',
    '${path} must be cash or bonus',
    (v) => v === undefined || v === 'cash' || v === 'bonus',
  ),
  upgradeBonusWageringMultiplier: multiplierAmount().test('range', '${path} must be 0 to 1000', (v) => v === undefined || Number(v) <= 1000),
  upgradeBonusMaxBet: nonZeroMoneyAmount().nullable(),
  upgradeBonusMaxConversion: moneyAmount().nullable(),
  upgradeBonusValidDays: integer().min(1, '${path} must be 1 to 365').max(365, '${path} must be 1 to 365'),
});

export { idParams } from '../../http/schema-helpers';
export const userIdParams = object({ userId: positiveIdParam('userId') });

export const createLevelBody = object({
  level: level().required('level is required'),
  name: localeMap().required('name is required'),
  tier: tier().required('tier is required'),
  minChip: money().required('minChip is required'),
  relegationChip: money().required('relegationChip is required'),
  sortOrder: sortOrder(),
  enabled: enabled(),
  ...upgradeBonusFields(),
});

export const updateLevelBody = object({
  level: level(),
  name: localeMap(),
  tier: tier(),
  minChip: money(),
  relegationChip: money(),
  sortOrder: sortOrder(),
  enabled: enabled(),
  ...upgradeBonusFields(),
});

export const createRebateBody = object({
  level: level().required('level is required'),
  gameType: gameType().required('gameType is required'),
  rebateRate: rebateRate().required('rebateRate is required'),
});

export const updateRebateBody = object({
  level: level(),
  gameType: gameType(),
  rebateRate: rebateRate(),
});

export const holdBody = object({
  hold: integer().oneOf([0, 1], 'hold must be 1 or 0').required('hold is required'),
});

/**
 * GET /vip/levels and /vip/rebates: `siteCode` names the site listed (it wins over the site-name header);
 * empty counts as absent; a repeated one, or one not shaped like a site code, is a 400. The edge has
 * already refused one naming no configured site (api/http/context.ts, checkAskedSite).
 */
export const publicSiteQuery = object({
  siteCode: queryText().typeError('siteCode must be a single site code').matches(SITE_CODE_PATTERN, 'siteCode may hold 1 to 30 letters, digits, _ or - only'),
});

/** POST /vip/settlement/daily-rebate: the day (default yesterday in APP_TIMEZONE). */
export const rebateRunBody = object({
  day: jsonDate(),
});

/** POST /vip/settlement/monthly-relegation: the month judged (default last month in APP_TIMEZONE). */
export const relegationRunBody = object({
  month: string()
    .trim()
    .matches(/^\d{4}-\d{2}$/, 'month must be YYYY-MM')
    .optional(),
});
