import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import sharp from 'sharp';
import { startS3Server, type S3TestServer } from '../../scripts/lib/s3-server';
import { ensureServices, withDatabase } from '../../scripts/lib/services';
import { tempDir } from '../../scripts/lib/system-tools';
import { openSse, type SseEvent, type SseStream } from '../helpers/events';
import { postMultipart } from '../helpers/multipart';
import { deleteKeys } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';
import { startApiProcess, startHaproxy, startWorkerProcess, stopProcess, tail, type Proc } from './processes';

/**
 * `npm run test:scale-out` (docs/scaling.md, "Several API processes"): 3 API processes and 2 worker
 * processes on one database and one Redis, HAProxy in front. A mixed money load (simulate rounds,
 * provider bet and result callbacks, USDT deposits paid by signed callbacks and credited by the
 * workers, registrations) goes through the balancer while one API process is killed (SIGKILL) in the
 * middle; then every acknowledged operation
 * must have happened exactly once and every balance must equal its ledger. Then what must be shared is
 * checked across two live processes: a logout on one refuses the token on the other at once, a login
 * rate limit counts requests sent to both, a site-config write on one is seen by the other, an event
 * produced through one reaches a client streaming from another, and a client away for 5 s gets every
 * missed event once, in order, on reconnecting with Last-Event-ID (docs/events.md). Uploads live in an
 * S3-compatible bucket (s3rver, started here; docs/storage.md) shared by every process: a bank card's
 * photo uploaded through api1 is read through api3, and the thumbnail a worker made from it too.
 * Exit status 0 when all of it holds; the failures are listed otherwise.
 */
const PROVX_SECRET = 'x'.repeat(32);
const USDT_SECRET = 'usdt-secret-for-scale-out';
const LOAD_MS = Number(process.env.SCALE_OUT_LOAD_MS ?? 20_000);
const CLIENTS = Number(process.env.SCALE_OUT_CLIENTS ?? 12);
const PLAYERS = 24;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

interface Reply {
  status: number;
  body: any;
}

async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { locales: 'en-US', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed };
}

function provx(base: string, method: string, body: unknown): Promise<Reply> {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', PROVX_SECRET).update(`${ts}.${raw}`).digest('hex');
  return call(base, 'POST', `/api/game/provx/${method}`, { raw, headers: { 'x-timestamp': ts, 'x-signature': sig } });
}

const id = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

interface Tally {
  /** Deposit orders whose signed USDT pay callback was answered { received: true }. */
  depositsAcked: string[];
  simulateAcked: string[];
  simulateUnacked: number;
  providerAcked: string[];
  providerRetries: number;
  registered: number;
  errors: Map<string, number>;
}

