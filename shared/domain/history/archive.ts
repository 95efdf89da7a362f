import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { newStorageKey, putObject, getObject, variantKey } from '../../integrations/storage';
import { logger } from '../../logger';
import { archivedHeadsBefore, ledgerChainHeads, type LedgerHead } from './archive-heads';
import { attachedMonths, HISTORY_TABLES, monthBounds, partitionName, type HistoryTable, type Month } from './partitions';

/**
 * The archive of old months (docs/decisions/bet-record.md, "Old months go to compressed archives in
 * storage"): a month of a history table, once HISTORY_ARCHIVE_AFTER_MONTHS months have passed since its
 * end, is written as gzip JSON lines (one row_to_json per row, by id) through the storage functions
 * (shared/integrations/storage.ts, a private key), with a manifest (rows, ids, the archive's sha256 and,
 * for the ledger, each account's chain links at the month's ends); the archive is read back and checked
 * before its partition is detached and dropped, in the transaction that records it in history_archives.
 * Nothing is deleted that is not in an archive; archives are never deleted here (HISTORY_RETENTION_YEARS
 * is how long an operator must keep them). `npm run archive:restore -- <month>` brings a month back
 * (restore.ts).
 */
export interface ArchiveManifest {
  format: 'history-archive/1';
  table: HistoryTable;
  month: Month;
  from: string;
  to: string;
  rows: number;
  minId: string | null;
  maxId: string | null;
  /** The sha256 of the archive's bytes (the gzip file). */
  sha256: string;
  bytes: number;
  storageKey: string;
  /** The ledger's chains: per account, its first and last link in the month (game_transactions only). */
  heads: LedgerHead[];
}

const BATCH = 10_000;
const gzipAsync = promisify(gzip);

/** The months old enough to archive: ended at least `after` months before now (UTC). */
export function archivableBefore(now: Date, after = config().history.archiveAfterMonths): Month {
  const limit = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - after, 1));
  return `${limit.getUTCFullYear()}-${String(limit.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Archives every attached month older than the setting, oldest first. Answers `<table> <month>` of each. */
export async function archiveOldMonths(now = new Date()): Promise<string[]> {
  const before = archivableBefore(now);
  const done: string[] = [];
  for (const table of HISTORY_TABLES) {
    for (const month of await attachedMonths(table)) {
      if (month >= before) break;
      await archiveMonth(table, month);
      done.push(`${table} ${month}`);
    }
  }
  return done;
}

/** Reads the partition's rows by id, in batches, as JSON lines. */
async function jsonLines(transaction: Transaction, partition: string): Promise<{ text: string; rows: number; minId: string | null; maxId: string | null }> {
  const lines: string[] = [];
  let after = '0';
  let minId: string | null = null;
  for (;;) {
    const batch = await db().query<{ id: string; line: string }>(
      `SELECT t.id::TEXT AS id, row_to_json(t)::TEXT AS line FROM ${partition} t WHERE t.id > :after ORDER BY t.id LIMIT ${BATCH}`,
      { replacements: { after }, type: QueryTypes.SELECT, transaction },
    );
    for (const row of batch) lines.push(row.line);
    if (batch.length) {
      minId ??= batch[0].id;
      after = batch[batch.length - 1].id;
    }
    if (batch.length < BATCH) break;
  }
  return { text: lines.length ? `${lines.join('\n')}\n` : '', rows: lines.length, minId, maxId: lines.length ? after : null };
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * One month of one table: its rows written (writes to the month wait on a SHARE lock), uploaded, read
 * back and compared, recorded, then the partition detached and dropped, all in one transaction: a failure
 * anywhere leaves the month attached (an uploaded file without its row is an orphan, harmless).
 */
export async function archiveMonth(table: HistoryTable, month: Month): Promise<ArchiveManifest> {
  const partition = partitionName(table, month);
  const { from, to } = monthBounds(month);
  const manifest = await db().transaction(async (transaction) => {
    await db().query(`LOCK TABLE ${partition} IN SHARE MODE`, { transaction });
    const { text, rows, minId, maxId } = await jsonLines(transaction, partition);
    const bytes = await gzipAsync(Buffer.from(text, 'utf8'));
    const storageKey = newStorageKey('private', 'history-archive', 'gz');
    const heads = table === 'game_transactions' ? await ledgerChainHeads(transaction, partition, from, await archivedHeadsBefore(transaction, month)) : [];
    const made: ArchiveManifest = {
      format: 'history-archive/1',
      table,
      month,
      from: from.toISOString(),
      to: to.toISOString(),
      rows,
      minId,
      maxId,
      sha256: sha256(bytes),
      bytes: bytes.length,
      storageKey,
      heads,
    };
    await putObject(storageKey, bytes);
    await putObject(variantKey(storageKey, 'manifest', 'json'), Buffer.from(JSON.stringify(made, null, 1), 'utf8'));
    const back = await getObject(storageKey);
    if (!back || sha256(back) !== made.sha256) throw new Error(`archive of ${table} ${month}: the stored file does not read back as written`);
    // A month archived and not restored is never archived over: its record is the only way to its file.
    const recorded = await db().query(
      `INSERT INTO history_archives ("table", month, "storageKey", "rowCount", sha256, manifest)
       VALUES (:table, :month, :storageKey, :rows, :sha256, :manifest::jsonb)
       ON CONFLICT ("table", month) DO UPDATE SET "storageKey" = EXCLUDED."storageKey", "rowCount" = EXCLUDED."rowCount",
         sha256 = EXCLUDED.sha256, manifest = EXCLUDED.manifest, "archivedAt" = now(), "restoredAt" = NULL
       WHERE history_archives."restoredAt" IS NOT NULL
       RETURNING "table"`,
      {
        replacements: { table, month: `${month}-01`, storageKey, rows, sha256: made.sha256, manifest: JSON.stringify(made) },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (!recorded.length) throw new Error(`${table} ${month} is archived already and not restored`);
    await db().query(`ALTER TABLE ${table} DETACH PARTITION ${partition}`, { transaction });
    await db().query(`DROP TABLE ${partition}`, { transaction });
    return made;
  });
  logger().info({ event: 'history-month-archived', table, month, rows: manifest.rows, sha256: manifest.sha256, storageKey: manifest.storageKey }, 'history');
  return manifest;
}
