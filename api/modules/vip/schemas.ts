import Decimal from 'decimal.js';
import { mixed, number, object } from 'yup';
import { GAME_TYPE_KEYS } from '../../../shared/domain/game-types';
import { VIP_TIERS, type VipTier } from '../../../shared/domain/vip';
import { LOCALES, type LocaleText } from '../../../shared/i18n/locales';

/**
 * Bodies and parameters of the VIP endpoints (Part A 4.4). JSON fields keep their JSON types (a string
 * where an integer is expected is a 400 naming the field), except money and the rebate rate, which take a
 * number or a decimal string and come out as a decimal string (never a float).
 */

const integer = () =>
  number()
    .transform((value: unknown, original: unknown) => (typeof original === 'number' ? value : original))
    .typeError('${path} must be an integer')
    .integer('${path} must be an integer');

const DECIMAL = /^\d{1,18}(\.\d+)?$/;

/**
 * A non-negative decimal given as a JSON number or a decimal string, with at most `scale` decimals and
 * at most `max`; cast to its plain decimal string.
 */
const decimal = (scale: number, max: string) =>
  mixed<string>()
    .transform((value: unknown) => {
      if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : value;
      if (typeof value === 'string') return value.trim();
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

const MONEY_MAX = '999999999999.999999';
const money = () => decimal(6, MONEY_MAX);
const rebateRate = () => decimal(2, '100');

const level = () => integer().min(1, '${path} must be at least 1').max(9999, '${path} must be at most 9999');
const tier = () =>
  mixed<VipTier>()
    .test('tier', `\${path} must be one of ${VIP_TIERS.join(', ')}`, (v) => v === undefined || (VIP_TIERS as readonly unknown[]).includes(v));
const sortOrder = () => integer().min(-1_000_000_000).max(1_000_000_000);
const enabled = () => integer().oneOf([0, 1], '${path} must be 0 or 1');
const gameType = () =>
  mixed<string>()
    .test('gameType', `\${path} must be one of ${GAME_TYPE_KEYS.join(', ')}`, (v) => v === undefined || (GAME_TYPE_KEYS as readonly unknown[]).includes(v));

const MAX_NAME = 60;

/** A locale map {"en-US": "Gold I", ...}: the five locales only, texts of 1 to 60 characters, at least one. */
const localeMap = () =>
  mixed<Partial<LocaleText>>()
    .transform((value: unknown) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    })
    .test('locale-map', function (value: unknown) {
      if (value === undefined) return true;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return this.createError({ message: `${this.path} must be an object mapping locales to texts` });
      }
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) return this.createError({ message: `${this.path} must name the level in at least one locale` });
      for (const [key, text] of entries) {
        if (!(LOCALES as readonly string[]).includes(key)) {
          return this.createError({ message: `${this.path}: "${key.slice(0, 20)}" is not a locale (use ${LOCALES.join(', ')})` });
        }
        if (typeof text !== 'string' || text.length === 0 || text.length > MAX_NAME) {
          return this.createError({ message: `${this.path}.${key} must be a text of 1 to ${MAX_NAME} characters` });
        }
      }
      return true;
    });

const positiveId = (name: string) =>
  number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && /^\d{1,9}$/.test(original) ? value : NaN))
    .typeError(`${name} must be a positive integer`)
    .required()
    .integer()
    .positive(`${name} must be a positive integer`);

export const idParams = object({ id: positiveId('id') });
export const userIdParams = object({ userId: positiveId('userId') });

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
