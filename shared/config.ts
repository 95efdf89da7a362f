import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseAuditSigningKey, type AuditSigningKey } from './audit-signing-key';
import { devSecretsFile, processSecrets, projectDataDir, readOrCreateSecrets, type GeneratedSecretName, type GeneratedSecrets } from './dev-secrets';
import { parseAllowEntry } from './metrics-access';

/**
 * One typed view of the environment, validated once at start. A missing or bad variable stops the
 * process with a message naming it (ConfigError). Read it through `config()`; tests and scripts that
 * change the environment call `resetConfig()` before the first use.
 */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type NodeEnv = 'development' | 'test' | 'production';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  /** Address the API listens on (HOST): loopback unless told otherwise. */
  host: string;
  databaseUrl: string;
  redisUrl: string;
  /**
   * REDIS_CLUSTER_NODES (host:port,host:port...): a Redis Cluster instead of the one server of REDIS_URL;
   * queues then take a hash-tagged prefix (docs/scaling.md, "Redis Cluster").
   */
  redisClusterNodes: Array<{ host: string; port: number }>;
  /** Prefix of every cache key (`<prefix>cache:auth:tv:1`); empty by default. */
  redisKeyPrefix: string;
  /** BullMQ key prefix; tests give each file its own. */
  queuePrefix: string;
  siteCode: string;
  appTimezone: string;
  /** generatedSecretsFile: where the development secrets in use were kept, when JWT_SECRET / ADMIN_JWT_SECRET were not set. */
  jwt: { secret: string; expiresIn: string; adminSecret: string; adminExpiresIn: string; generatedSecretsFile?: string };
  admin: { account: string; password: string };
  /**
   * AUDIT_SIGNING_KEY: the Ed25519 key signing the daily audit digests, PKCS8 PEM or the base64 of its
   * 32-byte seed (shared/audit-signing-key.ts, docs/audit-chains.md). Required in production; in
   * development, when unset, generated and kept with the token secrets (.data/dev-secrets.json).
   */
  auditSigningKey: AuditSigningKey;
  /** bodyLimit: HTTP_BODY_LIMIT in bytes (1 kb = 1024 bytes, as express.json counts). */
  http: { bodyLimit: number; trustProxy: boolean };
  logLevel: string;
  publicAssetBaseUrl: string;
  publicBaseUrl: string;
  /** UPLOAD_DIR: the folder the local storage keeps uploaded images in (default .data/uploads). */
  uploadDir: string;
  /**
   * STORAGE_BACKEND: where stored files live (docs/storage.md): `local` (UPLOAD_DIR, the default) or
   * `s3`, an S3-compatible bucket shared by every API and worker process on every host.
   */
  storage: { backend: 'local' } | { backend: 's3'; s3: S3Settings };
  /**
   * CARD_FINGERPRINT_SECRET: the HMAC key of credit card fingerprints (the "already bound" check). Required
   * in production; elsewhere, when unset, derived from JWT_SECRET (so it is as stable as the dev secrets).
   */
  cardFingerprintSecret: string;
  /** Postgres connections per process (DB_POOL_MAX). */
  dbPoolMax: number;
  /**
   * DB_PREPARED_STATEMENTS (default true): the one-statement money paths as named prepared statements
   * (shared/db/prepared.ts). false behind a transaction-pooling PgBouncer older than 1.21, which cannot
   * carry a named statement from one server connection to the next (docs/scaling.md).
   */
  dbPreparedStatements: boolean;
  /**
   * SIMULATE_OPTIMISTIC_DRAWS (default 3, 0 to 10): how many times a simulate round is drawn with the seeds
   * this process last saw before it draws under the lock of the player's seeds row (two more round trips,
   * always current; shared/domain/game/simulate.ts). 0: always under the lock.
   */
  simulateOptimisticDraws: number;
  /** Rate limits (requests per window) and their windows in seconds; see docs/decisions/platform.md. */
  limits: {
    loginPerIp: number;
    loginPerAccount: number;
    /** Administrator logins (POST /admin/login and Bull Board's form share them), per window of adminLoginWindowS. */
    adminLoginPerIp: number;
    adminLoginPerAccount: number;
    adminLoginWindowS: number;
    registerPerIp: number;
    thirdPartyLoginPerIp: number;
    simulatePerUser: number;
    launchPerUser: number;
    /** Wallet instrument adds (bank card with its photos, credit card, crypto address) per player per minute. */
    walletAddPerUser: number;
    demoPerIp: number;
    /** Money-in and reward calls per player per minute: deposit orders (POST /deposit, add-atm, add-card) and promotion claims. */
    depositCreatePerUser: number;
    promoClaimPerUser: number;
    /** Exchange-rate lookups (public; each may call the rate service) per IP per minute. */
    exchangeRatePerIp: number;
    /** POST /affiliate/track-click per client IP per minute. */
    trackClickPerIp: number;
    /** Commission withdrawal requests (POST /affiliate/withdrawals/request) per agent per minute. */
    affiliateWithdrawalPerUser: number;
    verifySendPerUser: number;
    verifySendWindowUserS: number;
    verifySendPerIp: number;
    verifySendWindowIpS: number;
    verifyCheckPerUser: number;
    verifyCheckWindowUserS: number;
  };
  timeouts: { providerHttpMs: number; liveSportsHttpMs: number; verifyJobWaitMs: number };
  workerQueues: string[] | 'all';
  workerConcurrency: Record<string, number>;
  outboxRelayEveryMs: number;
  /**
   * The history tables by month (docs/decisions/bet-record.md, "History tables are partitioned by month"):
   * PROVIDER_RECONCILIATION_MONTHS (4), the window of the key tables that exactly once goes through;
   * HISTORY_ARCHIVE_AFTER_MONTHS (13), the age of a month, counted from its end, at which the history job
   * moves it to an archive in storage (longer than the window); HISTORY_RETENTION_YEARS (10), how long an
   * archive is kept (the platform deletes none; docs/scaling.md, "History by month").
   */
  history: { keyWindowMonths: number; archiveAfterMonths: number; retentionYears: number };
  /** The relay's fast loop for batched queues (post-bet). */
  outboxBatchRelayEveryMs: number;
  /** How often the workers look in Postgres for outbox effects whose jobs Redis lost (shared/queues/reconcile.ts). */
  outboxReconcileEveryMs: number;
  /** How long after its job was sent an outbox row's effect must be in Postgres before it is enqueued again. */
  outboxReconcileAfterMs: number;
  /**
   * allow: addresses and CIDR ranges (METRICS_ALLOW) whose TCP peers may read GET /metrics.
   * workerPort: WORKER_METRICS_PORT, where a separate workers process serves its metrics on HOST; unset: none.
   */
  metrics: { allow: string[]; workerPort?: number };
  /** Deposits (docs/payments.md). */
  deposits: {
    /** Largest difference between a paid and an ordered amount still credited automatically (order currency, decimal string). */
    amountTolerance: string;
    /** Minutes after which a pending or created order with no payment becomes failed (expired). */
    expireAfterMinutes: number;
    /** Time-out of one fiat vendor order call. */
    vendorHttpMs: number;
    /** Time-out of one exchange-rate call, and how long fetched rates are cached in Redis. */
    exchangeRateHttpMs: number;
    exchangeRateCacheS: number;
  };
  /** Live events to front ends (docs/events.md, docs/decisions/events.md). */
  events: {
    /** EVENTS_PUBLISHER (default true): this API process takes part in publishing the feed (one at a time publishes). */
    publisher: boolean;
    /** EVENTS_POLL_MS: how often the publisher looks for committed feed rows. */
    pollMs: number;
    /** EVENTS_HEARTBEAT_MS: the heartbeat comment of every open stream. */
    heartbeatMs: number;
    /** EVENTS_SESSION_CHECK_MS: how often open streams' token versions are checked (logout closes within it). */
    sessionCheckMs: number;
    /** EVENTS_REALITY_CHECK_MS: how often the streams of players who played are told of a reality check that fell due. */
    realityCheckMs: number;
    /** EVENTS_MAX_STREAMS_PER_PLAYER: open streams a player may hold across every API process. */
    maxStreamsPerPlayer: number;
    /** EVENTS_HISTORY_MAX_LEN and EVENTS_HISTORY_MAX_AGE_S: the bound of a player's replay history. */
    historyMaxLen: number;
    historyMaxAgeS: number;
    /** EVENTS_TICKET_TTL_S: how long a ticket of POST /events/ticket may be used (once). */
    ticketTtlS: number;
    /** EVENTS_LARGE_WIN: a ledger win above this amount is told on the operators' stream (decimal string). */
    largeWin: string;
  };
  /** AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS: hours an agent waits after a commission withdrawal request (not rejected) before the next; 0 = none (docs/affiliates.md). */
  affiliateWithdrawalCooldownHours: number;
  integrations: {
    provx: { baseUrl?: string; apiKey?: string; secret?: string };
    provy: { baseUrl?: string; apiKey?: string; secret?: string };
    fiatvendor: { baseUrl?: string; merchantId?: string; secret?: string };
    usdt: { secret?: string };
    oauth: { clientId?: string; clientSecret?: string; authUrl: string; tokenUrl: string; jwksUrl: string; issuer: string };
    widget: { botToken?: string; botUsername?: string };
    /**
     * devMailDir: MAIL_DIR, the development mailbox: without SMTP settings, mails are written there as
     * .eml files (`npm run mail` shows them). Default .data/mail in development, off in tests unless
     * set, refused in production (docs/decisions/platform.md, "A mailbox for development").
     */
    smtp: { url?: string; from?: string; devMailDir?: string };
    twilio: { accountSid?: string; authToken?: string; verifyServiceSid?: string };
    exchangeRate: { baseUrl?: string };
    liveSports: { baseUrl?: string; apiKey?: string };
    /**
     * The national self-exclusion register (docs/decisions/risk.md, "The national register"):
     * NATIONAL_REGISTER_URL (POST, JSON) and NATIONAL_REGISTER_TOKEN (sent as a Bearer token);
     * NATIONAL_REGISTER_TIMEOUT_MS (3000) per call; NATIONAL_REGISTER_CACHE_S (300) how long an answer is kept in Redis.
     */
    nationalRegister: { url?: string; token?: string; timeoutMs: number; cacheS: number };
  };
}

