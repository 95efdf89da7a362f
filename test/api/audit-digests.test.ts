import { execFile } from 'node:child_process';
import { createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import path from 'node:path';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Signed daily digests (docs/audit-chains.md, "Signed digests"): each digest's Ed25519 signature checks
 * with the key GET /audit/public-key serves (and not for a changed digest); GET /audit/admin/digests
 * lists them for administrators holding `audit`; `npm run audit:verify -- --root <hex>` passes with the
 * root of a digest and names its day, and fails with another root, after a row was changed, or after
 * the digest itself was rewritten. The signing key is the test's own, so the script's process shares it.
 */

const SEED = randomBytes(32).toString('base64');
let stack: TestStack;
let factories: AdminStack['factories'];
let req: AdminStack['req'];
let db: typeof import('../../shared/db/sequelize').db;
let digest: typeof import('../../shared/domain/audit/digest');
let verify: typeof import('../../shared/domain/audit');

test.before(async () => {
  ({ stack, factories, req } = await startAdminStack({ env: { AUDIT_SIGNING_KEY: SEED } }));
  db = (await import('../../shared/db/sequelize')).db;
  digest = await import('../../shared/domain/audit/digest');
  verify = await import('../../shared/domain/audit');
});
test.after.always(async () => {
  await stack?.close();
});

const exec = (text: string, replacements: Record<string, unknown> = {}) => db().query(text, { replacements });
/** A statement with the triggers off (the append-only one included): what someone holding the database can do. */
const behindTriggers = (text: string, replacements: Record<string, unknown> = {}) =>
  db().transaction(async (transaction) => {
    await db().query('SET LOCAL session_replication_role = replica', { transaction });
    await db().query(text, { replacements, transaction });
  });

async function runScript(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.join(__dirname, '..', '..');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import=tsx', path.join(root, 'scripts', 'audit-verify.ts'), ...args],
      { cwd: root, env: process.env },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout, stderr }),
    );
  });
}

const signedText = (d: { day: string; merkleRoot: string; chainCount: number }) =>
  Buffer.from(`audit-digest\n${d.day}\n${d.merkleRoot}\n${d.chainCount}`, 'utf8');

let written: Awaited<ReturnType<typeof import('../../shared/domain/audit/digest').writeDailyDigest>>;
let player: number;

test.serial('the digest is signed; the signature checks with the served public key, and not for a changed digest', async (t) => {
  const made = await factories.createUser({ balance: '100' });
  player = made.user.id;
  written = await digest.writeDailyDigest();
  t.true(written.created);
  t.regex(written.signature ?? '', /^[A-Za-z0-9+/]{86}==$/);

  const served = await stack.request('GET', '/api/audit/public-key');
  t.is(served.status, 200, served.text);
  const key = served.body.result;
  t.is(key.algorithm, 'Ed25519');
  t.is(key.keyId, written.keyId);
  const publicKey = createPublicKey(key.publicKeyPem);
  t.is(publicKey.asymmetricKeyType, 'ed25519');
  const signature = Buffer.from(written.signature as string, 'base64');
  t.true(verifySignature(null, signedText(written), publicKey, signature));
  t.false(verifySignature(null, signedText({ ...written, merkleRoot: 'f'.repeat(64) }), publicKey, signature));
  t.false(verifySignature(null, signedText({ ...written, chainCount: written.chainCount + 1 }), publicKey, signature));
  t.false(verifySignature(null, signedText({ ...written, day: '1999-01-01' }), publicKey, signature));
});

test.serial("the verifier checks each digest's signature: a digest changed behind the trigger is named", async (t) => {
  t.true((await verify.verifyChains()).ok);
  await behindTriggers('UPDATE audit_digests SET "chainCount" = "chainCount" + 1 WHERE day = CAST(:day AS DATE)', { day: written.day });
  const report = await verify.verifyChains();
  t.deepEqual(
    report.problems.map((p) => [p.kind, p.detail]),
    [['digest', `the signature of the digest of ${written.day} does not hold: its day, root or chain count was changed`]],
  );
  await behindTriggers('UPDATE audit_digests SET "chainCount" = "chainCount" - 1 WHERE day = CAST(:day AS DATE)', { day: written.day });
  t.true((await verify.verifyChains()).ok);
});

