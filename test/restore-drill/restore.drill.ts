import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { resetConfig } from '../../shared/config';
import { DepositOrder, User } from '../../shared/db/models';
import { closeDb, db } from '../../shared/db/sequelize';
import { verifyChains } from '../../shared/domain/audit';
import { currentOutboxJobId, databaseIncarnation } from '../../shared/queues/incarnation';
import { queue } from '../../shared/queues/queues';
import { findOnPath, withDatabase } from '../../scripts/lib/services';
import { tempDir } from '../../scripts/lib/system-tools';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createDepositor, DEPOSIT_ENV, postUsdtCallback, unique, usdtChannel } from '../helpers/deposits';
import { createSite } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The restore drill (`npm run test:restore-drill`; docs/operations.md, "Backup, restore and the drill"):
 * a database with paid and credited deposits is dumped with pg_dump while one paid order's job waits in
 * Redis; more is written after the dump (outbox ids the restored database will hand out again, their
 * jobs completed in Redis); the dump is restored with pg_restore into a fresh database, and the API and
 * the workers run on it against the same, old Redis. Then every paid order of the restored database is
 * credited exactly once (its status, the player's balance, one deposit ledger row), new deposits are
 * credited at once (not after the reconcilers' 5-minute grace: their job ids must not meet the old
 * completed jobs), and the audit chains verify.
 */
const run = promisify(execFile);
const AMOUNT = '10';
/** Far below the reconcilers' grace (OUTBOX_RECONCILE_AFTER_MS, 5 minutes by default, kept here). */
const PROMPTLY_MS = 20_000;

let stack: TestStack;
let workers: RunningWorkers | undefined;
let restoredDb: string | undefined;
const dumpDir = tempDir('restore-drill');

test.before(async () => {
  stack = await startTestStack({ ...DEPOSIT_ENV, OUTBOX_RECONCILE_EVERY_MS: '1000' });
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
  if (restoredDb) {
    const admin = new Client({ connectionString: withDatabase(process.env.TEST_PG_URL as string, 'postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${restoredDb}" WITH (FORCE)`).finally(() => admin.end());
  }
  fs.rmSync(dumpDir, { recursive: true, force: true });
});

interface Player {
  userId: number;
  token: string;
}

/** A crypto deposit order, paid by the vendor's signed callback; its credit is the workers' job. */
async function payDeposit(player: Player, site: string): Promise<string> {
  const subOrder = unique();
  const channel = await usdtChannel(site);
  const created = await stack.request('POST', '/api/deposit', {
    token: player.token,
    body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: AMOUNT },
  });
  if (created.status !== 200) throw new Error(`deposit refused: ${created.text}`);
  const paid = await postUsdtCallback(stack, { subOrder, payAmount: AMOUNT, txHash: unique('0x'), payTime: 'now' });
  if (paid.body?.received !== true) throw new Error(`callback refused: ${paid.text}`);
  return subOrder;
}

/** What the player's order shows: its status and whether it was credited. */
async function orderSeen(player: Player, subOrder: string): Promise<{ status: string; credited: boolean }> {
  const res = await stack.request('GET', `/api/deposit/orders/${subOrder}`, { token: player.token });
  const order = await DepositOrder.findOne({ where: { subOrder } });
  return { status: res.body?.result?.status, credited: !!order?.creditedAt };
}

const creditedAll = (player: Player, subOrders: string[]) => async () => {
  const seen = await Promise.all(subOrders.map((s) => orderSeen(player, s)));
  return seen.every((o) => o.credited);
};

/** The player's balance, deposit ledger rows (per order) and paid orders, as an operator reads them. */
async function books(userId: number) {
  const user = await User.findByPk(userId);
  const ledger = await db().query<{ reference: string; n: string }>(
    `SELECT o."subOrder" AS reference, COUNT(t.id)::text AS n FROM deposit_orders o
       LEFT JOIN game_transactions t ON t."userId" = o."userId" AND t.kind = 'deposit' AND t."refType" = 'deposit-order' AND t."refId" = o.id::text
      WHERE o."userId" = :userId AND o.status = 'paid' GROUP BY o."subOrder"`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  const [deposits] = await db().query<{ rows: string; total: string }>(
    `SELECT COUNT(*)::text AS rows, COALESCE(SUM(amount), 0)::text AS total FROM game_transactions WHERE "userId" = :userId AND kind = 'deposit'`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return { balance: user!.balance, ledgerRows: Number(deposits.rows), ledgerTotal: Number(deposits.total), perOrder: ledger };
}

async function serverMajor(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0].v) / 10_000);
  } finally {
    await client.end();
  }
}

async function toolMajor(tool: string): Promise<number> {
  const { stdout } = await run(tool, ['--version']);
  const m = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)/, ''));
  if (!m) throw new Error(`could not read the version of ${tool}: ${stdout}`);
  return Number(m[1]);
}

