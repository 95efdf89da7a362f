import { randomBytes } from 'node:crypto';
import test from 'ava';
import { BetDetail, BetOrder, type User } from '../../shared/db/models';
import { effectiveBet } from '../helpers/bets';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

// Taipei is UTC+8 all year: a local day D runs from (D-1)T16:00:00Z to DT15:59:59.999Z.
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
});
test.after.always(async () => {
  await stack?.close();
});

interface OrderOptions {
  betAmount?: string;
  gameType?: string;
  status?: 'valid' | 'invalid' | 'cancelled';
  winLose?: string;
  betDatetime?: Date | string;
  totalBetCount?: number;
  siteCode?: string;
  odds?: string | null;
  invalidReason?: 'draw' | 'cancelled' | 'low_odds' | 'arbitrage' | null;
  settled?: boolean;
}

async function makeOrder(user: User, options: OrderOptions = {}): Promise<BetOrder> {
  const gameType = options.gameType ?? '2';
  const betAmount = options.betAmount ?? '10';
  return BetOrder.create({
    siteCode: options.siteCode ?? user.siteCode,
    userId: user.id,
    providerCode: 'provx',
    gameCode: 'g-1',
    gameName: 'Dragon Gate',
    gameType,
    gamePlatform: 'provx',
    gameNumber: `round-${randomBytes(6).toString('hex')}`,
    totalBetCount: options.totalBetCount ?? 1,
    betAmount,
    betEffective: effectiveBet(betAmount, gameType),
    winAmount: '0',
    winLose: options.winLose ?? '0',
    odds: options.odds === undefined ? '1.95' : options.odds,
    status: options.status ?? 'valid',
    invalidReason: options.invalidReason ?? null,
    settled: options.settled ?? true,
    betDatetime: options.betDatetime ? new Date(options.betDatetime) : new Date(),
  });
}

const get = (path: string, token?: string) => stack.request('GET', path, { token });

test('401 without a token or with a bad one', async (t) => {
  for (const path of ['/api/bet-record', '/api/bet-record/1/details']) {
    const none = await get(path);
    t.is(none.status, 401);
    t.is(none.body.code, 401);
    t.is(none.body.message, 'Unauthorized');
    t.is((await get(path, 'not-a-token')).status, 401);
  }
});

test('an item carries the fields of 2.14; money as 6-decimal strings', async (t) => {
  const { user, token } = await createUser();
  const order = await makeOrder(user, {
    betAmount: '12.5',
    gameType: '9',
    winLose: '-12.5',
    status: 'invalid',
    invalidReason: 'low_odds',
    odds: '1.10',
    totalBetCount: 3,
    betDatetime: '2026-01-05T04:05:06.789Z',
  });
  const res = await get('/api/bet-record', token);
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result.items, [
    {
      id: Number(order.id),
      gameType: '9',
      gamePlatform: 'provx',
      gameNumber: order.gameNumber,
      totalBetCount: 3,
      betAmount: '12.500000',
      betEffective: '6.250000',
      winLose: '-12.500000',
      status: 'invalid',
      odds: '1.10',
      invalidReason: 'low_odds',
      betDatetime: '2026-01-05T04:05:06.789Z',
      gameName: 'Dragon Gate',
    },
  ]);
  // The only order is invalid: the totals (over valid orders) are zero.
  t.like(res.body.result, { totalBetCount: 0, betAmount: '0.000000', betEffective: '0.000000', winLose: '0.000000' });
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 1, totalPages: 1 });
});

test('paging: default page size 10, newest first, totals independent of the page', async (t) => {
  const { user, token } = await createUser();
  const base = Date.parse('2026-02-01T00:00:00Z');
  for (let i = 0; i < 12; i += 1) {
    await makeOrder(user, { betAmount: `${i + 1}`, winLose: i % 2 ? '1.5' : '-1', betDatetime: new Date(base + i * 60_000) });
  }
  const one = await get('/api/bet-record', token);
  const two = await get('/api/bet-record?page=2', token);
  const three = await get('/api/bet-record?page=3', token);
  t.is(one.body.result.items.length, 10);
  t.is(two.body.result.items.length, 2);
  t.is(three.body.result.items.length, 0);
  t.deepEqual(one.body.result.pagination, { page: 1, pageSize: 10, total: 12, totalPages: 2 });
  t.deepEqual(two.body.result.pagination, { page: 2, pageSize: 10, total: 12, totalPages: 2 });
  t.deepEqual(one.body.result.items.map((i: { betAmount: string }) => i.betAmount).slice(0, 3), ['12.000000', '11.000000', '10.000000']);
  t.deepEqual(
    two.body.result.items.map((i: { betAmount: string }) => i.betAmount),
    ['2.000000', '1.000000'],
  );
  const totals = { totalBetCount: 12, betAmount: '78.000000', betEffective: '78.000000', winLose: '3.000000' }; // 6 x 1.5 - 6 x 1
  for (const res of [one, two, three]) t.like(res.body.result, totals);

  const big = await get('/api/bet-record?pageSize=50', token);
  t.is(big.body.result.items.length, 12);
  t.like(big.body.result, totals);
  const small = await get('/api/bet-record?pageSize=5&page=3', token);
  t.is(small.body.result.items.length, 2);
  t.deepEqual(small.body.result.pagination, { page: 3, pageSize: 5, total: 12, totalPages: 3 });
});

