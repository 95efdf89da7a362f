import test from 'ava';
import { QueryTypes } from 'sequelize';
import type { RunningWorkers } from '../../workers/main';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The report fold (docs/decisions/reports.md, "Deltas appended, folded by a job"): the workers serving
 * `report-fold` run it on their own schedule (every few seconds), so what is written reaches the rollup
 * without anyone asking; a fold that fails part-way leaves its deltas for the next one.
 */

let stack: TestStack;
let workers: RunningWorkers | undefined;

test.before(async () => {
  stack = await startTestStack();
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

const query = async <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
  (await import('../../shared/db/sequelize')).db().query<T>(sql, { replacements, type: QueryTypes.SELECT });

test.serial('a fold that fails rolls back: the deltas stay and the next fold counts them once', async (t) => {
  const factories = await import('../helpers/factories');
  const site = await factories.createSite();
  await factories.createUser({ siteCode: site, balance: '5' });
  const pending = await query<{ n: string }>(`SELECT count(*)::TEXT AS n FROM report_deltas`);
  t.true(Number(pending[0].n) >= 2);
  // A constraint violated by the rollup insert makes the whole fold statement fail.
  await query(`ALTER TABLE report_daily ADD CONSTRAINT report_test_refuse CHECK (figure <> 'registrations') NOT VALID`);
  const { foldReportDeltas } = await import('../../shared/domain/reports');
  await t.throwsAsync(foldReportDeltas());
  t.deepEqual(await query(`SELECT count(*)::TEXT AS n FROM report_deltas`), pending);
  await query(`ALTER TABLE report_daily DROP CONSTRAINT report_test_refuse`);
  await foldReportDeltas();
  const [row] = await query<{ count: string }>(
    `SELECT count::TEXT FROM report_daily WHERE "siteCode" = :site AND dimension = 'site' AND figure = 'registrations'`,
    { site },
  );
  t.is(row.count, '1');
});

test.serial('the workers fold on their schedule', async (t) => {
  const factories = await import('../helpers/factories');
  const site = await factories.createSite();
  await factories.createUser({ siteCode: site, balance: '7' });
  const { startWorkers } = await import('../../workers/main');
  workers = startWorkers(['report-fold']);
  const cash = await waitFor(
    'the scheduled fold',
    async () => {
      const rows = await query<{ amount: string }>(
        `SELECT amount::TEXT FROM report_daily WHERE "siteCode" = :site AND dimension = 'site' AND figure = 'playerCashChange'`,
        { site },
      );
      return rows[0]?.amount;
    },
    20_000,
    200,
  );
  t.is(cash, '7.000000');
  await waitFor('no delta left', async () => (await query(`SELECT id FROM report_deltas`)).length === 0, 10_000, 200);
  t.pass();
});
