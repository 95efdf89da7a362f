import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { ledgerHolds, providerCall, providerEnv, roundOrder, snapshot, uniqueId } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * The history tables by month (docs/decisions/bet-record.md, "History tables are partitioned by month",
 * "Exactly once goes through the key tables of the reconciliation window", "Old months go to compressed
 * archives in storage"). Serial: the chain verifier and the archive job read the whole database.
 */
let stack: TestStack;
let uploadDir: string;
let db: typeof import('../../shared/db/sequelize').db;
let factories: typeof import('../helpers/factories');
let history: typeof import('../../shared/domain/history');
let audit: typeof import('../../shared/domain/audit');
let wallet: typeof import('../../shared/domain/wallet');
let storage: typeof import('../../shared/integrations/storage');

test.before(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'history-archive-'));
  stack = await startTestStack({ ...providerEnv(), UPLOAD_DIR: uploadDir });
  db = (await import('../../shared/db/sequelize')).db;
  factories = await import('../helpers/factories');
  history = await import('../../shared/domain/history');
  audit = await import('../../shared/domain/audit');
  wallet = await import('../../shared/domain/wallet');
  storage = await import('../../shared/integrations/storage');
});
test.after.always(async () => {
  await stack?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

const rows = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) => db().query<T>(sql, { replacements, type: QueryTypes.SELECT });
const partitionOf = async (table: string, where: string, replacements: Record<string, unknown>) =>
  (await rows<{ p: string }>(`SELECT tableoid::regclass::TEXT AS p FROM ${table} WHERE ${where}`, replacements)).map((r) => r.p);
const move = (userId: number, amount: string, key: string) =>
  db().transaction((t) => wallet.moveBalance(t, { userId, amount, kind: 'adjustment', idempotencyKey: key }));
const provx = (method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, 'provx', method, body);

async function verifyOk(t: import('ava').ExecutionContext): Promise<void> {
  const report = await audit.verifyChains();
  t.deepEqual(report.problems, [], audit.verifyReportText(report));
}

/** A ledger row written at `at` (the wallet writes now(); a month boundary needs its own instant), chained by the trigger. */
async function ledgerRowAt(userId: number, amount: string, key: string, at: string): Promise<void> {
  await db().transaction(async (transaction) => {
    const [u] = await db().query<{ balance: string; siteCode: string }>(
      `UPDATE users SET balance = balance + :amount WHERE id = :userId RETURNING balance, "siteCode"`,
      { replacements: { amount, userId }, type: QueryTypes.SELECT, transaction },
    );
    await db().query(
      `INSERT INTO game_transactions ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "idempotencyKey", "createdAt")
       VALUES (:site, :userId, 'adjustment', :amount, :balance::NUMERIC - :amount::NUMERIC, :balance, :key, :at)`,
      { replacements: { site: u.siteCode, userId, amount, balance: u.balance, key, at }, transaction },
    );
  });
}

test.serial('inserts across a month boundary land in their months; a missing month waits in the default partition, then gets its own', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  await ledgerRowAt(user.id, '1', `t:last:${user.id}`, '2027-01-31T23:59:59.999999Z');
  await ledgerRowAt(user.id, '2', `t:first:${user.id}`, '2027-02-01T00:00:00Z');
  await ledgerRowAt(user.id, '3', `t:later:${user.id}`, '2031-05-10T12:00:00Z');
  t.deepEqual(await partitionOf('game_transactions', `"userId" = :id ORDER BY id`, { id: user.id }), [
    'game_transactions_2026_12',
    'game_transactions_2027_01',
    'game_transactions_2027_02',
    'game_transactions_default',
  ]);
  // The chain runs on across months, and the key stays unique whatever the month.
  await verifyOk(t);
  const again = await t.throwsAsync(ledgerRowAt(user.id, '1', `t:last:${user.id}`, '2027-02-02T00:00:00Z'));
  t.regex(String((again as { original?: { constraint?: string } }).original?.constraint), /game_transaction_keys_pkey/);

  const made = await history.createMonthsAhead();
  t.true(made.includes('game_transactions_2031_05'));
  t.deepEqual((await partitionOf('game_transactions', `"userId" = :id ORDER BY id`, { id: user.id })).slice(-1), ['game_transactions_2031_05']);
  t.deepEqual(await rows('SELECT 1 FROM game_transactions_default'), []);
  // Moved between plain tables: the row kept its link (not chained again), its key and its report delta.
  await verifyOk(t);
  const [deltas] = await rows<{ n: number }>(
    `SELECT count(*)::INT AS n FROM report_deltas d JOIN game_transactions g ON d.source = 'ledger' AND d."sourceId" = g.id WHERE g."idempotencyKey" = :key`,
    { key: `t:later:${user.id}` },
  );
  t.is(deltas.n, 1);

  // A round is one order whatever the month of the second write.
  const order = (at: string) =>
    db().query(
      `INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameType", "gamePlatform", "gameNumber", "createdAt")
       VALUES (:site, :id, 'provx', 'provx-slot-01', '1', 'provx', :round, :at)`,
      { replacements: { site: user.siteCode, id: user.id, round: `r-${user.id}`, at } },
    );
  await order('2027-01-31T23:59:59.999999Z');
  const twice = await t.throwsAsync(order('2027-02-01T00:00:00Z'));
  t.regex(String((twice as { original?: { constraint?: string } }).original?.constraint), /bet_order_keys_pkey/);
});

