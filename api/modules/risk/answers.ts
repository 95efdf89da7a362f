import { SIGNAL_KINDS } from '../../../shared/domain/risk';
import { array, dateTime, id, int, nullable, obj, oneOfValues, str } from '../../http/answer-schemas';

/** The answers of the linked-player endpoints (their `result`), as the API document shows them and the tests check them. */

const signal = oneOfValues(SIGNAL_KINDS, 'What the two accounts share');

const link = obj({
  userId: id('The other account'),
  account: str(),
  siteCode: str(),
  signal,
  at: dateTime('When the second of the two accounts got the signal'),
});

const ignored = obj({ signal, accounts: int('Accounts holding the value (counted up to the cap and one)') });

export const getRiskAdminPlayersByIdLinks = obj({
  userId: id(),
  links: array(link, 'One entry per other account and signal, newest first'),
  ignoredSignals: array(ignored, "The player's values held by more accounts than the site's sharedSignalCap: they link nobody"),
});

export const getRiskAdminQueue = obj({
  items: array(
    obj({
      userId: id('The account of the site'),
      account: str(),
      siteCode: str(),
      otherUserId: id(),
      otherAccount: str(),
      otherSiteCode: str(),
      signals: array(signal, 'The kinds of signal they share'),
      at: dateTime('The newest shared signal'),
    }),
    'Undecided pairs sharing at least `threshold` kinds of signal, newest first',
  ),
  threshold: int("The site's queueThreshold"),
  ignoredSignals: array(
    obj({ signal, accounts: int(), value: nullable(str('The IP or device id; null for a personal value (kept only as a hash)')) }),
    "The site's values held by more accounts than its sharedSignalCap: ignored for linking",
  ),
});

export const putRiskAdminPlayersByIdLinksByOtherId = obj({
  userId: id(),
  otherUserId: id(),
  decision: oneOfValues(['linked', 'unrelated']),
  reason: str(),
  decidedAt: dateTime(),
});
