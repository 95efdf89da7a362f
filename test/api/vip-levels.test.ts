import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Public VIP listings: GET /vip/levels (enabled only, sortOrder ascending, localized names,
 * site = siteCode query > site-name header > SITE_CODE, cached one hour per site and locale, cleared by
 * administrator writes) and GET /vip/rebates.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');

let stack: TestStack;
let factories: Factories;
let models: Models;
let cache: typeof import('../../shared/redis').cache;
let vipLevelsKey: typeof import('../../shared/domain/vip').vipLevelsKey;
let defaultSite: string;
let adminToken: string;

test.before(async () => {
  stack = await startTestStack();
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  cache = (await import('../../shared/redis')).cache;
  vipLevelsKey = (await import('../../shared/domain/vip')).vipLevelsKey;
  defaultSite = (await import('../../shared/config')).config().siteCode;
  adminToken = (await factories.createAdmin({ permissions: ['vip:read', 'vip:write'] })).token;
});
test.after.always(async () => {
  await stack?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => stack.request('GET', `/api${path}`, { headers });

const LEVEL_KEYS = ['createdAt', 'enabled', 'id', 'level', 'minChip', 'name', 'relegationChip', 'siteCode', 'sortOrder', 'tier', 'updatedAt'];
const REBATE_KEYS = ['createdAt', 'gameType', 'id', 'level', 'rebateRate', 'updatedAt'];

test('GET /vip/levels: the seeded ladder of the default site, shape and order', async (t) => {
  const res = await get('/vip/levels', { locales: 'en-US' });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.message, 'ok');
  t.is(res.body.path, '/api/vip/levels');
  const list = res.body.result;
  t.is(list.length, 15);
  t.deepEqual(Object.keys(list[0]).sort(), LEVEL_KEYS);
  const first = list[0];
  t.is(first.level, 1);
  t.is(first.name, 'Bronze I');
  t.is(first.tier, 'bronze');
  t.is(first.minChip, '0.000000');
  t.is(first.relegationChip, '0.000000');
  t.is(first.enabled, 1);
  t.is(first.siteCode, defaultSite);
  t.is(typeof first.id, 'number');
  t.is(typeof first.sortOrder, 'number');
  t.is(typeof first.createdAt, 'string');
  t.is(list[1].minChip, '1000.000000');
  t.true(list.every((l: { minChip: string; relegationChip: string }) => /^\d+\.\d{6}$/.test(l.minChip) && /^\d+\.\d{6}$/.test(l.relegationChip)));
  const orders = list.map((l: { sortOrder: number }) => l.sortOrder);
  t.deepEqual(
    orders,
    [...orders].sort((a: number, b: number) => a - b),
  );
});

test('GET /vip/levels: names follow the locales header (default zh-TW)', async (t) => {
  const en = await get('/vip/levels', { locales: 'en-US' });
  const tw = await get('/vip/levels', { locales: 'zh-TW' });
  const cn = await get('/vip/levels', { locales: 'zh-CN' });
  const none = await get('/vip/levels');
  const bogus = await get('/vip/levels', { locales: 'xx-XX' });
  t.is(en.body.result[0].name, 'Bronze I');
  t.is(tw.body.result[0].name, '青銅 I');
  t.is(cn.body.result[0].name, '青铜 I');
  t.is(none.body.result[0].name, '青銅 I');
  t.is(bogus.body.result[0].name, '青銅 I');
  t.is(await cache().exists(vipLevelsKey(defaultSite, 'en-US')), 1);
  t.is(await cache().exists(vipLevelsKey(defaultSite, 'zh-CN')), 1);
});

test('GET /vip/levels: enabled only, sortOrder ascending (own site)', async (t) => {
  const site = await factories.createSite();
  await models.VipLevel.update({ enabled: 0 }, { where: { siteCode: site, level: 3 } });
  await models.VipLevel.update({ sortOrder: 100 }, { where: { siteCode: site, level: 1 } });
  const res = await get('/vip/levels', { 'site-name': site });
  const levels = res.body.result.map((l: { level: number }) => l.level);
  t.is(levels.length, 14);
  t.false(levels.includes(3));
  t.is(levels[levels.length - 1], 1, 'level 1 moved last by its sortOrder');
  t.true(res.body.result.every((l: { siteCode: string; enabled: number }) => l.siteCode === site && l.enabled === 1));
});

test('GET /vip/levels: siteCode query > site-name header > SITE_CODE; unknown sites are 400', async (t) => {
  const a = await factories.createSite();
  const b = await factories.createSite();
  await models.VipLevel.update({ enabled: 0 }, { where: { siteCode: a, level: 15 } });
  await models.VipLevel.update({ enabled: 0 }, { where: { siteCode: b, level: [14, 15] } });
  const both = await get(`/vip/levels?siteCode=${a}`, { 'site-name': b });
  t.is(both.body.code, 200);
  t.true(both.body.result.every((l: { siteCode: string }) => l.siteCode === a));
  t.is(both.body.result.length, 14);
  const header = await get('/vip/levels', { 'site-name': b });
  t.true(header.body.result.every((l: { siteCode: string }) => l.siteCode === b));
  t.is(header.body.result.length, 13);
  const fallback = await get('/vip/levels');
  t.true(fallback.body.result.every((l: { siteCode: string }) => l.siteCode === defaultSite));
  const emptyQuery = await get('/vip/levels?siteCode=', { 'site-name': b });
  t.true(
    emptyQuery.body.result.every((l: { siteCode: string }) => l.siteCode === b),
    'an empty siteCode is absent',
  );

  for (const path of ['/vip/levels?siteCode=no-such-site', '/vip/levels?siteCode=bad%20code', `/vip/levels?siteCode=${a}&siteCode=${b}`]) {
    const res = await get(path);
    t.is(res.status, 400, path);
    t.is(res.body.code, 400);
    t.regex(res.body.message, /siteCode/);
  }
  const badHeader = await get('/vip/levels', { 'site-name': 'no-such-site' });
  t.is(badHeader.status, 400);
});

test('GET /vip/levels: cached one hour per site and locale; an admin write clears the site', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const key = vipLevelsKey(site, 'en-US');
  const first = await get('/vip/levels', { 'site-name': site, locales: 'en-US' });
  await get('/vip/levels', { 'site-name': site, locales: 'th-TH' });
  await get('/vip/levels', { 'site-name': other, locales: 'en-US' });
  t.is(first.body.code, 200);
  const ttl = await cache().ttl(key);
  t.true(ttl > 3500 && ttl <= 3600, `ttl ${ttl}`);

  // A change behind the API's back is not seen while the entry lives.
  await models.VipLevel.update({ name: { 'en-US': 'Changed' } }, { where: { siteCode: site, level: 1 } });
  const cached = await get('/vip/levels', { 'site-name': site, locales: 'en-US' });
  t.is(cached.body.result[0].name, 'Bronze I');
  t.deepEqual(cached.body.result, first.body.result);

  // An administrator write to the site's levels clears every locale of that site (not other sites).
  const level2 = await models.VipLevel.findOne({ where: { siteCode: site, level: 2 } });
  const patch = await stack.request('PATCH', `/api/vip/levels/${level2!.id}`, { token: adminToken, headers: { 'x-site-code': site }, body: { sortOrder: 2 } });
  t.is(patch.body.code, 200);
  t.is(await cache().exists(key), 0);
  t.is(await cache().exists(vipLevelsKey(site, 'th-TH')), 0);
  t.is(await cache().exists(vipLevelsKey(other, 'en-US')), 1);
  const fresh = await get('/vip/levels', { 'site-name': site, locales: 'en-US' });
  t.is(fresh.body.result[0].name, 'Changed');
});

