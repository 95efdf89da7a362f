import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Administrator VIP endpoints (permission module `vip`): levels and rebate rules of a site,
 * the hold flag; business codes 2001-2004; operation-log rows; bad input is a 400, never a 500.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let root: AdminRoot;
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, root, req } = await startAdminStack({ permissions: ['vip:read', 'vip:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const logsOf = (action: string, siteCode: string) => models.AdminOperationLog.findAll({ where: { module: 'vip', action, siteCode }, order: [['id', 'ASC']] });

/** An administrator's level: the stored fields and the upgrade bonus's terms (docs/decisions/vip.md). */
const LEVEL_KEYS = [
  'createdAt',
  'enabled',
  'id',
  'level',
  'minChip',
  'name',
  'relegationChip',
  'siteCode',
  'sortOrder',
  'tier',
  'updatedAt',
  'upgradeBonus',
  'upgradeBonusKind',
  'upgradeBonusMaxBet',
  'upgradeBonusMaxConversion',
  'upgradeBonusValidDays',
  'upgradeBonusWageringMultiplier',
];
const RULE_KEYS = ['createdAt', 'gameType', 'id', 'level', 'rebateRate', 'siteCode', 'updatedAt'];

const ENDPOINTS: Array<[string, string]> = [
  ['POST', '/vip/levels'],
  ['PATCH', '/vip/levels/1'],
  ['DELETE', '/vip/levels/1'],
  ['POST', '/vip/rebates'],
  ['PATCH', '/vip/rebates/1'],
  ['DELETE', '/vip/rebates/1'],
  ['PATCH', '/vip/users/1/hold'],
];

const newLevel = (level: number, extra: Record<string, unknown> = {}) => ({
  level,
  name: { 'en-US': `Level ${level}`, 'zh-TW': `等級 ${level}` },
  tier: 'diamond',
  minChip: 90000000,
  relegationChip: '9000000.5',
  ...extra,
});

// ------------------------------------------------------------------------------------------------
// Guards

test('every administrator VIP endpoint: 401 without a token, with a player token or a bad token', async (t) => {
  const { token: playerToken } = await factories.createUser();
  for (const [method, path] of ENDPOINTS) {
    for (const token of [null, playerToken, 'not-a-jwt']) {
      const res = await req(method, path, { token, body: {} });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.code, 401);
      t.is(res.body.message, 'Unauthorized');
    }
  }
});

test('403 without vip:write (vip:read or other modules only)', async (t) => {
  const site = await factories.createSite();
  for (const permissions of [[], ['vip:read'], ['game:write', 'user:write']]) {
    const { token } = await factories.createAdmin({ permissions });
    for (const [method, path] of ENDPOINTS) {
      const res = await req(method, path, { token, site, body: newLevel(20) });
      t.is(res.status, 403, `${method} ${path}`);
      t.is(res.body.code, 403);
    }
  }
  t.is(await models.VipLevel.count({ where: { siteCode: site } }), 15);
  // The public listings stay open with any token or none.
  t.is((await req('GET', '/vip/levels', { token: null })).body.code, 200);
  t.is((await req('GET', '/vip/rebates', { token: null })).body.code, 200);
});

// ------------------------------------------------------------------------------------------------
// Levels

test('POST /vip/levels: the stored level, decimal strings, defaults, operation log, 2003 on a taken level', async (t) => {
  const site = await factories.createSite();
  const res = await req('POST', '/vip/levels', { site, body: newLevel(16, { unknown: 1 }) });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const l = res.body.result;
  t.deepEqual(Object.keys(l).sort(), LEVEL_KEYS);
  t.is(l.level, 16);
  t.deepEqual(l.name, { 'en-US': 'Level 16', 'zh-TW': '等級 16' });
  t.is(l.tier, 'diamond');
  t.is(l.minChip, '90000000.000000');
  t.is(l.relegationChip, '9000000.500000');
  t.is(l.sortOrder, 16, 'sortOrder defaults to the level');
  t.is(l.enabled, 1);
  t.is(l.siteCode, site);
  t.like(l, {
    upgradeBonus: '0.000000',
    upgradeBonusKind: 'cash',
    upgradeBonusWageringMultiplier: '0.00',
    upgradeBonusMaxBet: null,
    upgradeBonusMaxConversion: null,
    upgradeBonusValidDays: 30,
  });
  const row = await models.VipLevel.findByPk(l.id);
  t.is(row!.minChip, '90000000.000000');
  const logs = await logsOf('create-level', site);
  t.is(logs.length, 1);
  t.is(logs[0].adminId, root.id);
  t.is(logs[0].targetId, String(l.id));

  const withAll = await req('POST', '/vip/levels', { site, body: newLevel(17, { sortOrder: 3, enabled: 0, minChip: '0.000001' }) });
  t.is(withAll.body.result.sortOrder, 3);
  t.is(withAll.body.result.enabled, 0);
  t.is(withAll.body.result.minChip, '0.000001');

  const dup = await req('POST', '/vip/levels', { site, body: newLevel(5) });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2003);
  t.is(dup.body.data, null);
  t.is(dup.body.path, '/api/vip/levels');
  t.is(typeof dup.body.message, 'string');
  t.is((await req('POST', '/vip/levels', { site, body: newLevel(16) })).body.code, 2003);
  const en = await req('POST', '/vip/levels', { site, body: newLevel(16), headers: { locales: 'en-US' } });
  t.is(en.body.message, 'This VIP level already exists');
  const renamed = await req('PATCH', `/vip/levels/${l.id}`, { site, body: { level: 5 }, headers: { locales: 'en-US' } });
  t.is(renamed.body.code, 2003);
  t.is(renamed.body.message, 'This VIP level already exists', 'PATCH uses the 2003 text of /api/vip/levels');
  t.is(await models.VipLevel.count({ where: { siteCode: site } }), 17);
  // The same level in another site is fine.
  const other = await factories.createSite();
  t.is((await req('POST', '/vip/levels', { site: other, body: newLevel(16) })).body.code, 200);
});

test('POST /vip/levels: the site comes from x-site-code, the siteCode query or SITE_CODE', async (t) => {
  const site = await factories.createSite();
  const byQuery = await req('POST', `/vip/levels?siteCode=${site}`, { body: newLevel(30) });
  t.is(byQuery.body.result.siteCode, site);
  const { config } = await import('../../shared/config');
  const byDefault = await req('POST', '/vip/levels', { body: newLevel(31) });
  t.is(byDefault.body.result.siteCode, config().siteCode);
  const unknown = await req('POST', '/vip/levels', { site: 'no-such-site', body: newLevel(32) });
  t.is(unknown.status, 400);
});

test('POST /vip/levels: bad input is a 400 naming the field', async (t) => {
  const site = await factories.createSite();
  const cases: Array<[string, unknown]> = [
    ['level', newLevel(0)],
    ['level', newLevel(1.5)],
    ['level', newLevel('20' as unknown as number)],
    ['level', { ...newLevel(20), level: undefined }],
    ['name', newLevel(20, { name: 'Gold' })],
    ['name', newLevel(20, { name: {} })],
    ['name', newLevel(20, { name: { 'xx-XX': 'Gold' } })],
    ['name', newLevel(20, { name: { 'en-US': 5 } })],
    ['name', newLevel(20, { name: { 'en-US': 'x'.repeat(61) } })],
    ['tier', newLevel(20, { tier: 'silver' })],
    ['tier', newLevel(20, { tier: undefined })],
    ['minChip', newLevel(20, { minChip: -1 })],
    ['minChip', newLevel(20, { minChip: '1.1234567' })],
    ['minChip', newLevel(20, { minChip: 0.0000001 })],
    ['minChip', newLevel(20, { minChip: 'abc' })],
    ['minChip', newLevel(20, { minChip: '1e5' })],
    ['minChip', newLevel(20, { minChip: 1e21 })],
    ['minChip', newLevel(20, { minChip: null })],
    ['minChip', newLevel(20, { minChip: true })],
    ['relegationChip', newLevel(20, { relegationChip: '-0.5' })],
    ['relegationChip', newLevel(20, { relegationChip: [1] })],
    ['sortOrder', newLevel(20, { sortOrder: 'x' })],
    ['enabled', newLevel(20, { enabled: 2 })],
    ['enabled', newLevel(20, { enabled: true })],
  ];
  for (const [field, body] of cases) {
    const res = await req('POST', '/vip/levels', { site, body });
    t.is(res.status, 400, `${field}: ${JSON.stringify(body)}`);
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field || e.field.startsWith(`${field}.`)),
      `${field}: ${res.text}`,
    );
  }
  for (const rawBody of ['[]', '"x"', '{bad json']) {
    const res = await stack.request('POST', '/api/vip/levels', {
      token: root.token,
      rawBody,
      headers: { 'content-type': 'application/json', 'x-site-code': site },
    });
    t.is(res.status, 400, rawBody);
  }
  t.is(await models.VipLevel.count({ where: { siteCode: site } }), 15);
});

