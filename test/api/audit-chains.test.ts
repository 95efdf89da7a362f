import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';

/**
 * The tamper-evident ledger and operation log (docs/audit-chains.md): rows written through the API and
 * the wallet chain per account (per site for the operation log), `npm run audit:verify` says OK with
 * exit status 0, and after a row is changed, deleted or inserted behind the API's back it names that row
 * and exits 1. The daily digest is append-only and catches a chain rewritten whole. Serial: each
 * tampering is undone (or its chain's account is left aside) before the next check.
 */

let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];
let db: SimulateStack['db'];
let verify: typeof import('../../shared/domain/audit');
let digest: typeof import('../../shared/domain/audit/digest');
let audit: typeof import('../../shared/domain/audit');
let merkle: typeof import('../../shared/domain/audit/merkle');

test.before(async () => {
  ({ stack, factories, models, db } = await startSimulateStack());
  verify = await import('../../shared/domain/audit');
  digest = await import('../../shared/domain/audit/digest');
  audit = await import('../../shared/domain/audit');
  merkle = await import('../../shared/domain/audit/merkle');
});

test.after.always(async () => {
  await drainOutboxAndClose(models, stack, 5000);
});

interface Row {
  id: string;
  chainSeq: string;
  chainHash: string;
}

const sql = <T extends object>(text: string, replacements: Record<string, unknown> = {}) => db().query<T>(text, { replacements, type: QueryTypes.SELECT });
const exec = (text: string, replacements: Record<string, unknown> = {}) => db().query(text, { replacements });
const ledgerRows = (userId: number) =>
  sql<Row & Record<string, string | null>>('SELECT * FROM game_transactions WHERE "userId" = :userId ORDER BY "chainSeq"', { userId });

/** A player with an opening balance and `rounds` simulate rounds: 1 + rounds..2 x rounds ledger rows. */
async function playerWithRounds(rounds: number): Promise<number> {
  const { token, user } = await factories.createUser({ balance: '100' });
  for (let i = 0; i < rounds; i += 1) {
    const res = await stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 1, betAmount: 1 } });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  }
  return user.id;
}

const problemsOf = (report: Awaited<ReturnType<typeof verify.verifyChains>>, chain: string, account: string) =>
  report.problems.filter((p) => p.chain === chain && p.account === account).map((p) => ({ kind: p.kind, rowId: p.rowId, seq: p.seq }));

async function runScript(): Promise<{ code: number; stdout: string }> {
  const root = path.join(__dirname, '..', '..');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import=tsx', path.join(root, 'scripts', 'audit-verify.ts')], { cwd: root, env: process.env }, (err, stdout) =>
      resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout }),
    );
  });
}

test.serial('ledger rows chain per account: seq 1, 2, 3..., each hash over the previous hash, the seq and the canonical content', async (t) => {
  const userId = await playerWithRounds(3);
  const rows = await ledgerRows(userId);
  t.true(rows.length >= 4);
  t.deepEqual(
    rows.map((r) => Number(r.chainSeq)),
    rows.map((_, i) => i + 1),
  );
  // Recomputed outside the database, from the definition in docs/audit-chains.md.
  let prev = '';
  for (const r of rows) {
    const money = (v: unknown) => new Decimal(String(v)).toFixed(6);
    const micros = BigInt(new Date(r.createdAt as unknown as string).getTime()) * 1000n;
    const [{ us }] = await sql<{ us: string }>('SELECT (extract(epoch FROM "createdAt") * 1000000)::BIGINT AS us FROM game_transactions WHERE id = :id', {
      id: r.id,
    });
    t.is(BigInt(us) / 1000n, micros / 1000n); // the same instant, to the millisecond JavaScript keeps
    const content = `[${[
      r.id,
      JSON.stringify(r.siteCode),
      String(userId),
      JSON.stringify(r.kind),
      JSON.stringify(money(r.amount)),
      JSON.stringify(money(r.balanceBefore)),
      JSON.stringify(money(r.balanceAfter)),
      JSON.stringify(money(r.frozenAmount)),
      JSON.stringify(money(r.frozenBefore)),
      JSON.stringify(money(r.frozenAfter)),
      JSON.stringify(r.idempotencyKey),
      r.refType === null ? 'null' : JSON.stringify(r.refType),
      r.refId === null ? 'null' : JSON.stringify(r.refId),
      r.betOrderId === null ? 'null' : r.betOrderId,
      r.remark === null ? 'null' : JSON.stringify(r.remark),
      us,
    ].join(', ')}]`;
    const hash = createHash('sha256').update(`${prev}\n${r.chainSeq}\n${content}`, 'utf8').digest('hex');
    t.is(r.chainHash, hash, `row ${r.id}`);
    prev = hash;
  }
  const [head] = await sql<{ seq: string; hash: string; rowId: string }>(
    `SELECT seq, hash, "rowId" FROM audit_chain_heads WHERE chain = 'game_transactions' AND account = :a`,
    { a: String(userId) },
  );
  t.deepEqual(head, { seq: String(rows.length), hash: prev, rowId: rows[rows.length - 1].id });
});