/** Each provider callback is retried with the same transaction id until it is answered: the provider's own contract. */
async function providerOnce(base: string, method: string, body: Record<string, unknown>, tally: Tally): Promise<Reply | undefined> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    if (attempt) tally.providerRetries += 1;
    try {
      const res = await provx(base, method, body);
      if (res.status < 500) return res;
      tally.errors.set(`provx ${res.status}`, (tally.errors.get(`provx ${res.status}`) ?? 0) + 1);
    } catch (err) {
      tally.errors.set(`provx ${(err as Error).name}`, (tally.errors.get(`provx ${(err as Error).name}`) ?? 0) + 1);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

/** A USDT deposit: the player's order, then the vendor's signed pay callback, retried with the same body until answered. */
async function deposit(base: string, player: { token: string }, channelId: number, tally: Tally): Promise<void> {
  const subOrder = `SO${randomBytes(6).toString('hex')}`;
  try {
    const made = await call(base, 'POST', '/api/deposit', { token: player.token, body: { channelId, paymentMethod: 'crypto', subOrder, orderAmount: '5' } });
    if (made.body?.code !== 200) {
      tally.errors.set(
        `deposit order ${made.status} ${made.body?.code ?? ''}`,
        (tally.errors.get(`deposit order ${made.status} ${made.body?.code ?? ''}`) ?? 0) + 1,
      );
      return;
    }
  } catch {
    return; // an order never answered: no callback for it
  }
  const raw = JSON.stringify({ subOrder, payAmount: 5, txHash: `0x${randomBytes(16).toString('hex')}`, payTime: 'now' });
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = createHmac('sha256', USDT_SECRET).update(`${ts}.${raw}`).digest('hex');
    try {
      const res = await call(base, 'POST', '/api/vendor/usdt/callback/pay', { raw, headers: { 'x-timestamp': ts, 'x-signature': sig } });
      if (res.body?.received === true) {
        tally.depositsAcked.push(subOrder);
        return;
      }
    } catch {
      // not answered: the vendor sends it again
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function client(base: string, players: { id: number; token: string }[], channelId: number, until: number, tally: Tally): Promise<void> {
  let n = 0;
  while (Date.now() < until) {
    n += 1;
    const player = players[Math.floor(Math.random() * players.length)];
    const kind = n % 4;
    if (kind === 3) {
      await deposit(base, player, channelId, tally);
    } else if (kind === 0) {
      // One simulate round: no client key, so an unanswered one may or may not have happened.
      try {
        const res = await call(base, 'POST', '/api/game/simulate', {
          token: player.token,
          body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 },
        });
        if (res.status === 200 && res.body?.code === 200) tally.simulateAcked.push(res.body.result.roundId);
        else {
          tally.simulateUnacked += 1;
          const key = `simulate ${res.status} ${res.body?.code ?? ''}`;
          tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
        }
      } catch {
        tally.simulateUnacked += 1;
      }
    } else if (kind === 1) {
      const round = id('round');
      const bet = id('bet');
      const b = await providerOnce(base, 'Bet', { transactionId: bet, roundId: round, userId: player.id, gameCode: 'provx-slot-01', amount: '2' }, tally);
      if (b?.body?.status === 'OK') tally.providerAcked.push(bet);
      const res = id('res');
      const r = await providerOnce(
        base,
        'BetResult',
        { transactionId: res, roundId: round, userId: player.id, gameCode: 'provx-slot-01', winAmount: n % 2 ? '3' : '0.5' },
        tally,
      );
      if (r?.body?.status === 'OK') tally.providerAcked.push(res);
    } else {
      try {
        const r = await call(base, 'POST', '/api/auth/register', {
          body: { account: `so${randomBytes(5).toString('hex')}`, password: 'secret123', name: 'Scale' },
        });
        if (r.body?.code === 200) tally.registered += 1;
      } catch {
        // unacknowledged registration: nothing to check
      }
    }
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const services = await ensureServices({ databaseName: 'postgres', log: (msg) => console.log(`  ${msg}`) });
  const run = randomBytes(4).toString('hex');
  const dbName = `gaming_scale_${run}`;
  const logDir = tempDir('scale-out');
  const admin = new Client({ connectionString: services.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const databaseUrl = withDatabase(services.databaseUrl, dbName);
  const prefix = `scale${run}`;
  const s3: S3TestServer = await startS3Server();
  // The processes' local upload folder: with S3 storage nothing may land in it.
  const uploadDir = tempDir('scale-out-uploads');
  const env: Record<string, string> = {
    ...s3.env,
    S3_KEY_PREFIX: `${prefix}/`,
    UPLOAD_DIR: uploadDir,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? services.redisUrl,
    REDIS_KEY_PREFIX: `${prefix}:`,
    QUEUE_PREFIX: prefix,
    JWT_SECRET: randomBytes(24).toString('hex'),
    ADMIN_JWT_SECRET: randomBytes(24).toString('hex'),
    PROVX_SECRET,
    USDT_CALLBACK_SECRET: USDT_SECRET,
    RATE_LIMIT_DEPOSIT_PER_USER: '100000',
    LOG_LEVEL: 'warn',
    DB_POOL_MAX: '8',
    RATE_LIMIT_SIMULATE_PER_USER: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
  };
  Object.assign(process.env, env);
  const procs: Proc[] = [];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  try {
    const { resetConfig } = await import('../../shared/config');
    resetConfig();
    const { prepareDatabase } = await import('../../shared/db/setup');
    await prepareDatabase();
    const factories = await import('../helpers/factories');
    const { db } = await import('../../shared/db/sequelize');

    console.log('  starting 3 API processes, 2 worker processes');
    const apis = await Promise.all([1, 2, 3].map((i) => startApiProcess(`api${i}`, env, logDir)));
    procs.push(...apis);
    procs.push(startWorkerProcess('worker1', env, logDir), startWorkerProcess('worker2', env, logDir));
    haproxy = await startHaproxy(
      apis.map((a) => a.port as number),
      logDir,
    );
    const base = `http://127.0.0.1:${haproxy.port}`;
    console.log(`  HAProxy on ${base} over ports ${apis.map((a) => a.port).join(', ')} (logs in ${logDir})`);

    // Players with the channel group of their locale (zh-TW: fiat vendor and USDT), and the USDT channel's address.
    const { pickChannelGroup } = await import('../../shared/domain/deposit');
    const { PaymentChannel, User } = await import('../../shared/db/models');
    await PaymentChannel.update({ paymentAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, { where: { siteCode: 'default', code: 'usdt' } });
    const channelId = (await PaymentChannel.findOne({ where: { siteCode: 'default', key: 'usdt-trc20' } }))!.id;
    const vendorGroupId = await pickChannelGroup('default', 'zh-TW');
    const players: { id: number; token: string }[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const { user, token } = await factories.createUser({ balance: '100000' });
      await User.update({ vendorGroupId, locale: 'zh-TW' }, { where: { id: user.id } });
      players.push({ id: user.id, token });
    }

    // ---- the load, with api2 killed in the middle
    const tally: Tally = { depositsAcked: [], simulateAcked: [], simulateUnacked: 0, providerAcked: [], providerRetries: 0, registered: 0, errors: new Map() };
    const until = Date.now() + LOAD_MS;
    const killer = new Promise<void>((resolve) =>
      setTimeout(() => {
        console.log('  SIGKILL api2 in the middle of the load');
        apis[1].child.kill('SIGKILL');
        resolve();
      }, LOAD_MS / 2),
    );
    const loadStart = Date.now();
    await Promise.all([...Array.from({ length: CLIENTS }, () => client(base, players, channelId, until, tally)), killer]);
    const seconds = (Date.now() - loadStart) / 1000;
    const acked = tally.simulateAcked.length + tally.providerAcked.length + tally.depositsAcked.length;
    console.log(
      `  load: ${seconds.toFixed(1)} s, ${CLIENTS} clients; acknowledged ${tally.simulateAcked.length} simulate rounds, ${tally.providerAcked.length} provider callbacks ` +
        `(${tally.providerRetries} retries), ${tally.depositsAcked.length} USDT deposits paid, ${tally.registered} registrations; ${tally.simulateUnacked} simulate rounds unanswered; ` +
        `${(acked / seconds).toFixed(1)} money operations/s; errors seen: ${JSON.stringify(Object.fromEntries(tally.errors))}`,
    );
    check(
      tally.simulateAcked.length > 0 && tally.providerAcked.length > 0 && tally.depositsAcked.length > 0,
      'the load moved money through the balancer (simulate rounds, provider callbacks and deposits each acknowledged)',
    );

    // ---- every acknowledged operation happened exactly once
    const q = async <T>(sql: string, bind: unknown[] = []): Promise<T[]> => (await db().query(sql, { bind, type: QueryTypes.SELECT })) as unknown as T[];
    const rounds = await q<{ key: string; n: string }>(
      `SELECT k AS key, (SELECT COUNT(*) FROM game_transactions WHERE "idempotencyKey" = 'simulate:bet:' || k) AS n FROM unnest($1::text[]) AS k`,
      [tally.simulateAcked],
    );
    check(
      rounds.every((r) => Number(r.n) === 1),
      `each of ${rounds.length} acknowledged simulate rounds has exactly one bet ledger row`,
    );
    const [allRounds] = await q<{ n: string }>(`SELECT COUNT(*) AS n FROM game_transactions WHERE "idempotencyKey" LIKE 'simulate:bet:%'`);
    check(
      Number(allRounds.n) >= tally.simulateAcked.length && Number(allRounds.n) <= tally.simulateAcked.length + tally.simulateUnacked,
      `simulate rounds recorded (${allRounds.n}) are the acknowledged ones plus at most the ${tally.simulateUnacked} unanswered`,
    );
    const calls = await q<{ tx: string; n: string }>(
      `SELECT tx, (SELECT COUNT(*) FROM provider_transactions p WHERE p."transactionId" = tx) AS n FROM unnest($1::text[]) AS tx`,
      [tally.providerAcked],
    );
    check(
      calls.every((r) => Number(r.n) === 1),
      `each of ${calls.length} acknowledged provider callbacks is recorded exactly once (retries included)`,
    );
    const [dupes] = await q<{ n: string }>(
      `SELECT COUNT(*) AS n FROM (SELECT "refId" FROM game_transactions WHERE "refType" IS NOT NULL AND "refId" IS NOT NULL GROUP BY "refType", "refId", kind HAVING COUNT(*) > 1) d`,
    );
    check(Number(dupes.n) === 0, 'no ledger movement is repeated for one reference');
    // Deposits are credited by the deposit-credit workers (two processes) after the callback's commit.
    const creditedOnce = async () =>
      q<{ subOrder: string; n: string }>(
        `SELECT o."subOrder", (SELECT COUNT(*) FROM game_transactions g WHERE g.kind = 'deposit' AND g."userId" = o."userId" AND g."idempotencyKey" = 'deposit:' || o.id) AS n
           FROM deposit_orders o WHERE o."subOrder" = ANY($1::text[])`,
        [tally.depositsAcked],
      );
    const waitUntil = Date.now() + 60_000;
    let deposits = await creditedOnce();
    while (deposits.some((d) => Number(d.n) === 0) && Date.now() < waitUntil) {
      await new Promise((r) => setTimeout(r, 500));
      deposits = await creditedOnce();
    }
    check(
      deposits.length === tally.depositsAcked.length && deposits.every((d) => Number(d.n) === 1),
      `each of ${tally.depositsAcked.length} paid USDT deposits is credited exactly once by the workers (${deposits.filter((d) => Number(d.n) !== 1).length} not)`,
    );
    const off = await q<{ id: number; balance: string; ledger: string }>(
      `SELECT u.id, u.balance, COALESCE(SUM(g.amount), 0) AS ledger FROM users u LEFT JOIN game_transactions g ON g."userId" = u.id
        GROUP BY u.id HAVING u.balance <> COALESCE(SUM(g.amount), 0)`,
    );
    check(off.length === 0, `every balance equals the sum of its ledger${off.length ? ` (not: ${JSON.stringify(off.slice(0, 3))})` : ''}`);

    // ---- what must be shared, across two live processes (api1 and api3, straight to their ports)
    const a = `http://127.0.0.1:${apis[0].port}`;
    const c = `http://127.0.0.1:${apis[2].port}`;
    const { user, password } = await factories.createUser({ balance: '0' });
    const login = await call(a, 'POST', '/api/auth/login', { body: { account: user.account, password } });
    const token: string = login.body?.result?.token;
    check(typeof token === 'string', 'login on api1');
    check((await call(c, 'GET', '/api/auth/user-detail', { token })).status === 200, 'its token works on api3');
    check((await call(a, 'POST', '/api/auth/logout', { token })).body?.code === 200, 'logout on api1');
    const after = await call(c, 'GET', '/api/auth/user-detail', { token });
    check(after.status === 401, `the token is refused on api3 at once (got ${after.status})`);

    const victim = await factories.createUser({ balance: '0' });
    await awayFromMinuteEdge(); // fixed one-minute windows: the burst must not straddle two
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await call(i % 2 ? c : a, 'POST', '/api/auth/login', { body: { account: victim.user.account, password: 'wrong-password' } })).status);
    }
    check(
      statuses.slice(0, 10).every((s) => s !== 429) && statuses.slice(10).every((s) => s === 429),
      `the per-account login limit counts across processes (statuses ${statuses.join(' ')})`,
    );

    const { token: adminToken } = await factories.createAdmin();
    const siteId = (await q<{ id: number }>(`SELECT id FROM site_configs WHERE "siteCode" = 'default'`))[0]?.id;
    const before = await Promise.all([a, c].map((b) => call(b, 'GET', '/api/site-config')));
    const name = `Scaled ${run}`;
    const patch = await call(a, 'PATCH', `/api/site-config/admin/${siteId}`, {
      token: adminToken,
      body: { siteName: { 'en-US': name } },
      headers: { 'x-site-code': 'default' },
    });
    check(patch.body?.code === 200, `site-config write on api1 (${patch.status})`);
    const seen = await call(c, 'GET', '/api/site-config');
    check(
      before.every((r) => r.status === 200) && JSON.stringify(seen.body).includes(name),
      'api3 serves the new site name at once (its cached copy was cleared)',
    );

    // Provider rows are kept 5 s in each process; a write on api1 must reach api3's copy through Redis.
    const provider = (await q<{ id: number }>(`SELECT id FROM game_providers WHERE "siteCode" = 'default' AND "gameCode" = 'provy-crypto-01'`))[0];
    const gambler = await factories.createUser({ balance: '100' });
    const round = () => call(c, 'POST', '/api/game/simulate', { token: gambler.token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 } });
    check((await round()).body?.code === 200, 'a round on api3 (its provider row now kept in api3)');
    const disable = await call(a, 'PATCH', `/api/game/admin/providers/${provider.id}`, {
      token: adminToken,
      body: { enable: false },
      headers: { 'x-site-code': 'default' },
    });
    check(disable.body?.code === 200, `the game disabled on api1 (${disable.status})`);
    const since = Date.now();
    let refused: Reply | undefined;
    while (Date.now() - since < 5_000) {
      const r = await round();
      if (r.body?.code !== 200) {
        refused = r;
        break;
      }
    }
    const ms = Date.now() - since;
    check(
      refused?.body?.code === 5001 && ms < 1_000,
      `api3 refuses the disabled game within a second, not after its 5 s copy expires (${ms} ms, code ${refused?.body?.code})`,
    );
    // The game again, for the events' rounds below.
    await call(a, 'PATCH', `/api/game/admin/providers/${provider.id}`, { token: adminToken, body: { enable: true }, headers: { 'x-site-code': 'default' } });

    // ---- uploads in the shared bucket (docs/storage.md): stored through api1, read through api3
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 100, b: 0 } } })
      .jpeg()
      .toBuffer();
    const cardOwner = await factories.createUser({ balance: '0' });
    const photo = { data: picture };
    const added = await postMultipart(
      `${a}/api/wallet/bank-card/add`,
      cardOwner.token,
      { bankCode: '700', bankAccount: String(Math.floor(Math.random() * 1e12)).padStart(12, '0'), branch: 'Xinyi', holderName: 'Lee Da' },
      { idCardFront: photo, idCardBack: photo, passbookCover: photo },
    );
    const card = added.body?.result as { id: number; idCardFront: string } | undefined;
    check(added.body?.code === 200 && Boolean(card), `a bank card with three photos uploaded through api1 (${added.status})`);
    const { getObject } = await import('../../shared/integrations/storage');
    const inBucket = card ? await getObject(card.idCardFront) : null;
    const photoOn = async (b: string, size = '') =>
      fetch(`${b}/api/wallet/bank-card/${card?.id}/photo/idCardFront${size}`, { headers: { authorization: `Bearer ${cardOwner.token}` } });
    const read = await photoOn(c);
    const readBytes = Buffer.from(await read.arrayBuffer());
    check(
      read.status === 200 && inBucket !== null && readBytes.equals(inBucket),
      `api3 answers the photo api1 stored, byte for byte, from the bucket (${read.status}, ${readBytes.length} bytes)`,
    );
    check(fs.readdirSync(uploadDir).length === 0, 'nothing was written to the local upload folder');
    const thumbUntil = Date.now() + 30_000;
    let thumbnail = await photoOn(c, '?size=thumbnail');
    while (thumbnail.headers.get('content-type') !== 'image/webp' && Date.now() < thumbUntil) {
      await thumbnail.arrayBuffer();
      await new Promise((r) => setTimeout(r, 250));
      thumbnail = await photoOn(c, '?size=thumbnail');
    }
    const thumbMeta = thumbnail.status === 200 ? await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata() : undefined;
    check(
      thumbMeta?.format === 'webp' && thumbMeta.width === 320,
      `a worker's thumbnail of it (from the bucket, into the bucket) is served by api3 (${thumbnail.status} ${thumbMeta?.format} ${thumbMeta?.width} px)`,
    );

    // ---- live events (docs/events.md): produced through api1, streamed from api3; a 5 s disconnect replayed once, in order
    const player = await factories.createUser({ balance: '1000' });
    const ledgerAfter = async (after: string) =>
      (
        await q<{ id: string }>(`SELECT id::TEXT AS id FROM game_transactions WHERE "userId" = $1 AND id > $2::BIGINT ORDER BY game_transactions.id`, [
          player.user.id,
          after,
        ])
      ).map((r) => r.id);
    const eventsUntil = async (stream: SseStream, ledgerId: string) => {
      const got: SseEvent[] = [];
      for (let e = await stream.next(10_000); e; e = await stream.next(10_000)) {
        got.push(e);
        if (e.event === 'balance' && e.data.ledgerId === ledgerId) break;
      }
      return got;
    };
    const simulateOn = (b: string) =>
      call(b, 'POST', '/api/game/simulate', { token: player.token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 } });
    const live = await openSse(`${c}/api/events`, { authorization: `Bearer ${player.token}` });
    const sent = Date.now();
    check((await simulateOn(a)).body?.code === 200, 'a round on api1 while the player streams from api3');
    const firstRows = await ledgerAfter('0');
    const firstEvents = await eventsUntil(live, firstRows[firstRows.length - 1]);
    const lastSeen = firstEvents[firstEvents.length - 1];
    check(
      live.status === 200 && lastSeen?.data?.ledgerId === firstRows[firstRows.length - 1],
      `the round's balance events reach the stream on api3 (${Date.now() - sent} ms after the request was sent)`,
    );
    live.close();
    const gapFrom = firstRows[firstRows.length - 1];
    const gapUntil = Date.now() + 5_000;
    while (Date.now() < gapUntil) {
      await simulateOn(a);
      await new Promise((r) => setTimeout(r, 250));
    }
    const missed = await ledgerAfter(gapFrom);
    const back = await openSse(`${c}/api/events`, { authorization: `Bearer ${player.token}`, 'last-event-id': lastSeen?.id ?? '' });
    const replayed = (await eventsUntil(back, missed[missed.length - 1])).filter((e) => e.event === 'balance').map((e) => e.data.ledgerId as string);
    back.close();
    check(
      missed.length > 0 && JSON.stringify(replayed) === JSON.stringify(missed),
      `after 5 s away, reconnecting with Last-Event-ID gives each of the ${missed.length} missed balance events once, in order (got ${replayed.length})`,
    );
  } catch (err) {
    failures.push(`harness: ${(err as Error).stack ?? err}`);
    for (const p of procs) console.error(`--- ${p.name} log:\n${tail(p.log)}`);
  } finally {
    await haproxy?.stop().catch(() => undefined);
    for (const p of procs) await stopProcess(p.child).catch(() => undefined);
    const { closeDb } = await import('../../shared/db/sequelize');
    const { closeRedis } = await import('../../shared/redis');
    await closeDb().catch(() => undefined);
    await closeRedis().catch(() => undefined);
    await deleteKeys(env.REDIS_URL, `${prefix}*`).catch(() => undefined);
    const cleanup = new Client({ connectionString: services.databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => cleanup.end());
    await services.stop();
    await s3.stop().catch(() => undefined);
    fs.rmSync(uploadDir, { recursive: true, force: true });
    if (!failures.length) fs.rmSync(logDir, { recursive: true, force: true });
  }
  console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  if (failures.length) {
    console.error(`test:scale-out: ${failures.length} failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('test:scale-out: every acknowledged operation happened exactly once; tokens, limits, caches and uploads are shared');
  process.exit(0);
}

void main();
