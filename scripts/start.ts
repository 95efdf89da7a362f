import { startApi, closeConnections } from '../api/server';
import { config, DEV_DEFAULTS } from '../shared/config';
import { prepareDatabase } from '../shared/db/setup';
import { startWorkers } from '../workers/main';
import { bootServices } from './lib/boot';

/**
 * `npm start`: the embedded default. Finds or starts Postgres and Redis, migrates and seeds, then runs
 * the API, every worker and Bull Board in this one process. Ctrl-C stops all of it.
 */
async function main() {
  console.log('Starting the gaming platform backend');
  const services = await bootServices('gaming');
  const prepared = await prepareDatabase();
  console.log(`  migrations applied: ${prepared.migrations.length ? prepared.migrations.join(', ') : 'none pending'}`);
  console.log(`  seeded: ${prepared.seeded.length ? prepared.seeded.join(', ') : 'nothing new'}`);

  const api = await startApi();
  const workers = startWorkers();
  const base = `http://127.0.0.1:${api.port}`;
  const { account, password } = config().admin;
  const defaults = account === DEV_DEFAULTS.adminAccount && password === DEV_DEFAULTS.adminPassword;
  console.log(`
  API          ${base}/api            (health: ${base}/api/health)
  Bull Board   ${base}/api/admin/queues   (log in at ${base}/api/admin/queues/login)
  Admin        account "${account}", password "${defaults ? password : '(from ADMIN_PASSWORD)'}"${defaults ? '   <- development defaults; set ADMIN_ACCOUNT / ADMIN_PASSWORD' : ''}
  Site         ${config().siteCode}
  Workers      ${workers.queues.join(', ')}

Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    await api.stop();
    await workers.stop();
    await closeConnections();
    await services.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