test.serial('operation-log rows chain per site; rows of other sites and without a site are chains of their own', async (t) => {
  const [site] = await sql<{ seq: string }>(`SELECT seq FROM audit_chain_heads WHERE chain = 'admin_operation_logs' AND account = 'default'`);
  const before = site ? Number(site.seq) : 0;
  await audit.recordAdminAction({ adminId: 1, siteCode: 'default', module: 'test', action: 'one', summary: 'first' });
  await audit.recordAdminAction({ adminId: 1, siteCode: 'other-site', module: 'test', action: 'one', summary: 'elsewhere' });
  await audit.recordAdminAction({ adminId: 1, siteCode: null, module: 'test', action: 'one', detail: { a: [1, 'x'] } });
  await audit.recordAdminAction({ adminId: 1, siteCode: 'default', module: 'test', action: 'two', summary: 'second' });
  const rows = await sql<{ siteCode: string | null; chainSeq: string }>(
    `SELECT "siteCode", "chainSeq" FROM admin_operation_logs WHERE module = 'test' ORDER BY id`,
  );
  t.deepEqual(
    rows.map((r) => [r.siteCode, Number(r.chainSeq)]),
    [
      ['default', before + 1],
      ['other-site', 1],
      [null, Number(rows[2].chainSeq)],
      ['default', before + 2],
    ],
  );
  const [star] = await sql<{ seq: string }>(`SELECT seq FROM audit_chain_heads WHERE chain = 'admin_operation_logs' AND account = '*'`);
  t.is(star.seq, rows[2].chainSeq);
});

test.serial('audit:verify: every chain holds, exit status 0', async (t) => {
  await playerWithRounds(2);
  const report = await verify.verifyChains();
  t.true(report.ok, verify.verifyReportText(report));
  t.true(report.rows > 0 && report.chains > 0);
  const run = await runScript();
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /OK: every chain holds/);
});

test.serial('a ledger row changed behind the API is named (exit 1); put back, the chain holds again', async (t) => {
  const userId = await playerWithRounds(3);
  const rows = await ledgerRows(userId);
  const target = rows[2];
  await exec('UPDATE game_transactions SET amount = amount + 1, "balanceAfter" = "balanceAfter" + 1 WHERE id = :id', { id: target.id });
  const report = await verify.verifyChains();
  t.false(report.ok);
  t.deepEqual(problemsOf(report, 'game_transactions', String(userId)), [{ kind: 'changed', rowId: target.id, seq: target.chainSeq }]);
  const run = await runScript();
  t.is(run.code, 1);
  t.regex(run.stdout, new RegExp(`changed\\s+game_transactions account ${userId}: row ${target.id} \\(seq ${target.chainSeq}\\)`));
  await exec('UPDATE game_transactions SET amount = amount - 1, "balanceAfter" = "balanceAfter" - 1 WHERE id = :id', { id: target.id });
  t.true((await verify.verifyChains()).ok);
  // A change of the remark alone (no money) is caught too.
  await exec(`UPDATE game_transactions SET remark = 'edited' WHERE id = :id`, { id: rows[1].id });
  t.deepEqual(problemsOf(await verify.verifyChains(), 'game_transactions', String(userId)), [{ kind: 'changed', rowId: rows[1].id, seq: rows[1].chainSeq }]);
  await exec('UPDATE game_transactions SET remark = :remark WHERE id = :id', { id: rows[1].id, remark: rows[1].remark });
  t.true((await verify.verifyChains()).ok);
});

