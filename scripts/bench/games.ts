import { createHmac, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { Pool } from 'pg';
import { registerPlayers } from './accounts';
import {
  base,
  medianFigure,
  connections,
  countedWindow,
  duration,
  measure,
  percentile,
  post,
  printTable,
  request,
  transactionLoops,
  warmup,
  type Figure,
} from './lib';
import { pgbenchCrossCheck, prepareTpcb, tpcbCeiling } from './tpcb';
import { verdicts, type FirstFailure } from './verdict';

/**
 * Games: simulate at `connections` concurrent players, provider bet+win callbacks (pairs, and bets and
 * wins one by one), the cached provider list, and the post-bet lag (bet commit to VIP total updated)
 * sampled while simulate and the callbacks run. Ceilings, taking turns with simulate and the callbacks
 * (BENCH_GAMES_SLICES, 3) so that all see the same machine: the TPC-B-like transaction through pg
 * (tpcb.ts: the database's own speed for a small money transaction, independent of our SQL; pgbench
 * itself as a cross-check once) and the SQL statements of one simulate round (shared/domain/game/simulate.ts,
 * wallet.ts, the outbox row) straight through pg, both with the same concurrency and the API's pool
 * size. At the end, money is checked: for the bench's players, balances now = balances before + their
 * bet-record winLose. Every player first claims a promotion
 * whose turnover is never reached, so each settled order also updates an open promotion claim in the
 * post-bet chain (the lag includes it).
 *
 * BENCH_RG=1 (player protection, docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running
 * totals, checked where the money moves"): a second set of `connections` players gets limits that never
 * bind (deposit, loss and wager limits of every period, a session limit and a reality check), and each
 * turn runs simulate and the provider callbacks for both sets, one after the other, so the printed
 * "with limits = x % of without" compares them on the same machine at the same time.
 *
 * BENCH_BONUS=1 (bonus money, docs/decisions/bonus.md): a further set of `connections` players, funded with 1 USD
 * of cash, each gets an active bonus grant (1 000 000 USD, wagering x 1000, so it neither converts nor runs
 * out during the bench), so their bets spend bonus money once the cash is gone and their wins return to
 * both balances; each turn runs simulate and the provider callbacks for them after the players without,
 * and "with bonus = x % of without" compares the two on the same machine at the same time.
 *
 * The money check reads cash + bonus: for the bench's players, cash + bonus now = cash + bonus before +
 * their bet-record winLose; and each player's cash is the sum of its cash ledger, its bonus the sum of
 * its bonus ledger (read from the database).
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
/** A second set of players with limits set, measured alternately with the first (BENCH_RG=1). */
const withLimits = process.env.BENCH_RG === '1';
/**
 * BENCH_CHAINS_OFF=1: each turn also runs simulate and the callbacks with the ledger's hash-chain trigger
 * disabled (docs/audit-chains.md), so the rates with and without the hashing come from the same run. The
 * rows written meanwhile have no place in their chains: `npm run audit:verify` reports them afterwards,
 * so use a bench database only. Needs the right to ALTER game_transactions.
 */
const chainsOffToo = process.env.BENCH_CHAINS_OFF === '1';
/** A further set of players with an active bonus grant, measured alternately with the first (BENCH_BONUS=1). */
const withBonus = process.env.BENCH_BONUS === '1';
/** Every player holds an open promotion claim (BENCH_PROMO_CLAIMS, default 1; 0 for a run without, to compare the lag). */
const promotionClaims = process.env.BENCH_PROMO_CLAIMS !== '0';

interface Player {
  id: number;
  token: string;
}

export async function adminToken(): Promise<string> {
  const res = await post('/api/admin/login', {
    account: process.env.ADMIN_ACCOUNT ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'admin123456',
  });
  if (res.code !== 200) throw new Error(`administrator login failed (${res.code} ${res.message}); set ADMIN_ACCOUNT / ADMIN_PASSWORD`);
  return res.result.token;
}

export async function fund(players: Player[], admin: string, amount: string): Promise<void> {
  for (const p of players) {
    const res = await post(`/api/admin/users/${p.id}/balance-adjustments`, { amount, reason: 'bench funding' }, { authorization: `Bearer ${admin}` });
    if (res.code !== 200) throw new Error(`funding failed (${res.code} ${res.message})`);
  }
}

async function get(path: string, token: string): Promise<any> {
  return request('GET', path, undefined, { authorization: `Bearer ${token}` });
}

/** The players' cash (the administrator's view) plus their bonus money (GET /bonus). */
async function balances(players: Player[], admin: string): Promise<Decimal> {
  let sum = new Decimal(0);
  for (const p of players) {
    sum = sum.plus((await get(`/api/admin/users/${p.id}`, admin)).result.balance).plus((await get('/api/bonus', p.token)).result.bonusBalance);
  }
  return sum;
}

/** An active grant for every player (BENCH_BONUS): large enough never to run out, wagering never complete. */
async function grantBonuses(players: Player[], admin: string): Promise<void> {
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  for (const p of players) {
    const body = { userId: p.id, amount: '1000000', wageringMultiplier: '1000', maxBet: null, maxConversion: null, expiresAt, reason: 'bench' };
    const res = await post('/api/bonus/admin/grants', body, { authorization: `Bearer ${admin}` });
    if (res.code !== 200) throw new Error(`granting the bench bonus failed (${res.code} ${res.message})`);
  }
}

/** The players whose cash is not the sum of their cash ledger, or whose bonus is not the sum of their bonus ledger. */
async function ledgersOff(players: Player[]): Promise<number[]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const res = await pool.query<{ id: number }>(
      `SELECT u.id FROM users u
         LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS total FROM game_transactions WHERE "userId" = u.id) c ON TRUE
         LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS total FROM bonus_ledger WHERE "userId" = u.id) b ON TRUE
        WHERE u.id = ANY($1) AND (u.balance <> c.total OR u."bonusBalance" <> b.total) ORDER BY u.id`,
      [players.map((p) => p.id)],
    );
    return res.rows.map((r) => r.id);
  } finally {
    await pool.end();
  }
}

