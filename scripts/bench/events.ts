import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { signPlayerToken } from '../../shared/domain/auth';
import { registerPlayers } from './accounts';
import { adminToken, fund, providerPairs, type ProviderFigures } from './games';
import { base, duration, percentile, printTable } from './lib';

/**
 * Live events (docs/events.md): BENCH_EVENTS_STREAMS (10 000) open streams of as many players, the API's
 * resident memory per stream (GET /metrics before and after), then BENCH_EVENTS_RATE (1 000) balance
 * events per second for `duration` seconds, each a wallet_move of its own committed straight through pg
 * (one ledger row: the trigger's feed row, the publisher, the Redis stream, the fan-out): latency from
 * the commit's answer to the event read on the player's stream, p50 and p99 (target p99 < 100 ms), and
 * every event delivered once. With BENCH_PROVY_SECRET: provider bet + win callbacks with the feed's
 * trigger on and off (ALTER TABLE ... DISABLE TRIGGER game_transactions_events), in alternating turns of
 * the same run (target: on within 10 % of off). Seeds players on site `default` with SQL against
 * BENCH_DATABASE_URL / DATABASE_URL; run from the same checkout and settings as the stack (the tokens
 * are signed with its JWT secret), with EVENTS_MAX_STREAMS_PER_PLAYER at least 1.
 *
 *   BENCH_EVENTS_STREAMS  BENCH_EVENTS_RATE  BENCH_EVENTS_SLICES (3)
 */
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gaming';

async function residentBytes(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  if (!m) throw new Error('GET /metrics has no process_resident_memory_bytes (run the bench from an address METRICS_ALLOW lets in)');
  return Number(m[1]);
}

interface Listener {
  arrived: Map<string, number>;
  duplicates: number;
  close: () => void;
}

/** Opens one stream with node:http (lighter than fetch for thousands) and notes when each balance event arrives. */
function openStream(token: string, onBalance: (ledgerId: string, at: number) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/events answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.includes('event: balance')) continue;
          const m = /"ledgerId":"(\d+)"/.exec(block);
          if (m) onBalance(m[1], at);
        }
      });
      res.on('error', () => undefined);
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

async function setFeedTrigger(pool: Pool, on: boolean): Promise<void> {
  await pool.query(`ALTER TABLE game_transactions ${on ? 'ENABLE' : 'DISABLE'} TRIGGER game_transactions_events`);
}