/**
 * pg_dump and pg_restore of at least the server's major version: Debian's versioned folder of that major,
 * else the ones on PATH; as root, Debian's postgresql-client-<major> is installed when neither fits.
 */
async function dumpTools(major: number): Promise<{ pgDump: string; pgRestore: string }> {
  const fits = async (dir: string | undefined) => {
    if (!dir) return false;
    const pgDump = path.join(dir, 'pg_dump');
    return fs.existsSync(pgDump) && fs.existsSync(path.join(dir, 'pg_restore')) && (await toolMajor(pgDump)) >= major;
  };
  const onPath = findOnPath('pg_dump');
  for (const attempt of [0, 1]) {
    for (const dir of [`/usr/lib/postgresql/${major}/bin`, onPath && path.dirname(onPath)]) {
      if (dir && (await fits(dir))) return { pgDump: path.join(dir, 'pg_dump'), pgRestore: path.join(dir, 'pg_restore') };
    }
    if (attempt === 0 && process.getuid?.() === 0 && findOnPath('apt-get')) {
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', `postgresql-client-${major}`], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
  }
  throw new Error(
    `pg_dump and pg_restore of Postgres ${major} or newer are missing: install postgresql-client-${major} (PGDG packages for a newer major than Debian's)`,
  );
}

test.serial('a dump restored into a fresh database, run against the old Redis: every effect once, new work at once, chains verify', async (t) => {
  t.timeout(180_000);
  // pg_dump must be at least the server's major version (pg_restore reads what it wrote).
  const { pgDump, pgRestore } = await dumpTools(await serverMajor(stack.databaseUrl));

  const site = await createSite();
  const players: Player[] = [];
  for (let i = 0; i < 3; i += 1) {
    const made = await createDepositor({ siteCode: site });
    players.push({ userId: made.user.id, token: made.token });
  }

  // Before the dump: each player's deposit paid and credited by the workers.
  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  const before = await Promise.all(players.map((p) => payDeposit(p, site)));
  await waitFor(
    'the deposits before the dump credited',
    async () => (await Promise.all(players.map((p, i) => creditedAll(p, [before[i]])()))).every(Boolean),
    PROMPTLY_MS,
  );
  const incarnationBefore = await databaseIncarnation();

  // One order paid with the workers stopped: its job waits in Redis when the dump is taken.
  await workers.stop();
  workers = undefined;
  const waiting = await payDeposit(players[0], site);
  await waitFor('the waiting order pushed', async () => {
    const [row] = await db().query<{ sent: boolean }>(
      `SELECT o."sentAt" IS NOT NULL AS sent FROM outbox o JOIN deposit_orders d ON d.id = (o.payload->>'depositOrderId')::bigint WHERE d."subOrder" = :subOrder`,
      { replacements: { subOrder: waiting }, type: QueryTypes.SELECT },
    );
    return row?.sent;
  });

  const dumpFile = path.join(dumpDir, 'gaming.dump');
  await run(pgDump, ['--format=custom', '--file', dumpFile, stack.databaseUrl]);

  // After the dump: the workers credit the waiting order, and more deposits are paid and credited. Their
  // outbox ids are the ones the restored database hands out again; their jobs stay completed in Redis.
  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  const afterDump = await Promise.all(players.map((p) => payDeposit(p, site)));
  await waitFor(
    'the orders after the dump credited',
    async () => (await Promise.all(players.map((p, i) => creditedAll(p, i === 0 ? [waiting, afterDump[i]] : [afterDump[i]])()))).every(Boolean),
    PROMPTLY_MS,
  );
  await workers.stop();
  workers = undefined;
  const lostJobs = await queue('deposit-credit').getJobCounts('completed');
  t.true(lostJobs.completed >= players.length * 2 + 1, 'the completed jobs stay in the old Redis');

  // The restore: a fresh database from the dump; the API and the workers now run on it, on the same Redis.
  restoredDb = `${new URL(stack.databaseUrl).pathname.slice(1)}_restored`;
  const admin = new Client({ connectionString: withDatabase(process.env.TEST_PG_URL as string, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${restoredDb}"`).finally(() => admin.end());
  const restoredUrl = withDatabase(stack.databaseUrl, restoredDb);
  await run(pgRestore, ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, dumpFile]);
  process.env.DATABASE_URL = restoredUrl;
  resetConfig();
  await closeDb();

  // What the dump holds: the orders after it are gone; the waiting order is paid, not credited.
  t.is(await DepositOrder.count({ where: { subOrder: afterDump } }), 0);
  t.deepEqual(await orderSeen(players[0], waiting), { status: 'paid', credited: false });
  const incarnationRestored = await databaseIncarnation();
  t.not(incarnationRestored, incarnationBefore, 'the restored database is a new incarnation');

  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  // New deposits on the restored database reuse the outbox ids of the orders after the dump.
  const restoredNew = await Promise.all(players.map((p) => payDeposit(p, site)));
  const started = Date.now();
  await waitFor(
    'the waiting order and the new deposits credited',
    async () => (await Promise.all(players.map((p, i) => creditedAll(p, i === 0 ? [waiting, restoredNew[i]] : [restoredNew[i]])()))).every(Boolean),
    PROMPTLY_MS,
  );
  t.true(Date.now() - started < PROMPTLY_MS);

  // Each paid order credited once: one ledger row each, the balance their sum; nothing of the lost orders.
  for (const [i, player] of players.entries()) {
    const paid = i === 0 ? 3 : 2;
    const seen = await books(player.userId);
    t.is(seen.ledgerRows, paid, `player ${i}: deposit ledger rows`);
    t.is(seen.ledgerTotal, paid * Number(AMOUNT), `player ${i}: deposits in the ledger`);
    t.is(Number(seen.balance), paid * Number(AMOUNT), `player ${i}: balance`);
    t.deepEqual(
      seen.perOrder.map((o) => o.n),
      seen.perOrder.map(() => '1'),
      `player ${i}: one ledger row per paid order`,
    );
  }
  // The new orders' jobs ran once each, under the restored database's incarnation.
  for (const subOrder of restoredNew) {
    const order = await DepositOrder.findOne({ where: { subOrder } });
    const [row] = await db().query<{ id: string }>(`SELECT id FROM outbox WHERE queue = 'deposit-credit' AND (payload->>'depositOrderId')::bigint = :id`, {
      replacements: { id: order!.id },
      type: QueryTypes.SELECT,
    });
    const job = await queue('deposit-credit').getJob(await currentOutboxJobId(row.id));
    t.is(await job?.getState(), 'completed');
    t.like(job?.returnvalue, { credited: true });
  }
  // A sweep later finds nothing owed, and the chains of the restored database verify.
  await new Promise((r) => setTimeout(r, 2500));
  for (const [i, player] of players.entries()) t.is((await books(player.userId)).ledgerRows, i === 0 ? 3 : 2);
  const report = await verifyChains();
  t.true(report.ok, JSON.stringify(report.problems?.slice(0, 5)));
});
