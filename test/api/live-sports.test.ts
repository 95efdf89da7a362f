import test from 'ava';
import nock from 'nock';
import type { Job } from 'bullmq';
import { LIVE_SPORTS_LIST_KEY, LIVE_SPORTS_STATUS_KEY, liveSportsStatus } from '../../shared/domain/live-sports/cache';
import type { LiveMatch } from '../../shared/domain/live-sports/matches';
import { refreshLiveSports } from '../../shared/domain/live-sports/refresh';
import { cache } from '../../shared/redis';
import { queue } from '../../shared/queues/queues';
import { startWorkers } from '../../workers/main';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

const FEED = 'https://feed.test';
const KEY = 'test-feed-key-123';

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ LIVE_SPORTS_BASE_URL: FEED, LIVE_SPORTS_API_KEY: KEY, LIVE_SPORTS_HTTP_TIMEOUT_MS: '300' });
});
test.afterEach.always(() => {
  nock.cleanAll();
});
test.after.always(async () => {
  await stack?.close();
});

interface FixtureSpec {
  id: number;
  date: string;
  short?: string;
  long?: string;
  elapsed?: number | null;
  goals?: [number | null, number | null];
}

function fixture(f: FixtureSpec) {
  return {
    fixture: {
      id: f.id,
      referee: null,
      timezone: 'UTC',
      date: f.date,
      timestamp: Date.parse(f.date) / 1000,
      status: { short: f.short ?? 'NS', long: f.long ?? 'Not Started', elapsed: f.elapsed ?? null },
    },
    league: {
      id: 39,
      name: 'Premier League',
      country: 'England',
      logo: 'https://media.test/leagues/39.png',
      flag: null,
      season: 2026,
      round: 'Regular Season - 12',
    },
    teams: {
      home: { id: f.id * 10 + 1, name: `Home ${f.id}`, logo: `https://media.test/teams/${f.id * 10 + 1}.png`, winner: null },
      away: { id: f.id * 10 + 2, name: `Away ${f.id}`, logo: `https://media.test/teams/${f.id * 10 + 2}.png`, winner: null },
    },
    goals: { home: f.goals?.[0] ?? null, away: f.goals?.[1] ?? null },
  };
}

const page = (response: unknown[]) => ({ get: 'fixtures', parameters: {}, errors: [], results: response.length, paging: { current: 1, total: 1 }, response });

function oddsBody(fixtureId: number, prices = ['1.85', '3.40', '4.20'], extraMarkets = 3) {
  const bets = [
    {
      id: 1,
      name: 'Match Winner',
      values: [
        { value: 'Home', odd: prices[0] },
        { value: 'Draw', odd: prices[1] },
        { value: 'Away', odd: prices[2] },
      ],
    },
    ...Array.from({ length: extraMarkets }, (_, i) => ({ id: 100 + i, name: `Market ${i}`, values: [{ value: 'Yes', odd: '1.50' }] })),
  ];
  return page([
    {
      fixture: { id: fixtureId },
      update: '2026-11-22T10:00:00+00:00',
      bookmakers: [
        { id: 8, name: 'Bet365', bets },
        { id: 6, name: 'Bwin', bets: [bets[0], { id: 100, name: 'Market 0', values: [] }, { id: 200, name: 'Other', values: [] }] },
      ],
    },
  ]);
}

/** The feed: live and upcoming fixtures, and odds per fixture id (a function of the id), with the key required. */
function feed(live: unknown[], upcoming: unknown[], odds: (id: number) => [number, unknown] = (id) => [200, oddsBody(id)]) {
  const scope = nock(FEED).matchHeader('x-apisports-key', KEY);
  scope.get('/fixtures').query({ live: 'all' }).reply(200, page(live));
  scope.get('/fixtures').query({ next: '20' }).reply(200, page(upcoming));
  const oddsCalls: number[] = [];
  scope
    .get('/odds')
    .query(true)
    .times(20)
    .reply((uri) => {
      const id = Number(new URL(uri, FEED).searchParams.get('fixture'));
      oddsCalls.push(id);
      return odds(id);
    });
  return { scope, oddsCalls };
}

