import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { User, VipRebate, VipSettlementRun } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { defaultRebateDay, settleDailyRebate, todayIn, vipRebateJob, vipRelegationJob } from '../../shared/domain/vip';
import { InputError } from '../../shared/errors';
import { queue } from '../../shared/queues/queues';
import { JOB_HANDLERS } from '../../workers/job-handlers';
import { SCHEDULES } from '../../shared/queues/schedules';
import { createBetOrder, createVipPlayer } from '../helpers/bets';
import { createSite } from '../helpers/factories';
import { startVipWorkerStack } from '../helpers/vip-worker-stack';
import { waitFor } from '../helpers/wait';

let vipStack: Awaited<ReturnType<typeof startVipWorkerStack>> | undefined;
test.before(async () => {
  vipStack = await startVipWorkerStack();
});
test.after.always(async () => {
  await vipStack?.close();
});

const order = createBetOrder;
const player = (siteCode: string, vipLevel: number): Promise<User> => createVipPlayer(siteCode, vipLevel);

async function rules(siteCode: string, list: Array<[number, string, string]>): Promise<void> {
  await VipRebate.bulkCreate(list.map(([level, gameType, rebateRate]) => ({ siteCode, level, gameType, rebateRate })));
}

async function balance(userId: number): Promise<string> {
  return (await User.findByPk(userId))!.balance;
}