/** The S3-compatible bucket of STORAGE_BACKEND=s3 (S3_* variables, docs/storage.md). */
export interface S3Settings {
  /** S3_ENDPOINT: the server's URL (MinIO: http://minio:9000); unset: AWS S3 of the region. */
  endpoint?: string;
  /** S3_BUCKET: the bucket, which must exist. */
  bucket: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, both or neither (then the SDK's own chain: environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** S3_FORCE_PATH_STYLE (default false): `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`; true for MinIO. */
  forcePathStyle: boolean;
  /** S3_KEY_PREFIX: put before every key (`prod/`), so several stacks may share a bucket; empty by default. */
  keyPrefix: string;
}

/**
 * On a Redis Cluster every key of a BullMQ queue must live in one hash slot: the prefix carries a hash
 * tag ({bull}), unless it already has one.
 */
export function clusterQueuePrefix(prefix: string, cluster: boolean): string {
  return cluster && !/\{[^}]+\}/.test(prefix) ? `{${prefix}}` : prefix;
}

export const DEV_DEFAULTS = {
  adminAccount: 'admin',
  adminPassword: 'admin123456',
} as const;

type Env = Record<string, string | undefined>;

/**
 * devSecretsFile: where development keeps the token secrets it generates when JWT_SECRET /
 * ADMIN_JWT_SECRET are unset (config() passes .data/dev-secrets.json); without it, and in tests, the
 * secrets are random for this process. Production requires both set.
 */
