import { QueryTypes, Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { CHAIN_TABLES, type ChainTable } from './chains';
import { digestSignatureHolds } from './digest-signature';
import { merkleRoot } from './merkle';
import { digestHeadMismatches, digestIds, digestRow, headMismatchRows, type DigestRow } from './queries';
import { checkState, stateProblemText, type StateProblem } from './state-check';

/**
 * `npm run audit:verify` (docs/audit-chains.md): walks every chain of the ledgers and the operation log
 * and names each row found changed, deleted or inserted out of order, checks each chain's head, and
 * checks every daily digest against the rows it covered (a chain rewritten whole, hashes recomputed,
 * still differs from the heads an earlier digest kept), then compares the balances, holds and exclusion
 * ends with the chains (state-check.ts). One REPEATABLE READ transaction: the rows, heads and state are
 * read at one moment while money keeps moving.
 */
/** At most this many problems per check and table are read (a wholesale rewrite would name every row). */
const PROBLEMS_PER_CHECK = 1000;

export type ProblemKind = 'changed' | 'deleted' | 'inserted' | 'unchained' | 'head' | 'digest' | 'state' | 'root';

export interface ChainProblem {
  chain: string;
  account: string | null;
  rowId: string | null;
  seq: string | null;
  kind: ProblemKind;
  detail: string;
  /** A `state` problem: the row's table is `chain`, its id `rowId`, and the field that differs. */
  state?: StateProblem;
}

export interface VerifyReport {
  ok: boolean;
  rows: number;
  chains: number;
  digests: number;
  problems: ChainProblem[];
  /** With `--root`: the root asked about and the days of the digests holding it (none: a `root` problem). */
  root?: { root: string; days: string[] };
}

export interface VerifyOptions {
  /** A digest's Merkle root kept outside the database (64 hex digits): the chains must recompute to it. */
  root?: string;
}

/** `5`, or `5 to 9`: the missing seqs of a gap. */
const seqRange = (from: number, to: number): string => (from === to ? String(from) : `${from} to ${to}`);

interface WalkRow {
  /** Null for an archived month's link. */
  id: string | null;
  account: string;
  seq: string;
  prevSeq: string | null;
  firstSeq: string | null;
  kind: 'changed' | 'deleted' | 'inserted';
}

/**
 * Each chained row against the row before it in its chain: seq one more, hash = link(previous hash, seq,
 * content). An archived month of an account is one link standing for its rows (its first seq, and its
 * last seq and hash from the manifest): the row after it links to its last hash, and a gap before its
 * first seq is a deletion (docs/audit-chains.md, "Archived months").
 */
async function walk(table: ChainTable, transaction: Transaction): Promise<{ rows: number; problems: ChainProblem[] }> {
  const archived = table.archived
    ? `UNION ALL SELECT NULL::BIGINT, a.account, a."lastSeq", a."lastHash", NULL::TEXT, a."firstSeq" FROM (${table.archived}) a`
    : '';
  const rows = await db().query<WalkRow>(
    `WITH u AS (
       SELECT t.id, ${table.account} AS account, t."chainSeq" AS seq, t."chainHash"::TEXT AS hash, ${table.content} AS content, NULL::BIGINT AS first_seq
         FROM ${table.chain} t
        WHERE t."chainSeq" IS NOT NULL
       ${archived}),
     r AS (
       SELECT u.*, lag(u.seq) OVER w AS "prevSeq", lag(u.hash) OVER w AS "prevHash"
         FROM u
       WINDOW w AS (PARTITION BY u.account ORDER BY u.seq, u.id))
     SELECT * FROM (
       SELECT id, account, seq, "prevSeq", first_seq AS "firstSeq",
              CASE WHEN first_seq IS NOT NULL THEN CASE WHEN first_seq > coalesce("prevSeq", 0) + 1 THEN 'deleted'
                                                        WHEN "prevSeq" >= first_seq THEN 'inserted' END
                   WHEN "prevSeq" IS NOT NULL AND seq = "prevSeq" THEN 'inserted'
                   WHEN seq > coalesce("prevSeq", 0) + 1 THEN 'deleted'
                   WHEN hash IS DISTINCT FROM audit_link(coalesce("prevHash", ''), seq, content) THEN 'changed' END AS kind
         FROM r) checked
      WHERE kind IS NOT NULL
      ORDER BY account, seq, id
      LIMIT ${PROBLEMS_PER_CHECK}`,
    { type: QueryTypes.SELECT, transaction },
  );
  const [{ count }] = await db().query<{ count: string }>(`SELECT count(*) AS count FROM ${table.chain} WHERE "chainSeq" IS NOT NULL`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  const problems: ChainProblem[] = [];
  for (const row of rows) {
    const where = { chain: table.chain, account: row.account, rowId: row.id, seq: row.seq, kind: row.kind };
    const what = row.id === null ? `the archived month starting at seq ${row.firstSeq}` : `row ${row.id} (seq ${row.seq})`;
    if (row.kind === 'inserted') problems.push({ ...where, detail: `${what} repeats seq ${row.prevSeq}: a row was inserted out of order` });
    else if (row.kind === 'deleted') {
      const first = Number(row.firstSeq ?? row.seq);
      problems.push({ ...where, detail: `seq ${seqRange(Number(row.prevSeq ?? 0) + 1, first - 1)} missing before ${what}: deleted` });
    } else problems.push({ ...where, detail: `${what} does not match its hash: changed (or the row before it was, hash and all)` });
  }
  return { rows: Number(count), problems };
}

/** Each chain's last row against its head: rows deleted at the end, or added past it, show here. */
async function heads(table: ChainTable, transaction: Transaction): Promise<{ chains: number; problems: ChainProblem[] }> {
  const { rows, count } = await headMismatchRows(table, transaction, PROBLEMS_PER_CHECK);
  const problems: ChainProblem[] = [];
  for (const row of rows) {
    const where = { chain: table.chain, account: row.account };
    if (row.headSeq === null) {
      problems.push({ ...where, rowId: row.lastId, seq: row.lastSeq, kind: 'head', detail: `the chain has rows but no head: its head was deleted` });
    } else if (row.lastSeq === null || Number(row.lastSeq) < Number(row.headSeq)) {
      problems.push({
        ...where,
        rowId: row.headRowId,
        seq: row.headSeq,
        kind: 'deleted',
        detail: `the head is row ${row.headRowId} (seq ${row.headSeq}) but seq ${seqRange(Number(row.lastSeq ?? 0) + 1, Number(row.headSeq))} is missing: deleted`,
      });
    } else if (Number(row.lastSeq) > Number(row.headSeq)) {
      problems.push({
        ...where,
        rowId: row.lastId,
        seq: row.lastSeq,
        kind: 'inserted',
        detail: `row ${row.lastId} (seq ${row.lastSeq}) is past the head (seq ${row.headSeq}): inserted`,
      });
    } else if (row.lastHash !== row.headHash) {
      problems.push({
        ...where,
        rowId: row.lastId,
        seq: row.lastSeq,
        kind: 'changed',
        detail: `row ${row.lastId} (seq ${row.lastSeq}) has another hash than the head: changed`,
      });
    }
  }
  return { chains: Number(count), problems };
}

/** Rows without a place in a chain written after the chain started (the trigger was bypassed, or seq erased). */
async function unchained(table: ChainTable, transaction: Transaction): Promise<ChainProblem[]> {
  const rows = await db().query<{ id: string; account: string }>(
    `SELECT t.id, ${table.account} AS account FROM ${table.chain} t
      WHERE (t."chainSeq" IS NULL OR t."chainHash" IS NULL) AND t.id > (SELECT min(id) FROM ${table.chain} WHERE "chainSeq" IS NOT NULL)
      ORDER BY t.id LIMIT 100`,
    { type: QueryTypes.SELECT, transaction },
  );
  return rows.map((row) => ({
    chain: table.chain,
    account: row.account,
    rowId: row.id,
    seq: null,
    kind: 'unchained' as const,
    detail: `row ${row.id} has no place in its chain: inserted outside it`,
  }));
}

const digestProblem = (detail: string): ChainProblem => ({ chain: '*', account: null, rowId: null, seq: null, kind: 'digest', detail });

/** A digest's own checks: its root from its heads, its signature by the configured key (docs/audit-chains.md, "Signed digests"). */
function digestItself(digest: DigestRow, signedBefore: boolean): ChainProblem[] {
  const problems: ChainProblem[] = [];
  if (merkleRoot(digest.heads) !== digest.merkleRoot) problems.push(digestProblem(`the digest of ${digest.day} does not match its own heads`));
  const { keyId } = config().auditSigningKey;
  if (digest.signature === null) {
    if (signedBefore) problems.push(digestProblem(`the digest of ${digest.day} has no signature, though an earlier digest is signed: changed`));
  } else if (digest.keyId !== keyId) {
    problems.push(digestProblem(`the digest of ${digest.day} is signed by key ${digest.keyId}, not by the configured key ${keyId}`));
  } else if (!digestSignatureHolds(digest, digest.signature)) {
    problems.push(digestProblem(`the signature of the digest of ${digest.day} does not hold: its day, root or chain count was changed`));
  }
  return problems;
}

/** Every digest: its root from its heads, its signature, and each head still the row at that seq of its chain. */
async function digests(
  transaction: Transaction,
): Promise<{ digests: number; problems: ChainProblem[]; all: Array<Omit<DigestRow, 'heads' | 'signature' | 'keyId'> & { rootHolds: boolean }> }> {
  const ids = await digestIds(transaction);
  const problems: ChainProblem[] = [];
  const all: Array<Omit<DigestRow, 'heads' | 'signature' | 'keyId'> & { rootHolds: boolean }> = [];
  let signedBefore = false;
  // One digest in memory at a time: each holds a head per chain.
  for (const { id } of ids) {
    const digest = await digestRow(transaction, id);
    problems.push(...digestItself(digest, signedBefore));
    signedBefore ||= digest.signature !== null;
    all.push({
      id: digest.id,
      day: digest.day,
      merkleRoot: digest.merkleRoot,
      chainCount: digest.chainCount,
      rootHolds: merkleRoot(digest.heads) === digest.merkleRoot,
    });
  }
  for (const table of CHAIN_TABLES) {
    const differ = await digestHeadMismatches(table, transaction, PROBLEMS_PER_CHECK);
    for (const row of differ) {
      problems.push({
        chain: table.chain,
        account: row.account,
        rowId: row.rowId,
        seq: row.seq,
        kind: 'digest',
        detail: row.rowId
          ? `row ${row.rowId} (seq ${row.seq}) differs from the head the digest of ${row.day} kept: the chain was rewritten`
          : `seq ${row.seq}, the head the digest of ${row.day} kept, is missing: deleted`,
      });
    }
  }
  return { digests: ids.length, problems, all };
}

/**
 * `--root`: the digests holding a root kept outside the database. The root authenticates the digest's
 * heads (they must recompute to it); the walk and the digest checks above show every row up to those
 * heads recomputes from its content. No digest holding it: the digest was changed or deleted.
 */
function rootProblems(root: string, all: Awaited<ReturnType<typeof digests>>['all']): { days: string[]; problems: ChainProblem[] } {
  const held = all.filter((d) => d.merkleRoot === root);
  const problem = (detail: string): ChainProblem => ({ chain: '*', account: null, rowId: null, seq: null, kind: 'root', detail });
  if (!held.length)
    return {
      days: [],
      problems: [problem(`no digest has the root ${root}: the digest it came from was changed or deleted, or it is not a root of this database`)],
    };
  return {
    days: held.map((d) => d.day),
    problems: held.filter((d) => !d.rootHolds).map((d) => problem(`the digest of ${d.day} has the root ${root}, but its heads recompute to another: changed`)),
  };
}

export async function verifyChains(options: VerifyOptions = {}): Promise<VerifyReport> {
  return db().transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ }, async (transaction) => {
    const problems: ChainProblem[] = [];
    let rows = 0;
    let chains = 0;
    for (const table of CHAIN_TABLES) {
      const walked = await walk(table, transaction);
      const headed = await heads(table, transaction);
      rows += walked.rows;
      chains += headed.chains;
      problems.push(...walked.problems, ...headed.problems, ...(await unchained(table, transaction)));
    }
    const digested = await digests(transaction);
    problems.push(...digested.problems);
    for (const state of await checkState(transaction)) {
      problems.push({ chain: state.table, account: state.id, rowId: state.id, seq: null, kind: 'state', detail: stateProblemText(state), state });
    }
    let root: VerifyReport['root'];
    if (options.root !== undefined) {
      const asked = options.root.toLowerCase();
      const found = rootProblems(asked, digested.all);
      root = { root: asked, days: found.days };
      problems.push(...found.problems);
    }
    return { ok: problems.length === 0, rows, chains, digests: digested.digests, problems, root };
  });
}

/** The report's text: OK with counts, or each problem on its line (the first of each chain first). */
export function verifyReportText(report: VerifyReport, limit = 50): string {
  const counts = `${report.chains} chains, ${report.rows} rows, ${report.digests} digests`;
  const root = report.root?.days.length ? `ROOT: ${report.root.root} is the root of the digest of ${report.root.days.join(', ')}\n` : '';
  if (report.ok)
    return `${root}OK: every chain holds (${counts}); balances, holds and exclusions agree with them${report.root ? '; the chains recompute to the root' : ''}\n`;
  const lines = report.problems
    .slice(0, limit)
    .map((p) => `${p.kind.padEnd(9)} ${p.kind === 'state' ? p.detail : `${p.chain}${p.account === null ? '' : ` account ${p.account}`}: ${p.detail}`}`);
  if (report.problems.length > limit) lines.push(`... and ${report.problems.length - limit} more`);
  return `${root}FAILED: ${report.problems.length} problem(s) (${counts})\n${lines.join('\n')}\n`;
}
