import { randomBytes } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../config';
import { db } from '../db/sequelize';
import { logger } from '../logger';
import { jobId } from './definitions';
import { cache } from '../redis';

/**
 * The database incarnation (docs/decisions/platform.md, "Outbox job ids carry the database incarnation"):
 * a random id, kept in the one row of `database_incarnation`, that every outbox job id carries
 * (`outbox-<incarnation>-<outbox id>`). A database restored from a backup hands out outbox ids again
 * that the old Redis still holds as completed jobs, and BullMQ ignores a job whose id it has; with a
 * new incarnation the restored database's ids are new job ids.
 *
 * A new incarnation is minted, under the row's lock so concurrent processes agree, when:
 * - there is no row yet (the first use);
 * - the row was minted for another database: the cluster's system identifier, the database's oid or
 *   the timeline differ (a dump restored into a fresh database, a clone, a point-in-time recovery or a
 *   promoted replica);
 * - Redis has seen pushes of this incarnation past the outbox's sequence (the outbox ids rewound: a
 *   restore that kept all three, such as a volume snapshot of the same cluster);
 * - an operator asks for one (`npm run db:new-incarnation`).
 * Each process keeps the id for CACHE_MS, then looks again.
 */
const CACHE_MS = 60_000;

interface Identity {
  systemIdentifier: string | null;
  databaseOid: string;
  timeline: number | null;
}

interface StoredIncarnation extends Identity {
  id: string;
}

let cached: { url: string; id: string; at: number } | undefined;
let resolving: { url: string; promise: Promise<string> } | undefined;

/**
 * The sorted set of the highest outbox id pushed per incarnation (score). Named after the queue prefix,
 * so on a Redis Cluster it lives in the queues' slot (their `{tag}`) and is lost with their jobs.
 */
function pushedKey(): string {
  return `outbox:${config().queuePrefix}:pushed-through`;
}

/**
 * The database's identity, read outside the row's transaction: the control functions may be refused to
 * the role, and then only the oid counts.
 */
async function currentIdentity(): Promise<Identity> {
  const [{ databaseOid }] = await db().query<{ databaseOid: string }>(
    `SELECT oid::bigint::text AS "databaseOid" FROM pg_database WHERE datname = current_database()`,
    {
      type: QueryTypes.SELECT,
    },
  );
  try {
    const [control] = await db().query<{ systemIdentifier: string; timeline: number }>(
      `SELECT (SELECT system_identifier::text FROM pg_control_system()) AS "systemIdentifier", (SELECT timeline_id FROM pg_control_checkpoint()) AS timeline`,
      { type: QueryTypes.SELECT },
    );
    return { databaseOid, systemIdentifier: control.systemIdentifier, timeline: Number(control.timeline) };
  } catch {
    return { databaseOid, systemIdentifier: null, timeline: null };
  }
}

