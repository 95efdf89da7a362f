import { array, bool, constant, dateTime, int, money, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the withdrawal endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getWithdrawalAdminList = obj({
  items: array(obj({
    address: str(),
    siteCode: str(),
    userId: int(),
    account: nullable(str()),
    reviewedBy: nullable(num()),
    completedBy: nullable(num()),
    updatedAt: dateTime(),
    id: int(),
    amount: money(),
    cryptoAddressId: int(),
    walletName: str(),
    currency: str(),
    network: str(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
    rejectReason: nullable(str()),
    createdAt: dateTime(),
    reviewedAt: nullable(dateTime()),
    completedAt: nullable(dateTime()),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const postWithdrawalAdminByIdReview = obj({
  address: str(),
  siteCode: str(),
  userId: int(),
  account: nullable(str()),
  reviewedBy: nullable(num()),
  completedBy: nullable(num()),
  updatedAt: dateTime(),
  id: int(),
  amount: money(),
  cryptoAddressId: int(),
  walletName: str(),
  currency: str(),
  network: str(),
  status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
  rejectReason: nullable(str()),
  createdAt: dateTime(),
  reviewedAt: nullable(dateTime()),
  completedAt: nullable(dateTime()),
});

export const postWithdrawalSendCode = obj({ sent: constant(true), expiresAt: dateTime() });

export const postWithdrawalRequest = obj({
  id: int(),
  amount: money(),
  cryptoAddressId: int(),
  walletName: str(),
  currency: str(),
  network: str(),
  address: str(),
  status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
  rejectReason: nullable(str()),
  createdAt: dateTime(),
  reviewedAt: nullable(dateTime()),
  completedAt: nullable(dateTime()),
});

export const getWithdrawalList = obj({
  items: array(obj({
    id: int(),
    amount: money(),
    cryptoAddressId: int(),
    walletName: str(),
    currency: str(),
    network: str(),
    address: str(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
    rejectReason: nullable(str()),
    createdAt: dateTime(),
    reviewedAt: nullable(dateTime()),
    completedAt: nullable(dateTime()),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getWithdrawalTurnoverStatus = obj({
  canWithdraw: bool(),
  deposit: obj({
    totalDeposits: str(),
    multiplier: num(),
    requiredTurnover: str(),
    completedTurnover: str(),
    remaining: str(),
    completed: bool(),
  }),
  promo: obj({
    pendingCount: int(),
    completed: bool(),
    items: array(obj({
      promoId: int(),
      promoTitle: str(),
      rewardAmount: money(),
      requiredTurnover: str(),
      completedTurnover: str(),
      remaining: str(),
    })),
  }),
});
