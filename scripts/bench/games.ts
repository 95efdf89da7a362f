import { createHmac, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { Pool } from 'pg';
import { registerPlayers } from './accounts';
import { base, connections, duration, measure, percentile, post, printTable, warmup, type Figure } from './lib';

/**
 * Games: simulate at `connections` concurrent players, provider bet+win callback pairs, the cached
 * provider list, and the post-bet lag (bet commit to VIP total updated) sampled while simulate runs.
 * Ceiling: the SQL statements of one simulate round (shared/domain/game/simulate.ts, wallet.ts, the outbox
 * row) run straight through pg with the same concurrency and the API's pool size, taking turns with
 * simulate (BENCH_GAMES_SLICES, 3) so that both see the same machine. At the end, money is checked:
 * for the bench's players, balances now = balances before + their bet-record winLose.
 *
 * Needs on the stack: PROVY_SECRET (same value in BENCH_PROVY_SECRET), RATE_LIMIT_SIMULATE_PER_USER
 * raised; the bench reads the database for the ceiling (BENCH_DATABASE_URL, else DATABASE_URL, else
 * the local default) and logs in as the administrator (ADMIN_ACCOUNT / ADMIN_PASSWORD) to fund players.
 */
/** Turns of ceiling and simulate (BENCH_GAMES_SLICES); each turn runs duration / SLICES seconds of each. */
const SLICES = Math.max(1, Number(process.env.BENCH_GAMES_SLICES ?? 3));
const GAME = { gameCode: 'provy-slot-01', productId: 2, gameType: '2' };
const BET = '1';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gaming';
const provySecret = process.env.BENCH_PROVY_SECRET ?? process.env.PROVY_SECRET;

interface Player {
  id: number;
  token: string;
}

async function adminToken(): Promise<string> {
  const res = await post('/api/admin/login', {
    account: process.env.ADMIN_ACCOUNT ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'admin123456',
  });
  if (res.code !== 200) throw new Error(`administrator login failed (${res.code} ${res.message}); set ADMIN_ACCOUNT / ADMIN_PASSWORD`);
  return res.result.token;
}

async function fund(players: Player[], admin: string, amount: string): Promise<void> {
  for (const p of players) {
    const res = await post(`/api/admin/users/${p.id}/balance-adjustments`, { amount, reason: 'bench funding' }, { authorization: `Bearer ${admin}` });
    if (res.code !== 200) throw new Error(`funding failed (${res.code} ${res.message})`);
  }
}

async function get(path: string, token: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

async function balances(players: Player[], admin: string): Promise<Decimal> {
  let sum = new Decimal(0);
  for (const p of players) sum = sum.plus((await get(`/api/admin/users/${p.id}`, admin)).result.balance);
  return sum;
}

async function winLose(players: Player[]): Promise<Decimal> {
  let sum = new Decimal(0);
  for (const p of players) sum = sum.plus((await get('/api/bet-record', p.token)).result.winLose);
  return sum;
}

/** The turn with the median req/s (its latencies with it). */
function medianFigure(figures: Figure[]): Figure {
  const sorted = [...figures].sort((a, b) => a.reqPerSec - b.reqPerSec);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** POST /api/game/simulate from every player in turn. */
async function simulateFigure(players: Player[], seconds: number): Promise<Figure> {
  let next = 0;
  const body = JSON.stringify({ gameCode: GAME.gameCode, productId: GAME.productId, betAmount: Number(BET) });
  return measure(`POST /api/game/simulate (${players.length} players)`, `${base}/api/game/simulate`, { 'content-type': 'application/json' }, {
    duration: seconds,
    method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, body, headers: { ...req.headers, authorization: `Bearer ${players[next++ % players.length].token}` } }) }],
  });
}

