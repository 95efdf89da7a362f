import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * GET /vip/status: the caller's level, progress towards the next enabled level (1 at the top),
 * this month's effective bet (valid settled orders placed this month in APP_TIMEZONE), the rebate rules of
 * the level and the enabled ladder.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');

let stack: TestStack;
let factories: Factories;
let models: Models;

test.before(async () => {
  stack = await startTestStack();
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
});
test.after.always(async () => {
  await stack?.close();
});

const STATUS_KEYS = [
  'allLevels',
  'currentChip',
  'level',
  'monthlyEffective',
  'name',
  'nextLevelMinChip',
  'progress',
  'rebates',
  'relegationChip',
  'relegationMissCount',
  'tier',
  'totalEffectiveBet',
  'vipHold',
].sort();

async function player(fields: Record<string, unknown> = {}, siteCode?: string) {
  const { user, token } = await factories.createUser(siteCode ? { siteCode } : {});
  if (Object.keys(fields).length) await models.User.update(fields, { where: { id: user.id } });
  return { user, token };
}

const status = (token: string | undefined, headers: Record<string, string> = {}) => stack.request('GET', '/api/vip/status', { token, headers });

let seq = 0;
function order(userId: number, siteCode: string, fields: Record<string, unknown>) {
  seq += 1;
  return models.BetOrder.create({
    siteCode,
    userId,
    providerCode: 'provx',
    gameCode: 'g1',
    gameType: '2',
    gamePlatform: 'provx',
    gameNumber: `round-${process.pid}-${seq}`,
    betAmount: '10',
    betEffective: '10',
    status: 'valid',
    settled: true,
    betDatetime: new Date(),
    ...fields,
  });
}

test('401 without a token or with a bad one', async (t) => {
  for (const token of [undefined, 'not-a-jwt']) {
    const res = await status(token);
    t.is(res.status, 401);
    t.is(res.body.code, 401);
    t.is(res.body.message, 'Unauthorized');
  }
  const { token } = await factories.createAdmin();
  t.is((await status(token)).status, 401, 'an administrator token is not a player token');
});

test('a new player at level 1: shape, zero totals, progress towards level 2', async (t) => {
  const { token } = await player();
  const res = await status(token, { locales: 'en-US' });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const s = res.body.result;
  t.deepEqual(Object.keys(s).sort(), STATUS_KEYS);
  t.is(s.level, 1);
  t.is(s.name, 'Bronze I');
  t.is(s.tier, 'bronze');
  t.is(s.totalEffectiveBet, '0.000000');
  t.is(s.currentChip, '0.000000');
  t.is(s.nextLevelMinChip, '1000.000000');
  t.is(s.progress, 0);
  t.is(s.relegationChip, '0.000000');
  t.is(s.monthlyEffective, '0.000000');
  t.is(s.relegationMissCount, 0);
  t.is(s.vipHold, 0);
  t.deepEqual(s.rebates, []);
  t.is(s.allLevels.length, 15);
  t.deepEqual(Object.keys(s.allLevels[0]).sort(), ['level', 'minChip', 'name', 'relegationChip', 'tier']);
  t.deepEqual(s.allLevels[1], { level: 2, name: 'Bronze II', tier: 'bronze', minChip: '1000.000000', relegationChip: '100.000000' });

  const { token: t2 } = await player({ totalEffectiveBet: '250.5' });
  const half = (await status(t2)).body.result;
  t.is(half.totalEffectiveBet, '250.500000');
  t.is(half.progress, 0.2505);
  t.is(half.name, '青銅 I', 'zh-TW by default');
});

test('a player in the middle: current and next level, rebates of the level, localized names', async (t) => {
  const site = await factories.createSite();
  const { token } = await player({ vipLevel: '6', totalEffectiveBet: '150000', relegationMissCount: 1, vipHold: 1 }, site);
  await models.VipRebate.create({ siteCode: site, level: 6, gameType: 'fish', rebateRate: '0.3' });
  await models.VipRebate.create({ siteCode: site, level: 6, gameType: 'slot', rebateRate: '1.25' });
  await models.VipRebate.create({ siteCode: site, level: 5, gameType: 'live', rebateRate: '2' });
  await models.VipLevel.update({ enabled: 0 }, { where: { siteCode: site, level: 7 } });
  const s = (await status(token, { locales: 'zh-CN' })).body.result;
  t.is(s.level, 6);
  t.is(s.name, '黄金 II');
  t.is(s.tier, 'gold');
  t.is(s.currentChip, '100000.000000');
  t.is(s.relegationChip, '10000.000000');
  t.is(s.nextLevelMinChip, '500000.000000', 'the next ENABLED level (7 is disabled)');
  t.is(s.progress, 0.3);
  t.is(s.relegationMissCount, 1);
  t.is(s.vipHold, 1);
  t.deepEqual(s.rebates, [
    { gameType: 'slot', rebateRate: '1.25' },
    { gameType: 'fish', rebateRate: '0.30' },
  ]);
  t.is(s.allLevels.length, 14);
  t.false(s.allLevels.some((l: { level: number }) => l.level === 7));
  const en = (await status(token, { locales: 'en-US' })).body.result;
  t.is(en.name, 'Gold II');
  t.not(en.name, s.name);
});

test('progress is capped at 1 below the top, and is exactly 1 at the top level', async (t) => {
  const { token: over } = await player({ vipLevel: '2', totalEffectiveBet: '999999' });
  const o = (await status(over)).body.result;
  t.is(o.progress, 1);
  t.is(o.nextLevelMinChip, '5000.000000');

  const { token: top } = await player({ vipLevel: '15', totalEffectiveBet: '1' });
  const s = (await status(top, { locales: 'en-US' })).body.result;
  t.is(s.level, 15);
  t.is(s.nextLevelMinChip, null);
  t.is(s.progress, 1);
  t.is(typeof s.name, 'string');
  t.true(s.name.length > 0);
});

test('monthlyEffective counts only this month valid settled orders of the caller', async (t) => {
  const { user, token } = await player();
  const { user: someone } = await player();
  const site = user.siteCode;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)); // APP_TIMEZONE is UTC in tests
  await order(user.id, site, { betEffective: '12.345678' });
  await order(user.id, site, { betEffective: '7.5', gameType: '9', betAmount: '15' });
  await order(user.id, site, { betEffective: '100', settled: false });
  await order(user.id, site, { betEffective: '200', status: 'invalid', invalidReason: 'draw' });
  await order(user.id, site, { betEffective: '300', status: 'cancelled' });
  await order(user.id, site, { betEffective: '400', betDatetime: new Date(monthStart.getTime() - 60_000) });
  await order(someone.id, site, { betEffective: '500' });
  const s = (await status(token)).body.result;
  t.is(s.monthlyEffective, '19.845678');
});

test('a token with a site-name header of another site is refused', async (t) => {
  const other = await factories.createSite();
  const { token } = await player();
  t.is((await status(token, { 'site-name': other })).status, 401);
});
