import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { Sequelize } from 'sequelize-typescript';
import { ConfigError, loadConfig, type Config } from '../../shared/config';
import { migrator } from '../../shared/db/migrator';
import { devSecretsFile } from '../../shared/dev-secrets';
import { findOnPath, planService, withDatabase } from './services';

/**
 * The probes of `npm run doctor`. Each answers lines of ok / warn / fail and never throws; every
 * network step gives up after PROBE_TIMEOUT_MS. Services are chosen as `npm start` chooses them
 * (scripts/lib/services.ts), but nothing is started, created or written.
 */
export type Status = 'ok' | 'warn' | 'fail';
export interface Line {
  status: Status;
  name: string;
  reason: string;
  hint?: string;
}
type Env = Record<string, string | undefined>;

export const PROBE_TIMEOUT_MS = 2000;
const HOST = '127.0.0.1';
const ROOT = path.resolve(__dirname, '..', '..');

const line = (status: Status, name: string, reason: string, hint?: string): Line => ({ status, name, reason, hint });

function message(err: unknown): string {
  const e = err as { message?: string; code?: string };
  return e?.message || e?.code || String(err);
}

/** host:port/database of a URL, without credentials. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'an invalid URL';
  }
}

export function checkNode(): Line {
  const range = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node;
  if (!range) return line('ok', 'Node', `${process.version} (package.json names no engines.node)`);
  let semver: { satisfies(version: string, range: string): boolean };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional (only a transitive dependency): loaded where its absence is caught
    semver = require('semver');
  } catch {
    return line('warn', 'Node', `${process.version}, not compared with ${range} (semver is not installed)`);
  }
  return semver.satisfies(process.version, range)
    ? line('ok', 'Node', `${process.version} satisfies ${range}`)
    : line('fail', 'Node', `${process.version} does not satisfy ${range} (package.json engines)`, `install a Node.js matching ${range}, e.g. nvm install 20`);
}

/**
 * Where `npm start` would find a service (planService, as it decides): a URL, or nothing and the port it
 * would start its own on.
 */
export interface Plan {
  url?: string;
  source: string;
  embeddedPort?: number;
}

async function planOf(service: 'postgres' | 'redis', env: Env): Promise<Plan> {
  const plan = await planService(service, { env, timeoutMs: PROBE_TIMEOUT_MS });
  if (plan.kind === 'embedded') return { source: plan.reason, embeddedPort: plan.port };
  if (plan.kind === 'env') return { url: plan.url, source: service === 'postgres' ? 'DATABASE_URL' : 'REDIS_URL' };
  return { url: plan.url, source: `found on ${new URL(plan.url).host}` };
}

export const planPostgres = (env: Env): Promise<Plan> => planOf('postgres', env);
export const planRedis = (env: Env): Promise<Plan> => planOf('redis', env);

async function serverVersion(url: string): Promise<string> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A Sequelize of one connection with the probe's time-outs, for the checks that need the project's own code. */
export function probeSequelize(url: string): Sequelize {
  return new Sequelize(url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: 1, min: 0, acquire: PROBE_TIMEOUT_MS },
    dialectOptions: { connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS },
  });
}

/**
 * The project's migrator on a connection of its own. Its storage creates SequelizeMeta when missing,
 * so pending() is asked only once that table exists: the doctor writes nothing.
 */
async function checkMigrations(url: string): Promise<Line> {
  const sequelize = probeSequelize(url);
  try {
    const [meta] = await sequelize.query<{ table: string | null }>(`SELECT to_regclass('"SequelizeMeta"')::text AS "table"`, { type: QueryTypes.SELECT });
    if (!meta?.table)
      return line(
        'warn',
        'Migrations',
        'none applied yet (no SequelizeMeta table): every migration is pending',
        'npm run migrate (npm start applies them too)',
      );
    const pending = (await migrator(sequelize).pending()).map((m) => m.name);
    if (!pending.length) return line('ok', 'Migrations', 'none pending');
    const names = pending.length > 2 ? `${pending[0]} ... ${pending[pending.length - 1]}` : pending.join(', ');
    return line('warn', 'Migrations', `${pending.length} pending (${names})`, 'npm run migrate (npm start applies them too)');
  } catch (err) {
    return line('warn', 'Migrations', `could not list pending migrations (${message(err)})`);
  } finally {
    await sequelize.close().catch(() => undefined);
  }
}

