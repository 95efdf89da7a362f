import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { QueryTypes } from 'sequelize';
import { config } from '../../shared/config';
import { seedSite } from '../../shared/db/seeders/seed-site';
import { closeDb, db } from '../../shared/db/sequelize';
import { signPlayerToken } from '../../shared/domain/auth';
import { unreadCountSql } from '../../shared/domain/inbox';
import { EXPRESS_CEILING, startCeiling } from './edge';
import { base, measure, percentile, printTable, type Figure } from './lib';

/**
 * GET /inbox/unread-count (polled by every open page) on a site with BENCH_INBOX_PLAYERS (100 000)
 * players and BENCH_INBOX_SITE_WIDE (2 000) site-wide messages, beside the same-run bare Express 5
 * ceiling of the edge section. Seeded with set-based SQL against the stack's DATABASE_URL (run the bench
 * from the same checkout and settings as the stack: the player tokens are signed with its JWT secret):
 * every player registered before the first message and has a personal welcome message; a third of the
 * players read everything once (read-all mark at the 1 500th site-wide message, 500 newer ones unread), a
 * third read 10 messages one by one, a third never read anything (2 001 unread: the worst case).
 * Requests rotate over BENCH_INBOX_TOKENS (300) players of the three groups, each polling many times as
 * open pages do (the steady state: cached counts); the never-read group is also measured alone. What a
 * poll costs when its cached count is stale (after a site-wide send) is the statement alone, timed
 * in-process for 1 000 players. Target: p99 under 20 ms.
 *
 *   BENCH_INBOX_PLAYERS  BENCH_INBOX_SITE_WIDE  BENCH_INBOX_TOKENS
 */
