import { createHash } from 'node:crypto';
import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The affiliate ledger's chain (docs/audit-chains.md, "The hash"): recomputed outside the database from
 * the page's definition, and each hashed column changed in turn behind the API is named by the verifier,
 * so no column can drop out of the hashed content unnoticed.
 */

let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let verify: typeof import('../../shared/domain/audit');
let factories: typeof import('../helpers/factories');
let account: typeof import('../../shared/domain/wallet');

test.before(async () => {
  stack = await startTestStack();
  db = (await import('../../shared/db/sequelize')).db;
  verify = await import('../../shared/domain/audit');
  factories = await import('../helpers/factories');
  account = await import('../../shared/domain/wallet');
});
test.after.always(async () => {
  await stack?.close();
});

const sql = <T extends object>(text: string, replacements: Record<string, unknown> = {}) => db().query<T>(text, { replacements, type: QueryTypes.SELECT });
const exec = (text: string, replacements: Record<string, unknown> = {}) => db().query(text, { replacements });

type LedgerRow = Record<string, string | null> & { id: string; chainSeq: string; chainHash: string; us: string };

/** An agent with three movements (commission, hold, payout; the hold with a reference). */
async function agentLedger(): Promise<{ userId: number; rows: LedgerRow[] }> {
  const { user } = await factories.createUser();
  const move = (m: Omit<import('../../shared/domain/wallet').AffiliateMove, 'userId' | 'siteCode'>) =>
    db().transaction((transaction) => account.moveAffiliateBalance(transaction, { userId: user.id, siteCode: user.siteCode, ...m }));
  await move({ kind: 'commission', available: '10.5', earned: '10.5', idempotencyKey: `chain:c:${user.id}` });
  await move({ kind: 'withdrawal-hold', available: '-4', frozen: '4', idempotencyKey: `chain:h:${user.id}`, ref: { type: 'affiliate-withdrawal', id: 77 } });
  await move({ kind: 'withdrawal-payout', frozen: '-4', withdrawn: '4', idempotencyKey: `chain:p:${user.id}` });
  const rows = await sql<LedgerRow>(
    `SELECT *, (extract(epoch FROM "createdAt") * 1000000)::BIGINT::TEXT AS us FROM affiliate_ledger WHERE "userId" = :u ORDER BY "chainSeq"`,
    { u: user.id },
  );
  return { userId: user.id, rows };
}

test.serial('the affiliate chain recomputes outside the database from the definition of docs/audit-chains.md', async (t) => {
  const { userId, rows } = await agentLedger();
  t.deepEqual(
    rows.map((r) => Number(r.chainSeq)),
    [1, 2, 3],
  );
  const money = (v: unknown) => JSON.stringify(new Decimal(String(v)).toFixed(6));
  const textOrNull = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
  let prev = '';
  for (const r of rows) {
    const content = `[${[
      r.id,
      JSON.stringify(r.siteCode),
      String(userId),
      JSON.stringify(r.kind),
      money(r.availableAmount),
      money(r.frozenAmount),
      money(r.earnedAmount),
      money(r.withdrawnAmount),
      money(r.availableAfter),
      money(r.frozenAfter),
      JSON.stringify(r.idempotencyKey),
      textOrNull(r.refType),
      textOrNull(r.refId),
      r.us,
    ].join(', ')}]`;
    const hash = createHash('sha256').update(`${prev}\n${r.chainSeq}\n${content}`, 'utf8').digest('hex');
    t.is(r.chainHash, hash, `row ${r.id}: ${content}`);
    prev = hash;
  }
});

/** Each hashed column of affiliate_ledger and a change of it (the row is the chain's middle one). */
const TAMPERS: ReadonlyArray<[column: string, set: string]> = [
  ['id', 'id = id + 1000000'],
  ['siteCode', `"siteCode" = 'forged-site'`],
  ['userId', '"userId" = :otherUser'],
  ['kind', `kind = 'forged'`],
  ['availableAmount', '"availableAmount" = "availableAmount" - 1'],
  ['frozenAmount', '"frozenAmount" = "frozenAmount" + 1'],
  ['earnedAmount', '"earnedAmount" = "earnedAmount" + 1'],
  ['withdrawnAmount', '"withdrawnAmount" = "withdrawnAmount" + 1'],
  ['availableAfter', '"availableAfter" = "availableAfter" + 1'],
  ['frozenAfter', '"frozenAfter" = "frozenAfter" + 1'],
  ['idempotencyKey', `"idempotencyKey" = "idempotencyKey" || ':forged'`],
  ['refType', `"refType" = 'forged'`],
  ['refId', `"refId" = '78'`],
  ['createdAt', `"createdAt" = "createdAt" + interval '1 microsecond'`],
];

test.serial('each hashed column changed behind the API is named by the verifier; put back, the chain holds', async (t) => {
  const { userId, rows } = await agentLedger();
  const { user: other } = await factories.createUser();
  const target = rows[1];
  await exec('CREATE TABLE affiliate_row_kept AS SELECT * FROM affiliate_ledger WHERE id = :id', { id: target.id });
  t.true((await verify.verifyChains()).ok);
  for (const [column, set] of TAMPERS) {
    const [[changed]] = (await db().query(`UPDATE affiliate_ledger SET ${set} WHERE id = :id RETURNING id::TEXT AS id`, {
      replacements: { id: target.id, otherUser: other.id },
    })) as unknown as [[{ id: string }]];
    const report = await verify.verifyChains();
    const named = report.problems.filter((p) => p.chain === 'affiliate_ledger' && p.rowId === changed.id);
    if (column === 'id' || column === 'userId') {
      // The row left its place (another id, another chain): it is named, whatever the kind.
      t.true(named.length > 0, `${column}: ${verify.verifyReportText(report)}`);
    } else {
      t.deepEqual(
        named.map((p) => ({ kind: p.kind, account: p.account, seq: p.seq })),
        [{ kind: 'changed', account: String(userId), seq: target.chainSeq }],
        `${column}: ${verify.verifyReportText(report)}`,
      );
    }
    await exec(
      `UPDATE affiliate_ledger l SET id = k.id, "siteCode" = k."siteCode", "userId" = k."userId", kind = k.kind, "availableAmount" = k."availableAmount",
              "frozenAmount" = k."frozenAmount", "earnedAmount" = k."earnedAmount", "withdrawnAmount" = k."withdrawnAmount", "availableAfter" = k."availableAfter",
              "frozenAfter" = k."frozenAfter", "idempotencyKey" = k."idempotencyKey", "refType" = k."refType", "refId" = k."refId", "createdAt" = k."createdAt"
         FROM affiliate_row_kept k WHERE l.id = :id`,
      { id: changed.id },
    );
    const back = await verify.verifyChains();
    t.true(back.ok, `${column} put back: ${verify.verifyReportText(back)}`);
  }
});
