import Decimal from 'decimal.js';

/**
 * The figures of operator reporting, defined once (docs/reports.md, "Figures"). Which written fact adds
 * to which stored figure, on which day, is the SQL of shared/db/functions/reports/classify.sql (the
 * capture triggers and `npm run reports:verify` both call it); this file names the stored figures, the
 * dimensions they are kept by, and derives the others (GGR, NGR, the end-of-day funds) from them.
 * Amounts are in the site's wallet currency (the ledger has no currency column: one wallet currency per
 * site, docs/reports.md "Currency"); counts are integers.
 */

/** A stored figure: a sum of amounts and a count per site, day, dimension and group (report_daily). */
export const STORED_FIGURES = [
  'stakes',
  'wins',
  'jackpots',
  'rounds',
  'promotionRewards',
  'vipRebates',
  'bonusConverted',
  'affiliateCommission',
  'adjustments',
  'deposits',
  'withdrawalsRequested',
  'withdrawalsPaid',
  'withdrawalsRefused',
  'agentWithdrawalsRequested',
  'agentWithdrawalsPaid',
  'agentWithdrawalsRefused',
  'registrations',
  'firstDepositors',
  'activePlayers',
  'depositors',
  'playerCashChange',
  'playerFrozenChange',
  'agentCashChange',
  'agentFrozenChange',
  'openBetsChange',
] as const;
export type StoredFigure = (typeof STORED_FIGURES)[number];

