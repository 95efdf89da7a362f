import { array, constant, day, int, money, nullable, obj, oneOfValues, str } from '../../http/answer-schemas';
import { DAY_AMOUNTS, DAY_COUNTS, GROUP_BYS } from '../../../shared/domain/reports';

/** The answers of /reports/admin (docs/reports.md, "Endpoints"), as the API document shows them. */

const FUNDS_MONEY = ['playerCash', 'playerFrozen', 'agentCash', 'agentFrozen', 'openBets'] as const;

const figures = {
  ...Object.fromEntries(DAY_AMOUNTS.map((f) => [f, money()])),
  ...Object.fromEntries(DAY_COUNTS.map((f) => [f, int()])),
};
const funds = { ...Object.fromEntries(FUNDS_MONEY.map((f) => [f, money()])), openBetCount: int('Bet orders not settled at the end of the day') };

export const dailyRow = obj(
  { day: day('The local day in the site time zone'), group: obj({ code: str(), name: str() }), ...figures, ...funds },
  { optional: ['group', ...DAY_AMOUNTS, ...DAY_COUNTS, ...Object.keys(funds)], description: 'A day (and group) with its figures (docs/reports.md)' },
);

export const dailyResult = obj({
  siteCode: str(),
  from: day(),
  to: day(),
  groupBy: nullable(oneOfValues(GROUP_BYS)),
  rows: array(dailyRow, 'One per day; with groupBy, one per day and group that had activity'),
});

/** GET /reports/admin/daily answers the envelope itself (its CSV form is text/csv). */
export const dailyEnvelope = obj({ code: constant(200), message: str(), result: dailyResult, timestamp: int(), path: str() });

export const playerFundsResult = obj({ siteCode: str(), date: day(), ...funds });

const notHeld = array(str(), 'Fields of the return that need data the platform does not hold (docs/reports.md)');
const gameTypeRow = obj({
  group: obj({ code: str(), name: str() }),
  stakes: money(),
  bets: int(),
  wins: money(),
  jackpots: money(),
  ggr: money(),
  rounds: int(),
});

export const ukQuarterlyResult = obj({
  siteCode: str(),
  quarter: str(),
  from: day(),
  to: day(),
  customerFundsAtPeriodEnd: obj({ cash: money(), pendingWithdrawals: money(), openBets: money() }),
  activeAccounts: int('Players who placed a bet in the quarter (each once)'),
  newRegistrations: int(),
  firstTimeDepositors: int(),
  grossGamblingYield: money(),
  stakes: money(),
  wins: money(),
  jackpots: money(),
  byGameType: array(gameTypeRow),
  deposits: money(),
  withdrawalsPaid: money(),
  notHeld,
});

export const mtMonthlyResult = obj({
  siteCode: str(),
  month: str(),
  from: day(),
  to: day(),
  playerFunds: obj({ cashBalances: money(), pendingWithdrawals: money(), openBets: money(), openBetCount: int(), total: money() }),
  agentCommissionBalances: obj({ available: money(), pendingWithdrawals: money() }),
  deposits: money(),
  withdrawalsPaid: money(),
  grossGamingRevenue: money(),
  netGamingRevenue: money(),
  notHeld,
});