/** balance = sum of the ledger, and the rebate ledger rows of a user. */
async function ledger(userId: number): Promise<{ sum: string; balance: string; rebates: number }> {
  const [row] = await db().query<{ sum: string; rebates: string }>(
    `SELECT COALESCE(SUM(amount), 0)::numeric(18,6)::text AS sum, COUNT(*) FILTER (WHERE kind = 'rebate')::text AS rebates
       FROM game_transactions WHERE "userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return { sum: row.sum, balance: await balance(userId), rebates: Number(row.rebates) };
}

/** A site where level 1 and 2 players bet on one day, with the expected rebate per user. */
async function scenario(day: string) {
  const siteCode = await createSite();
  await rules(siteCode, [
    [1, 'slot', '1.00'],
    [1, 'crypto', '0.50'],
    [2, 'slot', '1.50'],
    [2, 'fish', '2.00'],
    [2, 'live', '0.33'],
  ]);
  const prev = new Date(Date.parse(`${day}T00:00:00+08:00`));
  const start = prev.toISOString();
  const mid = new Date(prev.getTime() + 6 * 3600_000).toISOString();
  const lastMs = new Date(prev.getTime() + 24 * 3600_000 - 1).toISOString();
  const justBefore = new Date(prev.getTime() - 1).toISOString();
  const nextDay = new Date(prev.getTime() + 24 * 3600_000).toISOString();

  const a = await player(siteCode, 1);
  await order(a, { gameType: '2', betAmount: '100', at: start }); // first instant of the day
  await order(a, { gameType: '2', betAmount: '23.456789', at: lastMs }); // last millisecond
  await order(a, { gameType: '9', betAmount: '200', at: mid }); // crypto: effective 100
  await order(a, { gameType: '2', betAmount: '1000', at: justBefore }); // the day before (Taipei)
  await order(a, { gameType: '2', betAmount: '1000', at: nextDay }); // the day after
  await order(a, { gameType: '2', betAmount: '1000', at: mid, status: 'invalid' });
  await order(a, { gameType: '2', betAmount: '1000', at: mid, status: 'cancelled' });
  await order(a, { gameType: '2', betAmount: '1000', at: mid, settled: false });
  await order(a, { gameType: '3', betAmount: '500', at: mid }); // live: no level-1 rule

  const b = await player(siteCode, 2);
  await order(b, { gameType: '10', betAmount: '333.333333', at: mid }); // fish: effective 166.666667
  await order(b, { gameType: '3', betAmount: '10', at: mid });
  await order(b, { gameType: '1', betAmount: '999', at: mid }); // sports: no rule

  const c = await player(siteCode, 2); // no bets
  const d = await player(siteCode, 3); // no rules for level 3
  await order(d, { gameType: '2', betAmount: '5000', at: mid });

  return {
    siteCode,
    users: [a, b, c, d],
    // a: trunc(123.456789 x 1%) = 1.234567, crypto 100 x 0.5% = 0.5; b: trunc(166.666667 x 2%) = 3.333333, 10 x 0.33% = 0.033
    expected: new Map([
      [a.id, '1.734567'],
      [b.id, '3.366333'],
      [c.id, '0.000000'],
      [d.id, '0.000000'],
    ]),
    total: '5.100900',
  };
}

/** A site with a 1 % slot rule for level 1 and one level-1 player per amount, who bet it on slots that day. */
async function slotPlayers(day: string, amounts: number[]): Promise<{ siteCode: string; users: User[] }> {
  const siteCode = await createSite();
  await rules(siteCode, [[1, 'slot', '1.00']]);
  const users: User[] = [];
  for (const amount of amounts) {
    const u = await player(siteCode, 1);
    await order(u, { gameType: '2', betAmount: String(amount), at: `${day}T09:00:00+08:00` });
    users.push(u);
  }
  return { siteCode, users };
}

/** The day's rebate run row of a site. */
function rebateRun(siteCode: string, day: string) {
  return VipSettlementRun.findOne({ where: { siteCode, kind: 'daily-rebate', period: day } });
}

/** A run in batches of 2 that crashes in `hook` of batch 2: beforeCommit rolls that batch back, afterBatch comes after its commit. */
function crashingRun(siteCode: string, day: string, hook: 'beforeCommit' | 'afterBatch') {
  const crash = (info: { batch: number }) => {
    if (info.batch === 2) throw new Error(`crash in ${hook} of batch 2`);
  };
  return settleDailyRebate({ siteCode, day, batchSize: 2, hooks: { [hook]: crash } });
}

test('the vip queues have their handlers and schedules', (t) => {
  t.is(JOB_HANDLERS['vip-rebate'], vipRebateJob);
  t.is(JOB_HANDLERS['vip-relegation'], vipRelegationJob);
  const rebate = SCHEDULES.find((s) => s.queue === 'vip-rebate');
  const relegation = SCHEDULES.find((s) => s.queue === 'vip-relegation');
  t.like(rebate, { pattern: '5 0 * * *', data: {} });
  t.like(relegation, { pattern: '0 1 1 * *', data: {} });
});

test('rebate per user and game type: weights in betEffective, rules by level and typeKey, day edges in APP_TIMEZONE, rounded down', async (t) => {
  const day = '2025-01-10';
  const s = await scenario(day);
  const result = await settleDailyRebate({ siteCode: s.siteCode, day });
  t.like(result, { siteCode: s.siteCode, day, usersProcessed: 4, usersPaid: 2, totalRebate: s.total, alreadySettled: false });
  t.like(result.run, { usersProcessed: 4, totalRebate: s.total, status: 'done' });
  for (const u of s.users) {
    const l = await ledger(u.id);
    t.is(l.balance, s.expected.get(u.id)!);
    t.is(l.sum, l.balance);
  }
  const logs = await db().query<{ userId: number; gameType: number; effectiveBet: string; rebateRate: string; amount: string; ledgerId: string | null }>(
    `SELECT "userId", "gameType", "effectiveBet"::text AS "effectiveBet", "rebateRate"::text AS "rebateRate", amount::text AS amount, "ledgerId"::text AS "ledgerId"
       FROM vip_rebate_logs WHERE "siteCode" = :siteCode ORDER BY "userId", "gameType"`,
    { replacements: { siteCode: s.siteCode }, type: QueryTypes.SELECT },
  );
  t.deepEqual(
    logs.map((l) => [l.userId, l.gameType, l.effectiveBet, l.rebateRate, l.amount]),
    [
      // Numeric game types: 2 slot, 3 live, 9 crypto, 10 fish.
      [s.users[0].id, 2, '123.456789', '1.00', '1.234567'],
      [s.users[0].id, 9, '100.000000', '0.50', '0.500000'],
      [s.users[1].id, 3, '10.000000', '0.33', '0.033000'],
      [s.users[1].id, 10, '166.666667', '2.00', '3.333333'],
    ],
  );
  // Every log row carries the id of its user's one rebate credit.
  const credits = await db().query<{ userId: number; id: string }>(
    `SELECT "userId", id::text AS id FROM game_transactions WHERE "userId" IN (:ids) AND kind = 'rebate'`,
    { replacements: { ids: s.users.map((u) => u.id) }, type: QueryTypes.SELECT },
  );
  t.is(credits.length, 2);
  t.true(logs.every((l) => l.ledgerId === credits.find((c) => c.userId === l.userId)?.id));
  const [key] = await db().query<{ idempotencyKey: string }>(
    `SELECT "idempotencyKey" FROM game_transactions WHERE "userId" = :id AND kind = 'rebate' ORDER BY "idempotencyKey" LIMIT 1`,
    { replacements: { id: s.users[0].id }, type: QueryTypes.SELECT },
  );
  // One credit per user and day (sum over game types): the key carries no game type.
  t.is(key.idempotencyKey, `vip-rebate:${s.users[0].id}:${day}`);

  // A second run of the same day pays nothing and says so.
  const again = await settleDailyRebate({ siteCode: s.siteCode, day });
  t.like(again, { usersProcessed: 0, usersPaid: 0, totalRebate: '0.000000', alreadySettled: true });
  t.like(again.run, { usersProcessed: 4, totalRebate: s.total, status: 'done' });
  t.is(await balance(s.users[0].id), '1.734567');

  // The next day is its own period: only the order at its first instant (1000 slot, level 1: 1%) pays.
  const next = await settleDailyRebate({ siteCode: s.siteCode, day: '2025-01-11' });
  t.like(next, { usersProcessed: 4, usersPaid: 1, totalRebate: '10.000000', alreadySettled: false });
  t.is(await balance(s.users[0].id), '11.734567');
  t.is(await balance(s.users[1].id), '3.366333');
});

test('two runs of one day at the same time (small batches): every user paid once', async (t) => {
  const day = '2025-02-03';
  const s = await scenario(day);
  const extra = await Promise.all([1, 2, 1, 2, 1].map((level) => player(s.siteCode, level)));
  for (const u of extra) await order(u, { gameType: '2', betAmount: '50', at: `${day}T12:00:00+08:00` });
  const expectedExtra = (u: User) => (u.vipLevel === '1' ? '0.500000' : '0.750000');
  const total = extra.reduce((sum, u) => sum.plus(expectedExtra(u)), new Decimal(s.total)).toFixed(6);

  const results = await Promise.all([
    settleDailyRebate({ siteCode: s.siteCode, day, batchSize: 2 }),
    settleDailyRebate({ siteCode: s.siteCode, day, batchSize: 2 }),
    settleDailyRebate({ siteCode: s.siteCode, day }),
  ]);
  t.is(results.reduce((sum, r) => sum.plus(r.totalRebate), new Decimal(0)).toFixed(6), total);
  t.is(
    results.reduce((n, r) => n + r.usersProcessed, 0),
    9,
  );
  const run = await rebateRun(s.siteCode, day);
  t.like(run?.toJSON(), { status: 'done', usersProcessed: 9, total, lastUserId: Math.max(...[...s.users, ...extra].map((u) => u.id)) });
  for (const u of s.users) {
    const l = await ledger(u.id);
    t.is(l.balance, s.expected.get(u.id)!);
    t.is(l.sum, l.balance);
  }
  for (const u of extra) {
    const l = await ledger(u.id);
    t.deepEqual(l, { sum: expectedExtra(u), balance: expectedExtra(u), rebates: 1 });
  }
});

test('a run that crashes part-way resumes from its cursor and pays every user exactly once', async (t) => {
  const day = '2025-03-15';
  const { siteCode, users } = await slotPlayers(day, [100, 200, 300, 400, 500, 600, 700]);
  // Crash inside batch 2 (after its payments, before commit): batch 2 rolls back.
  await t.throwsAsync(crashingRun(siteCode, day, 'beforeCommit'), { message: 'crash in beforeCommit of batch 2' });
  let run = await rebateRun(siteCode, day);
  t.like(run?.toJSON(), { status: 'running', lastUserId: users[1].id, usersProcessed: 2, total: '3.000000' });
  t.is(await balance(users[0].id), '1.000000');
  t.is(await balance(users[2].id), '0.000000');

  // Crash between batches (after batch 2 of the resumed run committed).
  await t.throwsAsync(crashingRun(siteCode, day, 'afterBatch'), { message: 'crash in afterBatch of batch 2' });
  run = await rebateRun(siteCode, day);
  t.like(run?.toJSON(), { status: 'running', lastUserId: users[5].id, usersProcessed: 6 });

  const last = await settleDailyRebate({ siteCode, day, batchSize: 2 });
  t.like(last, { usersProcessed: 1, totalRebate: '7.000000', alreadySettled: false });
  t.like(last.run, { usersProcessed: 7, totalRebate: '28.000000', status: 'done' });
  for (const [i, u] of users.entries()) {
    const l = await ledger(u.id);
    t.deepEqual(l, { sum: `${i + 1}.000000`, balance: `${i + 1}.000000`, rebates: 1 });
  }
  const [logs] = await db().query<{ n: string }>('SELECT COUNT(*)::text AS n FROM vip_rebate_logs WHERE "siteCode" = :siteCode', {
    replacements: { siteCode },
    type: QueryTypes.SELECT,
  });
  t.is(logs.n, '7');
});

test('a log row the run did not write (a broken invariant) fails its batch with nothing paid in it', async (t) => {
  const day = '2025-03-16';
  const { siteCode, users } = await slotPlayers(day, [100, 100, 100]);
  // A stray log row for the second user (slot = 2), written outside the run.
  await db().query(
    `INSERT INTO vip_rebate_logs ("siteCode", "userId", day, "gameType", "vipLevel", "effectiveBet", "rebateRate", amount)
     VALUES (:siteCode, :userId, :day, 2, 1, 100, 1, 1)`,
    { replacements: { siteCode, userId: users[1].id, day } },
  );
  await t.throwsAsync(settleDailyRebate({ siteCode, day, batchSize: 2 }));
  // The whole batch rolled back: neither of its users was paid, the cursor did not move.
  for (const u of users) t.like(await ledger(u.id), { balance: '0.000000', rebates: 0 });
  const run = await rebateRun(siteCode, day);
  t.like(run?.toJSON(), { status: 'running', lastUserId: 0, usersProcessed: 0, total: '0.000000' });
});

test('a day not over yet in APP_TIMEZONE, or malformed, is refused; the default is yesterday', async (t) => {
  const today = todayIn('Asia/Taipei');
  await t.throwsAsync(settleDailyRebate({ day: today }), { instanceOf: InputError, message: /^day: .*not over yet/ });
  await t.throwsAsync(settleDailyRebate({ day: '2025-02-30' }), { instanceOf: InputError, message: /^day: / });
  await t.throwsAsync(settleDailyRebate({ day: 'yesterday' }), { instanceOf: InputError, message: /^day: / });
  const yesterday = defaultRebateDay();
  t.true(yesterday < today);
  t.is(defaultRebateDay(new Date('2025-05-01T15:59:00Z')), '2025-04-30');
  t.is(defaultRebateDay(new Date('2025-05-01T16:00:00Z')), '2025-05-01');
});

test('the vip-rebate worker settles a manual job for a site, and a repeated job pays nothing more', async (t) => {
  const day = '2025-04-20';
  const s = await scenario(day);
  const q = queue('vip-rebate');
  const first = await q.add('manual', { siteCode: s.siteCode, day }, { jobId: `manual-rebate-${s.siteCode}-1` });
  const value = await waitFor(
    'the rebate job to complete',
    async () => ((await q.getJobState(first.id!)) === 'completed' ? ((await q.getJob(first.id!))!.returnvalue as any) : undefined),
    20_000,
  );
  t.like(value[0], { siteCode: s.siteCode, day, totalRebate: s.total, alreadySettled: false });
  t.is(await balance(s.users[1].id), '3.366333');

  const second = await q.add('manual', { siteCode: s.siteCode, day }, { jobId: `manual-rebate-${s.siteCode}-2` });
  const again = await waitFor(
    'the second rebate job to complete',
    async () => ((await q.getJobState(second.id!)) === 'completed' ? ((await q.getJob(second.id!))!.returnvalue as any) : undefined),
    20_000,
  );
  t.like(again[0], { totalRebate: '0.000000', alreadySettled: true });
  t.is(await balance(s.users[0].id), '1.734567');

  // The scheduled shape ({} = every site) for that day: every site settled, this one already was.
  const all = await q.add('manual', { day }, { jobId: `manual-rebate-all-${s.siteCode}` });
  const results = await waitFor(
    'the all-sites job to complete',
    async () => ((await q.getJobState(all.id!)) === 'completed' ? ((await q.getJob(all.id!))!.returnvalue as any) : undefined),
    20_000,
  );
  t.true(results.length >= 2);
  t.like(
    results.find((r: { siteCode: string }) => r.siteCode === s.siteCode),
    { alreadySettled: true, totalRebate: '0.000000' },
  );
  t.is(await balance(s.users[1].id), '3.366333');

  // A day not over yet cannot be fixed by retrying: the job fails at once.
  const bad = await q.add('manual', { siteCode: s.siteCode, day: todayIn('Asia/Taipei') }, { jobId: `manual-rebate-bad-${s.siteCode}` });
  const failed = await waitFor('the bad job to fail', async () => ((await q.getJobState(bad.id!)) === 'failed' ? q.getJob(bad.id!) : undefined), 20_000);
  t.regex(failed!.failedReason, /not over yet/);
  t.true(failed!.attemptsMade <= 1);
});