export async function checkPostgres(plan: Plan): Promise<Line[]> {
  if (!plan.url) {
    return [
      line('warn', 'Postgres', `not reachable (${plan.source}); npm start would start the embedded Postgres`, 'set DATABASE_URL to use a server of your own'),
    ];
  }
  const target = where(plan.url);
  try {
    const version = await serverVersion(plan.url);
    return [line('ok', 'Postgres', `${target} (${plan.source}), server ${version}`), await checkMigrations(plan.url)];
  } catch (err) {
    // 3D000: the server answered, the database does not exist yet
    if ((err as { code?: string }).code === '3D000') {
      const version = await serverVersion(withDatabase(plan.url, 'postgres')).catch((e) => `unknown (${message(e)})`);
      return [
        line('ok', 'Postgres', `${target} (${plan.source}), server ${version}`),
        line('warn', 'Migrations', `database ${target} does not exist yet`, 'npm start / npm run migrate will create it and apply every migration'),
      ];
    }
    // a SQLSTATE (bad password, unknown role, ...): the server answered and refused
    const refused = /^[0-9A-Z]{5}$/.test((err as { code?: string }).code ?? '');
    const hint = plan.source === 'DATABASE_URL' ? 'start Postgres or correct DATABASE_URL' : 'start Postgres, or set DATABASE_URL';
    return [line('fail', 'Postgres', `${refused ? 'refused the connection' : 'not reachable'} at ${target} (${message(err)})`, hint)];
  }
}

