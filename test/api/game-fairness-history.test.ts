import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fairRound, type NonceEntry } from '../../shared/domain/game';
import test from 'ava';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';
import { verifyHistoryReport } from '../../scripts/verify-round';

/**
 * GET /game/fairness/history and `npm run verify-round -- --history` (docs/provably-fair.md, "History"):
 * with real draws, a player with a low balance plays rounds of which some are refused (balance too low,
 * a game block); every nonce 0..n of the seed is listed exactly once, with its round or the refusal's
 * name; after rotation the old seed's nonces are still listed with the revealed seed and the verifier
 * accounts for each of them. A nonce with neither a round nor a record (left by the rounds of before
 * migration 20261201-0100, or a record removed) is listed as `unrecorded`.
 */

let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];
let db: SimulateStack['db'];
let adminToken: string;

test.before(async () => {
  ({ stack, factories, models, db } = await startSimulateStack({ RATE_LIMIT_SIMULATE_PER_USER: '10000' }));
  adminToken = (await factories.createAdmin()).token;
});

test.after.always(async () => {
  await drainOutboxAndClose(models, stack, 5000);
});

const play = (token: string, betAmount = 1) =>
  stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 1, betAmount } });
const history = (token: string, query = '') => stack.request('GET', `/api/game/fairness/history${query}`, { token });
const rotate = (token: string) => stack.request('POST', '/api/game/fairness/rotate', { token });

/** A listed nonce, as the answer types it (shared/domain/game/fairness/history.ts). */
type Entry = NonceEntry;

/** Every page of the player's history, as a client saves it. */
async function allPages(token: string, pageSize = 7, query = '') {
  const pages = [];
  for (let page = 1; ; page += 1) {
    const res = await history(token, `?page=${page}&pageSize=${pageSize}${query}`);
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    pages.push(res.body.result);
    if (page >= res.body.result.pagination.totalPages) return pages;
  }
}
const entriesOf = (pages: Array<{ items: Entry[] }>) => pages.flatMap((page) => page.items);