test.serial('a provider transaction retried in another month, and after the window, is answered once', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const bet = uniqueId('bet');
  const round = uniqueId('round');
  const body = { transactionId: bet, roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '10' };
  const first = await provx('Bet', body);
  t.is(first.body.status, 'OK', first.text);
  const after = await ledgerHolds(t, user.id);

  // The same call arrives a month later: its key still holds it.
  await db().query(`UPDATE provider_transactions SET "createdAt" = now() - INTERVAL '1 month' WHERE "transactionId" = :bet`, { replacements: { bet } });
  const nextMonth = await provx('Bet', body);
  t.is(nextMonth.text, first.text);
  t.deepEqual(await snapshot(user.id), after);

  // Five months later, past the window of 4: the key is pruned, the call is found in its month.
  await db().query(`UPDATE provider_transactions SET "createdAt" = now() - INTERVAL '5 months' WHERE "transactionId" = :bet`, { replacements: { bet } });
  await db().query(`UPDATE bet_orders SET "createdAt" = now() - INTERVAL '5 months' WHERE "gameNumber" = :round`, { replacements: { round } });
  await history.createMonthsAhead();
  t.true((await history.pruneKeys()) > 0);
  t.deepEqual(await rows('SELECT 1 FROM provider_transaction_keys WHERE "transactionId" = :bet', { bet }), []);
  t.deepEqual(await rows('SELECT 1 FROM bet_order_keys WHERE "gameNumber" = :round', { round }), []);
  const old = await provx('Bet', body);
  t.is(old.text, first.text);
  t.deepEqual(await snapshot(user.id), after);
  // The same id with other content is still a duplicate, and the round's result finds its old order.
  const other = await provx('Bet', { ...body, amount: '11' });
  t.is(other.body.errorCode, 3002, other.text);
  const result = await provx('BetResult', { transactionId: uniqueId('res'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', winAmount: '4' });
  t.is(result.body.status, 'OK', result.text);
  const s = await ledgerHolds(t, user.id);
  t.is(s.orders, 1);
  t.is(s.balance, '94.000000');
  t.like(await roundOrder(user.id, round), { settled: true, winAmount: '4.000000' });
});

test.serial('a month archived to storage and restored: checksum, chain heads and the verifier across it', async (t) => {
  // Rows written in March 2025 (chained by the trigger as they are written), then one now.
  const { user } = await factories.createUser();
  const { user: gone } = await factories.createUser();
  await ledgerRowAt(user.id, '50', `t:a:${user.id}`, '2025-03-15T10:00:00Z');
  await ledgerRowAt(user.id, '-5', `t:b:${user.id}`, '2025-03-15T10:00:01Z');
  await ledgerRowAt(gone.id, '20', `t:c:${gone.id}`, '2025-03-20T10:00:00Z');
  await ledgerRowAt(user.id, '2.5', `t:d:${user.id}`, '2025-03-31T23:59:59.999999Z');
  await move(user.id, '1', `t:e:${user.id}`);
  t.deepEqual(await history.createMonthsAhead(), ['game_transactions_2025_03']);
  await verifyOk(t);
  const before = await rows<{ id: string; chainHash: string }>(`SELECT id, "chainHash" FROM game_transactions WHERE "createdAt" < '2025-04-01' ORDER BY id`);

  t.deepEqual(await history.archiveOldMonths(), ['game_transactions 2025-03']);
  t.deepEqual(await rows(`SELECT to_regclass('game_transactions_2025_03') AS p`), [{ p: null }]);
  const [archive] = await rows<{ storageKey: string; sha256: string; rowCount: string; manifest: { heads: unknown[]; rows: number } }>(
    `SELECT "storageKey", sha256, "rowCount", manifest FROM history_archives WHERE "table" = 'game_transactions'`,
  );
  t.is(Number(archive.rowCount), before.length);
  t.is(archive.manifest.heads.length, 2);
  const bytes = await storage.getObject(archive.storageKey);
  t.is(history.sha256(bytes!), archive.sha256);
  t.truthy(await storage.getObject(storage.variantKey(archive.storageKey, 'manifest', 'json')));
  // The verifier takes each archived month as its manifest's links: the chain after it and the balance of a player whose rows are all archived.
  await verifyOk(t);
  t.deepEqual(await history.archivedMonths(), ['2025-03']);
  // A player whose ledger is all archived still has a ledger: not deletable.
  await t.throwsAsync(db().query('DELETE FROM users WHERE id = :id', { replacements: { id: gone.id } }), { message: /has ledger rows/ });

  // A file that is not the manifest's, or a chain that is not, restores nothing.
  await storage.putObject(archive.storageKey, Buffer.concat([bytes!, Buffer.from('x')]));
  await t.throwsAsync(history.restoreMonth('2025-03'), { message: /sha256/ });
  await storage.putObject(archive.storageKey, bytes!);
  await db().query(
    `UPDATE history_archives SET manifest = jsonb_set(manifest, '{heads,0,lastHash}', '"${'0'.repeat(64)}"') WHERE "table" = 'game_transactions'`,
  );
  await t.throwsAsync(history.restoreMonth('2025-03'), { message: /manifest's head/ });
  t.deepEqual(await rows(`SELECT to_regclass('game_transactions_2025_03') AS p`), [{ p: null }]);
  await db().query(`UPDATE history_archives SET manifest = jsonb_set(manifest, '{heads}', :heads::jsonb) WHERE "table" = 'game_transactions'`, {
    replacements: { heads: JSON.stringify(archive.manifest.heads) },
  });

  const restored = await history.restoreMonth('2025-03');
  t.deepEqual(restored, [{ table: 'game_transactions', rows: before.length, chains: 2 }]);
  t.deepEqual(await rows(`SELECT id, "chainHash" FROM game_transactions WHERE "createdAt" < '2025-04-01' ORDER BY id`), before);
  t.deepEqual(await history.archivedMonths(), []);
  await verifyOk(t);
  await ledgerHolds(t, user.id);
  await t.throwsAsync(history.restoreMonth('2025-03'), { message: /no archived month/ });
});
