import { randomBytes } from 'node:crypto';
import test from 'ava';
import { BetOrder, type User } from '../../shared/db/models';
import { computeRanking, currentPeriod, maskName, type RankingEntry, type TotalRankingEntry } from '../../shared/domain/ranking';
import { cache } from '../../shared/redis';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

// Taipei is UTC+8 all year: a local day D runs from (D-1)T16:00:00Z to DT15:59:59.999Z.
const TZ = 'Asia/Taipei';
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: TZ });
});
test.after.always(async () => {
  await stack?.close();
});

interface BetOptions {
  betAmount?: string;
  winAmount?: string;
  multiplier?: string | null;
  betDatetime?: Date | string;
  status?: 'valid' | 'invalid' | 'cancelled';
  settled?: boolean;
  gameName?: string;
}

async function bet(user: User, options: BetOptions = {}): Promise<BetOrder> {
  const betAmount = options.betAmount ?? '10';
  const winAmount = options.winAmount ?? '0';
  const settled = options.settled ?? true;
  return BetOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    providerCode: 'provy',
    gameCode: 'g-1',
    gameName: options.gameName ?? 'Golden Dragon',
    gameType: '2',
    gamePlatform: 'provy',
    gameNumber: `round-${randomBytes(6).toString('hex')}`,
    betAmount,
    betEffective: betAmount,
    winAmount,
    winLose: String(Number(winAmount) - Number(betAmount)),
    multiplier: options.multiplier === undefined ? null : options.multiplier,
    status: options.status ?? 'valid',
    settled,
    settledAt: settled ? new Date() : null,
    betDatetime: options.betDatetime ? new Date(options.betDatetime) : new Date(),
  });
}

async function player(siteCode: string, account: string, name = account): Promise<User> {
  const { user } = await createUser({ siteCode, account });
  await user.update({ name });
  return user;
}

const ranking = (siteCode: string, query = '') => stack.request('GET', `/api/ranking${query}`, { headers: { 'site-name': siteCode } });

test('maskName keeps the first and last character', (t) => {
  t.is(maskName('alice'), 'a***e');
  t.is(maskName('ab'), 'a***b');
  t.is(maskName('x'), 'x***');
  t.is(maskName(''), '***');
  t.is(maskName('王小明'), '王***明');
  t.is(maskName('😀bob😀'), '😀***😀');
});

test('currentPeriod: day, week from Monday and month in the time zone', (t) => {
  const wed = new Date('2026-03-11T04:00:00Z'); // Wed 12:00 in Taipei
  t.deepEqual(currentPeriod('daily', wed, TZ), { start: '2026-03-11', interval: '1 day' });
  t.deepEqual(currentPeriod('weekly', wed, TZ), { start: '2026-03-09', interval: '1 week' });
  t.deepEqual(currentPeriod('monthly', wed, TZ), { start: '2026-03-01', interval: '1 month' });
  // Sunday evening is still the week of the Monday before; 00:30 Monday local (still Sunday in UTC) starts a new one.
  t.is(currentPeriod('weekly', new Date('2026-03-15T10:00:00Z'), TZ).start, '2026-03-09');
  t.is(currentPeriod('weekly', new Date('2026-03-15T16:30:00Z'), TZ).start, '2026-03-16');
  t.is(currentPeriod('daily', new Date('2026-03-15T16:30:00Z'), TZ).start, '2026-03-16');
  t.is(currentPeriod('monthly', new Date('2026-02-28T16:00:00Z'), TZ).start, '2026-03-01');
  t.is(currentPeriod('weekly', new Date('2026-03-15T16:30:00Z'), 'UTC').start, '2026-03-09');
});

test('realtime (the default): newest settled valid bets of the site, masked, all fields', async (t) => {
  const siteCode = await createSite();
  const alice = await player(siteCode, 'alice01', 'Alice');
  const bob = await player(siteCode, 'bob02', 'Bobby');
  const old = await bet(alice, { betAmount: '10', winAmount: '25', betDatetime: '2026-01-01T00:00:00Z' });
  const newer = await bet(bob, { betAmount: '4', winAmount: '0', betDatetime: '2026-01-02T00:00:00Z', gameName: 'Fish Party' });
  const newest = await bet(alice, { betAmount: '2', winAmount: '7', multiplier: '3.50', betDatetime: '2026-01-03T00:00:00Z' });
  await bet(bob, { status: 'invalid', betDatetime: '2026-01-04T00:00:00Z' });
  await bet(bob, { status: 'cancelled', betDatetime: '2026-01-04T00:00:00Z' });
  await bet(bob, { settled: false, betDatetime: '2026-01-04T00:00:00Z' });
  const elsewhere = await player(await createSite(), 'carol');
  await bet(elsewhere, { winAmount: '1000', betDatetime: '2026-01-05T00:00:00Z' });

  const res = await ranking(siteCode);
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result, [
    {
      id: Number(newest.id),
      gameName: 'Golden Dragon',
      playerName: 'A***e',
      time: '2026-01-03T00:00:00.000Z',
      betAmount: '2.000000',
      multiplier: '3.50',
      payout: '7.000000',
      isAnonymous: true,
    },
    {
      id: Number(newer.id),
      gameName: 'Fish Party',
      playerName: 'B***y',
      time: '2026-01-02T00:00:00.000Z',
      betAmount: '4.000000',
      multiplier: '0.00',
      payout: '0.000000',
      isAnonymous: true,
    },
    {
      id: Number(old.id),
      gameName: 'Golden Dragon',
      playerName: 'A***e',
      time: '2026-01-01T00:00:00.000Z',
      betAmount: '10.000000',
      multiplier: '2.50',
      payout: '25.000000',
      isAnonymous: true,
    },
  ]);
  t.deepEqual((await ranking(siteCode, '?type=realtime')).body.result, res.body.result);
});