test.serial('a ledger row deleted is named by its missing seq and the row after it; the last row deleted, by the head', async (t) => {
  const userId = await playerWithRounds(3);
  const rows = await ledgerRows(userId);
  const middle = rows[1];
  await exec('CREATE TABLE deleted_ledger_rows AS SELECT * FROM game_transactions WHERE id = :id', { id: middle.id });
  await exec('DELETE FROM game_transactions WHERE id = :id', { id: middle.id });
  let report = await verify.verifyChains();
  t.false(report.ok);
  t.deepEqual(problemsOf(report, 'game_transactions', String(userId)), [{ kind: 'deleted', rowId: rows[2].id, seq: rows[2].chainSeq }]);
  t.regex(verify.verifyReportText(report), new RegExp(`seq ${middle.chainSeq} missing before row ${rows[2].id}`));

  const other = await playerWithRounds(2);
  const its = await ledgerRows(other);
  const last = its[its.length - 1];
  await exec('INSERT INTO deleted_ledger_rows SELECT * FROM game_transactions WHERE id = :id', { id: last.id });
  await exec('DELETE FROM game_transactions WHERE id = :id', { id: last.id });
  report = await verify.verifyChains();
  t.deepEqual(problemsOf(report, 'game_transactions', String(other)), [{ kind: 'deleted', rowId: last.id, seq: last.chainSeq }]);
  t.is((await runScript()).code, 1);
  // Leave these two chains out of the later checks: give the rows back their places (triggers off).
  await db().transaction(async (transaction) => {
    await db().query(`SET LOCAL session_replication_role = replica`, { transaction });
    await db().query('INSERT INTO game_transactions SELECT * FROM deleted_ledger_rows', { transaction });
  });
  t.true((await verify.verifyChains()).ok, verify.verifyReportText(await verify.verifyChains()));
});

test.serial('a row inserted out of order (a copy of a chained row, triggers off) is named; one inserted outside the chain too', async (t) => {
  const userId = await playerWithRounds(2);
  const rows = await ledgerRows(userId);
  const copy = { ...rows[1], id: undefined, idempotencyKey: `forged:${rows[1].id}` } as Record<string, unknown>;
  delete copy.id;
  const insert = async (row: Record<string, unknown>) =>
    db().transaction(async (transaction) => {
      await db().query(`SET LOCAL session_replication_role = replica`, { transaction });
      const [[made]] = (await db().query(
        `INSERT INTO game_transactions (${Object.keys(row)
          .map((c) => `"${c}"`)
          .join(', ')}) VALUES (${Object.keys(row)
          .map((c) => `:${c}`)
          .join(', ')}) RETURNING id`,
        { replacements: row, transaction },
      )) as unknown as [[{ id: string }]];
      return made.id;
    });
  const forged = await insert(copy);
  let report = await verify.verifyChains();
  t.deepEqual(problemsOf(report, 'game_transactions', String(userId)), [{ kind: 'inserted', rowId: forged, seq: rows[1].chainSeq }]);
  await exec('DELETE FROM game_transactions WHERE id = :id', { id: forged });
  t.true((await verify.verifyChains()).ok);

  const outside = await insert({ ...copy, chainSeq: null, chainHash: null, idempotencyKey: `forged2:${rows[1].id}` });
  report = await verify.verifyChains();
  t.deepEqual(problemsOf(report, 'game_transactions', String(userId)), [{ kind: 'unchained', rowId: outside, seq: null }]);
  await exec('DELETE FROM game_transactions WHERE id = :id', { id: outside });
  t.true((await verify.verifyChains()).ok);
});

