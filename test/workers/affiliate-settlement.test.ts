import test from 'ava';
import { AffiliateRiskLog, type User, User as UserModel } from '../../shared/db/models';
import { previewAgentPeriod } from '../../shared/domain/affiliate/settlement/preview';
import { runAffiliateSettlement } from '../../shared/domain/affiliate';
import { db } from '../../shared/db/sequelize';
import { InputError } from '../../shared/errors';
import { queue } from '../../shared/queues/queues';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { SCHEDULES } from '../../shared/queues/schedules';
import { waitFor } from '../helpers/wait';
import { startTestStack, type TestStack } from '../helpers/stack';
import { createSite } from '../helpers/factories';
import { createAgent, createMember } from '../helpers/affiliates';
import { bet, counts, earned, linesOf, program, reward, setCarryOver, settlementOf, taipei, type RateRow, type TierRow } from '../helpers/affiliate-settlement';

/**
 * The settlement engine (docs/affiliates.md, "Settlement" and "Risk review"), in Asia/Taipei (UTC+8).
 * Weeks used: W1 2026-10-12..18, W2 10-19..25, W3 10-26..11-01, W4 11-02..08 (all over).
 */

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
  workers = startWorkers(['affiliate-settlement']);
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

const TIERS: TierRow[] = [
  ['bronze', '0', 0, 1],
  ['silver', '1000', 3, 2],
];
const RATES: RateRow[] = [
  ['bronze', 1, null, '30'],
  ['bronze', 2, null, '10'],
  ['bronze', 3, null, '5'],
  ['bronze', 1, 'live', '40'],
  ['silver', 1, null, '35'],
];
const W1 = '2026-10-12';
const W2 = '2026-10-19';
const W3 = '2026-10-26';
const W4 = '2026-11-02';
const weekly = (siteCode: string, date: string) => runAffiliateSettlement({ periodType: 'weekly', date, siteCode });

/**
 * Three levels: A <- B <- C (B is A's level-1 member, C is B's); members m1, m2 of A, m3 of B, m4 of C;
 * D a separate agent whose only member m5 loses the agent money in W1.
 */
