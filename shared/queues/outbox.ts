import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/sequelize';
import { logger } from '../logger';
import { repeatEvery } from './repeat';
import { QUEUES, type QueueName, type QueuePayloads } from './definitions';
import { databaseIncarnation, notePushed, outboxJobId } from './incarnation';
import { queue } from './queues';

/**
 * Transactional outbox (docs/architecture.md, "Invariants"). A state change that must trigger a job writes an
 * outbox row in its own transaction; after commit the row is pushed to BullMQ at once, and the relay
 * sweeps whatever could not be pushed (Redis down, crash between commit and push). The BullMQ job id is
 * `outbox-<incarnation>-<id>`, so a row pushed twice (by the after-commit push and by the relay) is one
 * job, and a database restored from a backup, which hands out the same ids again, does not meet the old
 * jobs in Redis (shared/queues/incarnation.ts). Rows of a batched queue (definitions.ts `batch`:
 * post-bet) are not pushed after commit: the relay's fast loop delivers them many to a job,
 * `outbox-<incarnation>-<first id>-<last id>`.
 */
const inFlight = new Set<Promise<unknown>>();

/** Waits for after-commit pushes still running (before shutdown closes their connections). */
export async function settleOutboxPushes(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

export async function addToOutbox<Q extends QueueName>(
  transaction: Transaction,
  queueName: Q,
  name: string,
  payload: QueuePayloads[Q],
): Promise<{ id: string }> {
  const [row] = await db().query<{ id: string }>(
    // outbox_add (shared/db/functions/outbox/add-row.sql): the same insert the provider callbacks' functions make.
    `SELECT outbox_add($1, $2, CAST($3 AS JSONB)) AS id`,
    { bind: [queueName, name, JSON.stringify(payload)], type: QueryTypes.SELECT, transaction },
  );
  if (QUEUES[queueName].batch) return row;
  transaction.afterCommit(() => pushAfterCommit({ id: row.id, queue: queueName, name, payload: payload as Record<string, unknown> }));
  return row;
}

/** An outbox row as written (a database function's to_jsonb of it has these fields and more). */
export interface CommittedRow {
  id: string | number;
  queue: QueueName;
  name: string;
  payload: Record<string, unknown>;
}

/**
 * Pushes a row whose transaction has committed: the after-commit push of addToOutbox, and of rows a
 * database function wrote through outbox_add in a statement that was its own transaction (it returns
 * the row). Not awaited by the request: a failure leaves the row unsent for the relay. Rows of a
 * batched queue are left to the relay.
 */
export function pushAfterCommit(row: CommittedRow): void {
  if (QUEUES[row.queue].batch) return;
  const push = pushCommittedRow({ id: String(row.id), queue: row.queue, name: row.name, payload: row.payload }).finally(() => inFlight.delete(push));
  inFlight.add(push);
}

/**
 * The after-commit push of a row this process just wrote: no lock and no transaction, because the job
 * id (`outbox-<incarnation>-<id>`) already makes a push that races with the relay one job. Marks the row
 * sent, or records the failure for the relay.
 */
async function pushCommittedRow(row: UnsentRow): Promise<void> {
  const sequelize = db();
  try {
    await withTimeout(pushJob(await databaseIncarnation(), row.queue, row.name, row.payload, [row.id]), PUSH_TIMEOUT_MS);
    await sequelize.query(`UPDATE outbox SET "sentAt" = now(), attempts = attempts + 1 WHERE id = :id AND "sentAt" IS NULL`, {
      replacements: { id: row.id },
    });
  } catch (err) {
    logger().warn({ err, outboxId: row.id }, 'outbox push failed; left for the relay');
    await sequelize
      .query(`UPDATE outbox SET attempts = attempts + 1, "lastError" = :error WHERE id = :id AND "sentAt" IS NULL`, {
        replacements: { id: row.id, error: String((err as Error).message ?? err).slice(0, 500) },
      })
      .catch(() => undefined);
  }
}

/**
 * Adds the job of outbox rows `ids` (one row, or a run of a batched queue's rows in id order) and notes
 * in Redis how far this incarnation's pushes have got (the rewind check of incarnation.ts).
 */
async function pushJob(incarnation: string, queueName: QueueName, name: string, payload: Record<string, unknown>, ids: readonly string[]): Promise<void> {
  const last = ids[ids.length - 1];
  await Promise.all([queue(queueName).add(name, payload as never, { jobId: outboxJobId(incarnation, [ids[0], last]) }), notePushed(incarnation, last)]);
}

/** A push waits at most this long: BullMQ may wait for a Redis connection that is not coming back. */
const PUSH_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`queue push timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface UnsentRow {
  id: string;
  queue: QueueName;
  name: string;
  payload: Record<string, unknown>;
}

/** One job to push: a row, or a run of rows of a batched queue with their merged payload. */
interface Delivery {
  queue: QueueName;
  name: string;
  ids: string[];
  payload: Record<string, unknown>;
}

/** The rows (in id order) as jobs: one per row, except runs of a batched queue's rows, `max` to a job. */
export function deliveries(rows: UnsentRow[]): Delivery[] {
  const out: Delivery[] = [];
  let run: UnsentRow[] = [];
  const flush = () => {
    if (!run.length) return;
    const { queue: q, name } = run[0];
    const ids = run.map((r) => r.id);
    const payload = QUEUES[q].batch!.merge(run.map((r) => r.payload));
    out.push({ queue: q, name, ids, payload });
    run = [];
  };
  for (const row of rows) {
    const batch = QUEUES[row.queue]?.batch;
    if (!batch) {
      flush();
      out.push({ queue: row.queue, name: row.name, ids: [row.id], payload: row.payload });
      continue;
    }
    if (run.length && (run[0].queue !== row.queue || run[0].name !== row.name || run.length >= batch.max)) flush();
    run.push(row);
  }
  flush();
  return out;
}

/**
 * Pushes the given unsent rows (or the oldest `limit` unsent rows, of `queues` when given, when ids is
 * omitted) and marks the pushed ones sent. Rows are locked with SKIP LOCKED, so several relays never
 * push the same row at once. Returns how many rows were sent and how many failed.
 */
export async function pushOutboxRows(ids?: string[], limit = 100, queues?: readonly QueueName[]): Promise<{ sent: number; failed: number }> {
  const sequelize = db();
  let sent = 0;
  let failed = 0;
  try {
    const incarnation = await databaseIncarnation();
    await sequelize.transaction(async (transaction) => {
      const rows = await sequelize.query<UnsentRow>(
        `SELECT id, queue, name, payload FROM outbox
          WHERE "sentAt" IS NULL ${ids ? 'AND id IN (:ids)' : ''} ${queues ? 'AND queue IN (:queues)' : ''}
          ORDER BY id LIMIT :limit FOR UPDATE SKIP LOCKED`,
        { replacements: { ids: ids ?? [], queues: queues ?? [], limit }, type: QueryTypes.SELECT, transaction },
      );
      for (const delivery of deliveries(rows)) {
        try {
          await withTimeout(pushJob(incarnation, delivery.queue, delivery.name, delivery.payload, delivery.ids), PUSH_TIMEOUT_MS);
          await sequelize.query(`UPDATE outbox SET "sentAt" = now(), attempts = attempts + 1, "lastError" = NULL WHERE id IN (:ids)`, {
            replacements: { ids: delivery.ids },
            transaction,
          });
          sent += delivery.ids.length;
        } catch (err) {
          failed += delivery.ids.length;
          await sequelize.query(`UPDATE outbox SET attempts = attempts + 1, "lastError" = :error WHERE id IN (:ids)`, {
            replacements: { ids: delivery.ids, error: String((err as Error).message ?? err).slice(0, 500) },
            transaction,
          });
          // Redis is probably down: stop this batch, the next sweep retries.
          break;
        }
      }
    });
  } catch (err) {
    logger().warn({ err }, 'outbox push failed');
  }
  if (failed) logger().warn({ sent, failed }, 'outbox rows left for the relay');
  return { sent, failed };
}

/** One relay sweep (of `queues` when given): pushes unsent rows in batches until none is left or Redis refuses. */
export async function relayOutbox(batchSize = 100, queues?: readonly QueueName[]): Promise<{ sent: number; failed: number }> {
  let total = 0;
  for (;;) {
    const { sent, failed } = await pushOutboxRows(undefined, batchSize, queues);
    total += sent;
    if (failed || sent < batchSize) return { sent: total, failed };
  }
}

/** Runs relay sweeps (of `queues` when given) on a timer until the returned stop function is called. */
export function startOutboxRelay(everyMs: number, queues?: readonly QueueName[]): () => Promise<void> {
  return repeatEvery(everyMs, () => relayOutbox(100, queues).catch((err) => logger().warn({ err }, 'outbox relay sweep failed')), 0);
}
