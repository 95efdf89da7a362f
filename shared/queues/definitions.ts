import type { DefaultJobOptions } from 'bullmq';

/**
 * Every queue of the system, declared once. Names are persistent: renaming one strands its jobs.
 * Payloads carry ids, never rows or secrets; the job handlers reload what they need from Postgres.
 */
export interface QueuePayloads {
  /**
   * Settled bet orders: VIP totals, promotion and mission turnover, exactly once per order. The outbox
   * holds one row per order (`betOrderId`); the relay delivers them many to a job (`betOrderIds`).
   */
  'post-bet': { betOrderId?: number; betOrderIds?: number[] };
  /** A paid deposit order to credit. */
  'deposit-credit': { depositOrderId: number };
  /** The sweep that fails deposit orders left unpaid too long (scheduled every 5 minutes). */
  'deposit-expiry': { reason?: 'schedule' | 'manual' };
  /** The sweep that expires bonus grants past their expiry (scheduled every minute; docs/decisions/bonus.md). */
  'bonus-expiry': { reason?: 'schedule' | 'manual' };
  /**
   * An e-mail to render and send; the handler reads codes from the user row. `to`: the address a
   * verify-email code goes to (the pending address; a job for a superseded address is dropped);
   * `subject`: the player's own subject line, when given; `version`: a code mail's version in
   * code_mail_outcomes (a job whose version is no longer the latest is dropped; absent on older rows);
   * `documentId`: the KYC document whose decision a `kyc-decision` mail tells.
   */
  mail: {
    kind: 'verify-email' | 'welcome' | 'withdrawal-code' | 'kyc-decision';
    userId: number;
    to?: string;
    subject?: string;
    version?: number;
    documentId?: number;
  };
  /** An SMS verification to start for a user's pending number (`to`, E.164: a superseded number is dropped). */
  sms: { kind: 'verify-mobile'; userId: number; to?: string };
  /** An uploaded image to resize and store. */
  image: { kind: 'bank-card-photo' | 'promo-image' | 'kyc-document'; storageKey: string };
  /** The daily sweep of stored files no uploaded image owns (left by a crash between a file and its row). */
  'upload-sweep': { reason?: 'schedule' | 'manual' };
  /** Daily rebate for one site and day (YYYY-MM-DD in APP_TIMEZONE); day defaults to yesterday. */
  'vip-rebate': { siteCode?: string; day?: string };
  /** Monthly relegation for one site and month (YYYY-MM); month defaults to last month. */
  'vip-relegation': { siteCode?: string; month?: string };
  /** Affiliate commission settlement for a period. */
  'affiliate-settlement': { period: 'weekly' | 'daily'; date?: string; siteCode?: string };
  /** Refresh of the live-sports cache from the fixtures feed. */
  'live-sports': { reason?: 'schedule' | 'manual' };
  /** A sweep of unsent outbox rows (also run on a timer by the workers). */
  'outbox-relay': { reason?: 'schedule' | 'manual' };
  /** The daily digest (Merkle root) of the ledger and operation-log hash chains' heads. */
  'audit-digest': { reason?: 'schedule' | 'manual' };
  /**
   * The history tables' upkeep (shared/domain/history): the months ahead, the keys older than the
   * reconciliation window, the months old enough to archive.
   */
  history: { reason?: 'schedule' | 'manual' };
  /** The fold of the report deltas into the daily rollup (scheduled every few seconds; docs/reports.md). */
  'report-fold': { reason?: 'schedule' | 'manual' };
}

export type QueueName = keyof QueuePayloads;

const keepCompleted = { age: 24 * 3600, count: 1000 };
const keepFailed = { age: 7 * 24 * 3600, count: 5000 };
const retry = (attempts: number, delay: number): DefaultJobOptions => ({
  attempts,
  backoff: { type: 'exponential', delay },
  removeOnComplete: keepCompleted,
  removeOnFail: keepFailed,
});

/**
 * A queue whose outbox rows are not pushed one job per row after commit but collected by the relay's
 * fast loop (OUTBOX_BATCH_RELAY_EVERY_MS) into jobs of up to `max` rows, `merge` building the job's
 * payload from the rows' payloads: one job (and one queue round trip) for many rows, none on the
 * request path (docs/decisions/post-bet.md, "Post-bet in batches").
 */
export interface Batching {
  max: number;
  merge: (payloads: Array<Record<string, unknown>>) => Record<string, unknown>;
}

/** Default job options per queue: money and settlement work retries longer than notifications. */
export const QUEUES: Record<QueueName, { defaultJobOptions: DefaultJobOptions; concurrency: number; batch?: Batching }> = {
  'post-bet': {
    defaultJobOptions: retry(10, 1000),
    // Two batches at a time: one relay sweep (100 ms) makes about one job; more parallel batches only
    // lock the same players' rows against each other and against their bets (docs/decisions/platform.md).
    concurrency: 2,
    batch: { max: 100, merge: (rows) => ({ betOrderIds: rows.map((row) => Number(row.betOrderId)) }) },
  },
  'deposit-credit': { defaultJobOptions: retry(10, 2000), concurrency: 4 },
  'deposit-expiry': { defaultJobOptions: retry(2, 30_000), concurrency: 1 },
  'bonus-expiry': { defaultJobOptions: retry(2, 30_000), concurrency: 1 },
  mail: { defaultJobOptions: retry(5, 5000), concurrency: 4 },
  sms: { defaultJobOptions: retry(3, 5000), concurrency: 4 },
  image: { defaultJobOptions: retry(3, 2000), concurrency: 2 },
  'upload-sweep': { defaultJobOptions: retry(2, 60_000), concurrency: 1 },
  'vip-rebate': { defaultJobOptions: retry(5, 60_000), concurrency: 1 },
  'vip-relegation': { defaultJobOptions: retry(5, 60_000), concurrency: 1 },
  'affiliate-settlement': { defaultJobOptions: retry(5, 60_000), concurrency: 1 },
  'live-sports': { defaultJobOptions: retry(2, 30_000), concurrency: 1 },
  'outbox-relay': { defaultJobOptions: retry(1, 1000), concurrency: 1 },
  'audit-digest': { defaultJobOptions: retry(5, 60_000), concurrency: 1 },
  history: { defaultJobOptions: retry(5, 300_000), concurrency: 1 },
  'report-fold': { defaultJobOptions: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: keepFailed }, concurrency: 1 },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
export const BATCHED_QUEUES = QUEUE_NAMES.filter((name) => QUEUES[name].batch);

export function isQueueName(value: string): value is QueueName {
  return Object.prototype.hasOwnProperty.call(QUEUES, value);
}

/**
 * The one place job ids are built: `<kind>-<sourceId>`. BullMQ refuses ids containing `:` and
 * treats all-digit ids as its own counters, so both are rejected here.
 */
export function jobId(kind: string, sourceId: string | number): string {
  const id = `${kind}-${sourceId}`;
  if (id.includes(':') || /^\d+$/.test(id) || !/^[a-z]/.test(kind)) {
    throw new Error(`invalid job id "${id}"`);
  }
  return id;
}