async function fixture(carryOver: boolean) {
  const siteCode = await createSite();
  await program(siteCode, TIERS, RATES);
  await setCarryOver(siteCode, carryOver);
  const A = (await createAgent({ siteCode })).user;
  const B = (await createAgent({ siteCode, upline: A })).user;
  const C = (await createAgent({ siteCode, upline: B })).user;
  const D = (await createAgent({ siteCode })).user;
  const m1 = (await createMember(A)).user;
  const m2 = (await createMember(A)).user;
  const m3 = (await createMember(B)).user;
  const m4 = (await createMember(C)).user;
  const m5 = (await createMember(D)).user;
  const mid = taipei('2026-10-14 12:00');

  // m1: slot 80 + 10 (last instant of W1) + 20 (first instant) = 110; live 50; rewards in W1 5 + 2 = 7.
  await bet(m1, { gameType: '2', bet: '100', win: '20', at: mid });
  await bet(m1, { gameType: '2', bet: '10', win: '0', at: taipei('2026-10-18 23:59:59.999') });
  await bet(m1, { gameType: '2', bet: '20', win: '0', at: taipei('2026-10-12 00:00') });
  await bet(m1, { gameType: '3', bet: '50', win: '0', at: mid });
  await reward(m1, '5', 'rebate', mid);
  await reward(m1, '2', 'mission-reward', mid);
  // Not in W1: before it, after it (W2), invalid, cancelled, unsettled.
  await reward(m1, '7', 'promo-reward', taipei('2026-10-11 23:59'));
  await bet(m1, { gameType: '2', bet: '500', win: '0', at: taipei('2026-10-11 23:59:59.999') });
  await bet(m1, { gameType: '2', bet: '1000', win: '0', at: taipei('2026-10-19 00:00') });
  await bet(m1, { gameType: '2', bet: '900', win: '0', at: mid, status: 'invalid' });
  await bet(m1, { gameType: '2', bet: '900', win: '0', at: mid, status: 'cancelled' });
  await bet(m1, { gameType: '2', bet: '900', win: '0', at: mid, settled: false });
  // m2: a negative member (-100 on slot).
  await bet(m2, { gameType: '2', bet: '10', win: '110', at: mid });
  // m3: slot 200. m4: live 600, crypto 100 (no crypto rate: the level's rate without game type).
  await bet(m3, { gameType: '2', bet: '300', win: '100', at: mid });
  await bet(m4, { gameType: '3', bet: '1000', win: '400', at: mid });
  await bet(m4, { gameType: '9', bet: '100', win: '0', at: mid });
  // m5: -400 in W1, +200 in W2, nothing in W3, +1000 in W4.
  await bet(m5, { gameType: '2', bet: '100', win: '500', at: mid });
  await bet(m5, { gameType: '2', bet: '200', win: '0', at: taipei('2026-10-21 12:00') });
  await bet(m5, { gameType: '2', bet: '1000', win: '0', at: taipei('2026-11-04 12:00') });
  return { siteCode, A, B, C, D, m1, m2, m3, m4, m5 };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

/** W1 of the three-level tree, the same whether carry-over is on or off. */
async function assertTreeW1(t: import('ava').ExecutionContext, f: Fixture) {
  const a = await settlementOf(f.A.id, 'weekly', W1);
  t.like(a, {
    siteCode: f.siteCode,
    weekStart: W1,
    weekEnd: '2026-10-18',
    agentTier: 'bronze',
    activeMemberCount: 4,
    totalNetLoss: '953.000000',
    level1Commission: '20.900000',
    level2Commission: '20.000000',
    level3Commission: '35.000000',
    totalCommission: '75.900000',
    carriedIn: '0.000000',
    carryOut: '0.000000',
    status: 'pending',
    riskFlagged: 0,
  });
  t.deepEqual(await linesOf(a!.id), [
    [f.m1.id, null, 1, '-7.000000', '30.00', '-2.100000'],
    [f.m1.id, 'live', 1, '50.000000', '40.00', '20.000000'],
    [f.m1.id, 'slot', 1, '110.000000', '30.00', '33.000000'],
    [f.m2.id, 'slot', 1, '-100.000000', '30.00', '-30.000000'],
    [f.m3.id, 'slot', 2, '200.000000', '10.00', '20.000000'],
    [f.m4.id, 'crypto', 3, '100.000000', '5.00', '5.000000'],
    [f.m4.id, 'live', 3, '600.000000', '5.00', '30.000000'],
  ]);
  const b = await settlementOf(f.B.id, 'weekly', W1);
  t.like(b, {
    activeMemberCount: 2,
    totalNetLoss: '900.000000',
    level1Commission: '60.000000',
    level2Commission: '70.000000',
    level3Commission: '0.000000',
    totalCommission: '130.000000',
  });
  t.deepEqual(await linesOf(b!.id), [
    [f.m3.id, 'slot', 1, '200.000000', '30.00', '60.000000'],
    [f.m4.id, 'crypto', 2, '100.000000', '10.00', '10.000000'],
    [f.m4.id, 'live', 2, '600.000000', '10.00', '60.000000'],
  ]);
  const c = await settlementOf(f.C.id, 'weekly', W1);
  t.like(c, { activeMemberCount: 1, totalNetLoss: '700.000000', level1Commission: '270.000000', totalCommission: '270.000000' });
  t.deepEqual(await linesOf(c!.id), [
    [f.m4.id, 'crypto', 1, '100.000000', '30.00', '30.000000'],
    [f.m4.id, 'live', 1, '600.000000', '40.00', '240.000000'],
  ]);
  // Members are not agents: no settlement of their own.
  t.is(await settlementOf(f.m1.id, 'weekly', W1), null);
}

test('hand-computed three levels, carry-over on: a deficit is netted against the next weeks', async (t) => {
  const f = await fixture(true);
  t.deepEqual(await weekly(f.siteCode, '2026-10-15'), { settlementsCreated: 4, totalCommission: '475.900000', riskFlagged: 0, periodType: 'weekly' });
  await assertTreeW1(t, f);
  t.like(await settlementOf(f.D.id, 'weekly', W1), {
    activeMemberCount: 1,
    totalNetLoss: '-400.000000',
    level1Commission: '-120.000000',
    totalCommission: '0.000000',
    carriedIn: '0.000000',
    carryOut: '-120.000000',
  });

  // W2: D earns 60 against -120: still -60. A has m1's 1000 (the first instant of W2).
  t.deepEqual(await weekly(f.siteCode, W2), { settlementsCreated: 2, totalCommission: '300.000000', riskFlagged: 0, periodType: 'weekly' });
  t.like(await settlementOf(f.D.id, 'weekly', W2), {
    level1Commission: '60.000000',
    carriedIn: '-120.000000',
    totalCommission: '0.000000',
    carryOut: '-60.000000',
  });
  t.like(await settlementOf(f.A.id, 'weekly', W2), {
    activeMemberCount: 1,
    totalNetLoss: '1000.000000',
    level1Commission: '300.000000',
    totalCommission: '300.000000',
  });

  // W3: no activity, but a carry-in: D's row carries the deficit on.
  t.deepEqual(await weekly(f.siteCode, W3), { settlementsCreated: 1, totalCommission: '0.000000', riskFlagged: 0, periodType: 'weekly' });
  const d3 = await settlementOf(f.D.id, 'weekly', W3);
  t.like(d3, {
    activeMemberCount: 0,
    totalNetLoss: '0.000000',
    level1Commission: '0.000000',
    carriedIn: '-60.000000',
    totalCommission: '0.000000',
    carryOut: '-60.000000',
  });
  t.deepEqual(await linesOf(d3!.id), []);

  // W4: 300 - 60.
  t.deepEqual(await weekly(f.siteCode, W4), { settlementsCreated: 1, totalCommission: '240.000000', riskFlagged: 0, periodType: 'weekly' });
  t.like(await settlementOf(f.D.id, 'weekly', W4), {
    level1Commission: '300.000000',
    carriedIn: '-60.000000',
    totalCommission: '240.000000',
    carryOut: '0.000000',
  });
});

test('hand-computed three levels, carry-over off: a negative week pays nothing and is forgotten', async (t) => {
  const f = await fixture(false);
  t.deepEqual(await weekly(f.siteCode, W1), { settlementsCreated: 4, totalCommission: '475.900000', riskFlagged: 0, periodType: 'weekly' });
  await assertTreeW1(t, f);
  t.like(await settlementOf(f.D.id, 'weekly', W1), {
    level1Commission: '-120.000000',
    totalCommission: '0.000000',
    carriedIn: '0.000000',
    carryOut: '0.000000',
  });
  t.deepEqual(await weekly(f.siteCode, W2), { settlementsCreated: 2, totalCommission: '360.000000', riskFlagged: 0, periodType: 'weekly' });
  t.like(await settlementOf(f.D.id, 'weekly', W2), {
    level1Commission: '60.000000',
    carriedIn: '0.000000',
    totalCommission: '60.000000',
    carryOut: '0.000000',
  });
  t.deepEqual(await weekly(f.siteCode, W3), { settlementsCreated: 0, totalCommission: '0.000000', riskFlagged: 0, periodType: 'weekly' });
  t.deepEqual(await weekly(f.siteCode, W4), { settlementsCreated: 1, totalCommission: '300.000000', riskFlagged: 0, periodType: 'weekly' });
});

test('the preview computes what the run then writes, for one agent, without writing', async (t) => {
  const f = await fixture(true);
  t.deepEqual(await previewAgentPeriod(f.A.id, 'weekly', '2026-10-16'), { activeMemberCount: 4, totalNetLoss: '953.000000', estimatedCommission: '75.900000' });
  t.deepEqual(await previewAgentPeriod(f.D.id, 'weekly', W1), { activeMemberCount: 1, totalNetLoss: '-400.000000', estimatedCommission: '0.000000' });
  t.deepEqual(await previewAgentPeriod(f.m1.id, 'weekly', W1), { activeMemberCount: 0, totalNetLoss: '0.000000', estimatedCommission: '0.000000' });
  t.is((await counts(f.siteCode, 'weekly')).settlements, 0);
  await weekly(f.siteCode, W1);
  // W2 nets W1's carry-out like the run.
  t.deepEqual(await previewAgentPeriod(f.D.id, 'weekly', W2), { activeMemberCount: 1, totalNetLoss: '200.000000', estimatedCommission: '0.000000' });
});

/** A site with `agents` agents of two members each, both betting in W1. */
async function smallSite(agents: number) {
  const siteCode = await createSite();
  await program(siteCode, TIERS, RATES);
  for (let i = 0; i < agents; i += 1) {
    const agent = (await createAgent({ siteCode })).user;
    for (let j = 0; j < 2; j += 1) await bet((await createMember(agent)).user, { gameType: '2', bet: '100', win: '0', at: taipei('2026-10-13 10:00') });
  }
  return siteCode;
}

test('a period settles once: a repeated run and three concurrent runs create each settlement once', async (t) => {
  const siteCode = await smallSite(3);
  const runs = await Promise.all([weekly(siteCode, W1), weekly(siteCode, W1), weekly(siteCode, W1)]);
  t.is(
    runs.reduce((n, r) => n + r.settlementsCreated, 0),
    3,
  );
  t.is(runs.filter((r) => r.settlementsCreated === 3).length, 1);
  t.is(
    runs
      .map((r) => r.totalCommission)
      .sort()
      .join(),
    '0.000000,0.000000,180.000000',
  );
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 3, commissions: 6, risks: 0 });
  t.deepEqual(await weekly(siteCode, '2026-10-18'), { settlementsCreated: 0, totalCommission: '0.000000', riskFlagged: 0, periodType: 'weekly' });
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 3, commissions: 6, risks: 0 });
});

