import { anyValue, array, bool, dateTime, decimal, int, localeTexts, money, nothing, nullable, num, obj, paged, str } from '../../http/answer-schemas';
import { playerDetailFields, playerFields } from '../auth/answers';

/**
 * The answers of the admin endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** An administrator's account. */
const adminFields = {
  id: int(),
  account: str(),
  name: str(),
  groupId: int(),
  status: num(),
  sites: nullable(array(str())),
  lastLoginIp: nullable(str()),
  lastLoginAt: nullable(dateTime()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};
const admin = obj(adminFields);

/** A permission group as an administrator's profile shows it; `groupFields`: as the group endpoints answer it. */
const groupRole = { id: int(), name: str(), permissions: array(str()), description: str(), status: num() };
const groupFields = { ...groupRole, createdAt: dateTime(), updatedAt: dateTime() };

export const getAdminProfile = obj({
  ...adminFields,
  group: nullable(obj(groupRole)),
});

export const getAdminList = array(
  obj({
    ...adminFields,
    group: nullable(obj({ id: int(), name: str() })),
  }),
);

export const postAdminCreate = obj({ id: int(), name: str(), status: num(), account: str(), groupId: int(), createdAt: dateTime() });

export const deleteAdminById = nothing;

export const getAdminGroupsList = array(
  obj({
    ...groupFields,
    adminCount: int(),
  }),
);

export const postAdminGroupsCreate = obj(groupFields);

export const getAdminGroupsById = obj({
  ...groupFields,
  admins: array(admin),
});

export const getAdminLogsList = obj({
  items: array(
    obj({
      id: int(),
      adminId: nullable(int()),
      admin: nullable(obj({ id: int(), account: str(), name: str() })),
      siteCode: nullable(str()),
      module: str(),
      action: str(),
      targetId: nullable(str()),
      ip: nullable(str()),
      userAgent: nullable(str()),
      method: nullable(str()),
      path: nullable(str()),
      detail: anyValue('Free-form'),
      summary: nullable(str()),
      createdAt: dateTime(),
    }),
  ),
  total: int(),
  page: int(),
  pageSize: int(),
  totalPages: int(),
});

export const postAdminLogin = obj({ token: str(), admin });

export const postAdminLogout = obj({ loggedOut: bool() });

export const postAdminGenerateTotpAuth = obj({ secret: str(), qrCode: str() });

export const postAdminEnableTotpAuth = obj({ affected: num() });

export const getAdminGroupsByIdRequireTotp = obj({ id: int(), name: str(), requireTotp: num() });

export const getAdminUsers = paged(
  obj({
    id: int(),
    account: str(),
    name: str(),
    siteCode: str(),
    email: nullable(str()),
    mobile: nullable(str()),
    vipLevel: str(),
    balance: money(),
    frozenBalance: money(),
    agentCode: nullable(str()),
    locale: str(),
    lastActivityAt: nullable(dateTime()),
    createdAt: dateTime(),
  }),
  'items',
);

export const getAdminUsersByUserId = obj({
  vip: nullable(obj({ level: num(), name: localeTexts(), tier: str(), minChip: money(), relegationChip: decimal() })),
  ...playerFields,
  ...playerDetailFields,
});

export const getAdminUsersByUserIdLedger = paged(
  obj({
    id: str(),
    kind: str(),
    amount: money(),
    balanceBefore: str(),
    balanceAfter: str(),
    frozenAmount: money(),
    refType: nullable(str()),
    refId: nullable(str()),
    betOrderId: nullable(str()),
    remark: nullable(str()),
    createdAt: dateTime(),
  }),
  'items',
);

export const postAdminUsersByUserIdBalanceAdjustments = obj({ balanceBefore: str(), balanceAfter: str(), ledgerId: str(), replayed: bool() });
