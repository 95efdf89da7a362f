import path from 'node:path';
import { startApi, closeConnections } from '../api/server';
import bcrypt from 'bcrypt';
import { config } from '../shared/config';
import { Admin } from '../shared/db/models';
import { prepareDatabase } from '../shared/db/setup';
import { startWorkers } from '../workers/main';
import { bootServices } from './lib/boot';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** An address a browser on this machine can open for the one the API listens on. */
function browsable(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * What is true of the first administrator: created now with the configured password, or already there
 * with its own password (seeding never changes it), which is or is not the configured one.
 */
async function adminLine(created: boolean): Promise<string> {
  const { account, password } = config().admin;
  const fromDefault = !process.env.ADMIN_PASSWORD?.trim();
  const configured = fromDefault ? `the development default "${password}"` : 'ADMIN_PASSWORD';
  if (created) return `account "${account}", created now with password ${configured}${fromDefault ? '   <- set ADMIN_PASSWORD to choose one' : ''}`;
  const existing = await Admin.findOne({ where: { account }, attributes: ['password'] });
  const same = existing ? await bcrypt.compare(password, existing.password) : false;
  return `account "${account}", already there: seeding left its password as it was, and it ${same ? 'is' : 'is not'} ${configured}`;
}

/** Where mails go: the SMTP host of SMTP_URL, else the development mailbox (docs/decisions/platform.md). */
function mailLine(): string {
  const { url, devMailDir } = config().integrations.smtp;
  if (url) return `SMTP ${new URL(url).host} (SMTP_URL)`;
  const sites = 'unless a site sets serviceProviders.email';
  if (devMailDir) return `no SMTP_URL: .eml files in ${path.relative(process.cwd(), devMailDir) || devMailDir}, ${sites} (npm run mail shows the newest)`;
  return `no SMTP_URL: mail is not configured, ${sites}`;
}

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
  const base = `http://${browsable(api.host)}:${api.port}`;
  const admin = await adminLine(prepared.adminCreated);
  const secretsFile = config().jwt.generatedSecretsFile;
  console.log(`
  API          ${base}/api            (health: ${base}/api/health)
  Listening    ${api.host}:${api.port}   ${LOOPBACK.has(api.host) ? '(this machine only; HOST=0.0.0.0 to listen on every interface)' : '(HOST)'}
  Bull Board   ${base}/api/admin/queues   (log in at ${base}/api/admin/queues/login)
  Reports      ${base}/api/admin/reports/   (the same login; reports:read)
  Admin        ${admin}${secretsFile ? `\n  Secrets      JWT_SECRET / ADMIN_JWT_SECRET not set: generated ones kept in ${path.relative(process.cwd(), secretsFile) || secretsFile}` : ''}
  Site         ${config().siteCode}
  Mail         ${mailLine()}
  Workers      ${workers.queues.join(', ')}

Press Ctrl-C to stop.`);

  // Ctrl-C stops in order (docs/decisions/platform.md, "Ctrl-C stops in order"): no new requests and no new
  // jobs, in-flight requests and running jobs finish, the connections close, then Postgres and Redis stop
  // (they are in their own process groups, so the terminal's Ctrl-C did not reach them). A second Ctrl-C
  // forces: exit now, and the exit hooks stop the children.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: forcing the stop`);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: stopping (taking no more requests or jobs; running ones finish; Ctrl-C again forces)`);
    await Promise.all([api.stop(), workers.stop()]);
    await closeConnections();
    console.log('  drained: requests and jobs finished, connections closed');
    await services.stop();
    if (services.started.length) console.log(`  stopped: ${services.started.join('; ')}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
