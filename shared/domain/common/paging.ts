import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';

/** The `pagination` object of paged results (page, pageSize, total, totalPages). */
export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export function pagination(page: number, pageSize: number, total: number): Pagination {
  return { page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

/** SQL OFFSET of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** A paged list's statement: `SELECT <select> FROM <from> WHERE <where ANDed> ORDER BY <orderBy>`, with :named replacements. */
export interface PageQuery {
  select: string;
  from: string;
  where: readonly string[];
  orderBy: string;
}

/**
 * One page of a list and how many rows match it: the page's SELECT and the COUNT run side by side on two
 * pooled connections. Answers {rows, pagination}.
 */
export async function pagedRows<T extends object>(
  query: PageQuery,
  replacements: Record<string, unknown>,
  paging: Paging,
): Promise<{ rows: T[]; pagination: Pagination }> {
  const from = `FROM ${query.from} WHERE ${query.where.length ? query.where.join(' AND ') : 'TRUE'}`;
  const [rows, [count]] = await Promise.all([
    db().query<T>(`SELECT ${query.select} ${from} ORDER BY ${query.orderBy} LIMIT :limit OFFSET :offset`, {
      replacements: { ...replacements, limit: paging.pageSize, offset: pageOffset(paging.page, paging.pageSize) },
      type: QueryTypes.SELECT,
    }),
    db().query<{ total: string }>(`SELECT COUNT(*)::text AS total ${from}`, { replacements, type: QueryTypes.SELECT }),
  ]);
  return { rows, pagination: pagination(paging.page, paging.pageSize, Number(count.total)) };
}