/** The development mailbox folder: MAIL_DIR, else .data/mail (`npm run mail` reads it without a full config). */
export function devMailDirOf(env: Env): string {
  return path.resolve(env.MAIL_DIR?.trim() || path.join(projectDataDir(), 'mail'));
}

export interface LoadOptions {
  devSecretsFile?: string;
}

export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const nodeEnv = (str('NODE_ENV') ?? 'development') as NodeEnv;
  if (!['development', 'test', 'production'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, test or production (got "${env.NODE_ENV}")`);
  }
  const production = nodeEnv === 'production';

  const int = (name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[], fallback?: string) => {
    const raw = str(name) ?? fallback;
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      problems.push(`${name} is not a valid URL (got "${raw}")`);
    }
    return raw;
  };
  let generated: GeneratedSecrets | undefined;
  let generatedSecretsFile: string | undefined;
  const secret = (name: GeneratedSecretName) => {
    const raw = str(name);
    if (raw !== undefined) {
      if (production && raw.length < 32) problems.push(`${name} must be at least 32 characters in production`);
      return raw;
    }
    if (production) {
      problems.push(`${name} is required in production`);
      return '';
    }
    if (nodeEnv === 'test' || !options.devSecretsFile) return processSecrets()[name];
    try {
      generated ??= readOrCreateSecrets(options.devSecretsFile);
      generatedSecretsFile = options.devSecretsFile;
      return generated[name];
    } catch (err) {
      problems.push(`${name} is not set and no development secret could be kept: ${(err as Error).message}; set JWT_SECRET and ADMIN_JWT_SECRET`);
      return '';
    }
  };

  /** AUDIT_SIGNING_KEY, else (outside production) the generated one: the development file's, or this process's in tests. */
  const signingKey = (): AuditSigningKey => {
    let raw = str('AUDIT_SIGNING_KEY');
    if (raw === undefined && production)
      problems.push('AUDIT_SIGNING_KEY is required in production (an Ed25519 private key: PKCS8 PEM, or the base64 of its 32-byte seed)');
    else if (raw === undefined && (nodeEnv === 'test' || !options.devSecretsFile)) raw = processSecrets().AUDIT_SIGNING_KEY;
    else if (raw === undefined) {
      try {
        generated ??= readOrCreateSecrets(options.devSecretsFile as string);
        raw = generated.AUDIT_SIGNING_KEY;
      } catch (err) {
        problems.push(`AUDIT_SIGNING_KEY is not set and no development key could be kept: ${(err as Error).message}; set AUDIT_SIGNING_KEY`);
      }
    }
    try {
      return parseAuditSigningKey(raw ?? processSecrets().AUDIT_SIGNING_KEY);
    } catch (err) {
      problems.push(`AUDIT_SIGNING_KEY must be an Ed25519 private key, PKCS8 PEM or the base64 of its 32-byte seed: ${(err as Error).message}`);
      return parseAuditSigningKey(processSecrets().AUDIT_SIGNING_KEY);
    }
  };

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  if (!databaseUrl) problems.push('DATABASE_URL is required (for example postgres://postgres@127.0.0.1:5432/gaming)');
  const redisClusterNodes: Array<{ host: string; port: number }> = [];
  for (const entry of (str('REDIS_CLUSTER_NODES') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(entry);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) problems.push(`REDIS_CLUSTER_NODES must list host:port pairs, comma separated (got "${entry}")`);
    else redisClusterNodes.push({ host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) });
  }
  const redisUrl =
    url('REDIS_URL', ['redis:', 'rediss:']) ?? (redisClusterNodes.length ? `redis://${redisClusterNodes[0].host}:${redisClusterNodes[0].port}` : undefined);
  if (!redisUrl) problems.push('REDIS_URL is required (for example redis://127.0.0.1:6379)');

  const siteCode = str('SITE_CODE') ?? 'default';
  if (!/^[A-Za-z0-9_-]{1,30}$/.test(siteCode)) problems.push(`SITE_CODE must be 1-30 letters, digits, _ or - (got "${siteCode}")`);

  const appTimezone = str('APP_TIMEZONE') ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: appTimezone });
  } catch {
    problems.push(`APP_TIMEZONE is not a known IANA time zone (got "${appTimezone}")`);
  }

  const expires = (name: string, fallback: string) => {
    const raw = str(name) ?? fallback;
    if (!/^\d+[smhd]?$/.test(raw)) problems.push(`${name} must look like 3600, 30m, 12h or 7d (got "${raw}")`);
    return raw;
  };

  const adminPassword = str('ADMIN_PASSWORD') ?? DEV_DEFAULTS.adminPassword;
  if (production && !str('ADMIN_PASSWORD')) problems.push('ADMIN_PASSWORD is required in production');
  if (adminPassword.length < 6) problems.push('ADMIN_PASSWORD must be at least 6 characters');

  const historySettings = {
    keyWindowMonths: int('PROVIDER_RECONCILIATION_MONTHS', 4, 1, 120),
    archiveAfterMonths: int('HISTORY_ARCHIVE_AFTER_MONTHS', 13, 2, 1200),
    retentionYears: int('HISTORY_RETENTION_YEARS', 10, 1, 100),
  };
  if (historySettings.archiveAfterMonths <= historySettings.keyWindowMonths) {
    problems.push(
      'HISTORY_ARCHIVE_AFTER_MONTHS must be more than PROVIDER_RECONCILIATION_MONTHS: a retry older than the window is looked up in the months still in the database',
    );
  }
  if (historySettings.retentionYears * 12 < historySettings.archiveAfterMonths) {
    problems.push('HISTORY_RETENTION_YEARS must cover HISTORY_ARCHIVE_AFTER_MONTHS');
  }
  const workerQueuesRaw = str('WORKER_QUEUES') ?? 'all';
  const workerQueues =
    workerQueuesRaw === 'all'
      ? 'all'
      : workerQueuesRaw
          .split(',')
          .map((q) => q.trim())
          .filter(Boolean);

  const workerConcurrency: Record<string, number> = {};
  for (const [key, value] of Object.entries(env)) {
    const m = /^WORKER_CONCURRENCY_([A-Z0-9_]+)$/.exec(key);
    if (m && value) {
      const queue = m[1].toLowerCase().replace(/_/g, '-');
      workerConcurrency[queue] = int(key, 1, 1, 1000);
    }
  }

  const bodyLimitText = str('HTTP_BODY_LIMIT') ?? '100kb';
  const bodyLimitParts = /^(\d+)(b|kb|mb)$/i.exec(bodyLimitText);
  if (!bodyLimitParts) problems.push(`HTTP_BODY_LIMIT must look like 100kb or 1mb (got "${bodyLimitText}")`);
  const unitBytes: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };
  const bodyLimit = bodyLimitParts ? Number(bodyLimitParts[1]) * unitBytes[bodyLimitParts[2].toLowerCase()] : 0;

  const metricsAllow = (str('METRICS_ALLOW') ?? '127.0.0.1,::1')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const entry of metricsAllow) {
    if (!parseAllowEntry(entry)) problems.push(`METRICS_ALLOW must list IP addresses or CIDR ranges, comma separated (got "${entry}")`);
  }

  const decimalSetting = (name: string, fallback: string) => {
    const raw = str(name) ?? fallback;
    if (!/^\d{1,12}(\.\d{1,6})?$/.test(raw)) problems.push(`${name} must be a non-negative decimal with at most 6 decimals (got "${raw}")`);
    return raw;
  };

  const workerMetricsPort = str('WORKER_METRICS_PORT') === undefined ? undefined : int('WORKER_METRICS_PORT', 0, 1, 65535);

  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST') ?? '127.0.0.1';
  if (!isIP(host) && !/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(host)) {
    problems.push(`HOST must be an IP address or a host name (got "${host}")`);
  }
  const jwtSecret = secret('JWT_SECRET');
  const adminJwtSecret = secret('ADMIN_JWT_SECRET');
  const auditSigningKey = signingKey();
  let cardFingerprintSecret = str('CARD_FINGERPRINT_SECRET');
  if (cardFingerprintSecret !== undefined && production && cardFingerprintSecret.length < 32) {
    problems.push('CARD_FINGERPRINT_SECRET must be at least 32 characters in production');
  }
  if (cardFingerprintSecret === undefined && production) problems.push('CARD_FINGERPRINT_SECRET is required in production');
  cardFingerprintSecret ??= createHmac('sha256', jwtSecret).update('card-fingerprint').digest('base64url');
  const mailDirSetting = str('MAIL_DIR');
  if (production && mailDirSetting) problems.push('MAIL_DIR is the development mailbox: production sends mail through SMTP (unset MAIL_DIR)');
  const storage = ((): Config['storage'] => {
    const backend = str('STORAGE_BACKEND') ?? 'local';
    if (backend !== 's3') {
      if (backend !== 'local') problems.push(`STORAGE_BACKEND must be local or s3 (got "${backend}")`);
      return { backend: 'local' };
    }
    const bucket = str('S3_BUCKET') ?? '';
    if (!bucket) problems.push('S3_BUCKET is required with STORAGE_BACKEND=s3');
    else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
      problems.push(`S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens (got "${bucket}")`);
    }
    const region = str('S3_REGION') ?? 'us-east-1';
    if (!/^[a-z0-9-]{1,40}$/.test(region)) problems.push(`S3_REGION must look like us-east-1 (got "${region}")`);
    const accessKeyId = str('S3_ACCESS_KEY_ID');
    const secretAccessKey = str('S3_SECRET_ACCESS_KEY');
    if (!accessKeyId !== !secretAccessKey) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
    const keyPrefix = str('S3_KEY_PREFIX') ?? '';
    if (keyPrefix && !/^([A-Za-z0-9][A-Za-z0-9._-]{0,62}\/){1,4}$/.test(keyPrefix)) {
      problems.push(`S3_KEY_PREFIX must be folder names each ending in /, like prod/ (got "${keyPrefix}")`);
    }
    const s3: S3Settings = {
      endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
      bucket,
      region,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', false),
      keyPrefix,
    };
    return { backend: 's3', s3 };
  })();
  const devMailDir = nodeEnv === 'development' || (nodeEnv === 'test' && mailDirSetting) ? devMailDirOf(env) : undefined;
  const config: Config = {
    nodeEnv,
    port,
    host,
    databaseUrl: databaseUrl ?? '',
    redisUrl: redisUrl ?? '',
    redisKeyPrefix: str('REDIS_KEY_PREFIX') ?? '',
    redisClusterNodes,
    queuePrefix: clusterQueuePrefix(str('QUEUE_PREFIX') ?? 'bull', redisClusterNodes.length > 0),
    siteCode,
    appTimezone,
    jwt: {
      secret: jwtSecret,
      expiresIn: expires('JWT_EXPIRES_IN', '7d'),
      adminSecret: adminJwtSecret,
      adminExpiresIn: expires('ADMIN_JWT_EXPIRES_IN', '12h'),
      generatedSecretsFile,
    },
    admin: { account: str('ADMIN_ACCOUNT') ?? DEV_DEFAULTS.adminAccount, password: adminPassword },
    auditSigningKey,
    http: { bodyLimit, trustProxy: (str('TRUST_PROXY') ?? 'false') === 'true' },
    logLevel: str('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    publicAssetBaseUrl: url('PUBLIC_ASSET_BASE_URL', ['http:', 'https:'], 'https://assets.example.com') as string,
    publicBaseUrl: url('PUBLIC_BASE_URL', ['http:', 'https:'], `http://localhost:${port}`) as string,
    uploadDir: path.resolve(str('UPLOAD_DIR') ?? path.join(projectDataDir(), 'uploads')),
    storage,
    cardFingerprintSecret,
    dbPoolMax: int('DB_POOL_MAX', 10, 1, 500),
    dbPreparedStatements: bool('DB_PREPARED_STATEMENTS', true),
    simulateOptimisticDraws: int('SIMULATE_OPTIMISTIC_DRAWS', 3, 0, 10),
    limits: {
      loginPerIp: int('RATE_LIMIT_LOGIN_PER_IP', 30, 1),
      loginPerAccount: int('RATE_LIMIT_LOGIN_PER_ACCOUNT', 10, 1),
      adminLoginPerIp: int('RATE_LIMIT_ADMIN_LOGIN_PER_IP', 30, 1),
      adminLoginPerAccount: int('RATE_LIMIT_ADMIN_LOGIN_PER_ACCOUNT', 10, 1),
      adminLoginWindowS: int('RATE_LIMIT_ADMIN_LOGIN_WINDOW_S', 900, 1, 86_400),
      registerPerIp: int('RATE_LIMIT_REGISTER_PER_IP', 10, 1),
      thirdPartyLoginPerIp: int('THIRD_PARTY_LOGIN_RATE_LIMIT', 30, 1),
      simulatePerUser: int('RATE_LIMIT_SIMULATE_PER_USER', 300, 1),
      launchPerUser: int('RATE_LIMIT_LAUNCH_PER_USER', 30, 1),
      walletAddPerUser: int('RATE_LIMIT_WALLET_ADD_PER_USER', 20, 1),
      demoPerIp: int('RATE_LIMIT_DEMO_PER_IP', 30, 1),
      depositCreatePerUser: int('RATE_LIMIT_DEPOSIT_PER_USER', 20, 1),
      promoClaimPerUser: int('RATE_LIMIT_PROMO_CLAIM_PER_USER', 30, 1),
      exchangeRatePerIp: int('RATE_LIMIT_EXCHANGE_RATE_PER_IP', 60, 1),
      trackClickPerIp: int('RATE_LIMIT_TRACK_CLICK_PER_IP', 60, 1),
      affiliateWithdrawalPerUser: int('RATE_LIMIT_AFFILIATE_WITHDRAWAL_PER_USER', 30, 1),
      verifySendPerUser: int('VERIFY_SEND_LIMIT_PER_USER', 5, 1),
      verifySendWindowUserS: int('VERIFY_SEND_WINDOW_USER_S', 600, 1),
      verifySendPerIp: int('VERIFY_SEND_LIMIT_PER_IP', 20, 1),
      verifySendWindowIpS: int('VERIFY_SEND_WINDOW_IP_S', 3600, 1),
      verifyCheckPerUser: int('VERIFY_CHECK_LIMIT_PER_USER', 20, 1),
      verifyCheckWindowUserS: int('VERIFY_CHECK_WINDOW_USER_S', 600, 1),
    },
    timeouts: {
      providerHttpMs: int('PROVIDER_HTTP_TIMEOUT_MS', 5000, 1, 600_000),
      liveSportsHttpMs: int('LIVE_SPORTS_HTTP_TIMEOUT_MS', 5000, 1, 600_000),
      verifyJobWaitMs: int('VERIFY_JOB_WAIT_MS', 10_000, 1, 600_000),
    },
    workerQueues,
    workerConcurrency,
    outboxRelayEveryMs: int('OUTBOX_RELAY_EVERY_MS', 5000, 100, 3_600_000),
    history: historySettings,
    outboxBatchRelayEveryMs: int('OUTBOX_BATCH_RELAY_EVERY_MS', 100, 10, 60_000),
    outboxReconcileEveryMs: int('OUTBOX_RECONCILE_EVERY_MS', 60_000, 100, 3_600_000),
    outboxReconcileAfterMs: int('OUTBOX_RECONCILE_AFTER_MS', 300_000, 100, 86_400_000),
    metrics: { allow: metricsAllow, workerPort: workerMetricsPort },
    deposits: {
      amountTolerance: decimalSetting('DEPOSIT_AMOUNT_TOLERANCE', '0'),
      expireAfterMinutes: int('DEPOSIT_EXPIRE_AFTER_MINUTES', 1440, 1, 525_600),
      vendorHttpMs: int('FIATVENDOR_HTTP_TIMEOUT_MS', 8000, 1, 120_000),
      exchangeRateHttpMs: int('EXCHANGE_RATE_HTTP_TIMEOUT_MS', 5000, 1, 120_000),
      exchangeRateCacheS: int('EXCHANGE_RATE_CACHE_S', 300, 1, 86_400),
    },
    events: {
      publisher: bool('EVENTS_PUBLISHER', true),
      pollMs: int('EVENTS_POLL_MS', 50, 5, 60_000),
      heartbeatMs: int('EVENTS_HEARTBEAT_MS', 15_000, 50, 600_000),
      sessionCheckMs: int('EVENTS_SESSION_CHECK_MS', 500, 50, 60_000),
      realityCheckMs: int('EVENTS_REALITY_CHECK_MS', 10_000, 50, 600_000),
      maxStreamsPerPlayer: int('EVENTS_MAX_STREAMS_PER_PLAYER', 5, 1, 1000),
      historyMaxLen: int('EVENTS_HISTORY_MAX_LEN', 200, 1, 100_000),
      historyMaxAgeS: int('EVENTS_HISTORY_MAX_AGE_S', 900, 1, 7 * 86_400),
      ticketTtlS: int('EVENTS_TICKET_TTL_S', 30, 1, 3600),
      largeWin: decimalSetting('EVENTS_LARGE_WIN', '10000'),
    },
    affiliateWithdrawalCooldownHours: int('AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS', 24, 0, 8760),
    integrations: {
      provx: { baseUrl: url('PROVX_BASE_URL', ['http:', 'https:']), apiKey: str('PROVX_API_KEY'), secret: str('PROVX_SECRET') },
      provy: { baseUrl: url('PROVY_BASE_URL', ['http:', 'https:']), apiKey: str('PROVY_API_KEY'), secret: str('PROVY_SECRET') },
      fiatvendor: {
        baseUrl: url('FIATVENDOR_BASE_URL', ['http:', 'https:']),
        merchantId: str('FIATVENDOR_MERCHANT_ID'),
        secret: str('FIATVENDOR_SECRET'),
      },
      usdt: { secret: str('USDT_CALLBACK_SECRET') },
      oauth: {
        clientId: str('OAUTH_CLIENT_ID'),
        clientSecret: str('OAUTH_CLIENT_SECRET'),
        authUrl: url('OAUTH_AUTH_URL', ['http:', 'https:'], 'https://accounts.oauth.example/o/oauth2/v2/auth') as string,
        tokenUrl: url('OAUTH_TOKEN_URL', ['http:', 'https:'], 'https://oauth2.oauth.example/token') as string,
        jwksUrl: url('OAUTH_JWKS_URL', ['http:', 'https:'], 'https://www.oauth.example/oauth2/v3/certs') as string,
        issuer: str('OAUTH_ISSUER') ?? 'https://accounts.oauth.example',
      },
      widget: { botToken: str('WIDGET_BOT_TOKEN'), botUsername: str('WIDGET_BOT_USERNAME') },
      smtp: { url: url('SMTP_URL', ['smtp:', 'smtps:']), from: str('MAIL_FROM'), devMailDir },
      twilio: {
        accountSid: str('TWILIO_ACCOUNT_SID'),
        authToken: str('TWILIO_AUTH_TOKEN'),
        verifyServiceSid: str('TWILIO_VERIFY_SERVICE_SID'),
      },
      exchangeRate: { baseUrl: url('EXCHANGE_RATE_BASE_URL', ['http:', 'https:']) },
      liveSports: { baseUrl: url('LIVE_SPORTS_BASE_URL', ['http:', 'https:']), apiKey: str('LIVE_SPORTS_API_KEY') },
      nationalRegister: {
        url: url('NATIONAL_REGISTER_URL', ['http:', 'https:']),
        token: str('NATIONAL_REGISTER_TOKEN'),
        timeoutMs: int('NATIONAL_REGISTER_TIMEOUT_MS', 3000, 1, 60_000),
        cacheS: int('NATIONAL_REGISTER_CACHE_S', 300, 1, 86_400),
      },
    },
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

let current: Config | undefined;

/** The validated configuration of this process (loaded on first use). */
export function config(): Config {
  current ??= loadConfig(process.env, { devSecretsFile: devSecretsFile() });
  return current;
}

export function resetConfig(): void {
  current = undefined;
}