async function apiList(): Promise<LiveMatch[]> {
  const res = await stack.request('GET', '/api/live-sports');
  if (res.status !== 200 || res.body?.code !== 200) throw new Error(`GET /api/live-sports: ${res.status} ${res.text}`);
  return res.body.result as LiveMatch[];
}

const LIVE_2H = fixture({ id: 1001, date: '2026-11-22T13:00:00+00:00', short: '2H', long: 'Second Half', elapsed: 67, goals: [2, 1] });
const LIVE_HT = fixture({ id: 1002, date: '2026-11-22T13:30:00+01:00', short: 'HT', long: 'Halftime', elapsed: 45, goals: [0, 0] });
const NEXT_LATE = fixture({ id: 2002, date: '2026-11-22T19:45:00+00:00' });
const NEXT_EARLY = fixture({ id: 2001, date: '2026-11-22T15:00:00+00:00' });
const ENDED = fixture({ id: 3001, date: '2026-11-22T11:00:00+00:00', short: 'FT', long: 'Match Finished', elapsed: 90, goals: [1, 1] });

test.serial('refresh maps every 2.17 field, sends the key, puts in-play first then by kickoff', async (t) => {
  const { scope, oddsCalls } = feed([LIVE_2H, LIVE_HT, ENDED], [NEXT_LATE, NEXT_EARLY, LIVE_HT], (id) =>
    id === 2002 ? [200, page([])] : [200, oddsBody(id, id === 1001 ? ['2.10', '3.25', '3.60'] : ['1.85', '3.40', '4.20'])],
  );
  const result = await refreshLiveSports();
  t.deepEqual(result, { configured: true, ok: true, count: 4, oddsMissing: 1 });
  t.deepEqual(
    scope.pendingMocks().filter((m) => m.includes('/fixtures')),
    [],
  ); // both fixtures calls made, with the key
  t.deepEqual(oddsCalls.sort(), [1001, 1002, 2001, 2002]);

  const list = await apiList();
  // In play first (HT kicked off at 12:30 UTC, before the 2H one at 13:00), then upcoming by kickoff; FT dropped, duplicate once.
  t.deepEqual(
    list.map((m) => m.fixtureId),
    [1002, 1001, 2001, 2002],
  );
  t.deepEqual(list[1], {
    fixtureId: 1001,
    kickoffAt: '2026-11-22T13:00:00+00:00',
    status: { short: '2H', long: 'Second Half', elapsed: 67 },
    league: { id: 39, name: 'Premier League', country: 'England', logo: 'https://media.test/leagues/39.png', round: 'Regular Season - 12' },
    home: { id: 10011, name: 'Home 1001', logo: 'https://media.test/teams/10011.png', score: 2 },
    away: { id: 10012, name: 'Away 1001', logo: 'https://media.test/teams/10012.png', score: 1 },
    // 3 extra markets at the first bookmaker plus one more (id 200) at the second: 4 distinct
    odds: { home: '2.10', draw: '3.25', away: '3.60', extraCount: 4 },
  });
  t.is(list[0].kickoffAt, '2026-11-22T12:30:00+00:00'); // +01:00 in the feed, normalised to UTC with offset
  t.deepEqual(list[0].status, { short: 'HT', long: 'Halftime', elapsed: 45 });
  t.deepEqual([list[0].home.score, list[0].away.score], [0, 0]);
  t.deepEqual(list[2].status, { short: 'NS', long: 'Not Started', elapsed: null });
  t.deepEqual([list[2].home.score, list[2].away.score], [null, null]);
  t.deepEqual(list[2].odds, { home: '1.85', draw: '3.40', away: '4.20', extraCount: 4 });
  t.deepEqual(list[3].odds, { home: null, draw: null, away: null, extraCount: 0 }); // no odds in the feed
  for (const m of list) {
    t.is(typeof m.fixtureId, 'number');
    t.regex(m.kickoffAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  }

  const stored = JSON.parse((await cache().get(LIVE_SPORTS_LIST_KEY)) as string);
  t.is(stored.matches.length, 4);
  t.truthy(Date.parse(stored.refreshedAt));
  const ttl = await cache().ttl(LIVE_SPORTS_LIST_KEY);
  t.true(ttl > 3600);
  const status = await liveSportsStatus();
  t.like(status, { configured: true, ok: true, count: 4, oddsMissing: 1 });
  t.is(status?.lastSuccessAt, stored.refreshedAt);
});

test.serial('without the API key header the feed does not answer (matchHeader)', async (t) => {
  // A scope that insists on another key: the client's real key does not match, so the call fails.
  nock(FEED)
    .matchHeader('x-apisports-key', 'another-key')
    .get('/fixtures')
    .query(true)
    .times(2)
    .reply(200, page([LIVE_2H]));
  const result = await refreshLiveSports();
  t.like(result, { configured: true, ok: false });
});

test.serial('30 fixtures in the feed: 20 listed, in-play first, odds asked only for those 20', async (t) => {
  const live = Array.from({ length: 5 }, (_, i) =>
    fixture({ id: 500 + i, date: `2026-11-22T1${i}:00:00+00:00`, short: ['1H', '2H', 'ET', 'P', 'HT'][i], long: 'In Play', elapsed: 10 + i, goals: [i, 0] }),
  );
  // Upcoming kick-offs before some live ones, to prove in-play wins over kickoff.
  const upcoming = Array.from({ length: 25 }, (_, i) =>
    fixture({ id: 600 + i, date: new Date(Date.UTC(2026, 10, 22, 8, 0) + (24 - i) * 15 * 60_000).toISOString() }),
  );
  const { oddsCalls } = feed(live, upcoming);
  const result = await refreshLiveSports();
  t.like(result, { ok: true, count: 20, oddsMissing: 0 });
  const list = await apiList();
  t.is(list.length, 20);
  t.deepEqual(
    list.slice(0, 5).map((m) => m.fixtureId),
    [500, 501, 502, 503, 504],
  );
  const kickoffs = list.slice(5).map((m) => Date.parse(m.kickoffAt));
  t.deepEqual(
    [...kickoffs].sort((a, b) => a - b),
    kickoffs,
  );
  t.deepEqual(
    list.slice(5).map((m) => m.fixtureId),
    Array.from({ length: 15 }, (_, i) => 624 - i),
  );
  t.is(oddsCalls.length, 20);
  t.deepEqual([...oddsCalls].sort(), list.map((m) => m.fixtureId).sort());
});

async function seedGoodList(): Promise<LiveMatch[]> {
  feed([LIVE_2H], [NEXT_EARLY]);
  t_ok(await refreshLiveSports());
  nock.cleanAll();
  return apiList();
}
function t_ok(result: Awaited<ReturnType<typeof refreshLiveSports>>) {
  if (!('ok' in result) || !result.ok) throw new Error(`refresh failed: ${JSON.stringify(result)}`);
}

const failures: Array<[string, (scope: nock.Scope) => void, RegExp]> = [
  ['HTTP 500', (s) => s.get('/fixtures').query(true).times(2).reply(500, { message: 'down' }), /HTTP 500/],
  [
    'a time-out',
    (s) =>
      s
        .get('/fixtures')
        .query(true)
        .times(2)
        .delay(1000)
        .reply(200, page([NEXT_LATE])),
    /no answer within 300 ms/,
  ],
  ['malformed JSON', (s) => s.get('/fixtures').query(true).times(2).reply(200, '{"response": [', { 'content-type': 'application/json' }), /not JSON/],
  ['a body without a response array', (s) => s.get('/fixtures').query(true).times(2).reply(200, { response: 'nope', errors: [] }), /no response array/],
  [
    'errors reported on HTTP 200',
    (s) =>
      s
        .get('/fixtures')
        .query(true)
        .times(2)
        .reply(200, { errors: { token: 'Error/Missing application key' }, response: [] }),
    /feed reported errors/,
  ],
];

for (const [name, reply, message] of failures) {
  test.serial(`a feed failure (${name}) keeps the last good list and records the error`, async (t) => {
    const good = await seedGoodList();
    t.deepEqual(
      good.map((m) => m.fixtureId),
      [1001, 2001],
    );
    const goodStatus = await liveSportsStatus();

    reply(nock(FEED).matchHeader('x-apisports-key', KEY));
    const result = await refreshLiveSports();
    t.like(result, { configured: true, ok: false });
    t.regex((result as { error: string }).error, message);

    t.deepEqual(await apiList(), good);
    const status = await liveSportsStatus();
    t.like(status, { configured: true, ok: false });
    t.regex(status?.error ?? '', message);
    t.is(status?.lastSuccessAt, goodStatus?.lastSuccessAt);
  });
}

test.serial("an odds call that fails keeps that fixture's last good odds", async (t) => {
  const good = await seedGoodList();
  t.is(good[0].odds.home, '1.85');
  feed([fixture({ id: 1001, date: '2026-11-22T13:00:00+00:00', short: '2H', long: 'Second Half', elapsed: 80, goals: [3, 1] })], [NEXT_EARLY], (id) =>
    id === 1001 ? [500, { message: 'odds down' }] : [200, oddsBody(id, ['1.70', '3.60', '5.00'], 1)],
  );
  t.like(await refreshLiveSports(), { ok: true, count: 2, oddsMissing: 0 });
  const list = await apiList();
  t.is(list[0].home.score, 3);
  t.deepEqual(list[0].odds, good[0].odds);
  t.deepEqual(list[1].odds, { home: '1.70', draw: '3.60', away: '5.00', extraCount: 2 });
});

async function settled(job: Job): Promise<string> {
  return waitFor(`job ${job.id} to finish`, async () => {
    const state = await job.getState();
    return state === 'completed' || state === 'failed' ? state : undefined;
  });
}

test.serial('the live-sports worker refreshes on a manual job; a feed failure fails the job and keeps the list', async (t) => {
  await cache().del(LIVE_SPORTS_LIST_KEY, LIVE_SPORTS_STATUS_KEY);
  const workers = startWorkers(['live-sports']);
  try {
    feed([LIVE_HT], [NEXT_LATE, NEXT_EARLY]);
    const job = await queue('live-sports').add('manual', { reason: 'manual' });
    t.is(await settled(job), 'completed');
    const done = await queue('live-sports').getJob(job.id as string);
    t.deepEqual(done?.returnvalue, { configured: true, ok: true, count: 3, oddsMissing: 0 });
    const list = await apiList();
    t.deepEqual(
      list.map((m) => m.fixtureId),
      [1002, 2001, 2002],
    );
    // The workers upsert the 30-minute scheduler of this queue.
    const scheduler = await waitFor('the live-sports scheduler', () => queue('live-sports').getJobScheduler('live-sports-refresh'));
    t.like(scheduler, { pattern: '*/30 * * * *' });

    nock.cleanAll();
    nock(FEED).matchHeader('x-apisports-key', KEY).get('/fixtures').query(true).times(2).reply(503, 'busy');
    const failing = await queue('live-sports').add('manual', { reason: 'manual' }, { attempts: 1 });
    t.is(await settled(failing), 'failed');
    t.regex((await queue('live-sports').getJob(failing.id as string))?.failedReason ?? '', /HTTP 503/);
    t.deepEqual(await apiList(), list);
    t.like(await liveSportsStatus(), { configured: true, ok: false });
  } finally {
    await workers.stop();
  }
  t.truthy(await cache().get(LIVE_SPORTS_STATUS_KEY));
});
