import { createHmac, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { registerPlayers } from './accounts';
import { base, medianFigure, connections, duration, measure, percentile, printTable, transactionLoops, warmup, type Figure } from './lib';
import { prepareTpcb, tpcbCeiling } from './tpcb';
import { verdicts } from './verdict';

/**
 * Deposits (BENCH_ONLY=deposits): signed USDT pay callbacks per second, each paying its own pending order
 * (POST /api/vendor/usdt/callback/pay: signature over the raw body, order lock, callback record, order
 * paid, outbox row; the deposit-credit worker credits in the background as it would in production).
 * Ceilings: the TPC-B-like transaction of scripts/bench/tpcb.ts (the target's measure, independent of our
 * SQL), and the same writes of one pay callback straight through pg (lock the order, record the callback,
 * mark it paid, write the outbox row) with the same concurrency and the API's pool size. All take turns
 * (BENCH_DEPOSITS_SLICES, 3) so that both see the same machine; the share is the median of the turns'.
 * At the end, money is checked: every order the bench paid is credited once (its ledger row) and the
 * credits add up to what was paid.
 *
 * Needs on the stack: USDT_CALLBACK_SECRET (same value in BENCH_USDT_SECRET). The bench writes its
 * pending orders straight into the database (BENCH_DATABASE_URL, else DATABASE_URL, else the local
 * default), on the default site's USDT TRC20 channel.
 */
const SLICES = Math.max(1, Number(process.env.BENCH_DEPOSITS_SLICES ?? 3));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gaming';
const usdtSecret = process.env.BENCH_USDT_SECRET ?? process.env.USDT_CALLBACK_SECRET;
/** Orders written per measured run: more than it can pay at this machine's speed. */
const ORDERS_PER_SECOND = Number(process.env.BENCH_DEPOSITS_ORDERS_PER_SECOND ?? 4000);
const AMOUNT = '10';

/** Pending USDT orders for the players, `count` of them, named `<prefix>-<n>`. */
async function writeOrders(pool: Pool, playerIds: number[], prefix: string, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: number }>(`SELECT id FROM payment_channels WHERE "siteCode" = 'default' AND key = 'usdt-trc20'`);
  if (!rows[0]) throw new Error('the default site has no usdt-trc20 channel (run the seed)');
  await pool.query(
    `INSERT INTO deposit_orders ("siteCode", "userId", "channelId", "channelCode", currency, "subOrder", "orderAmount", "paymentMethod", status, "exchangeRate", "paymentAddress", network)
     SELECT 'default', ($1::int[])[1 + (n % array_length($1::int[], 1))], $2, 'usdt', 'USDT', $3 || '-' || n, $4, 'crypto', 'pending', 1, 'bench-address', 'TRC20'
       FROM generate_series(0, $5 - 1) AS n`,
    [playerIds, rows[0].id, prefix, AMOUNT, count],
  );
  return Array.from({ length: count }, (_, n) => `${prefix}-${n}`);
}

function signedHeaders(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', usdtSecret as string)
      .update(`${timestamp}.${body}`)
      .digest('hex'),
  };
}

/** Signed pay callbacks, each for the next pending order. */
async function callbackFigure(orders: string[], seconds: number): Promise<Figure> {
  let next = 0;
  return measure(
    'POST /api/vendor/usdt/callback/pay (a new order each)',
    `${base}/api/vendor/usdt/callback/pay`,
    {},
    {
      duration: seconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            const subOrder = orders[next++ % orders.length];
            const body = JSON.stringify({ subOrder, payAmount: Number(AMOUNT), txHash: `0x${subOrder}`, payTime: new Date().toISOString() });
            return { ...req, body, headers: { ...req.headers, ...signedHeaders(body) } };
          },
        },
      ],
    },
    '2xx',
  );
}

/** The writes of one pay callback straight through pg, each on its own order. */
async function sqlCeiling(pool: Pool, orders: string[], seconds: number): Promise<Figure> {
  let next = 0;
  return transactionLoops('ceiling: the writes of one pay callback straight through pg', pool, seconds, async (client) => {
    const subOrder = orders[next++ % orders.length];
    const order = await client.query(
      `SELECT id, "siteCode", status, "orderAmount", "exchangeRate", flag, EXISTS (SELECT 1 FROM deposit_orders u WHERE u."txHash" = $2 AND u."subOrder" <> $1) AS "txUsed"
         FROM deposit_orders WHERE "subOrder" = $1 AND "channelCode" = 'usdt' FOR UPDATE`,
      [subOrder, `0xc-${subOrder}`],
    );
    const id = order.rows[0]?.id ?? null;
    // Marked credited: the worker and the reconciler leave the ceiling's orders alone.
    await client.query(
      `UPDATE deposit_orders SET status = 'paid', "paidAt" = now(), "creditedAt" = now(), "usdAmount" = "orderAmount", "payAmount" = $2, "payTime" = $3, "txHash" = $4,
         "callbackData" = COALESCE("callbackData", '{}'::jsonb) || jsonb_build_object('pay', CAST($5 AS JSONB)), "updatedAt" = now() WHERE id = $1 AND status = 'pending'`,
      [id, AMOUNT, 'now', `0xc-${subOrder}-${randomUUID().slice(0, 8)}`, JSON.stringify({ subOrder })],
    );
    await client.query(
      `INSERT INTO outbox (queue, name, payload, "createdAt", attempts, "sentAt") VALUES ('deposit-credit', 'bench-ceiling', CAST($1 AS JSONB), now(), 0, now())`,
      [JSON.stringify({ depositOrderId: 0 })],
    );
    await client.query(
      `INSERT INTO deposit_callbacks ("siteCode", vendor, kind, "subOrder", "txHash", "depositOrderId", outcome, body) VALUES ('default', 'usdt', 'pay', $1, $2, $3, 'bench-ceiling', CAST($4 AS JSONB))`,
      [subOrder, `0xc-${subOrder}`, id, JSON.stringify({ subOrder })],
    );
  });
}