test('PATCH /vip/levels/:id: partial update, log with changes, 2001 not found or other site, 2003 taken level', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const level3 = await models.VipLevel.findOne({ where: { siteCode: site, level: 3 } });
  const res = await req('PATCH', `/vip/levels/${level3!.id}`, { site, body: { minChip: '5500.25', name: { 'en-US': 'Bronze Three' }, enabled: 0 } });
  t.is(res.body.code, 200);
  const l = res.body.result;
  t.deepEqual(Object.keys(l).sort(), LEVEL_KEYS);
  t.is(l.id, level3!.id);
  t.is(l.level, 3);
  t.is(l.minChip, '5500.250000');
  t.is(l.relegationChip, '500.000000', 'untouched');
  t.deepEqual(l.name, { 'en-US': 'Bronze Three' });
  t.is(l.enabled, 0);
  t.is(l.tier, 'bronze');
  const logs = await logsOf('update-level', site);
  t.is(logs.length, 1);
  t.deepEqual(Object.keys((logs[0].detail as { changes: object }).changes).sort(), ['enabled', 'minChip', 'name']);

  const renumber = await req('PATCH', `/vip/levels/${level3!.id}`, { site, body: { level: 40 } });
  t.is(renumber.body.result.level, 40);
  const same = await req('PATCH', `/vip/levels/${level3!.id}`, { site, body: { level: 40 } });
  t.is(same.body.code, 200, 'its own level number is not a clash');

  const taken = await req('PATCH', `/vip/levels/${level3!.id}`, { site, body: { level: 4 } });
  t.is(taken.body.code, 2003);
  t.is(taken.body.path, `/api/vip/levels/${level3!.id}`);
  t.is(typeof taken.body.message, 'string');

  for (const [path, options] of [
    ['/vip/levels/999999', { site }],
    [`/vip/levels/${level3!.id}`, { site: other }],
  ] as const) {
    const r = await req('PATCH', path, { ...options, body: { tier: 'gold' } });
    t.is(r.status, 200);
    t.is(r.body.code, 2001, path);
    t.is(r.body.data, null);
  }
  for (const bad of ['abc', '0', '-1', '1.5']) {
    const r = await req('PATCH', `/vip/levels/${bad}`, { site, body: { tier: 'gold' } });
    t.is(r.status, 400, bad);
  }
  const badBody = await req('PATCH', `/vip/levels/${level3!.id}`, { site, body: { minChip: -5 } });
  t.is(badBody.status, 400);
  t.is((await models.VipLevel.findByPk(level3!.id))!.minChip, '5500.250000');
});

