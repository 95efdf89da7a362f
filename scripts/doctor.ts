import { functionDrift } from '../shared/db/function-drift';
import {
  PROBE_TIMEOUT_MS,
  checkConfig,
  checkNode,
  checkPostgres,
  checkRedis,
  integrationLines,
  planPostgres,
  planRedis,
  probeSequelize,
  storageLine,
  type Line,
} from './lib/doctor-checks';

/**
 * `npm run doctor`: what `npm start` would find on this machine (Node, Postgres, Redis, migrations,
 * configuration, integrations), one line each: ok, warn or fail, with a hint. Starts, creates and
 * writes nothing. Exits 1 when something needed is missing, else 0.
 */
const WATCHDOG_MS = 5 * PROBE_TIMEOUT_MS;

/** The database's functions against their source files (shared/db/function-drift.ts: in a transaction it rolls back), on a connection of its own. */
async function checkFunctions(url: string): Promise<Line> {
  const sequelize = probeSequelize(url);
  try {
    const drift = await functionDrift(sequelize);
    const found = [
      { names: drift.differs, what: 'differ from their files' },
      { names: drift.missing, what: 'missing' },
      { names: drift.undeclared, what: 'declared by no file' },
    ].filter((d) => d.names.length);
    if (!found.length) return { status: 'ok', name: 'Functions', reason: 'every database function is as its file makes it (shared/db/functions)' };
    return {
      status: 'warn',
      name: 'Functions',
      reason: found.map((d) => `${d.what}: ${d.names.join(', ')}`).join('; '),
      hint: 'npm run migrate applies every file again after DELETE FROM db_function_files, and drops the undeclared ones',
    };
  } catch (err) {
    return { status: 'warn', name: 'Functions', reason: `not compared with their files (${err instanceof Error ? err.message : String(err)})` };
  } finally {
    await sequelize.close().catch(() => undefined);
  }
}

function print(l: Line): void {
  console.log(`${l.status.padEnd(4)}  ${l.name.padEnd(13)} ${l.reason}${l.hint ? `  -> ${l.hint}` : ''}`);
}

async function main(): Promise<number> {
  console.log('Checking what npm start needs\n');
  const env = process.env;
  const [pg, redis] = await Promise.all([planPostgres(env), planRedis(env)]);
  const [pgLines, redisLines] = await Promise.all([checkPostgres(pg), checkRedis(redis)]);
  const config = checkConfig(env, pg, redis);
  // Only once the migrations are applied: before that the functions are expected to differ.
  const migrated = pg.url && pgLines.some((l) => l.name === 'Migrations' && l.status === 'ok');
  const functionLines = migrated ? [await checkFunctions(pg.url as string)] : [];
  const storage = config.config ? [await storageLine(config.config)] : [];
  const lines = [checkNode(), ...pgLines, ...functionLines, ...redisLines, ...config.lines, ...storage];
  lines.forEach(print);

  console.log('\nIntegrations');
  if (config.config) integrationLines(config.config).forEach(print);
  else print({ status: 'warn', name: 'Integrations', reason: 'not checked: the configuration is invalid (see above)' });

  const failed = lines.filter((l) => l.status === 'fail').length;
  console.log(failed ? `\n${failed} problem(s) to fix before npm start` : '\nnpm start has what it needs');
  return failed ? 1 : 0;
}

// Each probe gives up after PROBE_TIMEOUT_MS and closes its connection; the watchdog is a last resort.
setTimeout(() => {
  console.error(`fail  doctor did not finish within ${WATCHDOG_MS / 1000} s; stopping`);
  process.exit(1);
}, WATCHDOG_MS).unref();

main().then(
  // exit now: ioredis keeps the connect timer of a refused socket running for connectTimeout
  (code) => process.exit(code),
  (err) => {
    console.error(`fail  doctor: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
