import { createHash } from 'node:crypto';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Migration 20261201-0100: every existing player gets provably fair seeds (a fresh server seed whose
 * hash is its SHA-256, a client seed, nonce 0), players with seeds keep theirs, and a seed rotated
 * before the migration counts its nonces up to its last recorded round.
 */
let stack: TestStack;
test.before(async () => {
  // No events publisher polling the ledger and the bet orders while the migrations rebuild them (a DDL deadlock).
  stack = await startTestStack({ EVENTS_PUBLISHER: 'false' });
});
test.after.always(async () => {
  await stack?.close();
});

test('players without seeds get fresh ones, players with seeds keep them, rotated seeds count their nonces', async (t) => {
  const { db } = await import('../../shared/db/sequelize');
  const { migrator } = await import('../../shared/db/migrator');
  const umzug = migrator(db());
  await umzug.down({ to: '20261201-0100-fairness-every-nonce' });
  const player = async (account: string) =>
    (
      await db().query<{ id: number }>(`INSERT INTO users ("siteCode", account, name) VALUES ('seed-site', :account, 'x') RETURNING id`, {
        replacements: { account },
        type: QueryTypes.SELECT,
      })
    )[0].id;
  const bare = [await player('bare1'), await player('bare2'), await player('bare3')];
  const seeded = await player('seeded');
  const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const keep = 'a'.repeat(64);
  await db().query(`INSERT INTO fairness_seeds ("userId", "serverSeed", "serverSeedHash", "clientSeed", nonce) VALUES (:seeded, :keep, :hash, 'mine', 4)`, {
    replacements: { seeded, keep, hash: hash(keep) },
  });
  const old = 'b'.repeat(64);
  await db().query(`INSERT INTO fairness_revealed_seeds ("serverSeedHash", "userId", "serverSeed") VALUES (:hash, :seeded, :old)`, {
    replacements: { hash: hash(old), seeded, old },
  });
  await db().query(
    `INSERT INTO fairness_rounds ("betOrderId", "userId", "serverSeedHash", "clientSeed", nonce) VALUES (900001, :seeded, :hash, 'mine', 0), (900002, :seeded, :hash, 'mine', 6)`,
    { replacements: { hash: hash(old), seeded } },
  );
  await umzug.up();
  const rows = await db().query<{ userId: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: string }>(
    `SELECT s."userId", s."serverSeed", s."serverSeedHash", s."clientSeed", s.nonce::TEXT AS nonce FROM fairness_seeds s JOIN users u ON u.id = s."userId" WHERE u."siteCode" = 'seed-site' ORDER BY s."userId"`,
    { type: QueryTypes.SELECT },
  );
  t.deepEqual(
    rows.map((r) => r.userId),
    [...bare, seeded],
  );
  for (const row of rows.slice(0, 3)) {
    t.regex(row.serverSeed, /^[0-9a-f]{64}$/);
    t.is(row.serverSeedHash, hash(row.serverSeed));
    t.regex(row.clientSeed, /^[0-9a-f]{32}$/);
    t.is(row.nonce, '0');
  }
  t.is(new Set(rows.map((r) => r.serverSeed)).size, 4);
  t.like(rows[3], { serverSeed: keep, clientSeed: 'mine', nonce: '4' });
  const [revealed] = await db().query<{ nonceCount: string }>(
    `SELECT "nonceCount"::TEXT AS "nonceCount" FROM fairness_revealed_seeds WHERE "userId" = :seeded`,
    {
      replacements: { seeded },
      type: QueryTypes.SELECT,
    },
  );
  t.is(revealed.nonceCount, '7');
});
