import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { pagedRows, type Paging } from '../common';
import type { ChainTable } from './chains';
import type { Digest } from './digest';
import type { ChainHead } from './merkle';

/**
 * The statements over audit_chain_heads (each chain's head, written by the insert triggers of
 * shared/db/functions/audit/) and audit_digests (the signed daily digests, append-only): the digest's
 * writer, its list, and the verifier's reads of heads and digests (chain-verify.ts).
 */

/** Every chain's head. */
export async function chainHeadRows(transaction: Transaction): Promise<Array<ChainHead & { seq: string }>> {
  return db().query<ChainHead & { seq: string }>('SELECT chain, account, seq, hash FROM audit_chain_heads', { type: QueryTypes.SELECT, transaction });
}

export interface DigestWrite {
  day: string;
  root: string;
  count: number;
  /** The heads, as JSON. */
  heads: string;
  signature: string;
  keyId: string;
}

/** Adds the day's digest unless one was written; answers the day's digest, `created` true when added now. */
export async function insertDigestOnce(transaction: Transaction, digest: DigestWrite): Promise<Digest> {
  const [row] = await db().query<Digest>(
    `WITH added AS (
         INSERT INTO audit_digests (day, "merkleRoot", "chainCount", heads, signature, "keyId")
         VALUES (CAST(:day AS DATE), :root, :count, CAST(:heads AS jsonb), :signature, :keyId)
         ON CONFLICT (day) DO NOTHING
         RETURNING day::TEXT AS day, "merkleRoot", "chainCount", signature, "keyId", TRUE AS created)
       SELECT * FROM added
       UNION ALL
       SELECT day::TEXT, "merkleRoot", "chainCount", signature, "keyId", FALSE FROM audit_digests WHERE day = CAST(:day AS DATE)
       LIMIT 1`,
    { replacements: { ...digest }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

/** One page of the digests, newest first, without their heads. */
export async function digestPage<T extends object>(paging: Paging) {
  return pagedRows<T>(
    {
      select: `id, day::TEXT AS day, "merkleRoot", "chainCount", signature, "keyId", "createdAt"`,
      from: 'audit_digests',
      where: [],
      orderBy: 'day DESC, id DESC',
    },
    {},
    paging,
  );
}

export interface HeadRow {
  account: string;
  headSeq: string | null;
  headHash: string | null;
  headRowId: string | null;
  lastId: string | null;
  lastSeq: string | null;
  lastHash: string | null;
}

/** The chain's accounts whose last row and head differ (at most `limit`), and how many heads the chain has. */
export async function headMismatchRows(table: ChainTable, transaction: Transaction, limit: number): Promise<{ rows: HeadRow[]; count: string }> {
  const rows = await db().query<HeadRow>(
    `WITH last AS (
       SELECT DISTINCT ON (account) * FROM (
         SELECT ${table.account} AS account, t.id, t."chainSeq" AS seq, t."chainHash"::TEXT AS hash FROM ${table.chain} t WHERE t."chainSeq" IS NOT NULL
         ${table.archived ? `UNION ALL SELECT a.account, a."lastId", a."lastSeq", a."lastHash" FROM (${table.archived}) a` : ''}) l
        ORDER BY account, seq DESC, id DESC),
     h AS (SELECT * FROM audit_chain_heads WHERE chain = :chain)
     SELECT coalesce(h.account, last.account) AS account, h.seq AS "headSeq", h.hash AS "headHash", h."rowId" AS "headRowId",
            last.id AS "lastId", last.seq AS "lastSeq", last.hash AS "lastHash"
       FROM h FULL JOIN last ON last.account = h.account
      WHERE h.account IS NULL OR last.account IS NULL OR last.seq <> h.seq OR last.hash IS DISTINCT FROM h.hash
      ORDER BY 1
      LIMIT ${limit}`,
    { replacements: { chain: table.chain }, type: QueryTypes.SELECT, transaction },
  );
  const [{ count }] = await db().query<{ count: string }>('SELECT count(*) AS count FROM audit_chain_heads WHERE chain = :chain', {
    replacements: { chain: table.chain },
    type: QueryTypes.SELECT,
    transaction,
  });
  return { rows, count };
}

export interface DigestRow {
  id: string;
  day: string;
  merkleRoot: string;
  chainCount: number;
  heads: ChainHead[];
  signature: string | null;
  keyId: string | null;
}

/** The digests' ids, oldest first. */
export async function digestIds(transaction: Transaction): Promise<Array<{ id: string }>> {
  return db().query<{ id: string }>('SELECT id FROM audit_digests ORDER BY id', { type: QueryTypes.SELECT, transaction });
}

/** The digest `id` with its heads. */
export async function digestRow(transaction: Transaction, id: string): Promise<DigestRow> {
  const [digest] = await db().query<DigestRow>(
    `SELECT id, day::TEXT AS day, "merkleRoot", "chainCount", heads, signature, "keyId" FROM audit_digests WHERE id = :id`,
    { replacements: { id }, type: QueryTypes.SELECT, transaction },
  );
  return digest;
}

/** The heads the digests kept of the chain that are no longer the row at that seq (at most `limit`), by digest. */
export async function digestHeadMismatches(table: ChainTable, transaction: Transaction, limit: number) {
  return db().query<{ day: string; account: string; seq: string; hash: string; rowId: string | null }>(
    `SELECT d.day::TEXT AS day, x.account, x.seq, x.hash, t.id AS "rowId"
         FROM audit_digests d
        CROSS JOIN LATERAL jsonb_to_recordset(d.heads) AS x(chain TEXT, account TEXT, seq BIGINT, hash TEXT)
         LEFT JOIN ${table.chain} t ON ${table.account} = x.account AND t."chainSeq" = x.seq
        WHERE x.chain = :chain AND (t.id IS NULL OR t."chainHash" IS DISTINCT FROM x.hash)
          ${
            // A head inside an archived month: its month's last link is compared; the rows before it are the archive's (its checksum).
            table.archived
              ? `AND NOT (t.id IS NULL AND EXISTS (SELECT 1 FROM (${table.archived}) a WHERE a.account = x.account
                   AND x.seq BETWEEN a."firstSeq" AND a."lastSeq" AND (x.seq < a."lastSeq" OR a."lastHash" = x.hash)))`
              : ''
          }
        ORDER BY d.id, x.account
        LIMIT ${limit}`,
    { replacements: { chain: table.chain }, type: QueryTypes.SELECT, transaction },
  );
}

/** What audit_verify_runs keeps of a verifier run. */
export interface VerifyRunRow {
  finishedAt: Date;
  ok: boolean;
  problems: number;
}

/** Records a verifier run that just finished. */
export async function insertVerifyRun(run: { ok: boolean; rows: number; chains: number; digests: number; problems: number }): Promise<void> {
  await db().query('INSERT INTO audit_verify_runs (ok, rows, chains, digests, problems) VALUES (:ok, :rows, :chains, :digests, :problems)', {
    replacements: run,
  });
}

/** The last verifier run, if any. */
export async function latestVerifyRun(): Promise<VerifyRunRow | undefined> {
  const [row] = await db().query<VerifyRunRow>('SELECT "finishedAt", ok, problems FROM audit_verify_runs ORDER BY id DESC LIMIT 1', {
    type: QueryTypes.SELECT,
  });
  return row;
}
