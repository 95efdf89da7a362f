import { array, bool, int, money, obj, str } from '../../http/answer-schemas';

/**
 * The answers of the ranking endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getRanking = {
  anyOf: [
    array(
      obj({
        id: int(),
        gameName: str(),
        playerName: str(),
        time: str(),
        betAmount: money(),
        multiplier: str(),
        payout: money(),
        isAnonymous: bool(),
      }),
    ),
    array(obj({ playerAccount: str(), totalPayout: str() })),
  ],
};
