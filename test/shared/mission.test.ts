import { randomBytes } from 'node:crypto';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { Mission, MissionClaim, User } from '../../shared/db/models';
import { DEFAULT_MISSIONS } from '../../shared/db/seeders/data/missions';
import { db } from '../../shared/db/sequelize';
import { claimRefusals } from '../../api/modules/mission/endpoints';
import { Refusal } from '../../shared/errors';
import { addMissionDepositProgress, claimMission, listMissions } from '../../shared/domain/mission';
import { periodKey, periodKeys } from '../../shared/domain/mission/periods';
import { applyPostBet } from '../../shared/domain/post-bet/chain';
import { createSlotBetOrder } from '../helpers/bets';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let site: string;
test.before(async () => {
  stack = await startTestStack();
  site = await createSite();
});
test.after.always(async () => {
  await stack?.close();
});

const at = (iso: string) => new Date(iso);

async function deposit(userId: number, amount: string, now: Date, id = randomBytes(6).toString('hex')) {
  return db().transaction((t) => addMissionDepositProgress(t, userId, amount, id, { now }));
}

async function missionOf(category: 'deposit' | 'bet', periodType: 'daily' | 'weekly' | 'monthly', tier: number): Promise<Mission> {
  const m = await Mission.findOne({ where: { siteCode: site, category, periodType, tier } });
  if (!m) throw new Error('mission missing');
  return m;
}

async function view(userId: number | null, now: Date, category: string, periodType: string, tier: number) {
  const list = await listMissions(site, userId, now);
  const item = list.find((m) => m.category === category && m.periodType === periodType && m.tier === tier);
  if (!item) throw new Error('mission not listed');
  return item;
}

async function ledgerMatches(userId: number): Promise<boolean> {
  const [row] = await db().query<{ ok: boolean }>(
    `SELECT u.balance = COALESCE((SELECT SUM(amount) FROM game_transactions g WHERE g."userId" = u.id), 0) AS ok FROM users u WHERE u.id = :id`,
    { replacements: { id: userId }, type: QueryTypes.SELECT },
  );
  return row.ok;
}

async function codeOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    if (err instanceof Refusal) return claimRefusals[err.refusal as keyof typeof claimRefusals];
    throw err;
  }
}

test('period keys: daily date, ISO week (Monday start, ISO year), month; in the given time zone', (t) => {
  // 2026-11-22 is a Sunday: still week 47; Monday the 23rd opens week 48.
  t.deepEqual(periodKeys(at('2026-11-22T23:59:59Z'), 'UTC'), { daily: '2026-11-22', weekly: '2026-W47', monthly: '2026-11' });
  t.deepEqual(periodKeys(at('2026-11-23T00:00:00Z'), 'UTC'), { daily: '2026-11-23', weekly: '2026-W48', monthly: '2026-11' });
  t.is(periodKey('monthly', at('2026-11-30T23:59:59Z'), 'UTC'), '2026-11');
  t.is(periodKey('monthly', at('2026-12-01T00:00:00Z'), 'UTC'), '2026-12');
  // ISO week-numbering years: 2027-01-01 (Friday) is in 2026's week 53; 2024-12-30 (Monday) opens 2025-W01.
  t.is(periodKey('weekly', at('2027-01-01T12:00:00Z'), 'UTC'), '2026-W53');
  t.is(periodKey('weekly', at('2027-01-04T00:00:00Z'), 'UTC'), '2027-W01');
  t.is(periodKey('weekly', at('2024-12-30T00:00:00Z'), 'UTC'), '2025-W01');
  // Time zone: 16:30 UTC on Sunday is already Monday 00:30 in Taipei.
  t.deepEqual(periodKeys(at('2026-11-22T16:30:00Z'), 'Asia/Taipei'), { daily: '2026-11-23', weekly: '2026-W48', monthly: '2026-11' });
  t.deepEqual(periodKeys(at('2026-12-01T02:00:00Z'), 'America/New_York'), { daily: '2026-11-30', weekly: '2026-W49', monthly: '2026-11' });
});

test('the seeded site has the default mission table: 2 categories x 3 periods x 5 tiers, all enabled', async (t) => {
  const missions = await Mission.findAll({ where: { siteCode: site } });
  t.is(missions.length, 30);
  t.is(DEFAULT_MISSIONS.length, 30);
  t.true(missions.every((m) => m.enabled === 1));
  for (const category of ['deposit', 'bet']) {
    for (const periodType of ['daily', 'weekly', 'monthly']) {
      const tiers = missions
        .filter((m) => m.category === category && m.periodType === periodType)
        .map((m) => m.tier)
        .sort();
      t.deepEqual(tiers, [1, 2, 3, 4, 5]);
    }
  }
});

