import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';

/** Recently played games (the rows are written by play-log.ts). */

export interface RecentGame {
  gameCode: string;
  productId: string;
  lastPlayedAt: string;
}

/** The user's last played games, newest first. */
export async function recentGames(userId: number, limit: number): Promise<RecentGame[]> {
  const rows = await db().query<{ gameCode: string; productId: string; lastPlayedAt: Date }>(
    `SELECT "gameCode", "productId", "lastPlayedAt" FROM game_play_logs
      WHERE "userId" = :userId ORDER BY "lastPlayedAt" DESC, id DESC LIMIT :limit`,
    { replacements: { userId, limit }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({ gameCode: r.gameCode, productId: String(r.productId), lastPlayedAt: new Date(r.lastPlayedAt).toISOString() }));
}
