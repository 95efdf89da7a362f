import { array, bool, constant, dateTime, int, money, nullable, num, obj, oneOfValues, pagination, str } from '../../http/answer-schemas';

/**
 * The answers of the withdrawal endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** A withdrawal as its user sees it. */
const withdrawal = {
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
};

/** A withdrawal as the administrators see it: its owner, site, who reviewed and completed it. */
const adminWithdrawal = obj({
  ...withdrawal,
  siteCode: str(),
  userId: int(),
  account: nullable(str()),
  reviewedBy: nullable(num()),
  completedBy: nullable(num()),
  updatedAt: dateTime(),
});

export const getWithdrawalAdminList = obj({ items: array(adminWithdrawal), pagination });

export const postWithdrawalAdminByIdReview = adminWithdrawal;

export const postWithdrawalSendCode = obj({ sent: constant(true), expiresAt: dateTime() });

export const postWithdrawalRequest = obj(withdrawal);

export const getWithdrawalList = obj({ items: array(postWithdrawalRequest), pagination });

/** The turnover a withdrawal waits for: required, done, left. */
const turnover = { requiredTurnover: str(), completedTurnover: str(), remaining: str() };

export const getWithdrawalTurnoverStatus = obj({
  canWithdraw: bool(),
  deposit: obj({
    totalDeposits: str(),
    multiplier: num(),
    ...turnover,
    completed: bool(),
  }),
  promo: obj({
    pendingCount: int(),
    completed: bool(),
    items: array(
      obj({
        promoId: int(),
        promoTitle: str(),
        rewardAmount: money(),
        ...turnover,
      }),
    ),
  }),
});