/** One probe player simulates, then polls its user detail until the VIP total moved: that is the lag. */
async function postBetLag(probe: Player, until: number): Promise<number[]> {
  const lags: number[] = [];
  let total = new Decimal((await get('/api/auth/user-detail', probe.token)).result.totalEffectiveBet);
  while (Date.now() < until) {
    const res = await post('/api/game/simulate', { gameCode: GAME.gameCode, productId: GAME.productId, betAmount: Number(BET) }, { authorization: `Bearer ${probe.token}` });
    if (res.code !== 200) throw new Error(`probe simulate failed (${res.code} ${res.message})`);
    const committed = Date.now();
    const expected = total.plus(BET);
    for (;;) {
      const now = new Decimal((await get('/api/auth/user-detail', probe.token)).result.totalEffectiveBet);
      if (now.gte(expected)) {
        lags.push(Date.now() - committed);
        total = now;
        break;
      }
      if (Date.now() - committed > 30_000) throw new Error('post-bet chain did not update the VIP total within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return lags;
}

function signed(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', provySecret as string).update(`${timestamp}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature };
}

/** provy bet then win, `connections` loops in parallel for `duration` seconds: pairs per second. */
async function providerPairs(players: Player[]): Promise<Figure> {
  const latencies: number[] = [];
  let pairs = 0;
  let failures = 0;
  const end = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const player = players[i % players.length];
      while (Date.now() < end) {
        const round = randomUUID();
        const bet = JSON.stringify({ transactionId: `b-${round}`, roundId: round, playerId: String(player.id), gameCode: GAME.gameCode, productId: GAME.productId, betAmount: BET });
        const win = JSON.stringify({ transactionId: `w-${round}`, betTransactionId: `b-${round}`, roundId: round, playerId: String(player.id), amount: '0.5' });
        const started = Date.now();
        const a = (await (await fetch(`${base}/api/game/provy/bet`, { method: 'POST', headers: signed(bet), body: bet })).json()) as { code: number };
        const b = (await (await fetch(`${base}/api/game/provy/win`, { method: 'POST', headers: signed(win), body: win })).json()) as { code: number };
        latencies.push(Date.now() - started);
        if (a.code === 0 && b.code === 0) pairs += 1;
        else failures += 1;
      }
    }),
  );
  return {
    name: 'provy bet + win callback pairs',
    reqPerSec: Math.round(pairs / duration),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: 0,
    errors: failures,
    note: '(pairs/s; latency of the pair)',
  };
}

