import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { Month } from './partitions';

/**
 * The ledger's chain links at a month's ends, kept in the month's archive manifest (docs/audit-chains.md,
 * "Archived months"): per account, the first seq of the month and the hash before it (prevHash: '' for a
 * chain's first row, null when the row before it is in no attached month and no archive), and the last
 * seq and hash, with the last row's balances (the state check reads them while the month is archived).
 */
export interface LedgerHead {
  account: string;
  firstSeq: number;
  prevHash: string | null;
  lastSeq: number;
  lastHash: string;
  lastId: string;
  balanceAfter: string;
  frozenAfter: string;
}

/** Per account, the last link of the archived (not restored) ledger months before `month`. */
export async function archivedHeadsBefore(transaction: Transaction, month: Month): Promise<string> {
  const [row] = await db().query<{ heads: unknown }>(
    `SELECT coalesce(jsonb_agg(h), '[]'::jsonb) AS heads FROM (
       SELECT DISTINCT ON (x->>'account') x->>'account' AS account, (x->>'lastSeq')::BIGINT AS "lastSeq", x->>'lastHash' AS "lastHash"
         FROM history_archives a, jsonb_array_elements(a.manifest->'heads') x
        WHERE a."table" = 'game_transactions' AND a."restoredAt" IS NULL AND a.month < :month::DATE
        ORDER BY x->>'account', (x->>'lastSeq')::BIGINT DESC) h`,
    { replacements: { month: `${month}-01` }, type: QueryTypes.SELECT, transaction },
  );
  return JSON.stringify(row.heads);
}

/** The heads of one ledger month, read from its partition (the rows before it from the attached months or the archives). */
export async function ledgerChainHeads(transaction: Transaction, partition: string, from: Date, archived: string): Promise<LedgerHead[]> {
  const rows = await db().query<LedgerHead>(
    `WITH h AS (SELECT "userId", min("chainSeq") AS first_seq, max("chainSeq") AS last_seq FROM ${partition}
                 WHERE "chainSeq" IS NOT NULL GROUP BY "userId"),
          a AS (SELECT * FROM jsonb_to_recordset(:archived::jsonb) AS x(account TEXT, "lastSeq" BIGINT, "lastHash" TEXT))
     SELECT h."userId"::TEXT AS account, h.first_seq::INT AS "firstSeq", h.last_seq::INT AS "lastSeq",
            l."chainHash"::TEXT AS "lastHash", l.id::TEXT AS "lastId", round(l."balanceAfter", 6)::TEXT AS "balanceAfter",
            round(l."frozenAfter", 6)::TEXT AS "frozenAfter",
            CASE WHEN h.first_seq = 1 THEN ''
                 ELSE coalesce((SELECT p."chainHash"::TEXT FROM game_transactions p
                                 WHERE p."userId" = h."userId" AND p."chainSeq" = h.first_seq - 1 AND p."createdAt" < :from LIMIT 1),
                               (SELECT a."lastHash" FROM a WHERE a.account = h."userId"::TEXT AND a."lastSeq" = h.first_seq - 1)) END AS "prevHash"
       FROM h
       JOIN LATERAL (SELECT * FROM ${partition} l WHERE l."userId" = h."userId" AND l."chainSeq" = h.last_seq ORDER BY l.id DESC LIMIT 1) l ON TRUE
      ORDER BY h."userId"`,
    { replacements: { archived, from }, type: QueryTypes.SELECT, transaction },
  );
  return rows;
}