test('every nonce of the current and past seeds is listed once, with its round or why it was burnt; the verifier accounts for each', async (t) => {
  const { user, token } = await factories.createUser({ balance: '3' });
  const seedHash = (await stack.request('GET', '/api/game/fairness', { token })).body.result.serverSeedHash;
  const played: Record<number, { code: number; result?: Record<string, unknown> }> = {};
  const record = async (res: Awaited<ReturnType<typeof play>>, nonce: number) => {
    played[nonce] = { code: res.body.code, result: res.body.result ?? undefined };
  };
  let nonce = 0;
  // Real draws at a low balance: some rounds are played, the rest refused once the balance is below the bet.
  for (let i = 0; i < 12; i += 1) await record(await play(token), nonce++);
  // Always refused: a bet above the balance, and a game block of the player.
  await record(await play(token, 5000), nonce++);
  const block = await stack.request('POST', '/api/game/admin/user-blocks', { token: adminToken, body: { userId: user.id } });
  t.is(block.body.code, 200, JSON.stringify(block.body));
  await record(await play(token, 0.01), nonce++);
  await stack.request('DELETE', `/api/game/admin/user-blocks/${block.body.result.id}`, { token: adminToken });
  await record(await play(token, 0.01), nonce++);
  const accepted = Object.values(played).filter((p) => p.code === 200).length;
  t.true(accepted >= 2 && accepted < nonce, `${accepted} of ${nonce} played`);

  const pages = await allPages(token);
  const entries = entriesOf(pages);
  t.is(pages[0].pagination.total, nonce);
  t.deepEqual(
    entries.map((e) => e.nonce),
    Array.from({ length: nonce }, (_, i) => nonce - 1 - i),
    'newest first, each nonce once',
  );
  t.deepEqual(pages[0].seeds, [{ serverSeedHash: seedHash, serverSeed: null, current: true, nonces: nonce, revealedAt: null }]);
  for (const entry of entries) {
    const answer = played[entry.nonce];
    t.is(entry.serverSeedHash, seedHash);
    t.is(entry.serverSeed, null);
    if (answer.code === 200) {
      t.like(
        entry,
        { status: 'round', orderId: answer.result?.orderId, roundId: answer.result?.roundId, result: answer.result?.result, reason: null },
        `nonce ${entry.nonce}`,
      );
    } else {
      t.like(entry, { status: 'burnt', orderId: null, result: null }, `nonce ${entry.nonce}`);
      t.is(entry.reason, entry.nonce === 13 ? 'game.playerBlocked' : 'game.balanceTooLow', `nonce ${entry.nonce}`);
      t.truthy(entry.clientSeed);
    }
  }

  // After rotation the old seed is listed with its revealed seed, and the new seed's rounds before it.
  const { previousServerSeed } = (await rotate(token)).body.result;
  const { moveBalance } = await import('../../shared/domain/wallet');
  await db().transaction((transaction) =>
    moveBalance(transaction, { userId: user.id, amount: '1', kind: 'adjustment', idempotencyKey: `test:top-up:${user.id}` }),
  );
  const next = await play(token, 0.01);
  t.is(next.body.code, 200, JSON.stringify(next.body));
  const after = await allPages(token, 50);
  const listed = entriesOf(after);
  t.is(after[0].pagination.total, nonce + 1);
  t.like(listed[0], { serverSeedHash: next.body.result.serverSeedHash, serverSeed: null, nonce: 0, status: 'round', orderId: next.body.result.orderId });
  t.like(after[0].seeds[1], { serverSeedHash: seedHash, serverSeed: previousServerSeed, current: false, nonces: nonce });
  const old = listed.filter((e) => e.serverSeedHash === seedHash);
  t.deepEqual(
    old.map((e) => [e.nonce, e.status, e.reason]),
    entries.map((e) => [e.nonce, e.status, e.reason]),
  );
  t.true(old.every((e) => e.serverSeed === previousServerSeed));
  for (const e of old.filter((entry) => entry.status === 'round'))
    t.is(fairRound(previousServerSeed, e.clientSeed as string, e.nonce).result as string | null, e.result);

  // One seed's nonces alone.
  const one = entriesOf(await allPages(token, 5, `&serverSeedHash=${seedHash}`));
  t.deepEqual(one, old);

  // The verifier: the old seed checks out completely; the current one is accounted for.
  const report = verifyHistoryReport(after);
  t.true(report.ok, report.text);
  t.regex(report.text, new RegExp(`seed ${seedHash}: ${nonce} nonces`));
  t.regex(report.text, /13 {2}burnt \(game\.playerBlocked\) {2}would have drawn \w+/);
  t.regex(report.text, new RegExp(`${accepted} rounds, ${nonce - accepted} burnt, 0 unrecorded\\n {2}OK: every nonce accounted for, every round recomputes`));

  // A nonce left out, listed twice, or a round whose outcome does not recompute, fails it.
  const without = after.map((page) => ({ ...page, items: page.items.filter((e: Entry) => !(e.serverSeedHash === seedHash && e.nonce === 3)) }));
  t.regex(verifyHistoryReport(without).text, /problem: nonce 3 is missing/);
  t.false(verifyHistoryReport(without).ok);
  t.false(verifyHistoryReport([...after, { items: [old[0]], seeds: [] }]).ok);
  const round = old.find((e) => e.status === 'round') as Entry;
  const forged = after.map((page) => ({
    ...page,
    items: page.items.map((e: Entry) => (e === round ? { ...e, result: e.result === 'lose' ? 'mega' : 'lose' } : e)),
  }));
  t.regex(verifyHistoryReport(forged).text, new RegExp(`problem: nonce ${round.nonce}: the round paid`));

  // The command line, from a saved file.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fair-')), 'history.json');
  writeFileSync(file, JSON.stringify(after));
  const root = path.join(__dirname, '..', '..');
  const run = promisify(execFile);
  const { stdout } = await run(process.execPath, ['--import=tsx', path.join(root, 'scripts', 'verify-round.ts'), '--history', file], { cwd: root });
  t.regex(stdout, /OK: every nonce accounted for, every round recomputes/);
  writeFileSync(file, JSON.stringify(without));
  const failed = await run(process.execPath, ['--import=tsx', path.join(root, 'scripts', 'verify-round.ts'), '--history', file], { cwd: root }).catch(
    (err: { code: number; stdout: string }) => err,
  );
  t.is((failed as { code: number }).code, 1);
});