test('bad paging and filters are 400 naming the field', async (t) => {
  const { token } = await createUser();
  const cases: Array<[string, string]> = [
    ['pageSize=51', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['status=won', 'status'],
    ['gameType=6', 'gameType'],
    ['gameType=sports', 'gameType'],
    ['startDate=2026-02-30', 'startDate'],
    ['startDate=2026/01/01', 'startDate'],
    ['endDate=yesterday', 'endDate'],
    ['startDate=2026-03-02&endDate=2026-03-01', 'endDate'],
  ];
  for (const [query, field] of cases) {
    const res = await get(`/api/bet-record?${query}`, token);
    t.is(res.status, 400, query);
    t.is(res.body.code, 400, query);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      query,
    );
  }
  t.is((await get('/api/bet-record?pageSize=50', token)).status, 200);
  t.is((await get('/api/bet-record?startDate=2026-03-01&endDate=2026-03-01', token)).status, 200);
  t.is((await get('/api/bet-record?status=&gameType=', token)).status, 200); // empty = absent
});

test('status filter: the list follows it, the totals stay over the valid orders', async (t) => {
  const { user, token } = await createUser();
  await makeOrder(user, { betAmount: '10', winLose: '5' });
  await makeOrder(user, { betAmount: '20', winLose: '-20' });
  const invalid = await makeOrder(user, { betAmount: '40', status: 'invalid', invalidReason: 'draw' });
  const cancelled = await makeOrder(user, { betAmount: '80', status: 'cancelled', invalidReason: 'cancelled' });
  const validTotals = { totalBetCount: 2, betAmount: '30.000000', betEffective: '30.000000', winLose: '-15.000000' };

  const all = await get('/api/bet-record', token);
  t.is(all.body.result.pagination.total, 4);
  t.like(all.body.result, validTotals);

  const valid = await get('/api/bet-record?status=valid', token);
  t.deepEqual(
    valid.body.result.items.map((i: { status: string }) => i.status),
    ['valid', 'valid'],
  );
  t.like(valid.body.result, validTotals);

  const inv = await get('/api/bet-record?status=invalid', token);
  t.deepEqual(
    inv.body.result.items.map((i: { id: number }) => i.id),
    [Number(invalid.id)],
  );
  t.is(inv.body.result.pagination.total, 1);
  t.like(inv.body.result, validTotals);

  const can = await get('/api/bet-record?status=cancelled', token);
  t.deepEqual(
    can.body.result.items.map((i: { id: number }) => i.id),
    [Number(cancelled.id)],
  );
  t.like(can.body.result, validTotals);
});

test('gameType filter applies to the list and the totals', async (t) => {
  const { user, token } = await createUser();
  await makeOrder(user, { betAmount: '100', gameType: '9', winLose: '50' });
  await makeOrder(user, { betAmount: '10', gameType: '9', status: 'invalid' });
  await makeOrder(user, { betAmount: '30', gameType: '1', winLose: '-30' });
  const crypto = await get('/api/bet-record?gameType=9', token);
  t.deepEqual(
    crypto.body.result.items.map((i: { gameType: string }) => i.gameType),
    ['9', '9'],
  );
  t.like(crypto.body.result, { totalBetCount: 1, betAmount: '100.000000', betEffective: '50.000000', winLose: '50.000000' });
  const sports = await get('/api/bet-record?gameType=1', token);
  t.is(sports.body.result.items.length, 1);
  t.like(sports.body.result, { totalBetCount: 1, betAmount: '30.000000', betEffective: '30.000000', winLose: '-30.000000' });
  const fish = await get('/api/bet-record?gameType=10', token);
  t.is(fish.body.result.items.length, 0);
  t.like(fish.body.result, { totalBetCount: 0, betAmount: '0.000000' });
  const both = await get('/api/bet-record?gameType=9&status=invalid', token);
  t.is(both.body.result.items.length, 1);
  t.is(both.body.result.betAmount, '100.000000');
});