test('DELETE /vip/levels/:id: null, logged; 2001 when missing or in another site', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const level15 = await models.VipLevel.findOne({ where: { siteCode: site, level: 15 } });
  t.is((await req('DELETE', `/vip/levels/${level15!.id}`, { site: other })).body.code, 2001);
  const res = await req('DELETE', `/vip/levels/${level15!.id}`, { site });
  t.is(res.body.code, 200);
  t.is(res.body.result, null);
  t.is(await models.VipLevel.findByPk(level15!.id), null);
  t.is((await logsOf('delete-level', site)).length, 1);
  const again = await req('DELETE', `/vip/levels/${level15!.id}`, { site });
  t.is(again.body.code, 2001);
  t.is(again.body.path, `/api/vip/levels/${level15!.id}`);
});

// ------------------------------------------------------------------------------------------------
// Rebate rules

test('POST /vip/rebates: the stored rule (2-decimal rate), logged; 2004 for an existing level and type', async (t) => {
  const site = await factories.createSite();
  const res = await req('POST', '/vip/rebates', { site, body: { level: 3, gameType: 'slot', rebateRate: 0.5 } });
  t.is(res.body.code, 200);
  const r = res.body.result;
  t.deepEqual(Object.keys(r).sort(), RULE_KEYS);
  t.is(r.level, 3);
  t.is(r.gameType, 'slot');
  t.is(r.rebateRate, '0.50');
  t.is(r.siteCode, site);
  t.is((await logsOf('create-rebate', site)).length, 1);
  for (const rebateRate of [0, 100, '12.34', 99.99]) {
    const ok = await req('POST', '/vip/rebates', { site, body: { level: 4, gameType: 'fish', rebateRate } });
    t.is(ok.body.code, 200, String(rebateRate));
    await models.VipRebate.destroy({ where: { id: ok.body.result.id } });
  }
  const dup = await req('POST', '/vip/rebates', { site, body: { level: 3, gameType: 'slot', rebateRate: 1 } });
  t.is(dup.body.code, 2004);
  t.is(dup.body.path, '/api/vip/rebates');
  t.is(dup.body.data, null);
  t.is((await req('POST', '/vip/rebates', { site, body: { level: 3, gameType: 'live', rebateRate: 1 } })).body.code, 200);

  const cases: Array<[string, unknown]> = [
    ['gameType', { level: 3, gameType: 'poker', rebateRate: 1 }],
    ['gameType', { level: 3, gameType: 2, rebateRate: 1 }],
    ['level', { level: 'x', gameType: 'slot', rebateRate: 1 }],
    ['level', { gameType: 'slot', rebateRate: 1 }],
    ['rebateRate', { level: 3, gameType: 'sports', rebateRate: 100.01 }],
    ['rebateRate', { level: 3, gameType: 'sports', rebateRate: -1 }],
    ['rebateRate', { level: 3, gameType: 'sports', rebateRate: 1.234 }],
    ['rebateRate', { level: 3, gameType: 'sports', rebateRate: 'abc' }],
    ['rebateRate', { level: 3, gameType: 'sports' }],
  ];
  for (const [field, body] of cases) {
    const bad = await req('POST', '/vip/rebates', { site, body });
    t.is(bad.status, 400, `${field}: ${JSON.stringify(body)}`);
    t.true(
      bad.body.errors.some((e: { field: string }) => e.field === field),
      bad.text,
    );
  }
  t.is(await models.VipRebate.count({ where: { siteCode: site } }), 2);
});