test('anonymous view: progress null, nothing claimed or claimable, meetsVip only without a VIP requirement', async (t) => {
  const list = await listMissions(site, null);
  t.is(list.length, 30);
  for (const m of list) {
    t.is(m.currentProgress, null);
    t.false(m.isClaimed);
    t.false(m.isClaimable);
    t.is(m.meetsVip, m.vipRequired <= 0);
    t.regex(m.threshold, /^\d+\.\d{6}$/);
    t.regex(m.turnoverMultiplier, /^\d+\.\d{2}$/);
  }
});

test('deposit progress: shared by the tiers, counts once per deposit order, resets across a day, a week and a month', async (t) => {
  const { user } = await createUser({ siteCode: site });
  const sunday = at('2026-11-29T23:00:00Z'); // Sunday, last day of week 48, still November
  const first = await deposit(user.id, '60', sunday, 'dep-1');
  t.true(first.counted);
  t.deepEqual(first.periodKeys, { daily: '2026-11-29', weekly: '2026-W48', monthly: '2026-11' });
  t.false((await deposit(user.id, '60', sunday, 'dep-1')).counted, 'the same deposit order counts once');
  t.false((await deposit(user.id, '0', sunday, 'dep-zero')).counted);

  const tier1 = await view(user.id, sunday, 'deposit', 'daily', 1);
  t.is(tier1.currentProgress, '60.000000');
  t.true(tier1.isClaimable);
  const tier2 = await view(user.id, sunday, 'deposit', 'daily', 2);
  t.is(tier2.currentProgress, '60.000000', 'the five tiers share the progress');
  t.false(tier2.isClaimable, 'below the threshold of tier 2');
  t.is((await view(user.id, sunday, 'bet', 'daily', 1)).currentProgress, '0.000000', 'bet progress is separate');

  // Monday of the next week, still November: daily and weekly start again, monthly keeps counting.
  const monday = at('2026-11-30T00:30:00Z');
  t.is((await view(user.id, monday, 'deposit', 'daily', 1)).currentProgress, '0.000000');
  t.is((await view(user.id, monday, 'deposit', 'weekly', 1)).currentProgress, '0.000000');
  t.is((await view(user.id, monday, 'deposit', 'monthly', 1)).currentProgress, '60.000000');
  await deposit(user.id, '15.5', monday);
  t.is((await view(user.id, monday, 'deposit', 'monthly', 1)).currentProgress, '75.500000');
  t.is((await view(user.id, monday, 'deposit', 'weekly', 1)).currentProgress, '15.500000');

  // December: the month starts again too.
  const december = at('2026-12-01T00:00:01Z');
  t.is((await view(user.id, december, 'deposit', 'monthly', 1)).currentProgress, '0.000000');
  t.is((await view(user.id, december, 'deposit', 'weekly', 1)).currentProgress, '15.500000', 'same ISO week 49');
});

test('a claim is once per period: claimed today, again tomorrow after new progress', async (t) => {
  const { user } = await createUser({ siteCode: site });
  const mission = await missionOf('deposit', 'daily', 1);
  const day1 = at('2026-11-10T10:00:00Z');
  const day2 = at('2026-11-11T10:00:00Z');
  t.is(await codeOf(claimMission(site, user.id, mission.id, day1)), 3004);
  await deposit(user.id, '50', day1);
  const paid = await claimMission(site, user.id, mission.id, day1);
  t.deepEqual(paid, { rewardAmount: '1.000000', requiredTurnover: '3.000000', newBalance: '1.000000' });
  const listed = await view(user.id, day1, 'deposit', 'daily', 1);
  t.true(listed.isClaimed);
  t.false(listed.isClaimable);
  t.is(await codeOf(claimMission(site, user.id, mission.id, day1)), 3002);
  t.is(await codeOf(claimMission(site, user.id, mission.id, day2)), 3004, 'a new day starts from zero');
  await deposit(user.id, '80', day2);
  t.false((await view(user.id, day2, 'deposit', 'daily', 1)).isClaimed);
  t.is((await claimMission(site, user.id, mission.id, day2)).newBalance, '2.000000');
  const claims = await MissionClaim.findAll({ where: { userId: user.id }, order: [['id', 'ASC']] });
  t.deepEqual(
    claims.map((c) => c.periodKey),
    ['2026-11-10', '2026-11-11'],
  );
  t.true(await ledgerMatches(user.id));
});