async function winLoseOf(players: Player[]): Promise<Decimal> {
  let sum = new Decimal(0);
  for (const p of players) sum = sum.plus((await get('/api/bet-record', p.token)).result.winLose);
  return sum;
}

/**
 * A running promotion (VIP level 0: everyone qualifies; reward 1 USD, turnover x 99 999 999) that every
 * player claims (before the balances are read): its claim stays open for the whole bench.
 */
async function openPromotionClaims(players: Player[], admin: string): Promise<void> {
  const created = await post(
    '/api/promo',
    {
      title: { 'en-US': 'bench turnover' },
      content: { 'en-US': 'bench' },
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      conditionType: 'vip_level',
      conditionValue: '0',
      rewardAmount: '1',
      turnoverMultiplier: '99999999',
      tag: 'bench',
    },
    { authorization: `Bearer ${admin}` },
  );
  if (created.code !== 200) throw new Error(`creating the bench promotion failed (${created.code} ${created.message})`);
  for (const p of players) {
    const res = await post(`/api/promo/${created.result.id}/claim`, {}, { authorization: `Bearer ${p.token}` });
    if (res.code !== 200) throw new Error(`claiming the bench promotion failed (${res.code} ${res.message})`);
  }
}

/** The completed turnover of the probe's open promotion claims. */
async function probeTurnover(probe: Player): Promise<string> {
  const res = await get('/api/promo/claims?tab=pending&pageSize=50', probe.token);
  return res.result.items.reduce((sum: Decimal, c: { completedTurnover: string }) => sum.plus(c.completedTurnover), new Decimal(0)).toFixed(6);
}