/** The dimensions a figure is kept by besides the site: the groups a delta names (classify.sql). */
export const GROUP_BYS = ['gameType', 'provider', 'paymentMethod'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export type Dimension = 'site' | GroupBy;

/** The figures each grouping carries (the others have no game type, provider or payment method). */
export const FIGURES_BY_GROUP: Record<GroupBy, readonly StoredFigure[]> = {
  gameType: ['stakes', 'wins', 'jackpots', 'rounds'],
  provider: ['stakes', 'wins', 'jackpots', 'rounds'],
  paymentMethod: ['deposits'],
};

/** The changes whose running sum is an end-of-day balance, and the balance each makes. */
export const FUNDS: Record<string, { change: StoredFigure; part: 'amount' | 'count' }> = {
  playerCash: { change: 'playerCashChange', part: 'amount' },
  playerFrozen: { change: 'playerFrozenChange', part: 'amount' },
  agentCash: { change: 'agentCashChange', part: 'amount' },
  agentFrozen: { change: 'agentFrozenChange', part: 'amount' },
  openBets: { change: 'openBetsChange', part: 'amount' },
  openBetCount: { change: 'openBetsChange', part: 'count' },
};
export type FundsFigure = keyof typeof FUNDS;
export const FUNDS_CHANGES: readonly StoredFigure[] = [...new Set(Object.values(FUNDS).map((f) => f.change))];

/** One stored cell: amount (decimal string) and count. */
export interface Cell {
  amount: string;
  count: number;
}
export type Cells = Partial<Record<StoredFigure, Cell>>;

const amountOf = (cells: Cells, figure: StoredFigure) => new Decimal(cells[figure]?.amount ?? 0);
const countOf = (cells: Cells, figure: StoredFigure) => cells[figure]?.count ?? 0;
const money = (d: Decimal) => d.toFixed(6);

/**
 * The figures a day's row answers, by kind: amounts (6-decimal strings) and counts. figuresOf gives
 * exactly these (its type says so), and the API document's answer (api/modules/reports/answers.ts) lists
 * them from here.
 */
export const DAY_AMOUNTS = [
  'stakes',
  'wins',
  'jackpots',
  'ggr',
  'promotionRewards',
  'vipRebates',
  'bonusConverted',
  'affiliateCommission',
  'costs',
  'ngr',
  'adjustments',
  'depositAmount',
  'withdrawalsRequested',
  'withdrawalsPaid',
  'withdrawalsRefused',
  'agentWithdrawalsRequested',
  'agentWithdrawalsPaid',
  'agentWithdrawalsRefused',
] as const;
export const DAY_COUNTS = [
  'bets',
  'rounds',
  'depositCount',
  'withdrawalsRequestedCount',
  'withdrawalsPaidCount',
  'withdrawalsRefusedCount',
  'agentWithdrawalsPaidCount',
  'registrations',
  'firstDepositors',
  'activePlayers',
  'depositors',
] as const;
export type DayFigures = { [K in (typeof DAY_AMOUNTS)[number]]: string } & { [K in (typeof DAY_COUNTS)[number]]: number };

/** GGR: what the players lost, stakes - wins - jackpots. */
const ggrOf = (stakes: Decimal, wins: Decimal, jackpots: Decimal) => stakes.minus(wins).minus(jackpots);

/**
 * A day's (or group's) figures as a client reads them. GGR = stakes - wins - jackpots (the players'
 * losses); costs = promotion rewards + VIP rebates + bonus money converted to cash + affiliate
 * commission; NGR = GGR - costs.
 * Adjustments (operators' balance corrections) are shown, not counted in NGR.
 */
export function figuresOf(cells: Cells): DayFigures {
  const ggr = ggrOf(amountOf(cells, 'stakes'), amountOf(cells, 'wins'), amountOf(cells, 'jackpots'));
  const costs = amountOf(cells, 'promotionRewards')
    .plus(amountOf(cells, 'vipRebates'))
    .plus(amountOf(cells, 'bonusConverted'))
    .plus(amountOf(cells, 'affiliateCommission'));
  return {
    stakes: money(amountOf(cells, 'stakes')),
    bets: countOf(cells, 'stakes'),
    wins: money(amountOf(cells, 'wins')),
    jackpots: money(amountOf(cells, 'jackpots')),
    ggr: money(ggr),
    rounds: countOf(cells, 'rounds'),
    promotionRewards: money(amountOf(cells, 'promotionRewards')),
    vipRebates: money(amountOf(cells, 'vipRebates')),
    bonusConverted: money(amountOf(cells, 'bonusConverted')),
    affiliateCommission: money(amountOf(cells, 'affiliateCommission')),
    costs: money(costs),
    ngr: money(ggr.minus(costs)),
    adjustments: money(amountOf(cells, 'adjustments')),
    depositCount: countOf(cells, 'deposits'),
    depositAmount: money(amountOf(cells, 'deposits')),
    withdrawalsRequestedCount: countOf(cells, 'withdrawalsRequested'),
    withdrawalsRequested: money(amountOf(cells, 'withdrawalsRequested')),
    withdrawalsPaidCount: countOf(cells, 'withdrawalsPaid'),
    withdrawalsPaid: money(amountOf(cells, 'withdrawalsPaid')),
    withdrawalsRefusedCount: countOf(cells, 'withdrawalsRefused'),
    withdrawalsRefused: money(amountOf(cells, 'withdrawalsRefused')),
    agentWithdrawalsRequested: money(amountOf(cells, 'agentWithdrawalsRequested')),
    agentWithdrawalsPaidCount: countOf(cells, 'agentWithdrawalsPaid'),
    agentWithdrawalsPaid: money(amountOf(cells, 'agentWithdrawalsPaid')),
    agentWithdrawalsRefused: money(amountOf(cells, 'agentWithdrawalsRefused')),
    registrations: countOf(cells, 'registrations'),
    firstDepositors: countOf(cells, 'firstDepositors'),
    activePlayers: countOf(cells, 'activePlayers'),
    depositors: countOf(cells, 'depositors'),
  };
}

/** The figures a grouped row shows (those its dimension keeps), with the same definitions as figuresOf. */
export function groupFiguresOf(groupBy: GroupBy, cells: Cells): Record<string, string | number> {
  if (groupBy === 'paymentMethod') return { depositCount: countOf(cells, 'deposits'), depositAmount: money(amountOf(cells, 'deposits')) };
  const stakes = amountOf(cells, 'stakes');
  const wins = amountOf(cells, 'wins');
  const jackpots = amountOf(cells, 'jackpots');
  return {
    stakes: money(stakes),
    bets: countOf(cells, 'stakes'),
    wins: money(wins),
    jackpots: money(jackpots),
    ggr: money(ggrOf(stakes, wins, jackpots)),
    rounds: countOf(cells, 'rounds'),
  };
}

/** End-of-day funds from the running sums of the changes (decimal strings, count an integer). */
export function fundsOf(running: Cells): Record<FundsFigure, string | number> {
  return Object.fromEntries(
    Object.entries(FUNDS).map(([name, f]) => [name, f.part === 'count' ? countOf(running, f.change) : money(amountOf(running, f.change))]),
  ) as Record<FundsFigure, string | number>;
}
