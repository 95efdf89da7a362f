import { array, int, money, nullable, num, obj, oneOfValues, pagination, str } from '../../http/answer-schemas';

/**
 * The answers of the bet-record endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getBetRecord = obj({
  totalBetCount: int(),
  betAmount: money(),
  betEffective: str(),
  winLose: str(),
  items: array(
    obj({
      id: int(),
      gameType: str(),
      gamePlatform: str(),
      gameNumber: str(),
      totalBetCount: int(),
      betAmount: money(),
      betEffective: str(),
      winLose: str(),
      status: oneOfValues(['valid', 'invalid', 'cancelled']),
      odds: nullable(str()),
      invalidReason: nullable(oneOfValues(['cancelled', 'draw', 'low_odds', 'arbitrage'])),
      betDatetime: str(),
      gameName: str(),
    }),
  ),
  pagination,
});

export const getBetRecordByOrderIdDetails = array(obj({ id: int(), roundNo: num(), betAmount: money(), winLose: str(), createdAt: str() }));
