import { array, boolean, number, object } from 'yup';
import { GAME_TYPE_CODES, GAME_TYPE_TABLE, typeKeyOf } from '../../../shared/domain/game';
import { SITE_CODE_PATTERN } from '../../../shared/domain/common';
import { GAME_NAME_LOCALES } from '../../../shared/i18n/locales';
import { documentAs, jsonInteger, localeMap as localeMapOf, sortOrder as sortOrderOf, text } from '../../http/schema-helpers';

export { idParams } from '../../http/schema-helpers';

/**
 * Bodies and queries of the administrator game endpoints. JSON fields keep their JSON
 * types: a string where a number or boolean is expected (or the reverse) is a 400 naming the field.
 * Integers keep yup's own type error.
 */

const integer = () => jsonInteger({ typeError: false });
const bool = () => boolean().transform((_value: unknown, original: unknown) => original);

const MAX_NAME = 120;

/** A locale map {"en-US": "...", ...}: known locales only, string values of at most 120 characters. */
const localeMap = () => localeMapOf({ locales: GAME_NAME_LOCALES, maxLength: MAX_NAME });

const gameType = () => integer().oneOf(GAME_TYPE_CODES, '${path} must be one of ' + GAME_TYPE_CODES.join(', '));
const providerCode = () => text().oneOf(['provx', 'provy'], '${path} must be provx or provy');
const GAME_CODE = /^[A-Za-z0-9_.:-]+$/;
const gameCode = () => text().min(1).max(64).matches(GAME_CODE, '${path} may hold letters, digits and _ . : - only');
const sortOrder = () => sortOrderOf({ typeError: false });
const icon = () => text().max(64);
/** A site code's form only; the domain refuses one naming no configured site (`game.siteNotFound`: writeGameData, copy-site-data). */
const siteCodeForm = () => text().max(30).matches(SITE_CODE_PATTERN, '${path} may hold 1 to 30 letters, digits, _ or - only');

/** GET /game/admin/providers?gameType=2 (an empty value counts as absent). */
export const providerListQuery = object({
  gameType: number()
    .transform((value: number, original: unknown) => {
      if (original === '' || original === undefined) return undefined;
      return typeof original === 'string' && /^\d{1,2}$/.test(original.trim()) ? value : NaN;
    })
    .typeError('gameType must be one of ' + GAME_TYPE_CODES.join(', '))
    .oneOf([...GAME_TYPE_CODES, undefined], 'gameType must be one of ' + GAME_TYPE_CODES.join(', ')),
});

const providerFields = {
  gameCode: gameCode(),
  providerCode: providerCode(),
  gameType: gameType(),
  name: localeMap(),
  siteCode: siteCodeForm(),
  enable: bool(),
  maintain: bool(),
  areaBlock: bool(),
  sortOrder: sortOrder(),
};

export const createProviderBody = object({
  ...providerFields,
  gameCode: gameCode().required(),
  providerCode: providerCode().required(),
  gameType: gameType().required(),
});

export const updateProviderBody = object(providerFields);

/** Create bodies use name and enable; label and enabled (the response names) are accepted too. */
const typeConfigFields = {
  gameType: gameType(),
  name: localeMap(),
  label: localeMap(),
  icon: icon(),
  sortOrder: sortOrder(),
  enable: bool(),
  enabled: bool(),
  siteCode: siteCodeForm(),
};

export const createTypeConfigBody = object({ ...typeConfigFields, gameType: gameType().required() });
export const updateTypeConfigBody = object(typeConfigFields);

/** A template's type config; its typeKey, when given, is its gameType's (the document says which). */
const templateTypeConfig = documentAs(
  object({
    gameType: gameType().required(),
    typeKey: text().test('type-key', '${path} does not match gameType', function (v) {
      return v === undefined || v === typeKeyOf(this.parent.gameType as number);
    }),
    label: localeMap(),
    name: localeMap(),
    icon: icon(),
    sortOrder: sortOrder(),
    enabled: bool(),
    enable: bool(),
  }),
  { allOf: GAME_TYPE_TABLE.map((t) => ({ if: { properties: { gameType: { const: t.code } } }, then: { properties: { typeKey: { const: t.typeKey } } } })) },
);

const templateProvider = object({
  gameCode: gameCode().required(),
  providerCode: providerCode().required(),
  gameType: gameType().required(),
  name: localeMap(),
  sortOrder: sortOrder(),
  enable: bool(),
  maintain: bool(),
  areaBlock: bool(),
});

/** POST /game/admin/load-template: each array optional (absent = the built-in template). */
export const loadTemplateBody = object({
  typeConfigs: array().of(templateTypeConfig).max(50),
  providers: array().of(templateProvider).max(2000),
});

export const copySiteDataBody = object({
  sourceSiteCode: siteCodeForm().required(),
  targetSiteCode: siteCodeForm()
    .required()
    .meta({ jsonSchema: { description: 'A site other than sourceSiteCode (the same site is a 400)' } }),
  type: text().required().oneOf(['providers', 'typeConfigs'], '${path} must be providers or typeConfigs'),
});