test.serial('an operation-log row changed behind the API is named with its site', async (t) => {
  await audit.recordAdminAction({ adminId: 1, siteCode: 'tamper-site', module: 'test', action: 'keep', summary: 'as written' });
  await audit.recordAdminAction({ adminId: 1, siteCode: 'tamper-site', module: 'test', action: 'keep', summary: 'second' });
  const [row] = await sql<{ id: string; chainSeq: string }>(
    `SELECT id, "chainSeq" FROM admin_operation_logs WHERE "siteCode" = 'tamper-site' ORDER BY id LIMIT 1`,
  );
  await exec(`UPDATE admin_operation_logs SET summary = 'rewritten' WHERE id = :id`, { id: row.id });
  const report = await verify.verifyChains();
  t.deepEqual(problemsOf(report, 'admin_operation_logs', 'tamper-site'), [{ kind: 'changed', rowId: row.id, seq: row.chainSeq }]);
  await exec(`UPDATE admin_operation_logs SET summary = 'as written' WHERE id = :id`, { id: row.id });
  t.true((await verify.verifyChains()).ok);
});

test.serial('the affiliate ledger chains per agent; a row changed behind the API is named', async (t) => {
  const account = await import('../../shared/domain/wallet');
  const { user } = await factories.createUser();
  const base = { userId: user.id, siteCode: user.siteCode };
  const move = (m: Omit<import('../../shared/domain/wallet').AffiliateMove, 'userId' | 'siteCode'>) =>
    db().transaction((transaction) => account.moveAffiliateBalance(transaction, { ...base, ...m }));
  await move({ kind: 'commission', available: '10', earned: '10', idempotencyKey: `chain:c:${user.id}` });
  await move({ kind: 'withdrawal-hold', available: '-4', frozen: '4', idempotencyKey: `chain:h:${user.id}` });
  await move({ kind: 'withdrawal-payout', frozen: '-4', withdrawn: '4', idempotencyKey: `chain:p:${user.id}` });
  const rows = await sql<{ id: string; chainSeq: string }>('SELECT id, "chainSeq" FROM affiliate_ledger WHERE "userId" = :u ORDER BY id', { u: user.id });
  t.deepEqual(
    rows.map((r) => Number(r.chainSeq)),
    [1, 2, 3],
  );
  t.true((await verify.verifyChains()).ok);
  await exec(`UPDATE affiliate_ledger SET "withdrawnAmount" = 40 WHERE id = :id`, { id: rows[2].id });
  t.deepEqual(problemsOf(await verify.verifyChains(), 'affiliate_ledger', String(user.id)), [{ kind: 'changed', rowId: rows[2].id, seq: rows[2].chainSeq }]);
  await exec(`UPDATE affiliate_ledger SET "withdrawnAmount" = 4 WHERE id = :id`, { id: rows[2].id });
  t.true((await verify.verifyChains()).ok);
});

test.serial('the digest is a daily schedule of its own queue', async (t) => {
  const { SCHEDULES } = await import('../../shared/queues/schedules');
  const { JOB_HANDLERS } = await import('../../workers/job-handlers');
  const { auditDigestJob } = await import('../../shared/domain/audit');
  t.like(
    SCHEDULES.find((s) => s.queue === 'audit-digest'),
    { id: 'audit-digest-daily', pattern: '45 23 * * *' },
  );
  t.is(JOB_HANDLERS['audit-digest'], auditDigestJob);
});

