import type { Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';

/** The game play log: the last play time per (user, gameCode, productId), written by launch and rounds. */
export interface PlayLogEntry {
  siteCode: string;
  userId: number;
  gameCode: string;
  productId: string;
}

/**
 * One row per (user, gameCode, productId) holding the last play time: the database function
 * play_log_touch (shared/db/functions/game/touch-play-log.sql), which a simulate round runs in its own statement too.
 */
export async function upsertPlayLog(entry: PlayLogEntry, transaction?: Transaction): Promise<void> {
  await db().query('SELECT play_log_touch($1, $2, $3, $4)', { bind: [entry.siteCode, entry.userId, entry.gameCode, entry.productId], transaction });
}

const playLogWrites = new Set<Promise<void>>();

/**
 * Upserts the play log after the answer has gone (launch must not wait for it). A failure is retried
 * once and then logged as an error naming the row, never dropped silently.
 */
export function recordPlayInBackground(entry: PlayLogEntry): void {
  const write = (async () => {
    try {
      await upsertPlayLog(entry);
    } catch (first) {
      await new Promise((r) => setTimeout(r, 200));
      try {
        await upsertPlayLog(entry);
      } catch (err) {
        logger().error({ err, firstErr: (first as Error)?.message, playLog: entry }, 'game play log not written');
      }
    }
  })();
  const tracked = write.finally(() => playLogWrites.delete(tracked));
  playLogWrites.add(tracked);
}

/** Waits for play log writes still running (tests, shutdown). */
export async function settlePlayLogWrites(): Promise<void> {
  await Promise.allSettled([...playLogWrites]);
}
