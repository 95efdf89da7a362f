import { anyValue, array, dateTime, int, localeTexts, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the payment-vendor endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getVendorAdminGroups = array(obj({
  id: int(),
  siteCode: str(),
  groupName: localeTexts(),
  currency: str(),
  channelIds: array(num()),
  enabled: num(),
  servesLocales: array(oneOfValues(['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'])),
  assignedToNewPlayersOf: array(oneOfValues(['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'])),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const postVendorAdminGroups = obj({
  id: int(),
  siteCode: str(),
  groupName: localeTexts(),
  currency: str(),
  channelIds: array(num()),
  enabled: num(),
  servesLocales: array(oneOfValues(['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'])),
  assignedToNewPlayersOf: array(oneOfValues(['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'])),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const getVendorAdminChannels = array(obj({
  id: int(),
  siteCode: str(),
  key: str(),
  code: oneOfValues(['fiatvendor', 'usdt']),
  name: localeTexts(),
  currency: str(),
  paymentMethods: array(oneOfValues(['crypto', 'fiat', 'credit'])),
  paymentAddress: nullable(str()),
  network: nullable(str()),
  enabled: num(),
  sortOrder: num(),
  groupIds: array(num()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const postVendorAdminChannels = obj({
  id: int(),
  siteCode: str(),
  key: str(),
  code: oneOfValues(['fiatvendor', 'usdt']),
  name: localeTexts(),
  currency: str(),
  paymentMethods: array(oneOfValues(['crypto', 'fiat', 'credit'])),
  paymentAddress: nullable(str()),
  network: nullable(str()),
  enabled: num(),
  sortOrder: num(),
  groupIds: array(num()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const putVendorAdminUsersByIdGroup = obj({ userId: int(), vendorGroupId: int() });

export const getVendorChannels = obj({
  groupId: int(),
  groupName: str(),
  channels: array(obj({
    id: int(),
    name: str(),
    currency: str(),
    paymentMethods: array(oneOfValues(['crypto', 'fiat', 'credit'])),
    paymentAddress: nullable(str()),
    network: nullable(str()),
    enabled: num(),
  }, { optional: ['network'] })),
});

export const postVendorFiatvendorAddAtm = anyValue('Free-form');