test.serial('GET /audit/admin/digests: paged, newest first, with roots and signatures; an administrator without `audit` is refused', async (t) => {
  const list = await req('GET', '/audit/admin/digests?page=1&pageSize=5');
  t.is(list.status, 200, list.text);
  t.like(list.body.result.pagination, { page: 1, pageSize: 5, total: 1 });
  t.like(list.body.result.list[0], {
    day: written.day,
    merkleRoot: written.merkleRoot,
    chainCount: written.chainCount,
    signature: written.signature,
    keyId: written.keyId,
  });

  const reader = await factories.createAdmin({ permissions: ['audit:read'] });
  t.is((await req('GET', '/audit/admin/digests', { token: reader.token })).status, 200);
  const other = await factories.createAdmin({ permissions: ['user:read', 'user:write'] });
  const refused = await req('GET', '/audit/admin/digests', { token: other.token });
  t.is(refused.status, 403, refused.text);
  t.like(refused.body, { code: 403, path: '/api/audit/admin/digests' });
  t.is((await stack.request('GET', '/api/audit/admin/digests')).status, 401);
  // A site-bound administrator holding `audit`: refused, the digests cover every site's chains.
  const bound = await factories.createAdmin({ permissions: ['audit:read'] });
  await bound.admin.update({ sites: ['default'] });
  t.is((await req('GET', '/audit/admin/digests', { token: bound.token })).status, 403);
  t.is((await req('GET', '/audit/admin/digests?pageSize=0')).status, 400);
});

test.serial('audit:verify --root: the right root passes and names its day; another root, a changed row or a rewritten digest fails', async (t) => {
  const right = await runScript('--root', written.merkleRoot);
  t.is(right.code, 0, right.stdout + right.stderr);
  t.regex(right.stdout, new RegExp(`ROOT: ${written.merkleRoot} is the root of the digest of ${written.day}`));
  t.regex(right.stdout, /the chains recompute to the root/);

  const wrong = await runScript('--root', 'a'.repeat(64));
  t.is(wrong.code, 1, wrong.stdout);
  t.regex(wrong.stdout, new RegExp(`no digest has the root ${'a'.repeat(64)}`));

  const malformed = await runScript('--root', 'xyz');
  t.is(malformed.code, 1);
  t.regex(malformed.stderr, /--root must be 64 hex digits/);

  // A ledger row the digest covers, changed: the chains no longer recompute to the kept root.
  const [row] = await db().query<{ id: string; remark: string | null }>('SELECT id, remark FROM game_transactions WHERE "userId" = :u ORDER BY id LIMIT 1', {
    replacements: { u: player },
    type: QueryTypes.SELECT,
  });
  await exec(`UPDATE game_transactions SET remark = 'edited' WHERE id = :id`, { id: row.id });
  const changed = await runScript('--root', written.merkleRoot);
  t.is(changed.code, 1, changed.stdout);
  t.regex(changed.stdout, new RegExp(`changed\\s+game_transactions account ${player}: row ${row.id}`));
  await exec('UPDATE game_transactions SET remark = :remark WHERE id = :id', { id: row.id, remark: row.remark });

  // The digest rewritten with another root (its own trigger off): the kept root matches no digest.
  await behindTriggers(`UPDATE audit_digests SET "merkleRoot" = :root WHERE day = CAST(:day AS DATE)`, { root: 'b'.repeat(64), day: written.day });
  const rewritten = await verify.verifyChains({ root: written.merkleRoot });
  t.false(rewritten.ok);
  t.true(rewritten.problems.some((p) => p.kind === 'root' && p.detail.startsWith(`no digest has the root ${written.merkleRoot}`)));
  await behindTriggers(`UPDATE audit_digests SET "merkleRoot" = :root WHERE day = CAST(:day AS DATE)`, { root: written.merkleRoot, day: written.day });
  const back = await verify.verifyChains({ root: written.merkleRoot });
  t.true(back.ok, verify.verifyReportText(back));
  t.deepEqual(back.root, { root: written.merkleRoot, days: [written.day] });
});
