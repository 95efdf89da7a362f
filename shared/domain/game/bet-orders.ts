import { QueryTypes, type Transaction } from 'sequelize';
import { BetOrder } from '../../db/models';
import { db } from '../../db/sequelize';

/**
 * Bet orders (Part A 2.14): one round of one player at one provider, unique per (site, provider, round,
 * player). Every source writes them through the database function bet_order_write: simulate through
 * `writeBetOrder` (a round over at once, with its one bet detail), the provider callbacks' functions
 * directly (an empty, open order created by the round's first call).
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

/** The one writer (database function bet_order_write, migration 20261125-0024), which the provider callbacks' functions call too. */
const WRITE_ORDER = `SELECT * FROM bet_order_write($siteCode, $userId, $providerCode, $gameCode, $gameName, $gameType, $gamePlatform, $gameNumber,
  $productId, $totalBetCount, $betAmount, $betEffective, $winAmount, $winLose, $multiplier, $settled, $at, $detailBetAmount, $detailWinLose, $detailProviderTxId)`;

/**
 * Inserts a bet order (status valid), with its first detail when given, in the caller's transaction
 * (one statement) and returns it. A second order for the same round fails on the unique key
 * (Sequelize's UniqueConstraintError); an unknown user on the foreign key (ForeignKeyConstraintError).
 */
export async function writeBetOrder(transaction: Transaction, input: BetOrderInput): Promise<BetOrder> {
  const { firstDetail, ...order } = input;
  const bind: Record<string, unknown> = {
    ...order,
    detailBetAmount: firstDetail?.betAmount ?? null,
    detailWinLose: firstDetail?.winLose ?? null,
    detailProviderTxId: firstDetail?.providerTxId ?? null,
  };
  const [row] = await db().query(WRITE_ORDER, { bind, type: QueryTypes.SELECT, model: BetOrder, mapToModel: true, transaction });
  return row;
}
