import { array, int, nullable, num, obj, str } from '../../http/answer-schemas';

/**
 * The answers of the live-sports endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getLiveSports = array(
  obj({
    fixtureId: int(),
    kickoffAt: str(),
    status: obj({ short: str(), long: str(), elapsed: nullable(num()) }),
    league: obj({
      id: nullable(int()),
      name: str(),
      country: nullable(str()),
      logo: nullable(str()),
      round: nullable(str()),
    }),
    home: obj({ id: int(), name: str(), logo: nullable(str()), score: nullable(num()) }),
    away: obj({ id: int(), name: str(), logo: nullable(str()), score: nullable(num()) }),
    odds: obj({ home: nullable(str()), draw: nullable(str()), away: nullable(str()), extraCount: int() }),
  }),
);
