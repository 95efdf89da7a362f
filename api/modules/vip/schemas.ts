import Decimal from 'decimal.js';
import { mixed, object, string } from 'yup';
import { isKnownSite } from '../../../shared/domain/common';
import { GAME_TYPE_KEYS } from '../../../shared/domain/game';
import { VIP_TIERS, type VipTier } from '../../../shared/domain/vip';
import { MAX_MONEY } from '../../../shared/domain/wallet';
import { LOCALES, type LocaleText } from '../../../shared/i18n/locales';
import { documentAs, jsonInteger as integer, localeMap as localeMapOf, positiveIdParam, queryText, sortOrder, zeroOrOne } from '../../http/schema-helpers';

/**
 * Bodies, queries and parameters of the VIP endpoints. JSON fields keep their JSON types (a string
 * where an integer is expected is a 400 naming the field), except money and the rebate rate, which take a
 * number or a decimal string and come out as a decimal string (never a float).
 */

const DECIMAL = /^\d{1,18}(\.\d+)?$/;

/**
 * A non-negative decimal given as a JSON number or a decimal string (taken as sent: `" 5"` is refused),
 * with at most `scale` decimals and at most `max`; cast to its plain decimal string.
 */
const decimal = (scale: number, max: string) =>
  documentAs(mixed<string>(), {
    type: ['string', 'number'],
    // The document states the bound in the string form too (a string is not compared with `maximum`).
    pattern: max === '100' ? `^(100(\\.0{1,${scale}})?|\\d{1,2}(\\.\\d{1,${scale}})?)$` : `^\\d{1,12}(\\.\\d{1,${scale}})?$`,
    minimum: 0,
    maximum: max === '100' ? 100 : 999999999999.99,
    description: `A decimal string or a JSON number, at most ${scale} decimals, at most ${max}`,
  })
    .transform((value: unknown) => {
      if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : value;
      return value;
    })
    .test('decimal', function (value: unknown) {
      if (value === undefined) return true;
      const name = this.path;
      if (typeof value !== 'string' || !DECIMAL.test(value)) {
        return this.createError({ message: `${name} must be a number >= 0 (a JSON number or a decimal string)` });
      }
      const d = new Decimal(value);
      if (d.decimalPlaces() > scale) return this.createError({ message: `${name} must have at most ${scale} decimals` });
      if (d.gt(max)) return this.createError({ message: `${name} must be at most ${max}` });
      return true;
    });

const money = () => decimal(6, MAX_MONEY.toFixed());
const rebateRate = () => decimal(2, '100');

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
});

export const updateLevelBody = object({
  level: level(),
  name: localeMap(),
  tier: tier(),
  minChip: money(),
  relegationChip: money(),
  sortOrder: sortOrder(),
  enabled: enabled(),
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

const SITE_CODE = /^[A-Za-z0-9_-]{1,30}$/;

/**
 * GET /vip/levels and /vip/rebates: `siteCode` names the site listed (it wins over the site-name header);
 * empty counts as absent; a repeated one, or one naming no configured site, is a 400.
 */
export const publicSiteQuery = object({
  siteCode: queryText()
    .typeError('siteCode must be a single site code')
    .test('site', 'siteCode names no configured site', async (v) => typeof v !== 'string' || (SITE_CODE.test(v) && (await isKnownSite(v)))),
});

/** POST /vip/settlement/daily-rebate: the day (default yesterday in APP_TIMEZONE). */
export const rebateRunBody = object({
  day: string()
    .trim()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD')
    .optional(),
});

/** POST /vip/settlement/monthly-relegation: the month judged (default last month in APP_TIMEZONE). */
export const relegationRunBody = object({
  month: string()
    .trim()
    .matches(/^\d{4}-\d{2}$/, 'month must be YYYY-MM')
    .optional(),
});
