import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { getObject } from '../../integrations/storage';
import { logger } from '../../logger';
import { sha256, type ArchiveManifest } from './archive';
import { HISTORY_TABLES, monthBounds, partitionName, type HistoryTable, type Month } from './partitions';

/**
 * `npm run archive:restore -- <YYYY-MM>` (docs/decisions/bet-record.md, "Old months go to compressed
 * archives in storage"): each table's archive of the month is read through the storage functions, its
 * sha256 checked against the manifest recorded in history_archives, its rows loaded into a new table
 * attached as the month's partition, and, for the ledger, every chain link of the month recomputed and
 * its ends compared with the manifest's heads. All tables of the month in one transaction: any mismatch
 * leaves nothing attached. The archive files stay in storage; the month is archived again by the next
 * run of the history job once it is old enough.
 */
const BATCH = 5_000;
const gunzipAsync = promisify(gunzip);

export interface RestoredTable {
  table: HistoryTable;
  rows: number;
  chains: number;
}

export class RestoreError extends Error {}

export async function restoreMonth(month: Month): Promise<RestoredTable[]> {
  const { from, to } = monthBounds(month);
  const restored = await db().transaction(async (transaction) => {
    const archives = await db().query<{ table: HistoryTable; storageKey: string; sha256: string; manifest: ArchiveManifest }>(
      `SELECT "table", "storageKey", sha256, manifest FROM history_archives WHERE month = :month::DATE AND "restoredAt" IS NULL ORDER BY "table" FOR UPDATE`,
      { replacements: { month: `${month}-01` }, type: QueryTypes.SELECT, transaction },
    );
    if (!archives.length) throw new RestoreError(`no archived month ${month} waits to be restored`);
    const done: RestoredTable[] = [];
    for (const archive of archives) {
      if (!HISTORY_TABLES.includes(archive.table)) throw new RestoreError(`unknown table ${archive.table}`);
      const bytes = await getObject(archive.storageKey);
      if (!bytes) throw new RestoreError(`${archive.table} ${month}: the archive ${archive.storageKey} is not in storage`);
      if (sha256(bytes) !== archive.sha256 || archive.manifest.sha256 !== archive.sha256) {
        throw new RestoreError(`${archive.table} ${month}: the archive's sha256 is not the manifest's`);
      }
      const lines = (await gunzipAsync(bytes)).toString('utf8').split('\n').filter(Boolean);
      if (lines.length !== archive.manifest.rows)
        throw new RestoreError(`${archive.table} ${month}: ${lines.length} rows, the manifest says ${archive.manifest.rows}`);
      const partition = partitionName(archive.table, month);
      await db().query(`CREATE TABLE ${partition} (LIKE ${archive.table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`, { transaction });
      for (let i = 0; i < lines.length; i += BATCH) {
        await db().query(`INSERT INTO ${partition} SELECT * FROM json_populate_recordset(NULL::${partition}, :rows::json)`, {
          replacements: { rows: `[${lines.slice(i, i + BATCH).join(',')}]` },
          transaction,
        });
      }
      await db().query(`ALTER TABLE ${archive.table} ATTACH PARTITION ${partition} FOR VALUES FROM (:from) TO (:to)`, {
        replacements: { from: from.toISOString(), to: to.toISOString() },
        transaction,
      });
      const chains = archive.table === 'game_transactions' ? await checkLedgerMonth(transaction, archive.manifest, from, to) : 0;
      await db().query(`UPDATE history_archives SET "restoredAt" = now() WHERE "table" = :table AND month = :month::DATE`, {
        replacements: { table: archive.table, month: `${month}-01` },
        transaction,
      });
      done.push({ table: archive.table, rows: lines.length, chains });
    }
    return done;
  });
  logger().info({ event: 'history-month-restored', month, restored }, 'history');
  return restored;
}

/**
 * Every ledger row of the month against the row before it in its chain (seq one more, hash = link of the
 * previous hash, the seq and the content), the month's first row of each account against the manifest's
 * prevHash, and each account's last row against the manifest's last seq and hash.
 */
async function checkLedgerMonth(transaction: Transaction, manifest: ArchiveManifest, from: Date, to: Date): Promise<number> {
  const [check] = await db().query<{ problem: string | null; accounts: number }>(
    `WITH r AS (
       SELECT t."userId"::TEXT AS account, t."chainSeq" AS seq, t."chainHash"::TEXT AS hash, audit_game_transaction_content(t) AS content,
              lag(t."chainSeq") OVER w AS prev_seq, lag(t."chainHash"::TEXT) OVER w AS prev_hash,
              row_number() OVER (PARTITION BY t."userId" ORDER BY t."chainSeq" DESC, t.id DESC) AS from_end
         FROM game_transactions t
        WHERE t."createdAt" >= :from AND t."createdAt" < :to AND t."chainSeq" IS NOT NULL
       WINDOW w AS (PARTITION BY t."userId" ORDER BY t."chainSeq", t.id)),
     h AS (SELECT * FROM jsonb_to_recordset(:heads::jsonb) AS x(account TEXT, "firstSeq" BIGINT, "prevHash" TEXT, "lastSeq" BIGINT, "lastHash" TEXT)),
     bad AS (
       SELECT r.account, r.seq,
              CASE WHEN h.account IS NULL THEN 'not in the manifest'
                   WHEN r.prev_seq IS NULL AND r.seq <> h."firstSeq" THEN 'the first seq is not the manifest''s'
                   WHEN r.prev_seq IS NOT NULL AND r.seq <> r.prev_seq + 1 THEN 'a seq is missing or repeated'
                   WHEN r.prev_seq IS NOT NULL AND r.hash IS DISTINCT FROM audit_link(r.prev_hash, r.seq, r.content) THEN 'the hash does not match'
                   WHEN r.prev_seq IS NULL AND h."prevHash" IS NOT NULL AND r.hash IS DISTINCT FROM audit_link(h."prevHash", r.seq, r.content)
                        THEN 'the hash does not match the link before the month'
                   WHEN r.from_end = 1 AND (r.seq <> h."lastSeq" OR r.hash <> h."lastHash") THEN 'the last link is not the manifest''s head' END AS why
         FROM r LEFT JOIN h ON h.account = r.account)
     SELECT (SELECT format('account %s seq %s: %s', account, seq, why) FROM bad WHERE why IS NOT NULL ORDER BY account, seq LIMIT 1) AS problem,
            (SELECT count(DISTINCT account)::INT FROM r) AS accounts`,
    { replacements: { from, to, heads: JSON.stringify(manifest.heads) }, type: QueryTypes.SELECT, transaction },
  );
  if (check.problem) throw new RestoreError(`game_transactions ${manifest.month}: ${check.problem}`);
  if (check.accounts !== manifest.heads.length) {
    throw new RestoreError(`game_transactions ${manifest.month}: ${check.accounts} chains, the manifest has ${manifest.heads.length}`);
  }
  return check.accounts;
}