test('claim refusals: 3001 unknown, other site or disabled; 3003 VIP too low (before 3004)', async (t) => {
  const { user } = await createUser({ siteCode: site });
  const now = at('2026-11-12T10:00:00Z');
  await deposit(user.id, '100000', now);
  t.is(await codeOf(claimMission(site, user.id, 99999999, now)), 3001);
  const other = await createSite();
  const foreign = await Mission.findOne({ where: { siteCode: other, category: 'deposit', periodType: 'daily', tier: 1 } });
  t.is(await codeOf(claimMission(site, user.id, foreign!.id, now)), 3001);
  const tier5 = await missionOf('deposit', 'daily', 5);
  t.true(tier5.vipRequired > 1);
  t.is(await codeOf(claimMission(site, user.id, tier5.id, now)), 3003);
  const { user: poor } = await createUser({ siteCode: site });
  t.is(await codeOf(claimMission(site, poor.id, tier5.id, now)), 3003, 'VIP is checked before the target');
  await User.update({ vipLevel: String(tier5.vipRequired) }, { where: { id: user.id } });
  await Mission.update({ enabled: 0 }, { where: { id: tier5.id } });
  t.is(await codeOf(claimMission(site, user.id, tier5.id, now)), 3001);
  await Mission.update({ enabled: 1 }, { where: { id: tier5.id } });
  t.is((await claimMission(site, user.id, tier5.id, now)).rewardAmount, '50.000000');
});

const settledOrder = createSlotBetOrder;

async function betProgress(userId: number, key: string): Promise<string | null> {
  const [row] = await db().query<{ progress: string }>(
    `SELECT progress FROM mission_progress WHERE "userId" = :userId AND category = 'bet' AND "periodType" = 'daily' AND "periodKey" = :key`,
    { replacements: { userId, key }, type: QueryTypes.SELECT },
  );
  return row ? row.progress : null;
}

test('bet progress through the post-bet chain: once per settled valid order, in the period of its settlement', async (t) => {
  const { user } = await createUser({ siteCode: site });
  const order = await settledOrder(user, '120.5');
  const first = await applyPostBet(order.id);
  t.false(first.skipped);
  const again = await applyPostBet(order.id);
  t.true(again.skipped);
  const today = periodKey('daily');
  t.is(await betProgress(user.id, today), '120.500000');
  const listed = await view(user.id, new Date(), 'bet', 'monthly', 1);
  t.is(listed.currentProgress, '120.500000');

  // An invalid order adds nothing.
  const invalid = await settledOrder(user, '50', new Date(), 'invalid');
  const skipped = await applyPostBet(invalid.id);
  t.false(skipped.skipped);
  t.true(!skipped.skipped && skipped.mission === null);
  t.is(await betProgress(user.id, today), '120.500000');

  // An order settled yesterday (job delayed past midnight) counts in yesterday's day.
  const yesterday = new Date(Date.now() - 86_400_000);
  const late = await settledOrder(user, '7', yesterday);
  await applyPostBet(late.id);
  t.is(await betProgress(user.id, periodKey('daily', yesterday)), '7.000000');
  t.is(await betProgress(user.id, today), '120.500000');
});

test('turnover: settled bets advance open mission claims until completed, then stop', async (t) => {
  const { user } = await createUser({ siteCode: site });
  const now = new Date();
  await deposit(user.id, '50', now);
  const mission = await missionOf('deposit', 'daily', 1); // reward 1 x 3 = turnover 3
  await claimMission(site, user.id, mission.id, now);
  const claim = async () => (await MissionClaim.findOne({ where: { userId: user.id } }))!;
  t.is((await claim()).turnoverCompleted, 0);

  const r1 = await applyPostBet((await settledOrder(user, '2')).id);
  t.deepEqual(!r1.skipped && r1.mission, { updated: 1, completed: 0 });
  t.is(Number((await claim()).completedTurnover), 2);
  const r2 = await applyPostBet((await settledOrder(user, '1.5')).id);
  t.deepEqual(!r2.skipped && r2.mission, { updated: 1, completed: 1 });
  const done = await claim();
  t.is(done.turnoverCompleted, 1);
  t.is(Number(done.completedTurnover), 3.5);
  const r3 = await applyPostBet((await settledOrder(user, '4')).id);
  t.deepEqual(!r3.skipped && r3.mission, { updated: 0, completed: 0 });
  t.is(Number((await claim()).completedTurnover), 3.5, 'a completed claim no longer moves');
  t.true(await ledgerMatches(user.id));
});

test('the same claim 10 times concurrently pays once', async (t) => {
  const { user } = await createUser({ siteCode: site });
  const now = new Date();
  await deposit(user.id, '1000', now);
  const mission = await missionOf('deposit', 'daily', 2);
  const codes = await Promise.all(Array.from({ length: 10 }, () => codeOf(claimMission(site, user.id, mission.id, now))));
  t.is(codes.filter((c) => c === 'ok').length, 1);
  t.is(codes.filter((c) => c === 3002).length, 9);
  t.is(await MissionClaim.count({ where: { userId: user.id } }), 1);
  const fresh = await User.findByPk(user.id);
  t.is(Number(fresh!.balance), 3);
  t.true(await ledgerMatches(user.id));
});