test('a nonce with neither a round nor a burnt record is listed as unrecorded, and the verifier says so; the next round draws with the nonce after it', async (t) => {
  const { user, token } = await factories.createUser({ balance: '5' });
  t.is((await play(token)).body.code, 200);
  // A nonce taken outside any round (what the rounds of before migration 20261201-0100 left after a
  // crash): the API's seeds for the player are now stale, and its next round must find that out.
  await db().query('UPDATE fairness_seeds SET nonce = nonce + 1 WHERE "userId" = :userId', { replacements: { userId: user.id } });
  const next = await play(token);
  t.is(next.body.code, 200);
  t.is(next.body.result.nonce, 2);
  const pages = await allPages(token);
  t.deepEqual(
    entriesOf(pages).map((e) => [e.nonce, e.status]),
    [
      [2, 'round'],
      [1, 'unrecorded'],
      [0, 'round'],
    ],
  );
  t.like(entriesOf(pages)[1], { clientSeed: null, orderId: null, reason: null });
  const { previousServerSeed } = (await rotate(token)).body.result;
  const report = verifyHistoryReport(await allPages(token), [previousServerSeed]);
  t.true(report.ok, report.text);
  t.regex(report.text, /2 rounds, 0 burnt, 1 unrecorded \(1: taken, then neither played nor refused on record\)/);
});

test("the history is the player's own, needs a player, and refuses a bad page or seed hash with a 400", async (t) => {
  const { token } = await factories.createUser({ balance: '5' });
  const other = await factories.createUser({ balance: '5' });
  t.is((await play(other.token)).body.code, 200);
  const mine = await history(token);
  t.is(mine.body.code, 200, JSON.stringify(mine.body));
  t.deepEqual(mine.body.result.items, []);
  t.is(mine.body.result.pagination.total, 0);
  t.is(mine.body.result.seeds.length, 1);
  const theirs = (await history(other.token)).body.result;
  t.deepEqual(entriesOf(await allPages(token, 5, `&serverSeedHash=${theirs.seeds[0].serverSeedHash}`)), []);
  t.is((await stack.request('GET', '/api/game/fairness/history')).status, 401);
  for (const bad of ['?page=0', '?pageSize=51', '?pageSize=x', '?serverSeedHash=abc', `?serverSeedHash=${'A'.repeat(64)}`]) {
    const res = await history(token, bad);
    t.is(res.status, 400, bad);
    t.regex(res.body.message, /page|serverSeedHash/, bad);
  }
});

test("a round refused by player protection burns its nonce with the protection refusal's name", async (t) => {
  const { token } = await factories.createUser({ balance: '5' });
  t.is((await play(token)).body.code, 200);
  const excluded = await stack.request('POST', '/api/responsible-gaming/self-exclusion', { token, body: { months: 6 } });
  t.is(excluded.body.code, 200, JSON.stringify(excluded.body));
  t.is((await play(token)).body.code, 4101);
  const entries = entriesOf(await allPages(token));
  t.deepEqual(
    entries.map((e) => [e.nonce, e.status, e.reason]),
    [
      [1, 'burnt', 'responsible-gaming.selfExcluded'],
      [0, 'round', null],
    ],
  );
});