test.serial('the daily digest: Merkle root of every head, once a day, append-only; a chain rewritten whole after it is caught', async (t) => {
  const userId = await playerWithRounds(2);
  const first = await digest.writeDailyDigest();
  t.true(first.created);
  t.regex(first.merkleRoot, /^[0-9a-f]{64}$/);
  const [{ count }] = await sql<{ count: string }>('SELECT count(*) AS count FROM audit_chain_heads');
  t.is(first.chainCount, Number(count));
  const [stored] = await sql<{ heads: Array<{ chain: string; account: string; seq: number; hash: string }>; merkleRoot: string }>(
    'SELECT heads, "merkleRoot" FROM audit_digests',
  );
  const live = await sql<{ chain: string; account: string; seq: string; hash: string }>('SELECT chain, account, seq, hash FROM audit_chain_heads');
  t.deepEqual(
    stored.heads.map((h) => `${h.chain}/${h.account}/${h.seq}/${h.hash}`).sort(),
    live.map((h) => `${h.chain}/${h.account}/${h.seq}/${h.hash}`).sort(),
  );
  t.is(merkle.merkleRoot(stored.heads), stored.merkleRoot);
  // The tree by hand for three heads: leaves sorted by chain then account, the odd one carried up.
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const three = [
    { chain: 'b', account: '1', seq: 2, hash: 'h2' },
    { chain: 'a', account: '9', seq: 1, hash: 'h1' },
    { chain: 'a', account: '10', seq: 3, hash: 'h3' },
  ];
  const [l10, l9, lb] = [sha('a\n10\n3\nh3'), sha('a\n9\n1\nh1'), sha('b\n1\n2\nh2')];
  t.is(merkle.merkleRoot(three), sha(sha(l10 + l9) + lb));
  t.is(merkle.merkleRoot([]), sha(''));
  const again = await digest.writeDailyDigest();
  t.deepEqual(again, { ...first, created: false });
  await t.throwsAsync(exec(`UPDATE audit_digests SET "merkleRoot" = repeat('0', 64)`), { message: /append-only/ });
  await t.throwsAsync(exec('DELETE FROM audit_digests'), { message: /append-only/ });
  await t.throwsAsync(exec('TRUNCATE audit_digests'), { message: /append-only/ });
  t.true((await verify.verifyChains()).ok);

  // Rewrite the player's whole chain consistently: change a row, recompute every hash and the head.
  const rows = await ledgerRows(userId);
  await exec(`UPDATE game_transactions SET remark = 'rewritten' WHERE id = :id`, { id: rows[0].id });
  await exec(
    `WITH RECURSIVE c AS (
       SELECT t.id, t."chainSeq", audit_link('', t."chainSeq", audit_game_transaction_content(t)) AS hash FROM game_transactions t WHERE t."userId" = :u AND t."chainSeq" = 1
       UNION ALL
       SELECT t.id, t."chainSeq", audit_link(c.hash, t."chainSeq", audit_game_transaction_content(t)) FROM c JOIN game_transactions t ON t."userId" = :u AND t."chainSeq" = c."chainSeq" + 1)
     UPDATE game_transactions g SET "chainHash" = c.hash FROM c WHERE g.id = c.id`,
    { u: userId },
  );
  await exec(
    `UPDATE audit_chain_heads h SET hash = g."chainHash" FROM game_transactions g WHERE h.chain = 'game_transactions' AND h.account = :a AND g.id = h."rowId"`,
    { a: String(userId) },
  );
  const report = await verify.verifyChains();
  const last = (await ledgerRows(userId)).at(-1)!;
  // The chain itself holds; only the digest, written before, disagrees.
  t.deepEqual(problemsOf(report, 'game_transactions', String(userId)), [{ kind: 'digest', rowId: last.id, seq: last.chainSeq }]);
  t.regex(verify.verifyReportText(report), /differs from the head the digest of \d{4}-\d{2}-\d{2} kept: the chain was rewritten/);
});