test('limit: default 20, up to 50; outside 1..50 or not an integer is 400', async (t) => {
  const siteCode = await createSite();
  const user = await player(siteCode, 'limits');
  const base = Date.parse('2026-01-01T00:00:00Z');
  await BetOrder.bulkCreate(
    Array.from({ length: 55 }, (_, i) => ({
      siteCode,
      userId: user.id,
      providerCode: 'provy',
      gameCode: 'g-1',
      gameName: 'Golden Dragon',
      gameType: '2',
      gamePlatform: 'provy',
      gameNumber: `limit-${i}`,
      betAmount: '1',
      betEffective: '1',
      winAmount: String(i),
      winLose: String(i - 1),
      settled: true,
      betDatetime: new Date(base + i * 1000),
    })),
  );
  const def = await ranking(siteCode);
  t.is(def.body.result.length, 20);
  t.is(def.body.result[0].payout, '54.000000'); // the newest
  t.is((await ranking(siteCode, '?limit=1')).body.result.length, 1);
  t.is((await ranking(siteCode, '?limit=50')).body.result.length, 50);
  t.is((await ranking(siteCode, '?type=total&limit=50')).body.result.length, 1);
  for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?limit=2.5', '?limit=-1', '?type=yearly', '?type=REALTIME']) {
    const res = await ranking(siteCode, query);
    t.is(res.status, 400, query);
    t.is(res.body.code, 400, query);
  }
});

test('daily, weekly, monthly over HTTP: bets with a payout in the current period, highest payout first', async (t) => {
  const siteCode = await createSite();
  const alice = await player(siteCode, 'alice', 'alice');
  const bob = await player(siteCode, 'bob', 'bob');
  const small = await bet(alice, { betAmount: '10', winAmount: '15' });
  const big = await bet(bob, { betAmount: '10', winAmount: '90' });
  const middle = await bet(alice, { betAmount: '20', winAmount: '40' });
  await bet(bob, { betAmount: '50', winAmount: '0' }); // no payout: not ranked
  await bet(bob, { betAmount: '50', winAmount: '500', status: 'invalid' });
  await bet(bob, { betAmount: '50', winAmount: '999', betDatetime: new Date(Date.now() - 45 * 24 * 3600 * 1000) }); // an earlier month
  for (const type of ['daily', 'weekly', 'monthly']) {
    const res = await ranking(siteCode, `?type=${type}`);
    t.is(res.status, 200, type);
    t.deepEqual(
      res.body.result.map((e: RankingEntry) => e.id),
      [big, middle, small].map((o) => Number(o.id)),
      type,
    );
    t.deepEqual(
      res.body.result.map((e: RankingEntry) => e.payout),
      ['90.000000', '40.000000', '15.000000'],
      type,
    );
    t.deepEqual(
      res.body.result.map((e: RankingEntry) => e.playerName),
      ['b***b', 'a***e', 'a***e'],
      type,
    );
    t.deepEqual(res.body.result[0], {
      id: Number(big.id),
      gameName: 'Golden Dragon',
      playerName: 'b***b',
      time: (big.betDatetime as Date).toISOString(),
      betAmount: '10.000000',
      multiplier: '9.00',
      payout: '90.000000',
      isAnonymous: true,
    });
    t.is((await ranking(siteCode, `?type=${type}&limit=2`)).body.result.length, 2);
  }
});

