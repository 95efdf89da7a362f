import { anyValue, array, dateTime, int, localeTexts, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';
import { CHANNEL_CODES, PAYMENT_METHODS } from '../../../shared/domain/deposit';
import { LOCALES } from '../../../shared/i18n/locales';

/**
 * The answers of the /vendor endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

const locales = array(oneOfValues(LOCALES));

/** A vendor group as the administrators see it. */
const adminGroup = obj({
  id: int(),
  siteCode: str(),
  groupName: localeTexts(),
  currency: str(),
  channelIds: array(num()),
  enabled: num(),
  servesLocales: locales,
  assignedToNewPlayersOf: locales,
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

/** How a channel is paid, as both a player and the administrators see it. */
const channelPayment = {
  currency: str(),
  paymentMethods: array(oneOfValues(PAYMENT_METHODS)),
  paymentAddress: nullable(str()),
  network: nullable(str()),
  enabled: num(),
};

/** A payment channel as the administrators see it: its names per locale, its order and groups. */
const adminChannel = obj({
  id: int(),
  siteCode: str(),
  key: str(),
  code: oneOfValues(CHANNEL_CODES),
  name: localeTexts(),
  ...channelPayment,
  sortOrder: num(),
  groupIds: array(num()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const getVendorAdminGroups = array(adminGroup);

export const postVendorAdminGroups = adminGroup;

export const getVendorAdminChannels = array(adminChannel);

export const postVendorAdminChannels = adminChannel;

export const putVendorAdminUsersByIdGroup = obj({ userId: int(), vendorGroupId: int() });

/** A channel as a player sees it (the deposit channels add its exchange rate). */
export const playerChannelFields = { id: int(), name: str(), ...channelPayment };

export const getVendorChannels = obj({
  groupId: int(),
  groupName: str(),
  channels: array(obj(playerChannelFields, { optional: ['network'] })),
});

export const postVendorFiatvendorAddAtm = anyValue('Free-form');
