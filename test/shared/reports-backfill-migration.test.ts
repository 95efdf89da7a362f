import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Migration 20261207-0400 (docs/reports.md): the history written before the report capture existed
 * (accounts, ledger rows, rounds, bet orders still open or settled on a later day) is backfilled as
 * deltas, so the first folds build the rollup from the beginning and the verification finds it whole,
 * the end-of-day funds' running sums included.
 */
let stack: TestStack;
test.before(async () => {
  // No events publisher: its polling reads the ledger and the bet orders, which the rollback and the
  // migrations rebuild (a lock against their DDL, a deadlock Postgres breaks by failing the migration).
  stack = await startTestStack({ EVENTS_PUBLISHER: 'false' });
});
test.after.always(async () => {
  await stack?.close();
});

test('history from before the capture is folded whole', async (t) => {
  const { db } = await import('../../shared/db/sequelize');
  const { migrator } = await import('../../shared/db/migrator');
  const { applyFunctionFiles } = await import('../../shared/db/function-files');
  const factories = await import('../helpers/factories');
  const { insertBetOrder } = await import('../helpers/bets');
  const reports = await import('../../shared/domain/reports');
  const site = await factories.createSite();
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  // Made with today's model, before rolling back (the rollback drops columns added since, such as users."closedAt").
  const { user } = await factories.createUser({ siteCode: site, balance: '25' });
  await migrator(db()).down({ to: '20261207-0400-report-rollups' });
  // The database functions as they were before the reports (rolling back dropped them all): without the capture.
  await applyFunctionFiles(db(), { all: true });
  for (const [table, trigger] of [
    ['game_transactions', 'report_game_transactions'],
    ['affiliate_ledger', 'report_affiliate_ledger'],
    ['users', 'report_users'],
    ['bet_orders', 'report_bet_orders_insert'],
    ['bet_orders', 'report_bet_orders_update'],
    // and before the history's key tables (migration 20261207-0500).
    ['game_transactions', 'history_key'],
    ['provider_transactions', 'history_key'],
    ['bet_orders', 'history_key'],
  ]) {
    await db().query(`DROP TRIGGER ${trigger} ON ${table}`);
  }

  await insertBetOrder(user, { betAmount: '3', settled: false, withResult: false, betDatetime: day(4) });
  await insertBetOrder(user, { betAmount: '2', betDatetime: day(5), settledAt: day(3) });

  await migrator(db()).up();
  await applyFunctionFiles(db(), { all: true });
  const from = day(6).toISOString().slice(0, 10);
  const to = day(0).toISOString().slice(0, 10);
  t.deepEqual(await reports.verifyReports({ from, to, siteCode: site }), []);
  const report = await reports.dailyReport(site, { from, to });
  const on = (n: number) => report.rows.find((r) => r.day === day(n).toISOString().slice(0, 10));
  t.like(on(5), { rounds: 1, openBetCount: 1, openBets: '2.000000' });
  t.like(on(4), { rounds: 1, openBetCount: 2, openBets: '5.000000' });
  t.like(on(3), { openBetCount: 1, openBets: '3.000000' });
  t.like(on(0), { registrations: 1, adjustments: '25.000000', playerCash: '25.000000', openBetCount: 1 });
});
