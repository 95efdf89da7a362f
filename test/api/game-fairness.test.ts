import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';
import { fairRound } from '../../shared/domain/game';

/**
 * Provably fair simulate rounds (docs/provably-fair.md): GET /game/fairness, PUT
 * /game/fairness/client-seed, POST /game/fairness/rotate, GET /game/fairness/round/:orderId, the seeds and
 * nonce of the simulate answer, 20 concurrent rounds of one player never sharing a nonce, every
 * outcome recomputed from the revealed seed, and `npm run verify-round`.
 */

let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];

test.before(async () => {
  ({ stack, factories, models } = await startSimulateStack());
});

test.after.always(async () => {
  await drainOutboxAndClose(models, stack, 5000);
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const body = { gameCode: 'provy-slot-01', productId: 1, betAmount: 1 };
const play = (token: string) => stack.request('POST', '/api/game/simulate', { token, body });
const get = (token: string) => stack.request('GET', '/api/game/fairness', { token });
const setSeed = (token: string, seed: unknown) => stack.request('PUT', '/api/game/fairness/client-seed', { token, body: { clientSeed: seed } });
const rotate = (token: string) => stack.request('POST', '/api/game/fairness/rotate', { token });
const proof = (token: string, orderId: number | string) => stack.request('GET', `/api/game/fairness/round/${orderId}`, { token });

test('GET /game/fairness commits to a server seed before play: its hash, a random client seed, nonce 0; the same on a second call', async (t) => {
  const { token } = await factories.createUser();
  const first = await get(token);
  t.is(first.body.code, 200, JSON.stringify(first.body));
  t.deepEqual(Object.keys(first.body.result).sort(), ['clientSeed', 'nonce', 'serverSeedHash']);
  t.regex(first.body.result.serverSeedHash, /^[0-9a-f]{64}$/);
  t.regex(first.body.result.clientSeed, /^[0-9a-f]{32}$/);
  t.is(first.body.result.nonce, 0);
  t.deepEqual((await get(token)).body.result, first.body.result);
  // Another player has other seeds.
  const other = await factories.createUser();
  const theirs = (await get(other.token)).body.result;
  t.not(theirs.serverSeedHash, first.body.result.serverSeedHash);
  t.not(theirs.clientSeed, first.body.result.clientSeed);
});

test('concurrent first calls of a new player agree on one server seed', async (t) => {
  const { token } = await factories.createUser({ balance: '100' });
  const answers = await Promise.all([...Array.from({ length: 10 }, () => get(token)), ...Array.from({ length: 5 }, () => play(token))]);
  t.true(
    answers.every((res) => res.body.code === 200),
    JSON.stringify(answers.find((res) => res.body.code !== 200)?.body),
  );
  t.is(new Set(answers.map((res) => res.body.result.serverSeedHash)).size, 1);
  t.deepEqual(
    answers
      .slice(10)
      .map((res) => res.body.result.nonce)
      .sort((a, b) => a - b),
    [0, 1, 2, 3, 4],
  );
});

test('the fairness endpoints need a player', async (t) => {
  t.is((await stack.request('GET', '/api/game/fairness')).status, 401);
  t.is((await stack.request('POST', '/api/game/fairness/rotate')).status, 401);
  t.is((await stack.request('PUT', '/api/game/fairness/client-seed', { body: { clientSeed: 'x' } })).status, 401);
  t.is((await stack.request('GET', '/api/game/fairness/round/1')).status, 401);
});

test('PUT /game/fairness/client-seed: 1 to 64 printable ASCII characters without spaces, else a 400 naming the field', async (t) => {
  const { token } = await factories.createUser();
  const before = (await get(token)).body.result;
  for (const bad of ['', ' ', 'has space', 'x'.repeat(65), 'nul\u0000', 'é', 12, null, ['a'], { a: 1 }]) {
    const res = await setSeed(token, bad);
    t.is(res.status, 400, JSON.stringify(bad));
    t.regex(res.body.message, /clientSeed/, JSON.stringify(bad));
  }
  t.is((await stack.request('PUT', '/api/game/fairness/client-seed', { token, body: {} })).status, 400);
  t.deepEqual((await get(token)).body.result, before);
  const res = await setSeed(token, 'my:lucky~seed!'.padEnd(64, '7'));
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result, { serverSeedHash: before.serverSeedHash, clientSeed: 'my:lucky~seed!'.padEnd(64, '7'), nonce: 0 });
  t.deepEqual((await get(token)).body.result, res.body.result);
});

test('rounds carry the committed hash, the client seed and nonces 0, 1, 2...; rotating reveals the seed, and every outcome recomputes from it', async (t) => {
  const { token } = await factories.createUser({ balance: '100' });
  await setSeed(token, 'round-check');
  const committed = (await get(token)).body.result;
  const rounds = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await play(token);
    t.is(res.body.code, 200, JSON.stringify(res.body));
    rounds.push(res.body.result);
  }
  t.deepEqual(
    rounds.map((r) => r.nonce),
    [0, 1, 2, 3, 4],
  );
  t.true(rounds.every((r) => r.serverSeedHash === committed.serverSeedHash && r.clientSeed === 'round-check'));
  t.is((await get(token)).body.result.nonce, 5);

  // Before rotation the proof shows the hash only.
  const hidden = await proof(token, rounds[0].orderId);
  t.is(hidden.body.code, 200, JSON.stringify(hidden.body));
  t.like(hidden.body.result, {
    orderId: rounds[0].orderId,
    roundId: rounds[0].roundId,
    serverSeed: null,
    serverSeedHash: committed.serverSeedHash,
    clientSeed: 'round-check',
    nonce: 0,
  });

  const rotated = await rotate(token);
  t.is(rotated.body.code, 200, JSON.stringify(rotated.body));
  const r = rotated.body.result;
  t.deepEqual(Object.keys(r).sort(), ['clientSeed', 'nonce', 'previousServerSeed', 'previousServerSeedHash', 'serverSeedHash']);
  t.is(r.previousServerSeedHash, committed.serverSeedHash);
  t.is(sha256(r.previousServerSeed), committed.serverSeedHash);
  t.regex(r.previousServerSeed, /^[0-9a-f]{64}$/);
  t.not(r.serverSeedHash, committed.serverSeedHash);
  t.is(r.clientSeed, 'round-check');
  t.is(r.nonce, 0);
  t.deepEqual((await get(token)).body.result, { serverSeedHash: r.serverSeedHash, clientSeed: 'round-check', nonce: 0 });

  for (const round of rounds) {
    const recomputed = fairRound(r.previousServerSeed, round.clientSeed, round.nonce);
    t.is(recomputed.result, round.result, `nonce ${round.nonce}`);
    t.is(Number(recomputed.multiplier), round.multiplier);
    const shown = (await proof(token, round.orderId)).body.result;
    t.like(shown, { serverSeed: r.previousServerSeed, serverSeedHash: committed.serverSeedHash, nonce: round.nonce, result: round.result });
  }
  // The next round uses the new seed from nonce 0.
  const next = (await play(token)).body.result;
  t.like(next, { serverSeedHash: r.serverSeedHash, nonce: 0 });
});

