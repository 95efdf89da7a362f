import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/sequelize';
import { logger } from '../logger';
import type { QueueName } from './definitions';

/**
 * Outbox reconciliation (docs/architecture.md, "Invariants"; docs/decisions/platform.md, "Outbox effects survive Redis"):
 * an outbox row marked sent proves only that a job was pushed, and Redis may lose that job (a restart
 * without persistence, a failover, workers killed mid-job and then Redis emptied). So every outbox-driven
 * effect has a reconciler, and a sweep walks its queue's outbox rows once they were sent `afterMs` ago,
 * in id order from a cursor kept in Postgres (outbox_reconcile_cursors, migration 0012): the reconciler looks in
 * Postgres whether each row's effect happened and writes the missing ones to the outbox again, through
 * the same exactly-once path. A rewritten row is itself checked when it is old enough, so an effect
 * lost twice is found twice.
 *
 * The cursor stops at the first row not sent yet (the relay's) or sent too recently (its job may still be
 * running). Reads are primary key ranges of the outbox and lookups of the sources by id: no scan of the
 * source tables and no index on them, whatever their size. Known gap: a row committed more than
 * `afterMs` after a later row was sent (a settlement transaction open that long) is passed over.
 */
export interface OutboxRow {
  id: string;
  payload: Record<string, unknown>;
}

export interface OutboxReconciler {
  queue: QueueName;
  /** Writes again (in `transaction`) the rows' effects missing in Postgres; returns how many it wrote. */
  redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number>;
}

/**
 * Several reconcilers of one queue as the queue's one reconciler: a queue has one cursor, so each part
 * looks at the same rows (its own kinds) in the same transaction.
 */
export function queueReconciler(...parts: OutboxReconciler[]): OutboxReconciler {
  const queues = [...new Set(parts.map((part) => part.queue))];
  if (queues.length !== 1) throw new Error(`one queue's reconcilers expected, got: ${queues.join(', ') || 'none'}`);
  return {
    queue: queues[0],
    async redeliver(transaction, rows) {
      let written = 0;
      for (const part of parts) written += await part.redeliver(transaction, rows);
      return written;
    },
  };
}

export interface ReconcileOptions {
  /** Rows sent less than this ago are left to their jobs. */
  afterMs: number;
  /** Rows per transaction. */
  batch?: number;
}

interface CandidateRow extends OutboxRow {
  /** Sent at least `afterMs` ago. */
  due: boolean;
}

/** The queue's cursor row, locked; null when another sweep holds it. */
async function lockCursor(transaction: Transaction, queue: QueueName): Promise<string | null> {
  await db().query(`INSERT INTO outbox_reconcile_cursors (queue, "throughId") VALUES (:queue, 0) ON CONFLICT (queue) DO NOTHING`, {
    replacements: { queue },
    transaction,
  });
  const [row] = await db().query<{ throughId: string }>(`SELECT "throughId" FROM outbox_reconcile_cursors WHERE queue = :queue FOR UPDATE SKIP LOCKED`, {
    replacements: { queue },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row ? String(row.throughId) : null;
}

/** One batch in one transaction: the rows past the cursor that are due, their missing effects, the cursor moved past them. */
async function reconcileBatch(
  reconciler: OutboxReconciler,
  options: Required<ReconcileOptions>,
): Promise<{ examined: number; redelivered: number; more: boolean }> {
  return db().transaction(async (transaction) => {
    const through = await lockCursor(transaction, reconciler.queue);
    if (through === null) return { examined: 0, redelivered: 0, more: false };
    const rows = await db().query<CandidateRow>(
      `SELECT id, payload, COALESCE("sentAt" < now() - make_interval(secs => :afterS), false) AS due
         FROM outbox WHERE id > :through AND queue = :queue ORDER BY id LIMIT :limit`,
      { replacements: { through, queue: reconciler.queue, afterS: options.afterMs / 1000, limit: options.batch }, type: QueryTypes.SELECT, transaction },
    );
    const stop = rows.findIndex((row) => !row.due);
    const ready = stop === -1 ? rows : rows.slice(0, stop);
    if (!ready.length) return { examined: 0, redelivered: 0, more: false };
    const redelivered = await reconciler.redeliver(transaction, ready);
    await db().query(`UPDATE outbox_reconcile_cursors SET "throughId" = :id, "updatedAt" = now() WHERE queue = :queue`, {
      replacements: { id: ready[ready.length - 1].id, queue: reconciler.queue },
      transaction,
    });
    return { examined: ready.length, redelivered, more: stop === -1 && rows.length === options.batch };
  });
}

/** One sweep of a reconciler: batches until it reaches a row unsent or sent too recently. */
export async function reconcileOutbox(reconciler: OutboxReconciler, options: ReconcileOptions): Promise<{ examined: number; redelivered: number }> {
  const settings = { batch: 500, ...options };
  let examined = 0;
  let redelivered = 0;
  for (;;) {
    const batch = await reconcileBatch(reconciler, settings);
    examined += batch.examined;
    redelivered += batch.redelivered;
    if (!batch.more) break;
  }
  if (redelivered) logger().warn({ queue: reconciler.queue, examined, redelivered }, 'outbox effects missing after their jobs were sent; written again');
  return { examined, redelivered };
}

export interface RunningReconcilers {
  /**
   * A sweep now, without the grace (every sent row whose effect is missing is written again): for when
   * no job of a sent row can still be coming (shared/queues/sweep-triggers.ts), `why`.
   */
  sweepNow: (why: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** Runs the reconcilers' sweeps on a timer until stopped; sweeps never overlap. */
export function startOutboxReconcilers(reconcilers: readonly OutboxReconciler[], everyMs: number, afterMs: number): RunningReconcilers {
  // Two reconcilers of a queue would share its cursor, and the second would see no row: join them (queueReconciler).
  const doubled = reconcilers.map((r) => r.queue).filter((queue, i, all) => all.indexOf(queue) !== i);
  if (doubled.length) throw new Error(`several reconcilers for queue ${doubled.join(', ')}: join them with queueReconciler`);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = async (graceMs: number) => {
    for (const reconciler of reconcilers) {
      if (stopped) return;
      await reconcileOutbox(reconciler, { afterMs: graceMs }).catch((err) => logger().warn({ err, queue: reconciler.queue }, 'outbox reconcile sweep failed'));
    }
  };
  const next = (graceMs: number) => {
    running = running.then(() => sweep(graceMs));
    return running;
  };
  const tick = () => {
    if (stopped) return;
    void next(afterMs).finally(() => {
      if (!stopped) timer = setTimeout(tick, everyMs);
    });
  };
  let timer = setTimeout(tick, everyMs);
  return {
    sweepNow: async (why) => {
      if (stopped) return;
      logger().warn({ why }, 'outbox effects are checked now, without the grace');
      await next(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