export async function checkRedis(plan: Plan): Promise<Line[]> {
  if (!plan.url) {
    const binary = findOnPath('redis-server');
    return binary
      ? [line('warn', 'Redis', `not reachable (${plan.source}); npm start would start ${binary}`, 'set REDIS_URL to use a server of your own')]
      : [
          line(
            'fail',
            'Redis',
            `not reachable (${plan.source}) and redis-server is not installed`,
            'apt-get install redis-server, brew install redis, or set REDIS_URL',
          ),
        ];
  }
  const target = where(plan.url);
  const client = new Redis(plan.url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    commandTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: unknown;
  client.on('error', (err) => {
    lastError = err;
  });
  try {
    await client.connect();
    const version = /redis_version:(\S+)/.exec(await client.info('server'))?.[1] ?? 'unknown';
    return [line('ok', 'Redis', `${target} (${plan.source}), version ${version}`), await evictionPolicy(client)];
  } catch (err) {
    const cause = lastError ?? err;
    // a ReplyError (NOAUTH, WRONGPASS, ...): the server answered and refused
    const refused = (cause as Error)?.name === 'ReplyError';
    const hint = plan.source === 'REDIS_URL' ? 'start Redis or correct REDIS_URL' : 'start Redis, or set REDIS_URL';
    return [line('fail', 'Redis', `${refused ? 'refused the connection' : 'not reachable'} at ${target} (${message(cause)})`, hint)];
  } finally {
    client.disconnect();
  }
}

async function evictionPolicy(client: Redis): Promise<Line> {
  let policy: string | undefined;
  try {
    const reply = await client.config('GET', 'maxmemory-policy');
    policy = Array.isArray(reply) ? reply[1] : reply['maxmemory-policy'];
  } catch (err) {
    return line(
      'warn',
      'Redis policy',
      `maxmemory-policy not readable (${message(err)}; CONFIG is often disabled on managed Redis)`,
      'make sure the provider sets it to noeviction, as BullMQ requires',
    );
  }
  return policy === 'noeviction'
    ? line('ok', 'Redis policy', 'maxmemory-policy noeviction, as BullMQ requires')
    : line(
        'warn',
        'Redis policy',
        `maxmemory-policy is ${policy ?? 'unknown'}: Redis may evict queued jobs; BullMQ requires noeviction`,
        'redis-cli CONFIG SET maxmemory-policy noeviction (and in redis.conf)',
      );
}

/**
 * The configuration validated by loadConfig as npm start validates it, with the service URLs it would
 * put in the environment (scripts/lib/boot.ts). Development secrets are read from their file when it
 * exists; a missing one is not created here.
 */
export function checkConfig(env: Env, pg: Plan, redis: Plan): { lines: Line[]; config?: Config } {
  const file = devSecretsFile();
  // absent services: those npm start would start on their embedded ports
  const withServices = {
    ...env,
    DATABASE_URL: env.DATABASE_URL || pg.url || `postgres://postgres@${HOST}:${pg.embeddedPort}/gaming`,
    REDIS_URL: env.REDIS_URL || redis.url || `redis://${HOST}:${redis.embeddedPort}`,
  };
  let config: Config;
  try {
    config = loadConfig(withServices, { devSecretsFile: fs.existsSync(file) ? file : undefined });
  } catch (err) {
    if (!(err instanceof ConfigError)) return { lines: [line('fail', 'Config', message(err))] };
    return { lines: err.problems.map((p) => line('fail', 'Config', p, 'npm start refuses to start until this is fixed')) };
  }
  return { config, lines: [secretsLine(config, env, path.relative(process.cwd(), file) || file)] };
}

function secretsLine(config: Config, env: Env, file: string): Line {
  if (config.nodeEnv === 'production') return line('ok', 'Secrets', 'JWT_SECRET, ADMIN_JWT_SECRET and ADMIN_PASSWORD are set');
  if (config.nodeEnv === 'test') return line('ok', 'Secrets', 'NODE_ENV=test: JWT secrets not set are random per process');
  const unset = (['JWT_SECRET', 'ADMIN_JWT_SECRET'] as const).filter((name) => !env[name]?.trim());
  if (!unset.length) return line('ok', 'Secrets', 'JWT_SECRET and ADMIN_JWT_SECRET from the environment');
  const kept = config.jwt.generatedSecretsFile ? `generated ones kept in ${file}` : `npm start will generate them into ${file}`;
  return line('ok', 'Secrets', `${unset.join(' and ')} not set: ${kept}`, 'set them to choose your own (required in production)');
}

/** Where uploads are stored; with S3, whether the bucket answers a read within the probe time. */
export async function storageLine(config: Config): Promise<Line> {
  if (config.storage.backend === 'local') {
    return line('ok', 'Storage', `local folder ${config.uploadDir}`, 'STORAGE_BACKEND=s3 to share uploads between hosts (docs/storage.md)');
  }
  const { bucket, endpoint } = config.storage.s3;
  const where = `bucket ${bucket} at ${endpoint ?? 'AWS S3'}`;
  try {
    const { probeS3 } = await import('../../shared/integrations/storage');
    await Promise.race([
      probeS3(config.storage.s3),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${(2 * PROBE_TIMEOUT_MS) / 1000} s`)), 2 * PROBE_TIMEOUT_MS).unref()),
    ]);
    return line('ok', 'Storage', `S3 ${where} answers`);
  } catch (err) {
    return line('fail', 'Storage', `S3 ${where}: ${message(err)}`, 'check S3_ENDPOINT, S3_BUCKET (it must exist), the credentials and S3_FORCE_PATH_STYLE');
  }
}

/** One line per integration of shared/config.ts: which variables it needs and what is off without them. */
export function integrationLines(config: Config): Line[] {
  const i = config.integrations;
  const list: { name: string; vars: Record<string, string | undefined>; without: string }[] = [
    {
      name: 'provx',
      vars: { PROVX_BASE_URL: i.provx.baseUrl, PROVX_API_KEY: i.provx.apiKey, PROVX_SECRET: i.provx.secret },
      without: 'provx real-money launches and wallet callbacks answer "not configured"',
    },
    {
      name: 'provy',
      vars: { PROVY_BASE_URL: i.provy.baseUrl, PROVY_API_KEY: i.provy.apiKey, PROVY_SECRET: i.provy.secret },
      without: 'provy real-money launches and wallet callbacks answer "not configured"',
    },
    { name: 'Mail (SMTP)', vars: { SMTP_URL: i.smtp.url, MAIL_FROM: i.smtp.from }, without: 'mail goes out only for sites with serviceProviders.email' },
    {
      name: 'SMS (Twilio)',
      vars: { TWILIO_ACCOUNT_SID: i.twilio.accountSid, TWILIO_AUTH_TOKEN: i.twilio.authToken, TWILIO_VERIFY_SERVICE_SID: i.twilio.verifyServiceSid },
      without: 'SMS codes are logged, not sent; in production sending fails',
    },
    {
      name: 'Live sports',
      vars: { LIVE_SPORTS_BASE_URL: i.liveSports.baseUrl, LIVE_SPORTS_API_KEY: i.liveSports.apiKey },
      without: 'no live-sports feed, the lists stay empty',
    },
    { name: 'Exchange rate', vars: { EXCHANGE_RATE_BASE_URL: i.exchangeRate.baseUrl }, without: 'nothing uses it yet' },
    { name: 'OAuth', vars: { OAUTH_CLIENT_ID: i.oauth.clientId }, without: 'no OAuth login; login-config answers "not configured"' },
    { name: 'Widget login', vars: { WIDGET_BOT_TOKEN: i.widget.botToken }, without: 'no messenger-widget login' },
    {
      name: 'fiatvendor',
      vars: { FIATVENDOR_BASE_URL: i.fiatvendor.baseUrl, FIATVENDOR_MERCHANT_ID: i.fiatvendor.merchantId, FIATVENDOR_SECRET: i.fiatvendor.secret },
      without: 'deposits are not built yet',
    },
    { name: 'USDT', vars: { USDT_CALLBACK_SECRET: i.usdt.secret }, without: 'deposits are not built yet' },
  ];
  // Unset integrations are expected in development; production should decide on each.
  const absent: Status = config.nodeEnv === 'production' ? 'warn' : 'ok';
  return list.map(({ name, vars, without }) => {
    const unset = Object.keys(vars).filter((key) => !vars[key]);
    if (!unset.length) return line('ok', name, 'configured');
    if (unset.length === Object.keys(vars).length) return line(absent, name, `not configured (${without})`, `set ${unset.join(', ')}`);
    return line('warn', name, `partly configured: ${unset.join(', ')} not set (${without})`, `set ${unset.join(', ')}`);
  });
}