export async function benchEvents(): Promise<void> {
  const streamCount = Number(process.env.BENCH_EVENTS_STREAMS ?? 10_000);
  const rate = Number(process.env.BENCH_EVENTS_RATE ?? 1_000);
  const slices = Math.max(1, Number(process.env.BENCH_EVENTS_SLICES ?? 3));
  const run = Date.now().toString(36);
  const pool = new Pool({ connectionString: databaseUrl, max: 8 });
  const listener: Listener = { arrived: new Map(), duplicates: 0, close: () => undefined };
  const closers: Array<() => void> = [];
  try {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO users ("siteCode", account, name, "createdAt", "updatedAt")
       SELECT 'default', 'bev' || $1 || '_' || g, 'Bench', now(), now() FROM generate_series(1, $2::INT) g RETURNING id`,
      [run, streamCount],
    );
    const players = rows.map((r) => r.id);
    const memoryBefore = await residentBytes();
    const openStarted = Date.now();
    for (let i = 0; i < players.length; i += 200) {
      const batch = players.slice(i, i + 200);
      closers.push(
        ...(await Promise.all(
          batch.map((id) =>
            openStream(signPlayerToken({ id, account: `bev${run}_${id}`, tokenVersion: 0, siteCode: 'default' }), (ledgerId, at) => {
              if (listener.arrived.has(ledgerId)) listener.duplicates += 1;
              else listener.arrived.set(ledgerId, at);
            }),
          ),
        )),
      );
    }
    await new Promise((r) => setTimeout(r, 2000));
    const memoryAfter = await residentBytes();
    console.log(
      `\n## Events\n\nevents: ${players.length} streams open in ${((Date.now() - openStarted) / 1000).toFixed(1)} s; API resident memory ` +
        `${(memoryBefore / 1048576).toFixed(0)} -> ${(memoryAfter / 1048576).toFixed(0)} MB: ${((memoryAfter - memoryBefore) / players.length / 1024).toFixed(1)} KB per stream`,
    );

    // Balance events at `rate` per second: one wallet_move per event, each its own transaction.
    const committed = new Map<string, number>();
    let failures = 0;
    const end = Date.now() + duration * 1000;
    const tickMs = 10;
    const inFlight = new Set<Promise<void>>();
    let n = 0;
    while (Date.now() < end) {
      const tickStart = Date.now();
      for (let k = 0; k < (rate * tickMs) / 1000; k += 1) {
        const user = players[n++ % players.length];
        const p = pool
          .query<{ id: string; refusal: string | null }>(
            `SELECT id::TEXT, refusal FROM wallet_move($1, 0.01, 0, 'adjustment', $2, NULL, NULL, NULL, 'bench events', TRUE)`,
            [user, `bench:events:${run}:${n}`],
          )
          .then(({ rows: [row] }) => {
            if (row.refusal || !row.id) failures += 1;
            else committed.set(row.id, performance.now());
          })
          .catch(() => {
            failures += 1;
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, tickMs - (Date.now() - tickStart))));
    }
    await Promise.all(inFlight);
    await new Promise((r) => setTimeout(r, 3000));
    const latencies: number[] = [];
    let missing = 0;
    for (const [ledgerId, at] of committed) {
      const arrived = listener.arrived.get(ledgerId);
      if (arrived === undefined) missing += 1;
      else latencies.push(Math.max(0, Math.round(arrived - at)));
    }
    printTable([
      {
        name: `balance events, ${players.length} open streams`,
        reqPerSec: Math.round(committed.size / duration),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        non2xx: missing,
        errors: failures + listener.duplicates,
        note: '(events/s; latency from the commit answered to the event read; non-2xx = not delivered, errors = failed moves + duplicates)',
      },
    ]);
    console.log(
      `events: ${committed.size} committed, ${committed.size - missing} delivered, ${missing} missing, ${listener.duplicates} twice; p99 ${percentile(latencies, 99)} ms (target < 100 ms)` +
        (missing || listener.duplicates ? ' FAILED' : ''),
    );
    for (const close of closers.splice(0)) close();

    const provySecret = process.env.BENCH_PROVY_SECRET ?? process.env.PROVY_SECRET;
    if (!provySecret) {
      console.log('events: provider callbacks with the feed on and off skipped (set BENCH_PROVY_SECRET to the stack’s PROVY_SECRET)');
      return;
    }
    const admin = await adminToken();
    const gamblers = (await registerPlayers(`bench_${run}_ev`, 20)).map((p) => ({ id: p.id, token: p.token }));
    await fund(gamblers, admin, '1000000');
    const turns: Array<{ on: ProviderFigures; off: ProviderFigures }> = [];
    for (let i = 0; i < slices; i += 1) {
      const on = await providerPairs(gamblers, duration / slices);
      await setFeedTrigger(pool, false);
      try {
        turns.push({ on, off: await providerPairs(gamblers, duration / slices) });
      } finally {
        await setFeedTrigger(pool, true);
      }
    }
    const shares = turns.map((t) => Math.round((t.on.callbacks.reqPerSec / t.off.callbacks.reqPerSec) * 100));
    printTable(
      turns.flatMap((t, i) => [
        { ...t.on.callbacks, name: `provy callbacks, events on (turn ${i + 1})` },
        { ...t.off.callbacks, name: `provy callbacks, events off (turn ${i + 1})` },
      ]),
    );
    console.log(`events: provider callbacks with events on = ${percentile(shares, 50)} % of off (median of turns: ${shares.join(', ')} %; target >= 90 %)`);
  } finally {
    for (const close of closers) close();
    await setFeedTrigger(pool, true).catch(() => undefined);
    await pool.end();
  }
}
