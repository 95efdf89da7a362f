import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/**
 * event_feed (docs/decisions/events.md): the rows the publisher takes in id order, and the insert of an
 * event written from TypeScript in the transaction of its change.
 */

export interface FeedRow {
  id: string;
  siteCode: string;
  userId: number | null;
  type: string;
  payload: Record<string, unknown> | null;
  ledgerId: string | null;
  /** The ledger row's fields, for a `balance` row. */
  kind: string | null;
  amount: string | null;
  cash: string | null;
  frozen: string | null;
  betOrderId: string | null;
  /** The bet order of the ledger row, when it is settled (the `round` event). */
  round: Record<string, unknown> | null;
  /** The site's own large-win threshold (site setting events.largeWin); null: the deployment's EVENTS_LARGE_WIN. */
  largeWin: string | null;
}

/** Whether any committed row waits: one cheap read outside a transaction, so an idle publisher costs one query a round. */
export async function feedWaiting(): Promise<boolean> {
  const [{ waiting }] = await db().query<{ waiting: boolean }>(`SELECT EXISTS (SELECT 1 FROM event_feed) AS waiting`, { type: QueryTypes.SELECT });
  return waiting;
}

/** The publisher's lock: one publisher at a time takes rows, so each player's events keep their order. */
const PUBLISHER_LOCK = `hashtextextended('event_feed publisher', 0)`;

/**
 * In the caller's transaction: when no other publisher holds the lock, deletes and answers the oldest
 * `limit` committed rows with their ledger rows, in id order; null when another publisher is at work.
 */
export async function takeFeedRows(transaction: Transaction, limit: number): Promise<FeedRow[] | null> {
  const [{ locked }] = await db().query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${PUBLISHER_LOCK}) AS locked`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!locked) return null;
  return db().query<FeedRow>(
    `WITH d AS (DELETE FROM event_feed WHERE id IN (SELECT id FROM event_feed ORDER BY id LIMIT :limit) RETURNING *)
     SELECT d.id::TEXT, d."siteCode", d."userId", d.type, d.payload, d."ledgerId"::TEXT, g.kind, g.amount::TEXT,
            g."balanceAfter"::TEXT AS cash, g."frozenAfter"::TEXT AS frozen, g."betOrderId"::TEXT AS "betOrderId",
            CASE WHEN b.settled THEN jsonb_build_object('betOrderId', b.id::TEXT, 'providerCode', b."providerCode", 'gameCode', b."gameCode",
                   'gameName', b."gameName", 'gameNumber', b."gameNumber", 'status', b.status, 'betAmount', b."betAmount"::TEXT,
                   'winAmount', b."winAmount"::TEXT, 'winLose', b."winLose"::TEXT, 'settledAt', b."settledAt") END AS round,
            c.settings #>> '{events,largeWin}' AS "largeWin"
       FROM d LEFT JOIN game_transactions g ON g.id = d."ledgerId" LEFT JOIN bet_orders b ON b.id = g."betOrderId"
       LEFT JOIN site_configs c ON c."siteCode" = d."siteCode" AND d."ledgerId" IS NOT NULL
      ORDER BY d.id`,
    { replacements: { limit }, type: QueryTypes.SELECT, transaction },
  );
}

/** An event of a change made in `transaction`, published once it commits (userId null: the site's operators). */
export async function addEvent(
  transaction: Transaction,
  event: { siteCode: string; userId: number | null; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await db().query(`INSERT INTO event_feed ("siteCode", "userId", type, payload) VALUES (:siteCode, :userId, :type, CAST(:payload AS JSONB))`, {
    replacements: { ...event, payload: JSON.stringify(event.payload) },
    transaction,
  });
}