test('PATCH /vip/rebates/:id: partial, logged; 2002 not found; 2004 when moved onto an existing rule', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const a = (await req('POST', '/vip/rebates', { site, body: { level: 2, gameType: 'slot', rebateRate: 1 } })).body.result;
  await req('POST', '/vip/rebates', { site, body: { level: 2, gameType: 'live', rebateRate: 1 } });
  const res = await req('PATCH', `/vip/rebates/${a.id}`, { site, body: { rebateRate: '2.5' } });
  t.is(res.body.code, 200);
  t.is(res.body.result.rebateRate, '2.50');
  t.is(res.body.result.gameType, 'slot');
  t.is((await logsOf('update-rebate', site)).length, 1);
  const moved = await req('PATCH', `/vip/rebates/${a.id}`, { site, body: { level: 3 } });
  t.is(moved.body.result.level, 3);
  const clash = await req('PATCH', `/vip/rebates/${a.id}`, { site, body: { level: 2, gameType: 'live' } });
  t.is(clash.body.code, 2004);
  t.is(clash.body.path, `/api/vip/rebates/${a.id}`);
  t.is((await req('PATCH', '/vip/rebates/999999', { site, body: { rebateRate: 1 } })).body.code, 2002);
  t.is((await req('PATCH', `/vip/rebates/${a.id}`, { site: other, body: { rebateRate: 1 } })).body.code, 2002);
  t.is((await req('PATCH', `/vip/rebates/${a.id}`, { site, body: { rebateRate: 101 } })).status, 400);
  t.is((await req('PATCH', `/vip/rebates/${a.id}`, { site, body: { gameType: 'poker' } })).status, 400);
  const row = await models.VipRebate.findByPk(a.id);
  t.is(row!.rebateRate, '2.50');
  t.is(row!.level, 3);
});