test('period boundaries in APP_TIMEZONE (day, Monday-based week, month), inclusive start, exclusive end', async (t) => {
  const siteCode = await createSite();
  const user = await player(siteCode, 'edges');
  // Payout = a label of where the bet sits; now = Wed 2026-03-11 12:00 Taipei.
  const at: Array<[string, string]> = [
    ['2026-02-28T15:59:59.999Z', '1'], // Feb 28 23:59:59.999: previous month
    ['2026-02-28T16:00:00.000Z', '2'], // Mar 1 00:00: month start (previous week)
    ['2026-03-08T15:59:59.999Z', '3'], // Sun Mar 8 23:59:59.999: previous week
    ['2026-03-08T16:00:00.000Z', '4'], // Mon Mar 9 00:00: week start
    ['2026-03-10T15:59:59.999Z', '5'], // Tue Mar 10 23:59:59.999: previous day
    ['2026-03-10T16:00:00.000Z', '6'], // Wed Mar 11 00:00: day start
    ['2026-03-11T15:59:59.999Z', '7'], // Wed Mar 11 23:59:59.999: day end
    ['2026-03-11T16:00:00.000Z', '8'], // Thu Mar 12 00:00: next day, same week
    ['2026-03-15T15:59:59.999Z', '9'], // Sun Mar 15 23:59:59.999: week end
    ['2026-03-15T16:00:00.000Z', '10'], // Mon Mar 16: next week, same month
    ['2026-03-31T15:59:59.999Z', '11'], // Mar 31 23:59:59.999: month end
    ['2026-03-31T16:00:00.000Z', '12'], // Apr 1 00:00: next month
  ];
  for (const [time, payout] of at) await bet(user, { betAmount: '1', winAmount: payout, betDatetime: time });
  const now = new Date('2026-03-11T04:00:00Z');
  const labels = async (type: 'daily' | 'weekly' | 'monthly') =>
    ((await computeRanking(siteCode, type, 50, now)) as RankingEntry[]).map((e) => Number(e.payout)).sort((a, b) => a - b);
  t.deepEqual(await labels('daily'), [6, 7]);
  t.deepEqual(await labels('weekly'), [4, 5, 6, 7, 8, 9]);
  t.deepEqual(await labels('monthly'), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  // Highest payout first.
  t.deepEqual(
    ((await computeRanking(siteCode, 'weekly', 3, now)) as RankingEntry[]).map((e) => e.payout),
    ['9.000000', '8.000000', '7.000000'],
  );
});

test('total: cumulative payout per account, masked account, highest first, per site', async (t) => {
  const siteCode = await createSite();
  const alice = await player(siteCode, 'alice77', 'Alice');
  const bob = await player(siteCode, 'bobby', 'Bob');
  const carol = await player(siteCode, 'carol', 'Carol');
  const dave = await player(siteCode, 'dave', 'Dave');
  await bet(alice, { winAmount: '10.5', betDatetime: '2020-01-01T00:00:00Z' }); // all time counts
  await bet(alice, { winAmount: '20' });
  await bet(bob, { winAmount: '100' });
  await bet(bob, { winAmount: '1000', status: 'cancelled' });
  await bet(carol, { winAmount: '0' }); // nothing won: not ranked
  await bet(dave, { winAmount: '5000', settled: false });
  const elsewhere = await player(await createSite(), 'zed');
  await bet(elsewhere, { winAmount: '9999' });

  const res = await ranking(siteCode, '?type=total');
  t.is(res.status, 200);
  t.deepEqual(res.body.result as TotalRankingEntry[], [
    { playerAccount: 'b***y', totalPayout: '100.000000' },
    { playerAccount: 'a***7', totalPayout: '30.500000' },
  ]);
  t.deepEqual((await ranking(siteCode, '?type=total&limit=1')).body.result, [{ playerAccount: 'b***y', totalPayout: '100.000000' }]);
});

test('rankings are cached in Redis: realtime ~5 s, periods ~60 s keyed by period', async (t) => {
  const siteCode = await createSite();
  const user = await player(siteCode, 'cached');
  await bet(user, { winAmount: '3' });
  const first = await ranking(siteCode);
  t.is(first.body.result.length, 1);
  await bet(user, { winAmount: '4' });
  // Within the TTL the cached answer stands.
  t.is((await ranking(siteCode)).body.result.length, 1);
  const ttl = await cache().ttl(`cache:ranking:${siteCode}:realtime`);
  t.true(ttl > 0 && ttl <= 5, String(ttl));

  await ranking(siteCode, '?type=daily');
  const day = currentPeriod('daily', new Date(), TZ).start;
  const dayTtl = await cache().ttl(`cache:ranking:${siteCode}:daily:${day}`);
  t.true(dayTtl > 5 && dayTtl <= 60, String(dayTtl));
  await ranking(siteCode, '?type=total');
  const totalTtl = await cache().ttl(`cache:ranking:${siteCode}:total`);
  t.true(totalTtl > 5 && totalTtl <= 60, String(totalTtl));

  // Once the entry expires, the new bet shows.
  await cache().del(`cache:ranking:${siteCode}:realtime`);
  t.is((await ranking(siteCode)).body.result.length, 2);
});

test('ranking is public; an unknown site-name is a 400', async (t) => {
  const res = await stack.request('GET', '/api/ranking');
  t.is(res.status, 200);
  t.true(Array.isArray(res.body.result));
  t.is((await ranking('no-such-site')).status, 400);
});