test('a round proof of another player, or of no round, is a 404; a bad id a 400', async (t) => {
  const { token } = await factories.createUser({ balance: '10' });
  const other = await factories.createUser();
  const round = (await play(token)).body.result;
  t.is((await proof(other.token, round.orderId)).status, 404);
  t.is((await proof(token, 999999999)).status, 404);
  for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) t.is((await proof(token, bad)).status, 400, bad);
});

test('20 concurrent rounds of one player never share a nonce, and each recomputes from the revealed seed', async (t) => {
  const { token } = await factories.createUser({ balance: '1000' });
  const committed = (await get(token)).body.result;
  const responses = await Promise.all(Array.from({ length: 20 }, () => play(token)));
  t.true(
    responses.every((res) => res.body.code === 200),
    JSON.stringify(responses.find((res) => res.body.code !== 200)?.body),
  );
  const nonces = responses.map((res) => res.body.result.nonce).sort((a, b) => a - b);
  t.deepEqual(
    nonces,
    Array.from({ length: 20 }, (_, i) => i),
  );
  const { previousServerSeed } = (await rotate(token)).body.result;
  t.is(sha256(previousServerSeed), committed.serverSeedHash);
  for (const res of responses) {
    const round = res.body.result;
    t.is(round.serverSeedHash, committed.serverSeedHash);
    t.is(fairRound(previousServerSeed, round.clientSeed, round.nonce).result, round.result);
  }
});

test('a refused round burns its nonce, never reuses it', async (t) => {
  const { token } = await factories.createUser({ balance: '1' });
  t.is((await play(token)).body.result.nonce, 0);
  const refused = await stack.request('POST', '/api/game/simulate', { token, body: { ...body, betAmount: 5000 } });
  t.is(refused.body.code, 5011);
  const after = (await get(token)).body.result.nonce;
  t.is(after, 2);
});

test('npm run verify-round prints the outcome a round paid, with each step', async (t) => {
  const { token } = await factories.createUser({ balance: '10' });
  await setSeed(token, 'cli');
  const round = (await play(token)).body.result;
  const { previousServerSeed } = (await rotate(token)).body.result;
  const root = path.join(__dirname, '..', '..');
  const run = promisify(execFile);
  const { stdout } = await run(
    process.execPath,
    ['--import=tsx', path.join(root, 'scripts', 'verify-round.ts'), previousServerSeed, 'cli', String(round.nonce)],
    { cwd: root },
  );
  t.regex(stdout, new RegExp(`server seed hash\\s+${round.serverSeedHash}`));
  t.regex(stdout, /message\s+cli:0/);
  t.regex(stdout, new RegExp(`outcome\\s+${round.result} x${fairRound(previousServerSeed, 'cli', 0).multiplier}\\n`));
  const usage = await run(process.execPath, ['--import=tsx', path.join(root, 'scripts', 'verify-round.ts'), 'only-one'], { cwd: root }).catch(
    (err: { code: number; stderr: string }) => err,
  );
  t.is((usage as { code: number }).code, 2);
});