test('DELETE /vip/rebates/:id: null, logged; 2002 when missing or in another site', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const a = (await req('POST', '/vip/rebates', { site, body: { level: 2, gameType: 'crypto', rebateRate: 1 } })).body.result;
  t.is((await req('DELETE', `/vip/rebates/${a.id}`, { site: other })).body.code, 2002);
  const res = await req('DELETE', `/vip/rebates/${a.id}`, { site });
  t.is(res.body.code, 200);
  t.is(res.body.result, null);
  t.is((await logsOf('delete-rebate', site)).length, 1);
  const again = await req('DELETE', `/vip/rebates/${a.id}`, { site });
  t.is(again.body.code, 2002);
  t.is((await req('DELETE', '/vip/rebates/abc', { site })).status, 400);
});

// ------------------------------------------------------------------------------------------------
// Hold

test('PATCH /vip/users/:userId/hold: 2002 below level 5, success at 5, 2001 unknown or other site, logged', async (t) => {
  const site = await factories.createSite();
  const { user: low } = await factories.createUser({ siteCode: site });
  await models.User.update({ vipLevel: '4' }, { where: { id: low.id } });
  const refused = await req('PATCH', `/vip/users/${low.id}/hold`, { site, body: { hold: 1 } });
  t.is(refused.status, 200);
  t.is(refused.body.code, 2002);
  t.is(refused.body.path, `/api/vip/users/${low.id}/hold`);
  t.is((await models.User.findByPk(low.id))!.vipHold, 0);

  const { user } = await factories.createUser({ siteCode: site });
  await models.User.update({ vipLevel: '5' }, { where: { id: user.id } });
  const on = await req('PATCH', `/vip/users/${user.id}/hold`, { site, body: { hold: 1 } });
  t.is(on.body.code, 200);
  t.deepEqual(on.body.result, { userId: user.id, vipHold: 1 });
  t.is((await models.User.findByPk(user.id))!.vipHold, 1);
  const off = await req('PATCH', `/vip/users/${user.id}/hold`, { site, body: { hold: 0 } });
  t.deepEqual(off.body.result, { userId: user.id, vipHold: 0 });
  t.is((await models.User.findByPk(user.id))!.vipHold, 0);
  const logs = await logsOf('set-hold', site);
  t.is(logs.length, 2);
  t.is(logs[0].targetId, String(user.id));

  t.is((await req('PATCH', '/vip/users/999999/hold', { site, body: { hold: 1 } })).body.code, 2001);
  const other = await factories.createSite();
  t.is((await req('PATCH', `/vip/users/${user.id}/hold`, { site: other, body: { hold: 1 } })).body.code, 2001);

  for (const body of [{}, { hold: 2 }, { hold: '1' }, { hold: true }, { hold: null }]) {
    const bad = await req('PATCH', `/vip/users/${user.id}/hold`, { site, body });
    t.is(bad.status, 400, JSON.stringify(body));
    t.is(bad.body.errors[0].field, 'hold');
  }
  t.is((await req('PATCH', '/vip/users/abc/hold', { site, body: { hold: 1 } })).status, 400);
});