test('GET /vip/rebates: public, the site rules by level then game type', async (t) => {
  const site = await factories.createSite();
  const empty = await get('/vip/rebates', { 'site-name': site });
  t.is(empty.body.code, 200);
  t.deepEqual(empty.body.result, []);
  const { VipRebate } = models;
  await VipRebate.create({ siteCode: site, level: 3, gameType: 'slot', rebateRate: '0.8' });
  await VipRebate.create({ siteCode: site, level: 2, gameType: 'fish', rebateRate: '0.25' });
  await VipRebate.create({ siteCode: site, level: 2, gameType: 'sports', rebateRate: '1' });
  await VipRebate.create({ siteCode: defaultSite, level: 1, gameType: 'live', rebateRate: '9.99' });
  const res = await get('/vip/rebates', { 'site-name': site });
  t.is(res.status, 200);
  const list = res.body.result;
  t.deepEqual(Object.keys(list[0]).sort(), REBATE_KEYS);
  t.deepEqual(
    list.map((r: { level: number; gameType: string; rebateRate: string }) => [r.level, r.gameType, r.rebateRate]),
    [
      [2, 'sports', '1.00'],
      [2, 'fish', '0.25'],
      [3, 'slot', '0.80'],
    ],
  );
  const byQuery = await get(`/vip/rebates?siteCode=${defaultSite}`, { 'site-name': site });
  t.deepEqual(
    byQuery.body.result.map((r: { gameType: string }) => r.gameType),
    ['live'],
  );
  t.is((await get('/vip/rebates?siteCode=nope')).status, 400);
});
