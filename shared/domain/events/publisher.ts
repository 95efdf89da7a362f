import Decimal from 'decimal.js';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { appendEvent } from './history';
import { playerOwner, siteOwner, type StreamOwner } from './ids';
import { feedWaiting, takeFeedRows, type FeedRow } from './queries';

/**
 * The publisher (docs/decisions/events.md, "Publishing after commit"): takes committed event_feed rows
 * in id order (one publisher at a time, under an advisory lock held by its transaction), appends each
 * event to its stream and fans it out, then commits the rows' deletion. Redis refusing rolls the
 * deletion back and the rows wait for the next round. Each player's ledger rows are inserted under the
 * player's row lock, so their ids are in commit order and the player's events keep it.
 */

const BATCH = 500;

/** An event to append: whose stream, its type and its data. */
interface Outgoing {
  owner: StreamOwner;
  type: string;
  data: Record<string, unknown>;
}

/** Ledger kinds of a payout, told to the operators above the site's threshold (largeWinOf). */
const WIN_KINDS = new Set(['win', 'settled', 'jackpot']);

/**
 * The amount above which a payout of the row's site is told to its operators: the site setting
 * events.largeWin (shared/domain/site-config/event-settings.ts), else EVENTS_LARGE_WIN. A stored value
 * that is not a plain decimal (written around the API) counts as unset.
 */
function largeWinOf(row: FeedRow): string {
  return row.largeWin !== null && /^\d{1,12}(\.\d{1,6})?$/.test(row.largeWin) ? row.largeWin : config().events.largeWin;
}

/**
 * The events of one feed row: a ledger row's `balance` (with `round` when it is the batch's last row of
 * a settled bet order, and `large-win` for the operators), else its own payload.
 */
export function eventsOf(row: FeedRow, lastOfRound = true): Outgoing[] {
  if (row.type === 'balance') {
    if (row.userId === null || row.cash === null) return [];
    const owner = playerOwner(row.userId);
    const out: Outgoing[] = [
      { owner, type: 'balance', data: { cash: row.cash, frozen: row.frozen, amount: row.amount, ledgerId: row.ledgerId, kind: row.kind } },
    ];
    if (row.round && lastOfRound) out.push({ owner, type: 'round', data: row.round });
    if (row.kind && WIN_KINDS.has(row.kind) && row.amount && new Decimal(row.amount).gt(largeWinOf(row))) {
      out.push({
        owner: siteOwner(row.siteCode),
        type: 'large-win',
        data: { userId: row.userId, amount: row.amount, kind: row.kind, ledgerId: row.ledgerId, betOrderId: row.betOrderId },
      });
    }
    return out;
  }
  const owner = row.userId === null ? siteOwner(row.siteCode) : playerOwner(row.userId);
  return [{ owner, type: row.type, data: row.payload ?? {} }];
}

/** One round: publishes up to BATCH rows; answers how many (null: another publisher holds the lock). */
export async function publishFeed(limit = BATCH): Promise<number | null> {
  if (!(await feedWaiting())) return 0;
  return db().transaction(async (transaction) => {
    const rows = await takeFeedRows(transaction, limit);
    if (rows === null) return null;
    // Sent together (one pipeline); Redis runs them in order, so each stream keeps the rows' order.
    const lastRowOfOrder = new Map<string, number>();
    rows.forEach((row, i) => row.round && row.betOrderId && lastRowOfOrder.set(row.betOrderId, i));
    const events = rows.flatMap((row, i) => eventsOf(row, row.betOrderId === null || lastRowOfOrder.get(row.betOrderId) === i));
    await Promise.all(events.map((e) => appendEvent(e.owner, e.type, JSON.stringify(e.data))));
    return rows.length;
  });
}

/** Runs publishing rounds every EVENTS_POLL_MS (at once again after a full batch) until stopped. */
export function startPublisher(): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let lastWarning = 0;
  const tick = () => {
    if (stopped) return;
    let delay = config().events.pollMs;
    running = publishFeed()
      .then((n) => {
        if (n === BATCH) delay = 0;
      })
      .catch((err) => {
        delay = Math.max(delay, 1000);
        if (Date.now() - lastWarning > 10_000) {
          lastWarning = Date.now();
          logger().warn({ err }, 'events not published; the feed keeps them for the next round');
        }
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, delay);
      });
  };
  timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
