import type { Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';

/** The game play log (Part A 2.11): the last play time per (user, gameCode, productId), written by launch and rounds. */
export interface PlayLogEntry {
  siteCode: string;
  userId: number;
  gameCode: string;
  productId: string;
}

/** One row per (user, gameCode, productId) holding the last play time. */
export async function upsertPlayLog(entry: PlayLogEntry, transaction?: Transaction): Promise<void> {
  await db().query(
    `INSERT INTO game_play_logs ("siteCode", "userId", "gameCode", "productId", "lastPlayedAt")
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT ("userId", "gameCode", "productId")
     DO UPDATE SET "lastPlayedAt" = GREATEST(game_play_logs."lastPlayedAt", EXCLUDED."lastPlayedAt"), "siteCode" = EXCLUDED."siteCode"`,
    { bind: [entry.siteCode, entry.userId, entry.gameCode, entry.productId], transaction },
  );
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