test('a run that dies before its commit leaves nothing, and the next run settles the whole period once', async (t) => {
  const siteCode = await smallSite(2);
  const crash = runAffiliateSettlement({
    periodType: 'weekly',
    date: W1,
    siteCode,
    beforeCommit: () => {
      throw new Error('worker killed');
    },
  });
  await t.throwsAsync(crash, { message: 'worker killed' });
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 0, commissions: 0, risks: 0 });
  t.like(await weekly(siteCode, W1), { settlementsCreated: 2, totalCommission: '120.000000' });
  t.like(await weekly(siteCode, W1), { settlementsCreated: 0 });
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 2, commissions: 4, risks: 0 });
});

test('daily periods follow APP_TIMEZONE (Asia/Taipei) and are separate from the weekly ones', async (t) => {
  const siteCode = await createSite();
  await program(siteCode, TIERS, RATES);
  const agent = (await createAgent({ siteCode })).user;
  const m = (await createMember(agent)).user;
  await bet(m, { gameType: '2', bet: '10', win: '0', at: '2026-10-13T15:59:59.999Z' }); // 10-13 23:59:59.999 Taipei
  await bet(m, { gameType: '2', bet: '20', win: '0', at: '2026-10-13T16:00:00.000Z' }); // 10-14 00:00 Taipei
  await bet(m, { gameType: '2', bet: '40', win: '0', at: '2026-10-12T16:00:00.000Z' }); // 10-13 00:00 Taipei
  const day = (date: string) => runAffiliateSettlement({ periodType: 'daily', date, siteCode });
  t.deepEqual(await day('2026-10-13'), { settlementsCreated: 1, totalCommission: '15.000000', riskFlagged: 0, periodType: 'daily' });
  t.like(await settlementOf(agent.id, 'daily', '2026-10-13'), { weekStart: '2026-10-13', weekEnd: '2026-10-13', totalNetLoss: '50.000000' });
  t.deepEqual(await day('2026-10-14'), { settlementsCreated: 1, totalCommission: '6.000000', riskFlagged: 0, periodType: 'daily' });
  t.deepEqual(await day('2026-10-12'), { settlementsCreated: 0, totalCommission: '0.000000', riskFlagged: 0, periodType: 'daily' });
  t.like(await weekly(siteCode, '2026-10-14'), { settlementsCreated: 1, totalCommission: '21.000000' });
  t.deepEqual(await counts(siteCode, 'daily'), { settlements: 2, commissions: 2, risks: 0 });
  // A bad date, and a period not over yet, are InputErrors on `date`.
  const bad = await t.throwsAsync(day('2026-02-30'), { instanceOf: InputError });
  t.is((bad as InputError).field, 'date');
  await t.throwsAsync(day('2099-01-01'), { instanceOf: InputError, message: /not over yet/ });
  await t.throwsAsync(weekly(siteCode, '2099-01-01'), { instanceOf: InputError });
});

