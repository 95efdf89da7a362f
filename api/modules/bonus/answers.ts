import { GRANT_SOURCES, GRANT_STATUSES, OFFER_QUALIFYING } from '../../../shared/domain/bonus';
import { array, bool, dateTime, id, int, money, nullable, obj, oneOfValues, paged, str } from '../../http/answer-schemas';

/**
 * The answers of the bonus endpoints (their `result`), as the API document shows them and the tests check
 * them (docs/decisions/bonus.md).
 */

export const grant = obj({
  id: id(),
  userId: int(),
  source: oneOfValues(GRANT_SOURCES),
  status: oneOfValues(GRANT_STATUSES, 'active; converted (wagering complete: cash up to maxConversion), forfeited or expired'),
  amount: money('Granted'),
  balance: money('Bonus money left in the grant'),
  progress: obj({ wagered: money(), required: money(), remaining: money('required - wagered, not below 0') }),
  maxBet: nullable(money('The largest stake while active (null: none)')),
  maxConversion: nullable(money('The most that converts to cash (null: all)')),
  expiresAt: dateTime(),
  reason: str(),
  convertedAmount: nullable(money('Cash paid when converted')),
  forfeitedAmount: nullable(money('Bonus money that left when it ended (forfeited, expired, or above maxConversion)')),
  endReason: nullable(str()),
  endedAt: nullable(dateTime()),
  createdAt: dateTime(),
});

export const getBonus = obj({ bonusBalance: money(), grants: array(grant, 'Newest first, the latest 100') });

export const postBonusForfeit = grant;

export const getBonusAdminGrants = paged(grant, 'items');

export const postBonusAdminGrants = grant;

export const postBonusAdminGrantForfeit = grant;

/** A deposit offer as operators see it. */
export const offer = obj({
  id: id(),
  code: str(),
  name: str(),
  percent: str('Percent of the qualifying deposit, 2 decimals'),
  maxBonus: money(),
  minDeposit: money(),
  qualifying: oneOfValues(OFFER_QUALIFYING, "first: the player's first credited deposit; nth: the depositNumber-th; any"),
  depositNumber: nullable(int()),
  wageringMultiplier: str(),
  maxBet: nullable(money()),
  maxConversion: nullable(money()),
  validDays: int(),
  startsAt: dateTime(),
  endsAt: dateTime(),
  enabled: bool(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const getBonusAdminOffers = array(offer, 'Newest first');