/** Limits that never bind in a bench run, on every limit type and period, a session limit and a reality check. */
async function setProtectionLimits(players: Player[]): Promise<void> {
  const put = (token: string, path: string, body: unknown) =>
    request('PUT', path, JSON.stringify(body), { 'content-type': 'application/json', authorization: `Bearer ${token}` });
  for (const p of players) {
    for (const type of ['deposit', 'loss', 'wager']) {
      for (const period of ['day', 'week', 'month']) {
        const res = await put(p.token, '/api/responsible-gaming/limits', { type, period, amount: '100000000' });
        if (res.code !== 200) throw new Error(`setting a bench limit failed (${res.code} ${res.message})`);
      }
    }
    const res = await put(p.token, '/api/responsible-gaming/session', { sessionLimitMinutes: 1440, realityCheckMinutes: 1440 });
    if (res.code !== 200) throw new Error(`setting the bench session limit failed (${res.code} ${res.message})`);
  }
}

/** The turn with the median req/s (its latencies with it). */
/** POST /api/game/simulate from every player in turn. */
async function simulateFigure(players: Player[], seconds: number): Promise<Figure> {
  let next = 0;
  const body = JSON.stringify({ gameCode: GAME.gameCode, productId: GAME.productId, betAmount: Number(BET) });
  return measure(
    `POST /api/game/simulate (${players.length} players)`,
    `${base}/api/game/simulate`,
    { 'content-type': 'application/json' },
    {
      duration: seconds,
      method: 'POST',
      requests: [{ setupRequest: (req) => ({ ...req, body, headers: { ...req.headers, authorization: `Bearer ${players[next++ % players.length].token}` } }) }],
    },
  );
}

/** One probe player simulates, then polls its user detail until the VIP total moved: that is the lag. */
async function postBetLag(probe: Player, until: number): Promise<number[]> {
  const lags: number[] = [];
  let total = new Decimal((await get('/api/auth/user-detail', probe.token)).result.totalEffectiveBet);
  while (Date.now() < until) {
    const res = await post(
      '/api/game/simulate',
      { gameCode: GAME.gameCode, productId: GAME.productId, betAmount: Number(BET) },
      { authorization: `Bearer ${probe.token}` },
    );
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
  const signature = createHmac('sha256', provySecret as string)
    .update(`${timestamp}.${body}`)
    .digest('hex');
  return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature };
}

export interface ProviderFigures {
  pairs: Figure;
  bets: Figure;
  wins: Figure;
  /** Bets and wins together: callbacks per second, latency per callback. */
  callbacks: Figure;
}

/**
 * provy bet then win, `connections` loops in parallel for `seconds` (after the warm-up): pairs per
 * second, and bets, wins and callbacks (either) per second with the latency of one callback.
 */
export async function providerPairs(players: Player[], seconds: number): Promise<ProviderFigures> {
  const latency = { pairs: [] as number[], bets: [] as number[], wins: [] as number[] };
  let pairs = 0;
  let failures = 0;
  let firstFailure: FirstFailure | undefined;
  const counted = Date.now() + warmup * 1000;
  const end = counted + seconds * 1000;
  const busy = countedWindow(counted);
  const call = async (path: string, body: string): Promise<{ code: number; ms: number }> => {
    const started = Date.now();
    const res = (await request('POST', path, body, signed(body))) as { code: number };
    if (res.code !== 0) firstFailure ??= { status: 200, body: `${path}: ${JSON.stringify(res)}` };
    return { code: res.code, ms: Date.now() - started };
  };
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const player = players[i % players.length];
      while (Date.now() < end) {
        const round = randomUUID();
        const bet = JSON.stringify({
          transactionId: `b-${round}`,
          roundId: round,
          playerId: String(player.id),
          gameCode: GAME.gameCode,
          productId: GAME.productId,
          betAmount: BET,
        });
        const win = JSON.stringify({ transactionId: `w-${round}`, betTransactionId: `b-${round}`, roundId: round, playerId: String(player.id), amount: '0.5' });
        const started = Date.now();
        const a = await call('/api/game/provy/bet', bet);
        const b = await call('/api/game/provy/win', win);
        if (started < counted) continue;
        latency.pairs.push(Date.now() - started);
        latency.bets.push(a.ms);
        latency.wins.push(b.ms);
        if (a.code === 0 && b.code === 0) pairs += 1;
        else failures += 1;
      }
    }),
  );
  const figure = (name: string, count: number, values: number[], note?: string): Figure => ({
    name,
    reqPerSec: Math.round(count / seconds),
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    non2xx: 0,
    errors: failures,
    firstFailure,
    note,
  });
  const n = latency.bets.length;
  const callbacksCpu = busy.perOp(2 * n);
  return {
    pairs: figure('provy bet + win callback pairs', pairs, latency.pairs, '(pairs/s; latency of the pair)'),
    bets: figure('provy bet callbacks', n, latency.bets),
    wins: figure('provy win callbacks', n, latency.wins),
    callbacks: {
      ...figure('provy money callbacks (bet or win)', 2 * n, [...latency.bets, ...latency.wins], '(callbacks/s; latency of one callback)'),
      cpuMsPerOp: callbacksCpu,
    },
  };
}