test('date range: whole days in APP_TIMEZONE, the end day included to its last millisecond', async (t) => {
  const { user, token } = await createUser();
  // Local (Taipei) times and their UTC instants.
  const beforeStart = await makeOrder(user, { betAmount: '1', betDatetime: '2026-03-09T15:59:59.999Z' }); // 03-09 23:59:59.999
  const atStart = await makeOrder(user, { betAmount: '2', betDatetime: '2026-03-09T16:00:00.000Z' }); // 03-10 00:00:00
  const middle = await makeOrder(user, { betAmount: '4', betDatetime: '2026-03-11T06:00:00.000Z' });
  const endDay = await makeOrder(user, { betAmount: '8', betDatetime: '2026-03-12T15:59:59.000Z' }); // 03-12 23:59:59
  const endLast = await makeOrder(user, { betAmount: '16', betDatetime: '2026-03-12T15:59:59.999Z' }); // 03-12 23:59:59.999
  const nextDay = await makeOrder(user, { betAmount: '32', betDatetime: '2026-03-12T16:00:00.000Z' }); // 03-13 00:00:00

  const ids = (res: { body: { result: { items: Array<{ id: number }> } } }) => res.body.result.items.map((i) => i.id).sort((a, b) => a - b);
  const range = await get('/api/bet-record?startDate=2026-03-10&endDate=2026-03-12', token);
  t.deepEqual(
    ids(range),
    [atStart, middle, endDay, endLast].map((o) => Number(o.id)).sort((a, b) => a - b),
  );
  t.like(range.body.result, { totalBetCount: 4, betAmount: '30.000000' });

  const from = await get('/api/bet-record?startDate=2026-03-13', token);
  t.deepEqual(ids(from), [Number(nextDay.id)]);
  const until = await get('/api/bet-record?endDate=2026-03-09', token);
  t.deepEqual(ids(until), [Number(beforeStart.id)]);
  const oneDay = await get('/api/bet-record?startDate=2026-03-12&endDate=2026-03-12', token);
  t.deepEqual(
    ids(oneDay),
    [Number(endDay.id), Number(endLast.id)].sort((a, b) => a - b),
  );
  t.is(oneDay.body.result.betAmount, '24.000000');
});

test("only the caller's orders of the caller's site are listed", async (t) => {
  const { user, token } = await createUser();
  const { user: other } = await createUser();
  const otherSite = await createSite();
  const mine = await makeOrder(user, { betAmount: '5' });
  await makeOrder(other, { betAmount: '500' });
  await makeOrder(user, { betAmount: '50', siteCode: otherSite }); // a stray row under another site
  const res = await get('/api/bet-record', token);
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [Number(mine.id)],
  );
  t.is(res.body.result.betAmount, '5.000000');
});

test('details: round lines ordered by roundNo', async (t) => {
  const { user, token } = await createUser();
  const order = await makeOrder(user);
  const third = await BetDetail.create({ betOrderId: order.id, roundNo: 3, betAmount: '3', winLose: '-3' });
  const first = await BetDetail.create({ betOrderId: order.id, roundNo: 1, betAmount: '1.25', winLose: '2.5' });
  const second = await BetDetail.create({ betOrderId: order.id, roundNo: 2, betAmount: '2', winLose: '0' });
  const res = await get(`/api/bet-record/${order.id}/details`, token);
  t.is(res.status, 200);
  t.deepEqual(res.body.result, [
    { id: Number(first.id), roundNo: 1, betAmount: '1.250000', winLose: '2.500000', createdAt: (first.createdAt as Date).toISOString() },
    { id: Number(second.id), roundNo: 2, betAmount: '2.000000', winLose: '0.000000', createdAt: (second.createdAt as Date).toISOString() },
    { id: Number(third.id), roundNo: 3, betAmount: '3.000000', winLose: '-3.000000', createdAt: (third.createdAt as Date).toISOString() },
  ]);
  const empty = await makeOrder(user);
  t.deepEqual((await get(`/api/bet-record/${empty.id}/details`, token)).body.result, []);
});

test("details: another player's order or a missing one is 2001; a malformed id is 400", async (t) => {
  const { token } = await createUser();
  const { user: other } = await createUser();
  const theirs = await makeOrder(other);
  await BetDetail.create({ betOrderId: theirs.id, roundNo: 1, betAmount: '1', winLose: '1' });
  for (const id of [theirs.id, '999999999']) {
    const res = await stack.request('GET', `/api/bet-record/${id}/details`, { token, headers: { locales: 'en-US' } });
    t.is(res.status, 200);
    t.is(res.body.code, 2001);
    t.is(res.body.message, 'Bet order not found');
    t.is(res.body.path, `/api/bet-record/${id}/details`);
    t.is(res.body.data, null);
  }
  for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
    const res = await get(`/api/bet-record/${id}/details`, token);
    t.is(res.status, 400, id);
    t.is(res.body.errors[0].field, 'orderId');
  }
});