/** The statements of one simulate round (a losing one 60 % of the time, as the draw), straight through pg. */
async function sqlCeiling(players: Player[], seconds: number): Promise<Figure> {
  const pool = new Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
  const latencies: number[] = [];
  let rounds = 0;
  // The same warm-up as every measured path (lib.ts `warmup`): rounds before `counted` are not counted.
  const counted = Date.now() + warmup * 1000;
  const end = counted + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        const player = players[i % players.length];
        while (Date.now() < end) {
          const started = Date.now();
          const roundId = `CEIL_${Date.now()}_${randomUUID().slice(0, 8)}`;
          const win = Math.random() < 0.4;
          // The provider row is cached in the API (shared/domain/game/cache.ts): no lookup per round.
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const order = await client.query(
              `WITH o AS (
                 INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameName", "gameType", "gamePlatform", "gameNumber",
                   "productId", "totalBetCount", "betAmount", "betEffective", "winAmount", "winLose", multiplier, status, settled,
                   "betDatetime", "settledAt", "createdAt", "updatedAt")
                 VALUES ('default', $1, 'provy', $2, 'bench', $3, 'simulate', $4, $5, 1, $6, $6, $7, $8, $9, 'valid', true, $10, $10, $10, $10)
                 RETURNING id)
               INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
               SELECT id, 1, $6, $8, $4, $10 FROM o RETURNING "betOrderId" AS id`,
              [player.id, GAME.gameCode, GAME.gameType, roundId, String(GAME.productId), BET, win ? '2' : '0', win ? '1' : '-1', win ? '2' : '0', new Date()],
            );
            const orderId = order.rows[0].id;
            // The API's outbox row, born sent here so the relay and the post-bet worker never see the
            // ceiling's orders (post-bet rows are delivered in batches by the relay, not per request).
            await client.query(`INSERT INTO outbox (queue, name, payload, "createdAt", attempts, "sentAt") VALUES ('post-bet', 'settled', CAST($1 AS JSONB), now(), 0, now()) RETURNING id`, [
              JSON.stringify({ betOrderId: Number(orderId) }),
            ]);
            for (const [kind, amount] of win ? [['bet', `-${BET}`], ['win', '2']] : [['bet', `-${BET}`]]) {
              // The round's keys are new (shared/domain/wallet/wallet.ts newKey): balance update + ledger row in one statement.
              await client.query(
                `WITH updated AS (
                   UPDATE users SET balance = balance + CAST($1 AS NUMERIC), "frozenBalance" = "frozenBalance" + 0
                    WHERE id = $2 AND balance + CAST($1 AS NUMERIC) >= 0 RETURNING "siteCode", balance, "frozenBalance")
                 INSERT INTO game_transactions ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter",
                   "idempotencyKey", "refType", "refId", "betOrderId", remark)
                 SELECT "siteCode", $2, $3, CAST($1 AS NUMERIC), balance - CAST($1 AS NUMERIC), balance, 0, "frozenBalance", "frozenBalance", $4, 'bet-order', CAST($5 AS TEXT), CAST($5 AS BIGINT), 'bench'
                   FROM updated RETURNING id`,
                [amount, player.id, kind, `bench-ceiling:${kind}:${roundId}`, orderId],
              );
            }
            await client.query(
              `INSERT INTO game_play_logs ("siteCode", "userId", "gameCode", "productId", "lastPlayedAt") VALUES ('default', $1, $2, $3, now())
               ON CONFLICT ("userId", "gameCode", "productId") DO UPDATE SET "lastPlayedAt" = EXCLUDED."lastPlayedAt"`,
              [player.id, GAME.gameCode, String(GAME.productId)],
            );
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          } finally {
            client.release();
          }
          if (started < counted) continue;
          latencies.push(Date.now() - started);
          rounds += 1;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return {
    name: 'ceiling: one simulate round of SQL straight through pg',
    reqPerSec: Math.round(rounds / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: 0,
    errors: 0,
  };
}

export async function benchGames(): Promise<void> {
  if (!provySecret) throw new Error('set BENCH_PROVY_SECRET (or PROVY_SECRET) to the stack\'s PROVY_SECRET');
  const run = Date.now().toString(36);
  const admin = await adminToken();
  const players = (await registerPlayers(`bench_${run}_g`, connections)).map((p) => ({ id: p.id, token: p.token }));
  const [probe] = (await registerPlayers(`bench_${run}_probe`, 1)).map((p) => ({ id: p.id, token: p.token }));
  const everyone = [...players, probe];
  await fund(everyone, admin, '1000000');
  const before = await balances(everyone, admin);
  const winLoseBefore = await winLose(everyone);

  // The ceiling and simulate take turns (SLICES times each, `duration` seconds in all for each): this
  // shared machine's speed drifts by tens of percent within a minute, and turns put both under the same
  // drift. The share is the median of the turns' shares.
  const slice = duration / SLICES;
  const turns: Array<{ ceiling: Figure; simulate: Figure; lags: number[] }> = [];
  for (let i = 0; i < SLICES; i += 1) {
    const ceilingTurn = await sqlCeiling(players, slice);
    const lagRun = postBetLag(probe, Date.now() + (warmup + slice) * 1000);
    const simulateTurn = await simulateFigure(players, slice);
    turns.push({ ceiling: ceilingTurn, simulate: simulateTurn, lags: await lagRun });
  }
  const ceiling = medianFigure(turns.map((t) => t.ceiling));
  const simulate = medianFigure(turns.map((t) => t.simulate));
  const lags = turns.flatMap((t) => t.lags);
  const shares = turns.map((t) => Math.round((t.simulate.reqPerSec / t.ceiling.reqPerSec) * 100));
  const pairs = await providerPairs(players);
  const providerList = await measure('GET /api/game/provider (cached)', `${base}/api/game/provider?gameType=2`);

  // Let the post-bet chain and the outbox drain before reading the books.
  await new Promise((r) => setTimeout(r, 3000));
  const after = await balances(everyone, admin);
  const moved = (await winLose(everyone)).minus(winLoseBefore);
  console.log('\n## Games');
  printTable([ceiling, simulate, pairs, providerList], ceiling.reqPerSec);
  console.log(`\nsimulate = ${percentile(shares, 50)} % of the SQL ceiling (median of ${SLICES} turns: ${shares.join(', ')} %)`);
  console.log(`post-bet lag while simulate ran: ${lags.length} samples, p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms, max ${Math.max(...lags)} ms`);
  const conserved = before.plus(moved).eq(after);
  console.log(`money: players' balances ${before.toFixed(6)} -> ${after.toFixed(6)}, their winLose ${moved.toFixed(6)} (house result ${moved.neg().toFixed(6)}): ${conserved ? 'conserved' : 'NOT CONSERVED'}`);
  if (!conserved) process.exitCode = 1;
}