/** The statements of one simulate round (a losing one 60 % of the time, as the draw), straight through pg. */
async function sqlCeiling(players: Player[], seconds: number): Promise<Figure> {
  const pool = new Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
  try {
    return await transactionLoops('ceiling: one simulate round of SQL straight through pg', pool, seconds, async (client, loop) => {
      const player = players[loop % players.length];
      const roundId = `CEIL_${Date.now()}_${randomUUID().slice(0, 8)}`;
      const win = Math.random() < 0.4;
      // The provider row is cached in the API (shared/domain/game/cache.ts): no lookup per round.
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
      await client.query(
        `INSERT INTO outbox (queue, name, payload, "createdAt", attempts, "sentAt") VALUES ('post-bet', 'settled', CAST($1 AS JSONB), now(), 0, now()) RETURNING id`,
        [JSON.stringify({ betOrderId: Number(orderId) })],
      );
      for (const [kind, amount] of win
        ? [
            ['bet', `-${BET}`],
            ['win', '2'],
          ]
        : [['bet', `-${BET}`]]) {
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
    });
  } finally {
    await pool.end();
  }
}

/** Turns the ledger's hash-chain trigger on or off (BENCH_CHAINS_OFF). */
async function setLedgerChain(on: boolean): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(`ALTER TABLE game_transactions ${on ? 'ENABLE' : 'DISABLE'} TRIGGER audit_game_transactions_chain`);
  } finally {
    await pool.end();
  }
}

/** Simulate, then the provider callbacks, of `players` for `seconds` each. */
type Pair = { simulate: Figure; provider: ProviderFigures };
const pairOf = async (players: Player[], seconds: number): Promise<Pair> => ({
  simulate: await simulateFigure(players, seconds),
  provider: await providerPairs(players, seconds),
});

/** Simulate and the callbacks with the ledger's chain trigger off, then on again whatever happens. */
async function withoutChains(players: Player[], seconds: number): Promise<Pair> {
  await setLedgerChain(false);
  try {
    return await pairOf(players, seconds);
  } finally {
    await setLedgerChain(true);
  }
}

/** Share of `figure` in `ceiling` (rates), in per cent. */
const shareOf = (figure: Figure, ceiling: Figure) => Math.round((figure.reqPerSec / ceiling.reqPerSec) * 100);

