import { array, mixed, object } from 'yup';
import {
  ADDRESS_FORMATS,
  CHANNEL_CODES,
  CHANNEL_CURRENCIES,
  CHANNEL_NETWORKS,
  GROUP_CURRENCIES,
  PAYMENT_METHODS,
  type ChannelCode,
} from '../../../shared/domain/deposit';
import { LOCALES, type LocaleText } from '../../../shared/i18n/locales';
import { documentAs, exactString, jsonId, jsonInteger, localeMap, zeroOrOne } from '../../http/schema-helpers';

/**
 * Bodies of the administrators' payment channel endpoints (admin-routes.ts). JSON fields keep their
 * JSON types (a string where an integer is expected is a 400 naming the field). What a channel's kind
 * allows (currency, methods, network, address format) is checked by shared/domain/deposit/channel-fields.ts.
 */

const oneOf = <T extends string>(values: readonly T[]) =>
  documentAs(mixed<T>(), { type: 'string', enum: [...values] }).test(
    'one-of',
    `\${path} must be one of ${values.join(', ')}`,
    (v) => v === undefined || v === null || (values as readonly unknown[]).includes(v),
  );

const names = (what: string) =>
  localeMap<Partial<LocaleText>>({ locales: LOCALES, maxLength: 60, emptyMessage: `must name the ${what} in at least one locale` });

const paymentMethods = () =>
  array()
    .of(oneOf(PAYMENT_METHODS).required())
    .typeError('${path} must be an array of payment methods')
    .min(1, '${path} must hold at least one payment method')
    .max(PAYMENT_METHODS.length, `\${path} must hold at most ${PAYMENT_METHODS.length} payment methods`)
    .test('unique', '${path} must not repeat a method', (v) => v === undefined || new Set(v).size === v.length);

/** 0 to 1 000 000: players see a group's channels by it. */
const sortOrder = () => jsonInteger().min(0, '${path} must be at least 0').max(1_000_000, '${path} must be at most 1000000');
const key = () => exactString().matches(/^[a-z0-9][a-z0-9-]{0,39}$/, '${path} must be 1 to 40 lowercase letters, digits or -, starting with a letter or digit');
/** A receiving address: its format is the network's (channel-fields.ts); null removes it. */
const paymentAddress = () => exactString().max(255).nullable();

const channelFields = {
  name: names('channel'),
  currency: oneOf(CHANNEL_CURRENCIES),
  paymentMethods: paymentMethods(),
  network: oneOf(CHANNEL_NETWORKS).nullable(),
  paymentAddress: paymentAddress(),
  enabled: zeroOrOne(),
  sortOrder: sortOrder(),
  key: key(),
};

/** POST /vendor/admin/channels. */
export const createChannelBody = documentAs(
  object({
    ...channelFields,
    code: oneOf<ChannelCode>(CHANNEL_CODES).required(),
    name: channelFields.name.required(),
    currency: channelFields.currency.required(),
    paymentMethods: paymentMethods().required(),
  }),
  // What each kind allows (shared/domain/deposit/channel-fields.ts): fiat and/or credit with no network or
  // address for the fiat vendor; crypto in USDT for USDT.
  {
    if: { properties: { code: { const: 'fiatvendor' } } },
    then: {
      properties: {
        paymentMethods: { items: { enum: ['fiat', 'credit'] } },
        network: { type: 'null' },
        paymentAddress: { type: 'null' },
        currency: { not: { const: 'USDT' } },
      },
    },
    else: {
      properties: { paymentMethods: { items: { const: 'crypto' } }, currency: { const: 'USDT' }, network: { enum: [...CHANNEL_NETWORKS] } },
      required: ['network'],
      // The receiving address has its network's format.
      allOf: CHANNEL_NETWORKS.map((network) => ({
        if: { properties: { network: { const: network } } },
        then: { properties: { paymentAddress: { anyOf: [{ type: 'null' }, { type: 'string', pattern: ADDRESS_FORMATS[network].pattern.source }] } } },
      })),
    },
  },
);

/** PATCH /vendor/admin/channels/:id: any of the fields; the kind (`code`) is fixed at creation. */
export const updateChannelBody = object(channelFields);

const channelIds = () =>
  array()
    .of(jsonId().required())
    .typeError('${path} must be an array of channel ids')
    .max(50, '${path} must hold at most 50 channels')
    .test('unique', '${path} must not repeat a channel', (v) => v === undefined || new Set(v).size === v.length);

const groupFields = {
  groupName: names('group'),
  currency: oneOf(GROUP_CURRENCIES),
  channelIds: channelIds(),
  enabled: zeroOrOne(),
};

/** POST /vendor/admin/groups. */
export const createGroupBody = object({ ...groupFields, groupName: groupFields.groupName.required(), currency: groupFields.currency.required() });

/** PATCH /vendor/admin/groups/:id. */
export const updateGroupBody = object(groupFields);

/** PUT /vendor/admin/users/:id/group: a group id, or null for the automatic choice (the locale's group). */
export const playerGroupBody = object({ groupId: jsonId().nullable().defined('${path} is required (a group id, or null for the automatic choice)') });

export { idParams } from '../../http/schema-helpers';
