import { QueryTypes } from 'sequelize';
import { BetDetail, BetOrder } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { money } from '../wallet';
import { type DayRange, pageOffset, pagination, type Pagination, playerRowsInDays, whereEquals } from '../common';

/**
 * A player's bet records (GET /bet-record, GET /bet-record/:orderId/details).
 *
 * Filters: status, gameType (numeric code as stored), startDate..endDate (YYYY-MM-DD, whole days in
 * APP_TIMEZONE: from 00:00:00 of startDate to the end of endDate inclusive). The totals are over the
 * caller's VALID orders matching the gameType and date filters, independent of paging and of the
 * status filter (a status=invalid list still shows the totals of the valid orders of that range).
 */
export interface BetRecordFilter extends DayRange {
  page: number;
  pageSize: number;
  status?: 'valid' | 'invalid' | 'cancelled';
  gameType?: string;
}

export interface BetRecordItem {
  id: number;
  gameType: string;
  gamePlatform: string;
  gameNumber: string;
  totalBetCount: number;
  betAmount: string;
  betEffective: string;
  winLose: string;
  status: 'valid' | 'invalid' | 'cancelled';
  odds: string | null;
  invalidReason: 'draw' | 'cancelled' | 'low_odds' | 'arbitrage' | null;
  betDatetime: string;
  gameName: string;
}

export interface BetRecordPage {
  totalBetCount: number;
  betAmount: string;
  betEffective: string;
  winLose: string;
  items: BetRecordItem[];
  pagination: Pagination;
}

export interface BetDetailItem {
  id: number;
  roundNo: number;
  betAmount: string;
  winLose: string;
  createdAt: string;
}

/** WHERE clause (without status) shared by the list, its count and the totals. */
function baseConditions(userId: number, siteCode: string, filter: BetRecordFilter): { sql: string; replacements: Record<string, unknown> } {
  const { clauses, replacements } = whereEquals(playerRowsInDays(userId, siteCode, 'betDatetime', filter), ['"gameType"', 'gameType', filter.gameType]);
  return { sql: clauses.join(' AND '), replacements };
}

/** A bet_orders row as the list reads it: the item before its id and time are converted. */
type OrderRow = Omit<BetRecordItem, 'id' | 'betDatetime'> & { id: string; betDatetime: Date };

export async function listBetRecords(userId: number, siteCode: string, filter: BetRecordFilter): Promise<BetRecordPage> {
  const sequelize = db();
  const base = baseConditions(userId, siteCode, filter);
  const listWhere = filter.status ? `${base.sql} AND status = :status` : base.sql;
  const replacements = { ...base.replacements, status: filter.status ?? null };

  const [totals] = await sequelize.query<{ totalBetCount: string; betAmount: string; betEffective: string; winLose: string }>(
    `SELECT COALESCE(SUM("totalBetCount"), 0)::text AS "totalBetCount",
            COALESCE(SUM("betAmount"), 0)::text AS "betAmount",
            COALESCE(SUM("betEffective"), 0)::text AS "betEffective",
            COALESCE(SUM("winLose"), 0)::text AS "winLose"
       FROM bet_orders WHERE ${base.sql} AND status = 'valid'`,
    { replacements, type: QueryTypes.SELECT },
  );
  const [{ total }] = await sequelize.query<{ total: string }>(`SELECT COUNT(*)::text AS total FROM bet_orders WHERE ${listWhere}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  const rows = await sequelize.query<OrderRow>(
    `SELECT id, "gameType", "gamePlatform", "gameNumber", "totalBetCount", "betAmount", "betEffective", "winLose",
            status, odds, "invalidReason", "betDatetime", "gameName"
       FROM bet_orders WHERE ${listWhere}
      ORDER BY "betDatetime" DESC, id DESC
      LIMIT :limit OFFSET :offset`,
    { replacements: { ...replacements, limit: filter.pageSize, offset: pageOffset(filter.page, filter.pageSize) }, type: QueryTypes.SELECT },
  );
  const count = Number(total);
  return {
    totalBetCount: Number(totals.totalBetCount),
    betAmount: money(totals.betAmount),
    betEffective: money(totals.betEffective),
    winLose: money(totals.winLose),
    items: rows.map((r) => ({
      id: Number(r.id),
      gameType: r.gameType,
      gamePlatform: r.gamePlatform,
      gameNumber: r.gameNumber,
      totalBetCount: Number(r.totalBetCount),
      betAmount: money(r.betAmount),
      betEffective: money(r.betEffective),
      winLose: money(r.winLose),
      status: r.status,
      odds: r.odds === null ? null : String(r.odds),
      invalidReason: r.invalidReason,
      betDatetime: new Date(r.betDatetime).toISOString(),
      gameName: r.gameName,
    })),
    pagination: pagination(filter.page, filter.pageSize, count),
  };
}

/** The round lines of one of the caller's bet orders, by roundNo; `orderNotFound` when it is missing or another player's. */
export async function betOrderDetails(userId: number, siteCode: string, orderId: string): Promise<BetDetailItem[]> {
  const order = await BetOrder.findOne({ where: { id: orderId, userId, siteCode }, attributes: ['id'] });
  if (!order) throw new Refusal('bet-record.orderNotFound');
  const details = await BetDetail.findAll({
    where: { betOrderId: order.id },
    order: [
      ['roundNo', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return details.map((d) => ({
    id: Number(d.id),
    roundNo: d.roundNo,
    betAmount: money(d.betAmount),
    winLose: money(d.winLose),
    createdAt: (d.createdAt as Date).toISOString(),
  }));
}