/** Sets a user's registration ip and device. */
const registered = (u: User, registerIp: string | null, registerDevice: string | null) =>
  UserModel.update({ registerIp, registerDevice }, { where: { id: u.id } });
const login = (u: User, ip: string, device: string, at: string) =>
  db().query(`INSERT INTO user_login_logs ("siteCode", "userId", ip, device, action, "createdAt") VALUES (:s, :u, :ip, :device, 'LOGIN', :at)`, {
    replacements: { s: u.siteCode, u: u.id, ip, device, at },
  });

test('risk rules: each rule type hits with its evidence; empty values, idle members and later logins do not', async (t) => {
  const siteCode = await createSite();
  await program(siteCode, TIERS, RATES);
  const mid = taipei('2026-10-14 12:00');
  const R = (await createAgent({ siteCode })).user;
  const [r1, r2, r3, idle] = [(await createMember(R)).user, (await createMember(R)).user, (await createMember(R)).user, (await createMember(R)).user];
  for (const m of [r1, r2, r3]) await bet(m, { gameType: '2', bet: '100', win: '0', at: mid });
  await registered(R, '1.2.3.4', '');
  await registered(r1, '10.0.0.1', 'phone-1');
  await registered(r2, '10.0.0.1', 'phone-1');
  await registered(r3, '', '');
  await registered(idle, '10.0.0.1', 'dev-x'); // no bet in the period: not judged
  await login(r2, '1.2.3.4', '', mid); // agent_member_ip with R's registration
  await login(r3, '', 'dev-x', mid); // agent_member_device with R's login below
  await login(R, '', 'dev-x', taipei('2026-10-01 09:00'));

  // S: members sharing only empty values, and an ip shared through a login after the period.
  const S = (await createAgent({ siteCode })).user;
  const [s1, s2] = [(await createMember(S)).user, (await createMember(S)).user];
  for (const m of [s1, s2]) await bet(m, { gameType: '2', bet: '100', win: '0', at: mid });
  await registered(s1, '', '');
  await registered(s2, '', '');
  await login(s1, '9.9.9.9', 'pc', mid);
  await login(s2, '9.9.9.9', 'pc', taipei('2026-10-19 00:00'));
  await db().query(`INSERT INTO user_login_logs ("siteCode", "userId", ip, device, action, "createdAt") VALUES (:s, :u, '8.8.8.8', '', 'LOGIN_FAIL', :at)`, {
    replacements: { s: siteCode, u: S.id, at: mid },
  });
  await login(s2, '8.8.8.8', '', mid); // S's address only on a failed login: not evidence

  t.deepEqual(await weekly(siteCode, W1), { settlementsCreated: 2, totalCommission: '150.000000', riskFlagged: 1, periodType: 'weekly' });
  const r = await settlementOf(R.id, 'weekly', W1);
  t.like(r, { status: 'pendingReview', riskFlagged: 1, totalCommission: '90.000000' });
  const logs = await AffiliateRiskLog.findAll({ where: { settlementId: r!.id }, order: [['ruleType', 'ASC']], raw: true });
  const ids = (...users: User[]) => users.map((u) => u.id).sort((a, b) => a - b);
  t.deepEqual(
    logs.map((l) => [l.ruleType, l.siteCode, l.detail]),
    [
      ['agent_member_device', siteCode, { device: 'dev-x', agentId: R.id, memberIds: ids(r3) }],
      ['agent_member_ip', siteCode, { ip: '1.2.3.4', agentId: R.id, memberIds: ids(r2) }],
      ['same_device', siteCode, { device: 'phone-1', memberIds: ids(r1, r2) }],
      ['same_ip', siteCode, { ip: '10.0.0.1', memberIds: ids(r1, r2) }],
    ],
  );
  t.like(await settlementOf(S.id, 'weekly', W1), { status: 'pending', riskFlagged: 0 });
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 2, commissions: 5, risks: 4 });
});