export async function benchGames(): Promise<void> {
  if (!provySecret) throw new Error("set BENCH_PROVY_SECRET (or PROVY_SECRET) to the stack's PROVY_SECRET");
  const run = Date.now().toString(36);
  const admin = await adminToken();
  const players = (await registerPlayers(`bench_${run}_g`, connections)).map((p) => ({ id: p.id, token: p.token }));
  const [probe] = (await registerPlayers(`bench_${run}_probe`, 1)).map((p) => ({ id: p.id, token: p.token }));
  const limited = withLimits ? (await registerPlayers(`bench_${run}_rg`, connections)).map((p) => ({ id: p.id, token: p.token })) : [];
  const bonused = withBonus ? (await registerPlayers(`bench_${run}_bn`, connections)).map((p) => ({ id: p.id, token: p.token })) : [];
  const everyone = [...players, probe, ...limited, ...bonused];
  await fund([...players, probe, ...limited], admin, '1000000');
  await fund(bonused, admin, '1');
  if (promotionClaims) await openPromotionClaims(everyone, admin);
  if (withLimits) await setProtectionLimits(limited);
  if (withBonus) await grantBonuses(bonused, admin);
  const before = await balances(everyone, admin);
  const winLose = await winLoseOf(everyone);
  await prepareTpcb(databaseUrl);

  // The ceilings, simulate and the provider callbacks take turns (SLICES times each, `duration` seconds
  // in all for each): this shared machine's speed drifts by tens of percent within a minute, and turns
  // put all of them under the same drift. A share is the median of the turns' shares.
  const slice = duration / SLICES;
  const turns: Array<{
    tpcb: Figure;
    ceiling: Figure;
    simulate: Figure;
    provider: ProviderFigures;
    lags: number[];
    limited?: Pair;
    bonus?: Pair;
    off?: Pair;
  }> = [];
  for (let i = 0; i < SLICES; i += 1) {
    const tpcb = await tpcbCeiling(databaseUrl, slice);
    const ceilingTurn = await sqlCeiling(players, slice);
    const simulateLags = postBetLag(probe, Date.now() + (warmup + slice) * 1000);
    const simulateTurn = await simulateFigure(players, slice);
    const lags = await simulateLags;
    const providerLags = postBetLag(probe, Date.now() + (warmup + slice) * 1000);
    const provider = await providerPairs(players, slice);
    const limitedTurn = withLimits ? await pairOf(limited, slice) : undefined;
    const bonusTurn = withBonus ? await pairOf(bonused, slice) : undefined;
    const off = chainsOffToo ? await withoutChains(players, slice) : undefined;
    turns.push({
      tpcb,
      ceiling: ceilingTurn,
      simulate: simulateTurn,
      provider,
      lags: [...lags, ...(await providerLags)],
      limited: limitedTurn,
      bonus: bonusTurn,
      off,
    });
  }
  const pgbench = await pgbenchCrossCheck(databaseUrl, slice);
  const tpcb = medianFigure(turns.map((t) => t.tpcb));
  const ceiling = medianFigure(turns.map((t) => t.ceiling));
  const simulate = medianFigure(turns.map((t) => t.simulate));
  const provider = (key: keyof ProviderFigures) => medianFigure(turns.map((t) => t.provider[key]));
  const lags = turns.flatMap((t) => t.lags);
  const median = (values: number[]) => percentile(values, 50);
  const simulateShares = turns.map((t) => shareOf(t.simulate, t.tpcb));
  const callbackShares = turns.map((t) => shareOf(t.provider.callbacks, t.tpcb));
  const sqlShares = turns.map((t) => shareOf(t.simulate, t.ceiling));
  const providerList = await measure('GET /api/game/provider (cached)', `${base}/api/game/provider?gameType=2`);

  // Let the post-bet chain and the outbox drain before reading the books.
  await new Promise((r) => setTimeout(r, 3000));
  const after = await balances(everyone, admin);
  const moved = (await winLoseOf(everyone)).minus(winLose);
  console.log('\n## Games');
  printTable(
    [tpcb, ...(pgbench ? [pgbench] : []), ceiling, simulate, provider('callbacks'), provider('bets'), provider('wins'), provider('pairs'), providerList],
    tpcb.reqPerSec,
  );
  console.log(`\nsimulate = ${median(simulateShares)} % of the TPC-B-like ceiling (median of ${SLICES} turns: ${simulateShares.join(', ')} %)`);
  console.log(`provider money callbacks = ${median(callbackShares)} % of the TPC-B-like ceiling (turns: ${callbackShares.join(', ')} %)`);
  console.log(`simulate = ${median(sqlShares)} % of its own SQL straight through pg (turns: ${sqlShares.join(', ')} %)`);
  /** Each turn's share of one figure in another (a variant against its baseline, or the reverse). */
  const sharesOf = (pick: (t: (typeof turns)[number]) => [Figure, Figure]) => turns.map((t) => shareOf(...pick(t)));
  /** A set of players run beside the plain ones in every turn: its median figures, and its rates as shares of the plain ones'. */
  const printVariant = (variant: (t: (typeof turns)[number]) => Pair, players: string, title: string, what: string) => {
    const simulateShares = sharesOf((t) => [variant(t).simulate, t.simulate]);
    const callbacksShares = sharesOf((t) => [variant(t).provider.callbacks, t.provider.callbacks]);
    printTable(
      [
        medianFigure(turns.map((t) => ({ ...variant(t).simulate, name: `POST /api/game/simulate, ${players}` }))),
        medianFigure(turns.map((t) => ({ ...variant(t).provider.callbacks, name: `provy money callbacks, ${players}` }))),
      ],
      tpcb.reqPerSec,
    );
    console.log(
      `${title}: simulate ${what} = ${median(simulateShares)} % of without (turns: ${simulateShares.join(', ')} %); provider callbacks ${what} = ${median(callbacksShares)} % of without (turns: ${callbacksShares.join(', ')} %)`,
    );
  };
  if (withLimits) printVariant((t) => t.limited!, 'players with limits', 'player protection (BENCH_RG=1)', 'with limits');
  if (withBonus) printVariant((t) => t.bonus!, 'players with a bonus grant', 'bonus money (BENCH_BONUS=1)', 'with a grant');
  if (chainsOffToo) {
    const simulateChained = sharesOf((t) => [t.simulate, t.off!.simulate]);
    const callbacksChained = sharesOf((t) => [t.provider.callbacks, t.off!.provider.callbacks]);
    console.log(
      `hash chains: simulate with them = ${median(simulateChained)} % of its rate without (turns: ${simulateChained.join(', ')} %; without: ` +
        `${turns.map((t) => t.off!.simulate.reqPerSec).join(', ')} /s); provider callbacks ${median(callbacksChained)} % (turns: ${callbacksChained.join(', ')} %; ` +
        `without: ${turns.map((t) => t.off!.provider.callbacks.reqPerSec).join(', ')} /s)`,
    );
  }
  const cpu = (figures: Figure[]) => median(figures.map((f) => f.cpuMsPerOp ?? NaN));
  console.log(
    `machine CPU per operation (every process on both cores, /proc/stat; median of the turns): TPC-B-like transaction ${cpu(turns.map((t) => t.tpcb))} ms, ` +
      `simulate round ${cpu(turns.map((t) => t.simulate))} ms, provider callback ${cpu(turns.map((t) => t.provider.callbacks))} ms`,
  );
  console.log(
    `post-bet lag while simulate and the callbacks ran: ${lags.length} samples, p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms, max ${Math.max(...lags)} ms`,
  );
  if (promotionClaims)
    console.log(
      `promotion turnover on: ${everyone.length} players each with an open promotion claim; the probe's claim turnover ${await probeTurnover(probe)}`,
    );
  else console.log('promotion turnover off: no promotion claims (BENCH_PROMO_CLAIMS=0)');
  const conserved = before.plus(moved).eq(after);
  console.log(
    `money: players' cash + bonus ${before.toFixed(6)} -> ${after.toFixed(6)}, their winLose ${moved.toFixed(6)} (house result ${moved.neg().toFixed(6)}): ${conserved ? 'conserved' : 'NOT CONSERVED'}`,
  );
  if (!conserved) verdicts.fail(`money not conserved: balances ${before.toFixed(6)} -> ${after.toFixed(6)}, winLose ${moved.toFixed(6)}`);
  const off = await ledgersOff(everyone);
  console.log(
    `ledgers: ${off.length ? `players ${off.join(', ')} NOT the sums of their ledgers` : "every player's cash and bonus are the sums of their ledgers"}`,
  );
  if (off.length) verdicts.fail(`balances not the sums of their ledgers: players ${off.join(', ')}`);
  if (moved.isZero()) verdicts.fail("no money moved: the players' winLose did not change");
}
