import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The database functions are source files (shared/db/functions; docs/decisions/platform.md, "Database functions as
 * source files"): a migrated database has exactly their definitions, the drift check names a function
 * changed by hand, and applying the files replaces a changed signature and drops functions no file declares.
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack();
});
test.after.always(async () => {
  await stack?.close();
});

const modules = async () => ({
  db: (await import('../../shared/db/sequelize')).db,
  ...(await import('../../shared/db/function-drift')),
  ...(await import('../../shared/db/function-files')),
});
const NO_DRIFT = { differs: [], undeclared: [], missing: [] };

test.serial('a migrated database has every function of its file, as the file makes it, and no other', async (t) => {
  const { db, functionDrift } = await modules();
  t.deepEqual(await functionDrift(db()), NO_DRIFT);
});

test.serial('a function changed in the database is named by the drift check; applying the files again fixes it', async (t) => {
  const { db, functionDrift, applyFunctionFiles } = await modules();
  await db().query(`CREATE OR REPLACE FUNCTION provider_settle(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$ BEGIN NULL; END $$`);
  t.deepEqual(await functionDrift(db()), { ...NO_DRIFT, differs: ['provider_settle'] });
  await applyFunctionFiles(db(), { all: true });
  t.deepEqual(await functionDrift(db()), NO_DRIFT);
});

test.serial('a missing function, a missing trigger and a function no file declares are named; migrating restores and drops them', async (t) => {
  const { db, functionDrift } = await modules();
  const { migrate } = await import('../../shared/db/migrator');
  await db().query(`DROP FUNCTION outbox_add(TEXT, TEXT, JSONB); DROP TRIGGER users_keep_ledger ON users;
    CREATE FUNCTION stray_helper(x INTEGER) RETURNS INTEGER LANGUAGE sql AS 'SELECT x'`);
  t.deepEqual(await functionDrift(db()), { differs: [], undeclared: ['stray_helper'], missing: ['outbox_add', 'trigger users_keep_ledger ON users'] });
  // outbox_add's file is applied again (a function it declares is missing), stray_helper is dropped;
  // the trigger's file is unchanged, so only applying every file brings it back.
  await migrate(db());
  t.deepEqual(await functionDrift(db()), { ...NO_DRIFT, missing: ['trigger users_keep_ledger ON users'] });
  const { applyFunctionFiles } = await modules();
  await applyFunctionFiles(db(), { all: true });
  t.deepEqual(await functionDrift(db()), NO_DRIFT);
});

test.serial('a file may change a signature or a return type and replace the trigger on its function; other dependents are refused', async (t) => {
  const { db, runFunctionFile } = await modules();
  const run = (sql: string, triggers: string[] = []) =>
    db().transaction((transaction) => runFunctionFile(db(), { file: 'probe.sql', sql, checksum: '', functions: ['drift_probe'], triggers }, transaction));
  const signatures = async () =>
    (
      await db().query<{ s: string }>(`SELECT oid::regprocedure::text || ' -> ' || prorettype::regtype::text AS s FROM pg_proc WHERE proname = 'drift_probe'`, {
        type: QueryTypes.SELECT,
      })
    ).map((r) => r.s);

  await db().query(`CREATE FUNCTION drift_probe(x INTEGER) RETURNS INTEGER LANGUAGE sql AS 'SELECT x'`);
  await run(`CREATE OR REPLACE FUNCTION drift_probe(x INTEGER) RETURNS TEXT LANGUAGE sql AS 'SELECT x::text'`);
  t.deepEqual(await signatures(), ['drift_probe(integer) -> text']);
  await run(`CREATE OR REPLACE FUNCTION drift_probe(x INTEGER, y TEXT) RETURNS TEXT LANGUAGE sql AS 'SELECT y'`);
  t.deepEqual(await signatures(), ['drift_probe(integer,text) -> text']);

  await db().query(`CREATE TABLE drift_probe_rows (id INTEGER)`);
  const withTrigger = `CREATE OR REPLACE FUNCTION drift_probe() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
    DROP TRIGGER IF EXISTS drift_probe ON drift_probe_rows;
    CREATE TRIGGER drift_probe BEFORE INSERT ON drift_probe_rows FOR EACH ROW EXECUTE FUNCTION drift_probe();`;
  await run(withTrigger, ['drift_probe ON drift_probe_rows']);
  await run(withTrigger, ['drift_probe ON drift_probe_rows']); // the trigger on the old function is the file's own
  t.deepEqual(await signatures(), ['drift_probe() -> trigger']);
  const notItsTrigger = await t.throwsAsync(run(`CREATE OR REPLACE FUNCTION drift_probe() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`));
  t.regex(notItsTrigger!.message, /^probe\.sql: cannot drop public\.drift_probe\(\): trigger drift_probe on table drift_probe_rows depends on it/);

  await db().query(`DROP TABLE drift_probe_rows; DROP FUNCTION drift_probe();
    CREATE FUNCTION drift_probe(x INTEGER) RETURNS INTEGER LANGUAGE sql AS 'SELECT x'; CREATE VIEW drift_probe_view AS SELECT drift_probe(1) AS v`);
  const aView = await t.throwsAsync(run(`CREATE OR REPLACE FUNCTION drift_probe(x INTEGER) RETURNS TEXT LANGUAGE sql AS 'SELECT x::text'`));
  t.regex(aView!.message, /^probe\.sql: cannot drop public\.drift_probe\(x integer\): rule _RETURN on view drift_probe_view depends on it/);
  t.deepEqual(await signatures(), ['drift_probe(integer) -> integer']);
  await db().query(`DROP VIEW drift_probe_view; DROP FUNCTION drift_probe(INTEGER)`);
});

test.serial('money_max() is MAX_MONEY and the largest value a NUMERIC(18,6) money column holds', async (t) => {
  const { db } = await modules();
  const { MAX_MONEY } = await import('../../shared/domain/wallet');
  const one = async <T>(sql: string) => (await db().query<{ v: T }>(sql, { type: QueryTypes.SELECT }))[0].v;
  t.is(await one<string>(`SELECT money_max()::TEXT AS v`), MAX_MONEY.toFixed());
  t.is(
    await one<string>(`SELECT format_type(atttypid, atttypmod) AS v FROM pg_attribute WHERE attrelid = 'users'::regclass AND attname = 'balance'`),
    'numeric(18,6)',
  );
  t.is(await one<string>(`SELECT money_max()::NUMERIC(18,6)::TEXT AS v`), MAX_MONEY.toFixed());
  const past = await t.throwsAsync(one(`SELECT (money_max() + 0.000001)::NUMERIC(18,6) AS v`));
  t.regex(past!.message, /numeric field overflow/);
});
