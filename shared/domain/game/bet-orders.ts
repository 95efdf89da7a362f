import { QueryTypes, type Transaction } from 'sequelize';
import { BetOrder } from '../../db/models';
import { db } from '../../db/sequelize';

/**
 * Bet orders (Part A 2.14): one round of one player at one provider, unique per (site, provider, round,
 * player). Every source writes them through `writeBetOrder`: simulate (a round over at once, with its
 * one bet detail) and the provider callbacks (an empty, open order created by the round's first call).
 */
export interface BetOrderInput {
  siteCode: string;
  userId: number;
  providerCode: string;
  gameCode: string;
  /** At most 120 characters. */
  gameName: string;
  gameType: string;
  gamePlatform: string;
  /** The round id: the provider's, or simulate's own. */
  gameNumber: string;
  productId: string | null;
  totalBetCount: number;
  /** Money as decimal strings. */
  betAmount: string;
  betEffective: string;
  winAmount: string;
  winLose: string;
  multiplier: string | null;
  /** True when the round is over at once: settled at `at`. */
  settled: boolean;
  /** When the bet was placed (betDatetime, createdAt, updatedAt). */
  at: Date;
  /** The order's first bet detail (roundNo 1), written by the same statement. */
  firstDetail?: { betAmount: string; winLose: string; providerTxId: string };
}

const INSERT_ORDER = `INSERT INTO bet_orders
    ("siteCode", "userId", "providerCode", "gameCode", "gameName", "gameType", "gamePlatform", "gameNumber", "productId",
     "totalBetCount", "betAmount", "betEffective", "winAmount", "winLose", multiplier, status, settled,
     "betDatetime", "settledAt", "createdAt", "updatedAt")
  VALUES ($siteCode, $userId, $providerCode, $gameCode, $gameName, $gameType, $gamePlatform, $gameNumber, $productId,
          $totalBetCount, $betAmount, $betEffective, $winAmount, $winLose, $multiplier, 'valid', $settled,
          $at, $settledAt, $at, $at)
  RETURNING *`;

/** The order and its first detail in one statement (one round trip). */
const INSERT_ORDER_WITH_DETAIL = `WITH o AS (${INSERT_ORDER}),
  d AS (INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
        SELECT id, 1, CAST($detailBetAmount AS NUMERIC), CAST($detailWinLose AS NUMERIC), CAST($detailProviderTxId AS TEXT), $at FROM o)
  SELECT * FROM o`;

/**
 * Inserts a bet order (status valid) in the caller's transaction and returns it. A second order for
 * the same round fails on the unique key (Sequelize's UniqueConstraintError); an unknown user on the
 * foreign key (ForeignKeyConstraintError).
 */
export async function writeBetOrder(transaction: Transaction, input: BetOrderInput): Promise<BetOrder> {
  const { firstDetail, ...order } = input;
  const bind: Record<string, unknown> = { ...order, settledAt: order.settled ? order.at : null };
  if (firstDetail) Object.assign(bind, { detailBetAmount: firstDetail.betAmount, detailWinLose: firstDetail.winLose, detailProviderTxId: firstDetail.providerTxId });
  const [row] = await db().query(firstDetail ? INSERT_ORDER_WITH_DETAIL : INSERT_ORDER, {
    bind,
    type: QueryTypes.SELECT,
    model: BetOrder,
    mapToModel: true,
    transaction,
  });
  return row;
}
