import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import { cacheGone, seedProviderCache } from '../helpers/provider-cache';
import type { TestStack } from '../helpers/stack';

/**
 * Administrator game endpoints: providers and type configs, per site, permission module
 * `game`; operation-log rows; the provider-list cache of the site cleared after each write.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let cache: typeof import('../../shared/redis').cache;
let providerListKey: typeof import('../../shared/domain/game/cache').providerListKey;
let root: AdminRoot;
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, root, req } = await startAdminStack({ permissions: ['game:read', 'game:write'] }));
  cache = (await import('../../shared/redis')).cache;
  providerListKey = (await import('../../shared/domain/game/cache')).providerListKey;
});
test.after.always(async () => {
  await stack?.close();
});

const seedCache = (site: string) => seedProviderCache(stack, site, 2, true);

async function logsOf(action: string, siteCode: string) {
  return models.AdminOperationLog.findAll({ where: { module: 'game', action, siteCode }, order: [['id', 'ASC']] });
}

let seq = 0;
const code = (prefix = 'g') => `${prefix}-${process.pid}-${++seq}`;

async function newProvider(site: string, body: Record<string, unknown> = {}) {
  const res = await req('POST', '/game/admin/providers', { site, body: { gameCode: code(), providerCode: 'provx', gameType: 2, ...body } });
  if (res.body.code !== 200) throw new Error(`create failed: ${res.text}`);
  return res.body.result;
}

const PROVIDER_KEYS = [
  'areaBlock',
  'createdAt',
  'enable',
  'gameCode',
  'gameType',
  'id',
  'maintain',
  'name',
  'providerCode',
  'siteCode',
  'sortOrder',
  'updatedAt',
];
const TYPE_CONFIG_KEYS = ['createdAt', 'enabled', 'gameType', 'icon', 'id', 'label', 'siteCode', 'sortOrder', 'typeKey', 'updatedAt'];

// ------------------------------------------------------------------------------------------------
// Guards

const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/game/admin/providers'],
  ['POST', '/game/admin/providers'],
  ['PATCH', '/game/admin/providers/1'],
  ['DELETE', '/game/admin/providers/1'],
  ['GET', '/game/admin/type-configs'],
  ['POST', '/game/admin/type-configs'],
  ['PATCH', '/game/admin/type-configs/1'],
  ['DELETE', '/game/admin/type-configs/1'],
  ['GET', '/game/admin/preview-template'],
  ['POST', '/game/admin/load-template'],
  ['POST', '/game/admin/copy-site-data'],
];

test('every administrator game endpoint: 401 without a token, with a player token or a bad token', async (t) => {
  const { token: playerToken } = await factories.createUser();
  for (const [method, path] of ENDPOINTS) {
    for (const token of [null, playerToken, 'not-a-jwt']) {
      const res = await req(method, path, { token, body: method === 'POST' || method === 'PATCH' ? {} : undefined });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.code, 401);
      t.is(res.body.message, 'Unauthorized');
    }
  }
});

test('403 without the game permission; game:read reads but does not write', async (t) => {
  const site = await factories.createSite();
  const before = await models.GameProvider.count({ where: { siteCode: site } });
  for (const permissions of [[], ['user:read', 'user:write', 'vip:write']]) {
    const { token } = await factories.createAdmin({ permissions });
    for (const [method, path] of ENDPOINTS) {
      const res = await req(method, path, { token, site, body: method === 'POST' || method === 'PATCH' ? {} : undefined });
      t.is(res.status, 403, `${method} ${path}`);
      t.is(res.body.code, 403);
    }
  }
  const reader = await factories.createAdmin({ permissions: ['game:read'] });
  for (const [method, path] of ENDPOINTS) {
    const res = await req(method, path, { token: reader.token, site, body: method === 'POST' || method === 'PATCH' ? { gameCode: 'x' } : undefined });
    if (method === 'GET') t.is(res.body.code, 200, `${method} ${path}`);
    else {
      t.is(res.status, 403, `${method} ${path}`);
      t.regex(res.body.message, /game:write/);
    }
  }
  const writer = await factories.createAdmin({ permissions: ['game:write'] });
  t.is((await req('GET', '/game/admin/providers', { token: writer.token, site })).status, 403, 'write does not imply read');
  t.is(await models.GameProvider.count({ where: { siteCode: site } }), before);
});

// ------------------------------------------------------------------------------------------------
// Providers

test('GET /game/admin/providers: the administrator view of the site, sorted, filtered by gameType', async (t) => {
  const site = await factories.createSite();
  const res = await req('GET', '/game/admin/providers', { site });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const list = res.body.result;
  t.is(list.length, 32, 'the seeded template');
  t.deepEqual(Object.keys(list[0]).sort(), PROVIDER_KEYS);
  t.true(list.every((p: { siteCode: string }) => p.siteCode === site));
  const orders = list.map((p: { sortOrder: number }) => p.sortOrder);
  t.deepEqual(
    orders,
    [...orders].sort((a: number, b: number) => a - b),
  );
  const first = list[0];
  t.is(typeof first.id, 'number');
  t.is(typeof first.gameType, 'number');
  t.is(typeof first.name, 'object');
  t.is(typeof first.name['en-US'], 'string');
  for (const key of ['areaBlock', 'maintain', 'enable']) t.is(typeof first[key], 'boolean');
  t.is(typeof first.createdAt, 'string');

  const slots = await req('GET', '/game/admin/providers?gameType=2', { site });
  t.is(slots.body.result.length, 4);
  t.true(slots.body.result.every((p: { gameType: number }) => p.gameType === 2));
  t.is((await req('GET', '/game/admin/providers?gameType=', { site })).body.result.length, 32, 'empty filter = none');

  // The siteCode query selects the site as the header does.
  const byQuery = await req('GET', `/game/admin/providers?siteCode=${site}&gameType=10`);
  t.is(byQuery.body.code, 200);
  t.true(byQuery.body.result.length === 4 && byQuery.body.result.every((p: { siteCode: string }) => p.siteCode === site));

  for (const bad of ['6', 'abc', '2.5', '-1', '999']) {
    const r = await req('GET', `/game/admin/providers?gameType=${bad}`, { site });
    t.is(r.status, 400, bad);
    t.is(r.body.errors[0].field, 'gameType');
  }
  const unknown = await req('GET', '/game/admin/providers', { site: 'no-such-site' });
  t.is(unknown.status, 400);
  t.regex(unknown.body.message, /x-site-code/);
});

test('without a site header the default site (SITE_CODE) applies', async (t) => {
  const { config } = await import('../../shared/config');
  const res = await req('GET', '/game/admin/providers');
  t.is(res.body.code, 200);
  t.true(res.body.result.length > 0);
  t.true(res.body.result.every((p: { siteCode: string }) => p.siteCode === config().siteCode));
});

test('POST /game/admin/providers: the created record, defaults, operation log, cache cleared', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const keys = await seedCache(site);
  const otherKeys = await seedCache(other);
  const gameCode = code('new');
  const res = await req('POST', '/game/admin/providers', {
    site,
    body: { gameCode, providerCode: 'provy', gameType: 9, name: { 'en-US': ' Moon Crash ', 'zh-TW': '月球' }, sortOrder: 5, enable: false, unknownField: 1 },
  });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const p = res.body.result;
  t.deepEqual(Object.keys(p).sort(), PROVIDER_KEYS);
  t.is(p.gameCode, gameCode);
  t.is(p.providerCode, 'provy');
  t.is(p.gameType, 9);
  t.deepEqual(p.name, { 'en-US': 'Moon Crash', 'zh-TW': '月球' });
  t.is(p.sortOrder, 5);
  t.false(p.enable);
  t.false(p.maintain);
  t.false(p.areaBlock);
  t.is(p.siteCode, site);
  t.is(typeof p.id, 'number');
  t.is(typeof p.createdAt, 'string');

  const row = await models.GameProvider.findByPk(p.id);
  t.is(row?.siteCode, site);
  t.is(row?.gameCode, gameCode);

  const minimal = await req('POST', '/game/admin/providers', { site, body: { gameCode: code(), providerCode: 'provx', gameType: 1 } });
  t.is(minimal.body.code, 200);
  t.deepEqual(minimal.body.result.name, {});
  t.true(minimal.body.result.enable);
  t.is(minimal.body.result.sortOrder, 0);

  const logs = await logsOf('provider-create', site);
  t.is(logs.length, 2);
  t.is(logs[0].adminId, root.id);
  t.is(logs[0].targetId, String(p.id));
  t.is(logs[0].method, 'POST');
  t.is(logs[0].path, '/api/game/admin/providers');
  t.regex(logs[0].summary ?? '', new RegExp(gameCode));
  t.is((logs[0].detail as { gameCode: string }).gameCode, gameCode);

  await cacheGone(t, keys);
  for (const key of otherKeys) t.is(await cache().exists(key), 1, 'another site keeps its cache');
});

test('POST /game/admin/providers: gameCode is unique per site (2001), not across sites', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const before = await models.GameProvider.count({ where: { siteCode: site } });
  const dup = await req('POST', '/game/admin/providers', {
    site,
    body: { gameCode: 'provx-slot-01', providerCode: 'provy', gameType: 3 },
    headers: { locales: 'en-US' },
  });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2001);
  t.is(dup.body.data, null);
  t.is(dup.body.path, '/api/game/admin/providers');
  t.is(dup.body.message, 'This game code already exists in this site');
  t.is(await models.GameProvider.count({ where: { siteCode: site, gameCode: 'provx-slot-01' } }), 1);
  t.like(
    await models.GameProvider.findOne({ where: { siteCode: site, gameCode: 'provx-slot-01' }, raw: true }),
    { providerCode: 'provx', gameType: 2 },
    'the stored provider is unchanged',
  );
  t.is(await models.GameProvider.count({ where: { siteCode: site } }), before);
  t.is((await logsOf('provider-create', site)).length, 0, 'a refused write logs nothing');

  const gameCode = code('shared');
  t.is((await req('POST', '/game/admin/providers', { site, body: { gameCode, providerCode: 'provx', gameType: 2 } })).body.code, 200);
  t.is((await req('POST', '/game/admin/providers', { site: other, body: { gameCode, providerCode: 'provx', gameType: 2 } })).body.code, 200);
  // Concurrent creates of one code: one wins, the others are the same 2001.
  const race = code('race');
  const answers = await Promise.all(
    [1, 2, 3].map(() => req('POST', '/game/admin/providers', { site, body: { gameCode: race, providerCode: 'provy', gameType: 2 } })),
  );
  t.is(answers.filter((a) => a.body.code === 200).length, 1);
  t.true(answers.filter((a) => a.body.code !== 200).every((a) => a.status === 200 && a.body.code === 2001));
  t.is(await models.GameProvider.count({ where: { siteCode: site, gameCode: race } }), 1);
});

test('POST /game/admin/providers: body siteCode chooses the site; a malformed one is a 400, one naming no site the refusal 2001', async (t) => {
  const site = await factories.createSite();
  const target = await factories.createSite();
  const res = await req('POST', '/game/admin/providers', { site, body: { gameCode: code(), providerCode: 'provx', gameType: 3, siteCode: target } });
  t.is(res.body.code, 200);
  t.is(res.body.result.siteCode, target);
  t.is((await logsOf('provider-create', target)).length, 1);
  const unknown = await req('POST', '/game/admin/providers', { site, body: { gameCode: code(), providerCode: 'provx', gameType: 3, siteCode: 'nowhere-x' } });
  t.is(unknown.status, 200);
  t.is(unknown.body.code, 2001);
  t.is(unknown.body.message, '找不到該網站', 'the default locale');
  t.is(await models.GameProvider.count({ where: { siteCode: 'nowhere-x' } }), 0);
  const malformed = await req('POST', '/game/admin/providers', { site, body: { gameCode: code(), providerCode: 'provx', gameType: 3, siteCode: 'no where' } });
  t.is(malformed.status, 400);
  t.is(malformed.body.errors[0].field, 'siteCode');
});

test('a provider named in the launch locales (ko-KR, ja-JP) is answered back with them, as the document says', async (t) => {
  const site = await factories.createSite();
  const name = { 'en-US': 'Moon Crash', 'ko-KR': '문 크래시', 'ja-JP': 'ムーンクラッシュ' };
  const created = await req('POST', '/game/admin/providers', { site, body: { gameCode: code(), providerCode: 'provy', gameType: 9, name } });
  t.is(created.body.code, 200, created.text);
  t.deepEqual(created.body.result.name, name);
  // Every answer through req is checked against the API document: the listing passes with the same names.
  const listed = await req('GET', '/game/admin/providers?gameType=9', { site });
  t.deepEqual(listed.body.result.find((p: { id: number }) => p.id === created.body.result.id)?.name, name);
});

test('POST /game/admin/providers: bad bodies are 400 naming the field, never 500', async (t) => {
  const site = await factories.createSite();
  const base = { gameCode: code(), providerCode: 'provx', gameType: 2 };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ providerCode: 'provx', gameType: 2 }, 'gameCode'],
    [{ ...base, gameCode: '' }, 'gameCode'],
    [{ ...base, gameCode: 'has space' }, 'gameCode'],
    [{ ...base, gameCode: 'x'.repeat(65) }, 'gameCode'],
    [{ ...base, gameCode: 42 }, 'gameCode'],
    [{ ...base, gameCode: ['a'] }, 'gameCode'],
    [{ ...base, providerCode: 'provz' }, 'providerCode'],
    [{ gameCode: code(), gameType: 2 }, 'providerCode'],
    [{ ...base, gameType: 6 }, 'gameType'],
    [{ ...base, gameType: '2' }, 'gameType'],
    [{ ...base, gameType: 2.5 }, 'gameType'],
    [{ gameCode: code(), providerCode: 'provx' }, 'gameType'],
    [{ ...base, name: 'Dragon' }, 'name'],
    [{ ...base, name: ['Dragon'] }, 'name'],
    [{ ...base, name: null }, 'name'],
    [{ ...base, name: { xx: 'Dragon' } }, 'name'],
    [{ ...base, name: { 'en-US': 5 } }, 'name'],
    [{ ...base, name: { 'en-US': 'x'.repeat(121) } }, 'name'],
    [{ ...base, enable: 'true' }, 'enable'],
    [{ ...base, maintain: 1 }, 'maintain'],
    [{ ...base, sortOrder: '1' }, 'sortOrder'],
    [{ ...base, sortOrder: 1e12 }, 'sortOrder'],
  ];
  for (const [body, field] of cases) {
    const res = await req('POST', '/game/admin/providers', { site, body });
    t.is(res.status, 400, JSON.stringify(body).slice(0, 80));
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field.startsWith(field)),
      `${field}: ${res.text.slice(0, 200)}`,
    );
  }
  for (const rawBody of ['{"gameCode":', '[1,2]', '"text"', 'null']) {
    const res = await stack.request('POST', '/api/game/admin/providers', {
      token: root.token,
      rawBody,
      headers: { 'content-type': 'application/json', 'x-site-code': site },
    });
    t.is(res.status, 400, rawBody);
  }
  t.is((await logsOf('provider-create', site)).length, 0);
});

test('PATCH /game/admin/providers/:id: partial update, log with changes, cache cleared', async (t) => {
  const site = await factories.createSite();
  const p = await newProvider(site, { name: { 'en-US': 'Old' } });
  const keys = await seedCache(site);
  const res = await req('PATCH', `/game/admin/providers/${p.id}`, {
    site,
    body: { maintain: true, name: { 'en-US': 'New', 'th-TH': 'ใหม่' }, sortOrder: 99, siteCode: site },
  });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const r = res.body.result;
  t.deepEqual(Object.keys(r).sort(), PROVIDER_KEYS);
  t.true(r.maintain);
  t.deepEqual(r.name, { 'en-US': 'New', 'th-TH': 'ใหม่' });
  t.is(r.sortOrder, 99);
  t.is(r.gameCode, p.gameCode, 'untouched fields stay');
  t.true(r.enable);
  const row = await models.GameProvider.findByPk(p.id);
  t.true(row?.maintain);
  t.is(row?.sortOrder, 99);

  const [log] = await logsOf('provider-update', site);
  t.is(log.targetId, String(p.id));
  const changes = (log.detail as { changes: Record<string, { from: unknown; to: unknown }> }).changes;
  t.deepEqual(Object.keys(changes).sort(), ['maintain', 'name', 'sortOrder']);
  t.deepEqual(changes.maintain, { from: false, to: true });
  await cacheGone(t, keys);

  // Changing gameCode and gameType.
  const renamed = await req('PATCH', `/game/admin/providers/${p.id}`, { site, body: { gameCode: `${p.gameCode}-b`, gameType: 10, providerCode: 'provy' } });
  t.is(renamed.body.result.gameCode, `${p.gameCode}-b`);
  t.is(renamed.body.result.gameType, 10);
  t.is(renamed.body.result.providerCode, 'provy');
});

test('PATCH /game/admin/providers/:id: 404, duplicate gameCode (2001), moving sites and bad input are refused', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const p = await newProvider(site);
  const missing = await req('PATCH', '/game/admin/providers/99999999', { site, body: { enable: false } });
  t.is(missing.status, 404);
  t.is(missing.body.code, 404);
  t.is(missing.body.message, 'provider not found');
  t.is(missing.body.data, null);

  const dup = await req('PATCH', `/game/admin/providers/${p.id}`, { site, body: { gameCode: 'provy-fish-02' }, headers: { locales: 'en-US' } });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2001);
  t.is(dup.body.data, null);
  t.is(dup.body.message, 'This game code already exists in this site', 'PATCH uses the 2001 text of /api/game/admin/providers');
  t.is(await models.GameProvider.count({ where: { siteCode: site, gameCode: 'provy-fish-02' } }), 1);

  const move = await req('PATCH', `/game/admin/providers/${p.id}`, { site, body: { siteCode: other } });
  t.is(move.status, 400);
  t.is(move.body.errors[0].field, 'siteCode');

  for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
    const res = await req('PATCH', `/game/admin/providers/${id}`, { site, body: { enable: false } });
    t.is(res.status, 400, id);
    t.is(res.body.errors[0].field, 'id');
  }
  for (const body of [{ gameType: 7 }, { enable: 'no' }, { providerCode: '' }, { name: { de: 'x' } }]) {
    t.is((await req('PATCH', `/game/admin/providers/${p.id}`, { site, body })).status, 400, JSON.stringify(body));
  }
  const row = await models.GameProvider.findByPk(p.id);
  t.is(row?.gameCode, p.gameCode);
  t.is(row?.siteCode, site);
  t.is((await logsOf('provider-update', site)).length, 0);
});

test("site isolation: another site's x-site-code neither sees nor changes nor deletes a provider", async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const p = await newProvider(site, { sortOrder: 7 });
  const seen = await req('GET', '/game/admin/providers', { site: other });
  t.false(seen.body.result.some((x: { id: number }) => x.id === p.id));
  const patch = await req('PATCH', `/game/admin/providers/${p.id}`, { site: other, body: { sortOrder: 1, enable: false } });
  t.is(patch.status, 404);
  const del = await req('DELETE', `/game/admin/providers/${p.id}`, { site: other });
  t.is(del.status, 404);
  const row = await models.GameProvider.findByPk(p.id);
  t.truthy(row);
  t.is(row?.sortOrder, 7);
  t.true(row?.enable);
  // Type configs too.
  const cfg = await models.GameTypeConfig.findOne({ where: { siteCode: site, gameType: 2 } });
  t.is((await req('PATCH', `/game/admin/type-configs/${cfg!.id}`, { site: other, body: { enable: false } })).status, 404);
  t.is((await req('DELETE', `/game/admin/type-configs/${cfg!.id}`, { site: other })).status, 404);
  const types = await req('GET', '/game/admin/type-configs', { site: other });
  t.false(types.body.result.some((x: { id: number }) => x.id === cfg!.id));
  await cfg!.reload();
  t.true(cfg!.enabled);
});

test('DELETE /game/admin/providers/:id: result null, row gone, log, cache cleared; then 404', async (t) => {
  const site = await factories.createSite();
  const p = await newProvider(site);
  const keys = await seedCache(site);
  const res = await req('DELETE', `/game/admin/providers/${p.id}`, { site });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.result, null);
  t.is(await models.GameProvider.findByPk(p.id), null);
  const [log] = await logsOf('provider-delete', site);
  t.is(log.targetId, String(p.id));
  t.is((log.detail as { gameCode: string }).gameCode, p.gameCode);
  await cacheGone(t, keys);
  const again = await req('DELETE', `/game/admin/providers/${p.id}`, { site });
  t.is(again.status, 404);
  t.is(again.body.message, 'provider not found');
  t.is((await req('DELETE', '/game/admin/providers/x', { site })).status, 400);
});

// ------------------------------------------------------------------------------------------------
// Type configs

test("GET /game/admin/type-configs: the site's configs with label, enabled, typeKey", async (t) => {
  const site = await factories.createSite();
  const res = await req('GET', '/game/admin/type-configs', { site });
  t.is(res.body.code, 200);
  const list = res.body.result;
  t.is(list.length, 8);
  t.deepEqual(Object.keys(list[0]).sort(), TYPE_CONFIG_KEYS);
  t.deepEqual(
    list.map((c: { gameType: number }) => c.gameType),
    [1, 2, 3, 4, 5, 8, 9, 10],
  );
  t.deepEqual(
    list.map((c: { typeKey: string }) => c.typeKey),
    ['sports', 'slot', 'live', 'lottery', 'chess', 'esports', 'crypto', 'fish'],
  );
  t.true(list.every((c: { siteCode: string; enabled: boolean }) => c.siteCode === site && c.enabled === true));
  t.is(list[1].label['en-US'], 'Slots');
});

test('POST/PATCH/DELETE /game/admin/type-configs: name and enable in, label and enabled out; 2001, 400 and 404', async (t) => {
  const site = await factories.createSite();
  const keys = await seedCache(site);
  // The site starts with all eight types; free one.
  const slot = await models.GameTypeConfig.findOne({ where: { siteCode: site, gameType: 2 } });
  const del = await req('DELETE', `/game/admin/type-configs/${slot!.id}`, { site });
  t.is(del.body.code, 200);
  t.is(del.body.result, null);
  t.is(await models.GameTypeConfig.findByPk(slot!.id), null);
  await cacheGone(t, keys);
  t.is((await req('DELETE', `/game/admin/type-configs/${slot!.id}`, { site })).body.message, 'type config not found');

  const created = await req('POST', '/game/admin/type-configs', { site, body: { gameType: 2, name: { 'en-US': 'Reels' }, enable: false, sortOrder: 3 } });
  t.is(created.body.code, 200);
  const c = created.body.result;
  t.deepEqual(Object.keys(c).sort(), TYPE_CONFIG_KEYS);
  t.is(c.gameType, 2);
  t.is(c.typeKey, 'slot');
  t.deepEqual(c.label, { 'en-US': 'Reels' });
  t.false(c.enabled);
  t.is(c.sortOrder, 3);
  t.is(c.icon, 'mdi-slot-machine', 'icon defaults to the built-in one');
  t.is(c.siteCode, site);

  const configsBefore = await models.GameTypeConfig.count({ where: { siteCode: site } });
  const dup = await req('POST', '/game/admin/type-configs', { site, body: { gameType: 2 }, headers: { locales: 'en-US' } });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2001);
  t.is(dup.body.data, null);
  t.is(dup.body.path, '/api/game/admin/type-configs');
  t.is(dup.body.message, 'This site already has a configuration for this game type');
  t.is(await models.GameTypeConfig.count({ where: { siteCode: site } }), configsBefore);
  t.like(await models.GameTypeConfig.findByPk(c.id, { raw: true }), { gameType: 2, enabled: false, sortOrder: 3 }, 'the stored config is unchanged');
  for (const body of [
    {},
    { gameType: 6 },
    { gameType: '2' },
    { gameType: 2, enable: 'yes' },
    { gameType: 2, name: 'x' },
    { gameType: 2, icon: 'x'.repeat(65) },
  ]) {
    const res = await req('POST', '/game/admin/type-configs', { site, body });
    t.is(res.status, 400, JSON.stringify(body));
  }

  const patched = await req('PATCH', `/game/admin/type-configs/${c.id}`, { site, body: { enable: true, icon: 'mdi-star', label: { 'en-US': 'Slots!' } } });
  t.is(patched.body.code, 200);
  t.true(patched.body.result.enabled);
  t.is(patched.body.result.icon, 'mdi-star');
  t.deepEqual(patched.body.result.label, { 'en-US': 'Slots!' });
  const dupType = await req('PATCH', `/game/admin/type-configs/${c.id}`, { site, body: { gameType: 1 }, headers: { locales: 'en-US' } });
  t.is(dupType.status, 200);
  t.is(dupType.body.code, 2001);
  t.is(dupType.body.message, 'This site already has a configuration for this game type', 'PATCH uses the 2001 text of /api/game/admin/type-configs');
  t.like(await models.GameTypeConfig.findByPk(c.id, { raw: true }), { gameType: 2, typeKey: 'slot', icon: 'mdi-star' }, 'the config keeps its gameType');
  const missing = await req('PATCH', '/game/admin/type-configs/99999999', { site, body: { enable: true } });
  t.is(missing.status, 404);
  t.is(missing.body.message, 'type config not found');

  t.is((await logsOf('type-config-delete', site)).length, 1);
  t.is((await logsOf('type-config-create', site)).length, 1);
  const updates = await logsOf('type-config-update', site);
  t.is(updates.length, 1);
  t.deepEqual(Object.keys((updates[0].detail as { changes: object }).changes).sort(), ['enabled', 'icon', 'label']);
});

test('players see an administrator change at once: the cached GET /game/provider list is refreshed', async (t) => {
  const site = await factories.createSite();
  const list = async () =>
    (await stack.request('GET', '/api/game/provider?gameType=2', { headers: { 'site-name': site } })).body.result as Array<{ gameCode: string }>;
  const before = await list();
  t.true(before.some((p) => p.gameCode === 'provy-slot-02'));
  t.is(await cache().exists(providerListKey(site, 2)), 1, 'the player list is cached');
  const row = await models.GameProvider.findOne({ where: { siteCode: site, gameCode: 'provy-slot-02' } });
  t.is((await req('PATCH', `/game/admin/providers/${row!.id}`, { site, body: { enable: false } })).body.code, 200);
  const after = await list();
  t.false(after.some((p) => p.gameCode === 'provy-slot-02'));
  t.is(after.length, before.length - 1);
});
