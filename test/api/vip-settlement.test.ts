import { randomBytes } from 'node:crypto';
import test from 'ava';
import { AdminOperationLog, BetOrder, User, VipRebate, VipSettlementRun } from '../../shared/db/models';
import { todayIn } from '../../shared/domain/vip';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/** POST /vip/settlement/daily-rebate and /monthly-relegation, admin permission 'vip'. */
let stack: TestStack;
let token: string;
let adminId: number;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
  const admin = await createAdmin({ permissions: ['vip:read', 'vip:write'] });
  token = admin.token;
  adminId = admin.admin.id;
});
test.after.always(async () => {
  await stack?.close();
});

const post = (path: string, body: unknown, options: { token?: string | null; site?: string } = {}) =>
  stack.request('POST', `/api/vip/settlement${path}`, {
    token: options.token === null ? undefined : (options.token ?? token),
    body,
    headers: options.site ? { 'x-site-code': options.site } : {},
  });

async function bet(user: User, betAmount: string, at: string): Promise<void> {
  await BetOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    providerCode: 'provx',
    gameCode: 'g-1',
    gameType: '2',
    gamePlatform: 'provx',
    gameNumber: `round-${randomBytes(6).toString('hex')}`,
    betAmount,
    betEffective: betAmount,
    status: 'valid',
    settled: true,
    betDatetime: new Date(at),
  });
}

test('401 without a token, 403 without the vip permission', async (t) => {
  t.is((await post('/daily-rebate', {}, { token: null })).status, 401);
  t.is((await post('/monthly-relegation', {}, { token: null })).status, 401);
  const other = await createAdmin({ permissions: ['vip:read', 'user:write'] });
  t.is((await post('/daily-rebate', {}, { token: other.token })).status, 403);
  t.is((await post('/monthly-relegation', {}, { token: other.token })).status, 403);
});

test('daily rebate of the x-site-code site: result, paid once, operation log', async (t) => {
  const siteCode = await createSite();
  await VipRebate.create({ siteCode, level: 1, gameType: 'slot', rebateRate: '1.25' });
  const { user } = await createUser({ siteCode });
  const { user: idle } = await createUser({ siteCode });
  await bet(user, '80', '2025-05-05T23:30:00+08:00');
  await bet(user, '1000', '2025-05-05T15:59:00Z'); // 2025-05-05 23:59 in Taipei
  await bet(user, '1000', '2025-05-05T16:00:00Z'); // already 2025-05-06 in Taipei

  const res = await post('/daily-rebate', { day: '2025-05-05' }, { site: siteCode });
  t.is(res.status, 200);
  t.like(res.body, { code: 200, result: { usersProcessed: 2, totalRebate: '13.500000', alreadySettled: false } });
  t.is((await User.findByPk(user.id))!.balance, '13.500000');
  t.is((await User.findByPk(idle.id))!.balance, '0.000000');

  const again = await post('/daily-rebate', { day: '2025-05-05' }, { site: siteCode });
  t.like(again.body, { code: 200, result: { usersProcessed: 0, totalRebate: '0.000000', alreadySettled: true } });
  t.is((await User.findByPk(user.id))!.balance, '13.500000');

  const logs = await AdminOperationLog.findAll({ where: { module: 'vip', action: 'daily-rebate', siteCode }, order: [['id', 'ASC']] });
  t.is(logs.length, 2);
  t.like(logs[0].toJSON(), { adminId, targetId: '2025-05-05', method: 'POST', path: '/api/vip/settlement/daily-rebate' });
});

test('bad or unfinished periods are 400 (a month not over is 2001); an unknown site is 400', async (t) => {
  t.is((await post('/daily-rebate', { day: '05/05/2025' })).status, 400);
  const today = await post('/daily-rebate', { day: todayIn('Asia/Taipei') });
  t.is(today.status, 400);
  t.regex(today.body.message, /^Invalid body: day: .*not over yet/);
  t.is(today.body.errors[0].field, 'day');
  t.is((await post('/daily-rebate', { day: '2025-02-30' })).status, 400);
  t.is((await post('/monthly-relegation', { month: '2025-5' })).status, 400);
  t.is((await post('/monthly-relegation', { month: '2025-13' })).status, 400);
  const thisMonth = await post('/monthly-relegation', { month: todayIn('Asia/Taipei').slice(0, 7) });
  t.is(thisMonth.status, 200);
  t.like(thisMonth.body, { code: 2001, message: '該月份尚未結束，無法執行降級檢查' });
  t.like((await post('/monthly-relegation', { month: '2999-01' })).body, { code: 2001 });
  t.is(await VipSettlementRun.count({ where: { kind: 'monthly-relegation', period: todayIn('Asia/Taipei').slice(0, 7) } }), 0);
  t.is((await post('/daily-rebate', {}, { site: 'no-such-site' })).status, 400);
});

test('monthly relegation of a site: {checked, warned, demoted}, applied once (a second run is 2002), operation log', async (t) => {
  const siteCode = await createSite();
  const { user: warned } = await createUser({ siteCode });
  const { user: demoted } = await createUser({ siteCode });
  const { user: kept } = await createUser({ siteCode });
  await User.update({ vipLevel: '2' }, { where: { id: warned.id } });
  await User.update({ vipLevel: '3', relegationMissCount: 1 }, { where: { id: demoted.id } });
  await User.update({ vipLevel: '2', relegationMissCount: 1 }, { where: { id: kept.id } });
  await bet(kept, '100', '2025-02-14T12:00:00+08:00');

  const res = await post('/monthly-relegation', { month: '2025-02' }, { site: siteCode });
  t.is(res.status, 200);
  t.like(res.body.result, { checked: 3, warned: 1, demoted: 1, alreadySettled: false });
  const again = await post('/monthly-relegation', { month: '2025-02' }, { site: siteCode });
  t.like(again.body, { code: 2002, message: '該月份的降級檢查已執行過' });
  t.like((await User.findByPk(demoted.id))!.toJSON(), { vipLevel: '2', relegationMissCount: 0 });
  t.like((await User.findByPk(warned.id))!.toJSON(), { vipLevel: '2', relegationMissCount: 1 });
  t.like((await User.findByPk(kept.id))!.toJSON(), { vipLevel: '2', relegationMissCount: 0 });
  t.is(await AdminOperationLog.count({ where: { module: 'vip', action: 'monthly-relegation', siteCode } }), 1);
  // Another site's same month is its own run.
  const otherSite = await createSite();
  t.like((await post('/monthly-relegation', { month: '2025-02' }, { site: otherSite })).body, { code: 200, result: { alreadySettled: false } });
});

test('without a site header the run covers SITE_CODE, with the default period', async (t) => {
  const res = await post('/daily-rebate', undefined);
  t.is(res.status, 200);
  t.is(typeof res.body.result.usersProcessed, 'number');
  t.regex(res.body.result.totalRebate, /^\d+\.\d{6}$/);
  const rel = await post('/monthly-relegation', undefined);
  t.is(rel.status, 200);
  t.like(rel.body.result, { warned: 0, demoted: 0 });
});