test('tiers move up at settlement to the highest tier reached, never down, and not when locked', async (t) => {
  const siteCode = await createSite();
  await program(
    siteCode,
    [
      ['bronze', '0', 0, 1],
      ['silver', '50', 2, 2],
      ['gold', '100', 2, 3],
      ['diamond', '100000', 0, 4],
    ],
    [
      ['bronze', 1, null, '30'],
      ['silver', 1, null, '35'],
      ['gold', 1, null, '40'],
    ],
  );
  const mid = taipei('2026-10-14 12:00');
  const agentWith = async (members: number, totalEarned: string, fields: Partial<{ agentTierCode: string; agentTierLocked: number }> = {}) => {
    const agent = (await createAgent({ siteCode })).user;
    if (Object.keys(fields).length) await UserModel.update(fields, { where: { id: agent.id } });
    if (totalEarned !== '0') await earned(agent, totalEarned);
    for (let i = 0; i < members; i += 1) await bet((await createMember(agent)).user, { gameType: '2', bet: '100', win: '0', at: mid });
    return agent;
  };
  const up = await agentWith(2, '150'); // reaches gold (silver too): gold
  const fewMembers = await agentWith(1, '150'); // earned enough, one active member: stays
  const locked = await agentWith(2, '150', { agentTierCode: 'bronze', agentTierLocked: 1 });
  const higher = await agentWith(2, '60', { agentTierCode: 'gold' }); // reaches silver only: not moved down
  t.like(await weekly(siteCode, W1), { settlementsCreated: 4 });
  const tierOf = async (u: User) => (await UserModel.findByPk(u.id, { raw: true }))!.agentTierCode;
  t.is(await tierOf(up), 'gold');
  t.is(await tierOf(fewMembers), null);
  t.is(await tierOf(locked), 'bronze');
  t.is(await tierOf(higher), 'gold');
  // The settlement records the tier its rates came from (the tier held during the period); the move applies next time.
  t.like(await settlementOf(up.id, 'weekly', W1), { agentTier: 'bronze', totalCommission: '60.000000' });
  t.like(await settlementOf(higher.id, 'weekly', W1), { agentTier: 'gold', totalCommission: '80.000000' });
  await bet((await createMember(up)).user, { gameType: '2', bet: '100', win: '0', at: taipei('2026-10-20 12:00') });
  t.like(await weekly(siteCode, W2), { settlementsCreated: 1 });
  t.like(await settlementOf(up.id, 'weekly', W2), { agentTier: 'gold', level1Commission: '40.000000', totalCommission: '40.000000' });
  // An unknown tier code falls back to the lowest tier's rates.
  const lost = await agentWith(1, '0', { agentTierCode: 'gone', agentTierLocked: 1 });
  await bet((await createMember(lost)).user, { gameType: '2', bet: '10', win: '0', at: taipei('2026-10-27 12:00') });
  t.like(await weekly(siteCode, W3), { settlementsCreated: 1 });
  t.like(await settlementOf(lost.id, 'weekly', W3), { agentTier: 'gone', level1Commission: '3.000000' });
});