/** The highest outbox id handed out so far (0 when none). */
async function outboxSequenceValue(transaction: Transaction): Promise<number> {
  const [row] = await db().query<{ value: string }>(`SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END::text AS value FROM outbox_id_seq`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  return Number(row.value);
}

/** The highest outbox id Redis has seen pushed under `id` (0 when none). */
async function pushedThrough(id: string): Promise<number> {
  return Number((await cache().zscore(pushedKey(), id)) ?? 0);
}

/** Records that outbox ids up to `throughId` were pushed under `incarnation` (never lowers the mark). */
export async function notePushed(incarnation: string, throughId: string | number): Promise<void> {
  await cache().zadd(pushedKey(), 'GT', String(throughId), incarnation);
}

function differs(stored: Identity, now: Identity): boolean {
  if (stored.databaseOid !== now.databaseOid) return true;
  if (stored.systemIdentifier !== null && now.systemIdentifier !== null && stored.systemIdentifier !== now.systemIdentifier) return true;
  return stored.timeline !== null && now.timeline !== null && stored.timeline !== now.timeline;
}

async function mint(transaction: Transaction, identity: Identity, previousId: string | null, reason: string): Promise<string> {
  const id = randomBytes(6).toString('hex');
  await db().query(
    `INSERT INTO database_incarnation (singleton, id, "systemIdentifier", "databaseOid", timeline, "previousId", reason, "createdAt", "sweptAt")
     VALUES (true, :id, :systemIdentifier, :databaseOid, :timeline, :previousId, :reason, now(), CASE WHEN :previousId::text IS NULL THEN now() END)
     ON CONFLICT (singleton) DO UPDATE SET id = EXCLUDED.id, "systemIdentifier" = EXCLUDED."systemIdentifier", "databaseOid" = EXCLUDED."databaseOid",
       timeline = EXCLUDED.timeline, "previousId" = EXCLUDED."previousId", reason = EXCLUDED.reason, "createdAt" = now(), "sweptAt" = EXCLUDED."sweptAt"`,
    { replacements: { id, ...identity, previousId, reason }, transaction },
  );
  if (previousId) logger().warn({ incarnation: id, previous: previousId, reason }, 'database incarnation: new outbox job ids');
  else logger().info({ incarnation: id }, 'database incarnation: first');
  return id;
}

/** The row locked (created when missing, so the lock always has a row to hold). */
async function lockedRow(transaction: Transaction): Promise<StoredIncarnation | undefined> {
  await db().query(`LOCK TABLE database_incarnation IN SHARE ROW EXCLUSIVE MODE`, { transaction });
  const [row] = await db().query<StoredIncarnation>(
    `SELECT id, "systemIdentifier", "databaseOid"::text AS "databaseOid", timeline FROM database_incarnation WHERE singleton`,
    { type: QueryTypes.SELECT, transaction },
  );
  return row;
}

async function resolveIncarnation(): Promise<string> {
  const identity = await currentIdentity();
  return db().transaction(async (transaction) => {
    const row = await lockedRow(transaction);
    if (!row) return mint(transaction, identity, null, 'first use');
    if (differs(row, identity)) return mint(transaction, identity, row.id, 'another database');
    const [pushed, sequence] = await Promise.all([pushedThrough(row.id), outboxSequenceValue(transaction)]);
    if (pushed > sequence) return mint(transaction, identity, row.id, 'outbox ids rewound');
    return row.id;
  });
}

/** This database's incarnation (cached for CACHE_MS; needs Postgres and the queues' Redis). */
export function databaseIncarnation(): Promise<string> {
  const url = config().databaseUrl;
  if (cached && cached.url === url && Date.now() - cached.at < CACHE_MS) return Promise.resolve(cached.id);
  if (resolving?.url !== url) {
    const promise = resolveIncarnation()
      .then((id) => {
        cached = { url, id, at: Date.now() };
        return id;
      })
      .finally(() => {
        if (resolving?.promise === promise) resolving = undefined;
      });
    resolving = { url, promise };
  }
  return resolving.promise;
}

/** Drops this process's copy of the incarnation: the next use reads (and checks) the row again. */
export function forgetIncarnation(): void {
  cached = undefined;
}

/** An operator's new incarnation (`npm run db:new-incarnation`, part of the restore procedure in docs/operations.md). */
export async function newIncarnation(reason = 'operator'): Promise<{ id: string; previousId: string | null }> {
  const identity = await currentIdentity();
  const result = await db().transaction(async (transaction) => {
    const row = await lockedRow(transaction);
    const id = await mint(transaction, identity, row?.id ?? null, reason);
    return { id, previousId: row?.id ?? null };
  });
  cached = undefined;
  return result;
}

/**
 * Claims the sweep a new incarnation owes (its database's rows marked sent were sent from another
 * database): true once, for one process, per incarnation minted from a previous one.
 */
export async function claimNewIncarnationSweep(): Promise<boolean> {
  await databaseIncarnation();
  const rows = await db().query<{ id: string }>(`UPDATE database_incarnation SET "sweptAt" = now() WHERE singleton AND "sweptAt" IS NULL RETURNING id`, {
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

/** The job id of an outbox row, or of a run of rows `[first, last]` of a batched queue. */
export function outboxJobId(incarnation: string, ids: string | number | readonly [string | number, string | number]): string {
  const part = typeof ids === 'object' ? (ids[0] === ids[1] ? String(ids[0]) : `${ids[0]}-${ids[1]}`) : String(ids);
  return jobId('outbox', `${incarnation}-${part}`);
}

/** The job id of outbox rows in this database (tests and operators looking a job up). */
export async function currentOutboxJobId(ids: string | number | readonly [string | number, string | number]): Promise<string> {
  return outboxJobId(await databaseIncarnation(), ids);
}