export async function benchInbox(): Promise<void> {
  const players = Number(process.env.BENCH_INBOX_PLAYERS ?? 100_000);
  const siteWide = Number(process.env.BENCH_INBOX_SITE_WIDE ?? 2_000);
  const tokenCount = Number(process.env.BENCH_INBOX_TOKENS ?? 300);
  const sequelize = db();
  const siteCode = `benchinbox${randomBytes(3).toString('hex')}`;

  console.log(`\ninbox: seeding site ${siteCode}: ${players} players, ${siteWide} site-wide messages, one personal message each`);
  const t0 = Date.now();
  await seedSite(siteCode, { assetBaseUrl: config().publicAssetBaseUrl });
  const [range] = await sequelize.query<{ first: number; last: number }>(
    `WITH ins AS (
       INSERT INTO users ("siteCode", account, name, "createdAt", "updatedAt")
       SELECT :siteCode, 'bi' || g, 'Bench', now() - interval '60 days', now() - interval '60 days' FROM generate_series(1, :players) g RETURNING id)
     SELECT MIN(id) AS first, MAX(id) AS last FROM ins`,
    { replacements: { siteCode, players }, type: QueryTypes.SELECT },
  );
  await sequelize.query(
    `INSERT INTO inbox_messages ("siteCode", "userId", title, content, category, "createdAt", "updatedAt")
     SELECT :siteCode, NULL, jsonb_build_object('en-US', 'Notice ' || g), jsonb_build_object('en-US', '<p>Notice ' || g || '</p>'),
            CASE WHEN g % 2 = 0 THEN 'system' ELSE 'promo' END, at, at
       FROM generate_series(1, :siteWide) g, LATERAL (SELECT now() - interval '50 days' + g * interval '20 minutes' AS at) t;
     INSERT INTO inbox_messages ("siteCode", "userId", title, content, category, "sourceKey", "createdAt", "updatedAt")
     SELECT :siteCode, u.id, '{"en-US":"Welcome"}', '{"en-US":"<p>Welcome</p>"}', 'system', 'welcome:' || u.id, u."createdAt" + interval '1 second', u."createdAt"
       FROM users u WHERE u."siteCode" = :siteCode;
     INSERT INTO inbox_read_marks ("siteCode", "userId", "readUpTo", "updatedAt")
     SELECT :siteCode, id, (SELECT "createdAt" FROM inbox_messages WHERE "siteCode" = :siteCode AND "userId" IS NULL ORDER BY "createdAt", id OFFSET :markAt LIMIT 1), now()
       FROM users WHERE "siteCode" = :siteCode AND (id - :first) % 3 = 0;
     INSERT INTO inbox_reads ("siteCode", "userId", "messageId", "readAt")
     SELECT :siteCode, u.id, m.id, now()
       FROM users u CROSS JOIN LATERAL (
         SELECT id FROM inbox_messages WHERE "siteCode" = :siteCode AND "userId" IS NULL ORDER BY id DESC OFFSET (u.id % 50) LIMIT 10) m
      WHERE u."siteCode" = :siteCode AND (u.id - :first) % 3 = 1;
     `,
    { replacements: { siteCode, players, siteWide, first: range.first, markAt: Math.floor(siteWide * 0.75) - 1 } },
  );
  // As autovacuum leaves a settled table: statistics, and the visibility map that lets counts read the index alone.
  await sequelize.query('VACUUM ANALYZE users, inbox_messages, inbox_reads, inbox_read_marks');
  console.log(`inbox: seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const tokenOf = (id: number) => signPlayerToken({ id, account: `bi${id}`, tokenVersion: 0, siteCode });
  const all: string[] = [];
  const neverRead: string[] = [];
  for (let i = 0; i < tokenCount; i += 1) {
    // Spread over the site; 7919 is prime, so the players fall in the three groups in turn.
    const id = Number(range.first) + ((i * 7919) % players);
    all.push(tokenOf(id));
    if ((id - Number(range.first)) % 3 === 2) neverRead.push(tokenOf(id));
  }
  const worst = Number(range.first) + 2;
  const counts: Record<string, number> = {};
  for (const [group, id] of [
    ['read-all mark', Number(range.first)],
    ['10 read one by one', Number(range.first) + 1],
    ['never read', worst],
  ] as const) {
    const res = await fetch(`${base}/api/inbox/unread-count`, { headers: { authorization: `Bearer ${tokenOf(id)}` } });
    const body = (await res.json()) as { code: number; result?: { unreadCount: number } };
    if (body.code !== 200) throw new Error(`GET /api/inbox/unread-count answered ${JSON.stringify(body)} (same JWT secret as the stack?)`);
    counts[group] = body.result?.unreadCount ?? NaN;
  }
  console.log(
    `inbox: unread counts per group: ${Object.entries(counts)
      .map(([g, c]) => `${g} ${c}`)
      .join(', ')}`,
  );

  // The statement alone, in Postgres, for the worst player (EXPLAIN ANALYZE execution time).
  const plan = await sequelize.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${unreadCountSql}`, {
    replacements: { site: siteCode, userId: worst },
    type: QueryTypes.SELECT,
  });
  const execution = plan.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time')) ?? '';
  console.log(`inbox: the unread-count statement for a never-read player in Postgres: ${execution}`);

  // The statement alone (what a poll costs when its cached count is stale, e.g. just after a site-wide
  // send), from this process over one connection, for 1 000 players of the three groups one after another.
  const statementMs: number[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const started = process.hrtime.bigint();
    await sequelize.query(unreadCountSql, { replacements: { site: siteCode, userId: Number(range.first) + ((i * 97) % players) }, type: QueryTypes.SELECT });
    statementMs.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  console.log(
    `inbox: the statement alone, 1 000 players one after another: p50 ${percentile(statementMs, 50).toFixed(2)} ms, p99 ${percentile(statementMs, 99).toFixed(2)} ms`,
  );

  const rotate = (tokens: string[]): Partial<autocannon.Options> => {
    let next = 0;
    return { requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) }] };
  };
  const ceiling = await startCeiling(EXPRESS_CEILING);
  const figures: Figure[] = [];
  try {
    figures.push(await measure('ceiling: bare Express 5, one route, same envelope', ceiling.url));
    figures.push(await measure('GET /api (our pipeline, no I/O)', `${base}/api`));
    figures.push(await measure('GET /api/health (Postgres + Redis round trip)', `${base}/api/health`));
    figures.push(await measure(`GET /api/inbox/unread-count, ${all.length} players of the three groups`, `${base}/api/inbox/unread-count`, {}, rotate(all)));
    figures.push(
      await measure(
        `GET /api/inbox/unread-count, never-read players only (${counts['never read']} unread)`,
        `${base}/api/inbox/unread-count`,
        {},
        rotate(neverRead),
      ),
    );
  } finally {
    ceiling.stop();
  }
  console.log(`\n## Inbox unread count (${players} players, ${siteWide} site-wide messages)`);
  printTable(figures, figures[0].reqPerSec);
  for (const f of figures.slice(3)) console.log(`${f.name}: answers by HTTP status ${JSON.stringify(f.statuses)}`);
  const worstP99 = Math.max(figures[3].p99, figures[4].p99);
  console.log(`\nunread-count p99: ${worstP99} ms (target under 20 ms)`);
  await closeDb();
}