test("the worker settles the job's period and site; the schedules run weekly Monday 03:00 and daily 03:30", async (t) => {
  const siteCode = await smallSite(1);
  const job = await queue('affiliate-settlement').add('manual', { period: 'weekly', date: '2026-10-13', siteCode });
  const state = await waitFor(
    'the settlement job to finish',
    async () => {
      const s = await job.getState();
      return s === 'completed' || s === 'failed' ? s : undefined;
    },
    20_000,
  );
  t.is(state, 'completed');
  t.deepEqual((await queue('affiliate-settlement').getJob(job.id as string))?.returnvalue, {
    settlementsCreated: 1,
    totalCommission: '60.000000',
    riskFlagged: 0,
    periodType: 'weekly',
  });
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 1, commissions: 2, risks: 0 });
  const schedules = SCHEDULES.filter((s) => s.queue === 'affiliate-settlement').map((s) => [s.pattern, s.data]);
  t.deepEqual(schedules, [
    ['0 3 * * 1', { period: 'weekly' }],
    ['30 3 * * *', { period: 'daily' }],
  ]);
});

// Serial: runs before the concurrent tests, so the only sites with activity are its own.
test.serial('without a site the run settles every site, and repeats create nothing', async (t) => {
  const [one, two] = [await smallSite(1), await smallSite(2)];
  t.deepEqual(await runAffiliateSettlement({ periodType: 'weekly', date: W1 }), {
    settlementsCreated: 3,
    totalCommission: '180.000000',
    riskFlagged: 0,
    periodType: 'weekly',
  });
  t.deepEqual(await counts(one, 'weekly'), { settlements: 1, commissions: 2, risks: 0 });
  t.deepEqual(await counts(two, 'weekly'), { settlements: 2, commissions: 4, risks: 0 });
  t.like(await runAffiliateSettlement({ periodType: 'weekly', date: W1 }), { settlementsCreated: 0, totalCommission: '0.000000' });
});
