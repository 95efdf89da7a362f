import Decimal from 'decimal.js';
import { InputError } from '../../errors';
import { distinctPlayers, fundsByDay, groupNames, displayName, periodCells } from './daily';
import { monthDays, quarterDays } from './days';
import { figuresOf, groupFiguresOf } from './figures';

/**
 * The regulatory returns' fields we hold, from the same rollup as the daily report (docs/reports.md,
 * "Regulatory returns": which fields we fill and which need data we do not hold, listed in `notHeld`).
 */

async function byGameType(siteCode: string, from: string, to: string) {
  const [groups, names] = await Promise.all([periodCells(siteCode, from, to, 'gameType'), groupNames(siteCode, 'gameType')]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, cells]) => ({ group: { code, name: displayName('gameType', code, names) }, ...groupFiguresOf('gameType', cells) }));
}

/** GET /reports/admin/returns/uk-quarterly?quarter=YYYY-Qn: the UK Gambling Commission's regulatory return. */
export async function ukQuarterlyReturn(siteCode: string, quarter: string) {
  const period = quarterDays(quarter);
  if (!period) throw new InputError('quarter', 'quarter must be YYYY-Q1 to YYYY-Q4', 'query');
  const { from, to } = period;
  const [totals, funds, active, gameTypes] = await Promise.all([
    periodCells(siteCode, from, to),
    fundsByDay(siteCode, to, to),
    distinctPlayers(siteCode, 'activePlayers', from, to),
    byGameType(siteCode, from, to),
  ]);
  const f = figuresOf(totals.get('') ?? {});
  const end = funds.get(to);
  return {
    siteCode,
    quarter,
    from,
    to,
    customerFundsAtPeriodEnd: { cash: end?.playerCash, pendingWithdrawals: end?.playerFrozen, openBets: end?.openBets },
    activeAccounts: active,
    newRegistrations: f.registrations,
    firstTimeDepositors: f.firstDepositors,
    grossGamblingYield: f.ggr,
    stakes: f.stakes,
    wins: f.wins,
    jackpots: f.jackpots,
    byGameType: gameTypes,
    deposits: f.depositAmount,
    withdrawalsPaid: f.withdrawalsPaid,
    notHeld: ['accountsClosed', 'selfExclusions', 'customersByCountry', 'remoteNonRemoteSplit', 'complaints', 'employees'],
  };
}

/** GET /reports/admin/returns/mt-monthly?month=YYYY-MM: Malta's monthly player-funds report. */
export async function mtMonthlyReturn(siteCode: string, month: string) {
  const period = monthDays(month);
  if (!period) throw new InputError('month', 'month must be YYYY-MM', 'query');
  const { from, to } = period;
  const [totals, funds] = await Promise.all([periodCells(siteCode, from, to), fundsByDay(siteCode, to, to)]);
  const f = figuresOf(totals.get('') ?? {});
  const end = funds.get(to);
  const liabilities = [end?.playerCash, end?.playerFrozen, end?.openBets].reduce<Decimal>((sum, v) => sum.plus(String(v ?? 0)), new Decimal(0));
  return {
    siteCode,
    month,
    from,
    to,
    playerFunds: {
      cashBalances: end?.playerCash,
      pendingWithdrawals: end?.playerFrozen,
      openBets: end?.openBets,
      openBetCount: end?.openBetCount,
      total: liabilities.toFixed(6),
    },
    agentCommissionBalances: { available: end?.agentCash, pendingWithdrawals: end?.agentFrozen },
    deposits: f.depositAmount,
    withdrawalsPaid: f.withdrawalsPaid,
    grossGamingRevenue: f.ggr,
    netGamingRevenue: f.ngr,
    notHeld: ['bonusBalances', 'clientAccountBankBalance', 'reserveOrGuaranteeCover'],
  };
}