export async function benchDeposits(): Promise<void> {
  if (!usdtSecret) throw new Error("set BENCH_USDT_SECRET (or USDT_CALLBACK_SECRET) to the stack's USDT_CALLBACK_SECRET");
  const run = Date.now().toString(36);
  const players = await registerPlayers(`bench_${run}_d`, Math.min(connections, 50));
  const ids = players.map((p) => p.id);
  const pool = new Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
  try {
    const slice = duration / SLICES;
    const perRun = Math.ceil((slice + warmup) * ORDERS_PER_SECOND);
    await prepareTpcb(databaseUrl);
    const turns: Array<{ tpcb: Figure; ceiling: Figure; api: Figure }> = [];
    for (let i = 0; i < SLICES; i += 1) {
      const ceilingOrders = await writeOrders(pool, ids, `BC${run}t${i}`, perRun);
      const apiOrders = await writeOrders(pool, ids, `BD${run}t${i}`, perRun);
      turns.push({
        tpcb: await tpcbCeiling(databaseUrl, slice),
        ceiling: await sqlCeiling(pool, ceilingOrders, slice),
        api: await callbackFigure(apiOrders, slice),
      });
    }
    const tpcb = medianFigure(turns.map((t) => t.tpcb));
    const ceiling = medianFigure(turns.map((t) => t.ceiling));
    const api = medianFigure(turns.map((t) => t.api));
    const share = (of: 'tpcb' | 'ceiling') => turns.map((t) => Math.round((t.api.reqPerSec / t[of].reqPerSec) * 100));
    const shares = share('tpcb');
    const sqlShares = share('ceiling');

    // The credits of the paid orders, once the worker has caught up (at most 60 s).
    const paid = async () =>
      (
        await pool.query<{ paid: string; credited: string; usd: string; ledger: string; rows: string }>(
          `SELECT COUNT(*) FILTER (WHERE o.status = 'paid')::text AS paid, COUNT(*) FILTER (WHERE o."creditedAt" IS NOT NULL)::text AS credited,
                  COALESCE(SUM(o."usdAmount"), 0)::text AS usd, COALESCE(SUM(t.amount), 0)::text AS ledger, COUNT(t.id)::text AS rows
             FROM deposit_orders o LEFT JOIN game_transactions t ON t."idempotencyKey" = 'deposit:' || o.id
            WHERE o."subOrder" LIKE $1 AND o.status = 'paid'`,
          [`BD${run}%`],
        )
      ).rows[0];
    const deadline = Date.now() + 60_000;
    let books = await paid();
    while (books.credited !== books.paid && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      books = await paid();
    }
    console.log('\n## Deposits');
    printTable([tpcb, ceiling, api], tpcb.reqPerSec);
    console.log(
      `\npay callbacks = ${percentile(shares, 50)} % of the TPC-B-like ceiling (median of ${SLICES} turns: ${shares.join(', ')} %); target >= 50 %, p99 < 100 ms`,
    );
    console.log(
      `pay callbacks = ${percentile(sqlShares, 50)} % of their own writes straight through pg (${sqlShares.join(', ')} %): the rest is the API's share`,
    );
    const once = books.paid === books.rows && books.usd === books.ledger && books.credited === books.paid;
    console.log(
      `money: ${books.paid} orders paid, ${books.credited} credited, ${books.rows} ledger rows, paid ${books.usd} USD, credited ${books.ledger} USD: ${once ? 'each credited once' : 'NOT EXACTLY ONCE'}`,
    );
    if (!once)
      verdicts.fail(`pay callbacks: the paid orders were not each credited once (${books.paid} paid, ${books.credited} credited, ${books.rows} ledger rows)`);
    if (Number(books.paid) === 0) verdicts.fail('pay callbacks: no order was paid, no money moved');
  } finally {
    await pool.end();
  }
}
