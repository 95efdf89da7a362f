import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Player game endpoints without provider credentials: provider list and its cache, type
 * configs, launch and demo refusals (5001, 5002, 5003, 5006, 5005), recent games, the game list's
 * built-in fallback, validation and 401s. Provider HTTP calls are in game-player-providers.test.ts.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');

let stack: TestStack;
let factories: Factories;
let models: Models;
let gameCache: typeof import('../../shared/domain/game/cache');
let playLog: typeof import('../../shared/domain/game');
let redis: typeof import('../../shared/redis');

test.before(async () => {
  // No provider credentials in this file, whatever the surrounding environment holds.
  stack = await startTestStack({ PROVX_BASE_URL: '', PROVX_API_KEY: '', PROVY_BASE_URL: '', PROVY_API_KEY: '' });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  gameCache = await import('../../shared/domain/game/cache');
  playLog = await import('../../shared/domain/game');
  redis = await import('../../shared/redis');
});

test.after.always(async () => {
  await playLog?.settlePlayLogWrites();
  await stack?.close();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function addGame(
  siteCode: string,
  fields: Partial<{ gameCode: string; providerCode: string; gameType: number; enable: boolean; maintain: boolean; sortOrder: number }> = {},
) {
  return models.GameProvider.create({
    siteCode,
    gameCode: fields.gameCode ?? `g-${Math.random().toString(36).slice(2, 10)}`,
    providerCode: fields.providerCode ?? 'provy',
    gameType: fields.gameType ?? 2,
    name: { 'en-US': 'Test game' },
    areaBlock: false,
    maintain: fields.maintain ?? false,
    enable: fields.enable ?? true,
    sortOrder: fields.sortOrder ?? 999,
  });
}

// ---------------------------------------------------------------------------------------------------
// GET /game/provider

test('GET /game/provider lists the enabled providers of the site in the player view, by sortOrder', async (t) => {
  const site = await factories.createSite();
  const disabled = await addGame(site, { gameType: 2, enable: false, sortOrder: 1 });
  const res = await stack.request('GET', '/api/game/provider', { headers: { 'site-name': site } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.message, 'ok');
  t.is(res.body.path, '/api/game/provider');
  const list = res.body.result as Array<Record<string, unknown>>;
  t.is(list.length, 32); // the template: 4 per game type, all enabled
  t.false(list.some((p) => p.gameCode === disabled.gameCode));
  t.deepEqual(
    Object.keys(list[0]).sort(),
    ['areaBlock', 'createdAt', 'enable', 'gameCode', 'gameType', 'gameTypeLabel', 'id', 'maintain', 'providerCode'].sort(),
  );
  t.like(list[0], {
    gameCode: 'provx-sports-01',
    providerCode: 'provx',
    gameType: 1,
    gameTypeLabel: 'sports',
    enable: true,
    maintain: false,
    areaBlock: false,
  });
  t.regex(list[0].createdAt as string, ISO);
  t.true(list.every((p) => p.enable === true));
  const crypto = list.find((p) => p.gameType === 9);
  t.is(crypto?.gameTypeLabel, 'crypto');
});

test('GET /game/provider?gameType filters, and refuses a code outside 1,2,3,4,5,8,9,10 with 400', async (t) => {
  const site = await factories.createSite();
  const res = await stack.request('GET', '/api/game/provider?gameType=9', { headers: { 'site-name': site } });
  t.is(res.body.code, 200);
  t.is(res.body.result.length, 4);
  t.true(res.body.result.every((p: { gameType: number; gameTypeLabel: string }) => p.gameType === 9 && p.gameTypeLabel === 'crypto'));
  for (const bad of ['6', '0', 'slot', '2.0', '11']) {
    const refused = await stack.request('GET', `/api/game/provider?gameType=${bad}`, { headers: { 'site-name': site } });
    t.is(refused.status, 400, bad);
    t.is(refused.body.code, 400);
    t.is(refused.body.errors?.[0]?.field, 'gameType');
  }
  const blank = await stack.request('GET', '/api/game/provider?gameType=', { headers: { 'site-name': site } });
  t.is(blank.body.result.length, 32);
});

test('GET /game/provider is cached one hour per site and gameType; clearProviderListCache clears it', async (t) => {
  const site = await factories.createSite();
  const first = await stack.request('GET', '/api/game/provider?gameType=3', { headers: { 'site-name': site } });
  t.is(first.body.result.length, 4);
  const cache = redis.cache();
  const key = gameCache.providerListKey(site, '3');
  const ttl = await cache.ttl(key);
  t.true(ttl > 3590 && ttl <= 3600, `ttl ${ttl}`);
  t.truthy(await cache.get(key));
  t.is(await cache.ttl(gameCache.providerListKey(site, undefined)), -2); // `all` not filled yet

  // A change in Postgres is not seen while the entry lives: the cached value is served.
  const added = await addGame(site, { gameType: 3, sortOrder: 1 });
  const cached = await stack.request('GET', '/api/game/provider?gameType=3', { headers: { 'site-name': site } });
  t.is(cached.body.result.length, 4);

  await gameCache.clearProviderListCache(site);
  t.is(await cache.get(key), null);
  const fresh = await stack.request('GET', '/api/game/provider?gameType=3', { headers: { 'site-name': site } });
  t.is(fresh.body.result.length, 5);
  t.is(fresh.body.result[0].gameCode, added.gameCode); // sortOrder 1 comes first
});

test('GET /game/provider: an unknown site-name is a 400', async (t) => {
  const res = await stack.request('GET', '/api/game/provider', { headers: { 'site-name': 'no-such-site' } });
  t.is(res.status, 400);
});

// ---------------------------------------------------------------------------------------------------
// GET /game/type-configs

test('GET /game/type-configs lists every type config of the site by sortOrder (2.10 fields)', async (t) => {
  const site = await factories.createSite();
  await models.GameTypeConfig.update({ enabled: false, sortOrder: 1 }, { where: { siteCode: site, gameType: 10 } });
  const res = await stack.request('GET', '/api/game/type-configs', { headers: { 'site-name': site } });
  t.is(res.body.code, 200);
  const list = res.body.result as Array<Record<string, unknown>>;
  t.is(list.length, 8);
  t.deepEqual(Object.keys(list[0]).sort(), ['createdAt', 'enabled', 'gameType', 'icon', 'id', 'label', 'siteCode', 'sortOrder', 'typeKey', 'updatedAt']);
  t.like(list[0], { gameType: 10, typeKey: 'fish', enabled: false, sortOrder: 1, siteCode: site });
  t.is(typeof (list[1].label as Record<string, string>)['en-US'], 'string');
  t.regex(list[1].createdAt as string, ISO);
  const orders = list.map((c) => c.sortOrder as number);
  t.deepEqual(
    orders,
    [...orders].sort((a, b) => a - b),
  );
});

// ---------------------------------------------------------------------------------------------------
// POST /game/launch without credentials

test('POST /game/launch needs a player token', async (t) => {
  const res = await stack.request('POST', '/api/game/launch', { body: { device: 'desktop', gameCode: 'provy-slot-01', productId: 1 } });
  t.is(res.status, 401);
  t.is(res.body.code, 401);
  t.is(res.body.message, 'Unauthorized');
});

test('POST /game/launch: 5001 unknown game, 5002 disabled, 5003 maintenance, 5005 provider not configured', async (t) => {
  const { token, user } = await factories.createUser();
  const disabled = await addGame(user.siteCode, { enable: false });
  const maintain = await addGame(user.siteCode, { maintain: true });
  const launch = (gameCode: string) =>
    stack.request('POST', '/api/game/launch', { token, body: { device: 'desktop', gameCode, productId: 2001 }, headers: { locales: 'en-US' } });

  const missing = await launch('no-such-game');
  t.is(missing.status, 200);
  t.is(missing.body.code, 5001);
  t.is(missing.body.message, 'Game provider not found');
  t.is(missing.body.path, '/api/game/launch');
  t.is(missing.body.data, null);
  t.is((await launch(disabled.gameCode)).body.code, 5002);
  t.is((await launch(maintain.gameCode)).body.code, 5003);
  const provy = await launch('provy-slot-01');
  t.is(provy.body.code, 5005);
  t.is(provy.body.message, 'Game provider API is not configured');
  t.is((await launch('provx-live-01')).body.code, 5005);
  // A game of another site is not found for this player.
  const other = await factories.createSite();
  const foreign = await addGame(other);
  t.is((await launch(foreign.gameCode)).body.code, 5001);
  // Nothing was played: no play log.
  t.is(await models.GamePlayLog.count({ where: { userId: user.id } }), 0);
});

test('POST /game/launch validates its body', async (t) => {
  const { token } = await factories.createUser();
  const cases: Array<[unknown, string]> = [
    [{ gameCode: 'provy-slot-01', productId: 1 }, 'device'],
    [{ device: 'tablet', gameCode: 'provy-slot-01', productId: 1 }, 'device'],
    [{ device: 'desktop', productId: 1 }, 'gameCode'],
    [{ device: 'desktop', gameCode: 'provy-slot-01' }, 'productId'],
    [{ device: 'desktop', gameCode: 'provy-slot-01', productId: '1' }, 'productId'],
    [{ device: 'desktop', gameCode: 'provy-slot-01', productId: 1.5 }, 'productId'],
    [{ device: 'desktop', gameCode: 'provy-slot-01', productId: -1 }, 'productId'],
    [{ device: 'desktop', gameCode: 7, productId: 1 }, 'gameCode'],
  ];
  for (const [body, field] of cases) {
    const res = await stack.request('POST', '/api/game/launch', { token, body });
    t.is(res.status, 400, JSON.stringify(body));
    t.true(
      (res.body.errors as Array<{ field: string }>).some((e) => e.field === field),
      JSON.stringify(res.body),
    );
  }
  const malformed = await stack.request('POST', '/api/game/launch', { token, rawBody: '{"device":', headers: { 'content-type': 'application/json' } });
  t.is(malformed.status, 400);
});

// ---------------------------------------------------------------------------------------------------
// POST /game/demo without credentials

test('POST /game/demo (public): 5001 unknown or disabled, 5006 not a provy slot game, 5005 provy not configured', async (t) => {
  const site = await factories.createSite();
  const disabled = await addGame(site, { enable: false });
  const demo = (gameCode: string) =>
    stack.request('POST', '/api/game/demo', { body: { device: 'mobile', gameCode, productId: 2001 }, headers: { 'site-name': site, locales: 'en-US' } });
  t.is((await demo('no-such-game')).body.code, 5001);
  t.is((await demo(disabled.gameCode)).body.code, 5001);
  const provxSlot = await demo('provx-slot-01');
  t.is(provxSlot.body.code, 5006);
  t.is(provxSlot.body.message, 'Demo mode is not available for this game');
  t.is((await demo('provy-crypto-01')).body.code, 5006);
  t.is((await demo('provy-live-01')).body.code, 5006);
  const notConfigured = await demo('provy-slot-01');
  t.is(notConfigured.body.code, 5005);
  t.is(notConfigured.body.path, '/api/game/demo');
  t.is(notConfigured.body.message, 'Game provider API is not configured');
  const bad = await stack.request('POST', '/api/game/demo', { body: { device: 'mobile', gameCode: 'provy-slot-01' }, headers: { 'site-name': site } });
  t.is(bad.status, 400);
});

// ---------------------------------------------------------------------------------------------------
// GET /game/recent

test('GET /game/recent: newest first, productId as a string, limit 1..20 default 10', async (t) => {
  const { token, user } = await factories.createUser();
  const base = Date.now() - 60_000;
  await models.GamePlayLog.bulkCreate(
    Array.from({ length: 12 }, (_, i) => ({
      siteCode: user.siteCode,
      userId: user.id,
      gameCode: `game-${i}`,
      productId: String(100 + i),
      lastPlayedAt: new Date(base + i * 1000),
    })),
  );
  const other = await factories.createUser();
  await models.GamePlayLog.create({ siteCode: user.siteCode, userId: other.user.id, gameCode: 'someone-else', productId: '1', lastPlayedAt: new Date() });

  const res = await stack.request('GET', '/api/game/recent', { token });
  t.is(res.body.code, 200);
  const list = res.body.result as Array<{ gameCode: string; productId: string; lastPlayedAt: string }>;
  t.is(list.length, 10);
  t.deepEqual(Object.keys(list[0]).sort(), ['gameCode', 'lastPlayedAt', 'productId']);
  t.deepEqual(list[0], { gameCode: 'game-11', productId: '111', lastPlayedAt: new Date(base + 11_000).toISOString() });
  t.is(list[9].gameCode, 'game-2');
  t.false(list.some((g) => g.gameCode === 'someone-else'));

  t.is((await stack.request('GET', '/api/game/recent?limit=3', { token })).body.result.length, 3);
  t.is((await stack.request('GET', '/api/game/recent?limit=20', { token })).body.result.length, 12);
  for (const bad of ['0', '21', 'abc', '-1', '2.5']) {
    const res2 = await stack.request('GET', `/api/game/recent?limit=${bad}`, { token });
    t.is(res2.status, 400, bad);
    t.is(res2.body.errors?.[0]?.field, 'limit');
  }
  t.is((await stack.request('GET', '/api/game/recent')).status, 401);
});

// ---------------------------------------------------------------------------------------------------
// GET /game/list without credentials

test('GET /game/list: provider not configured answers the built-in test list with fallback true; 5001 unknown game', async (t) => {
  const { token } = await factories.createUser();
  await (await import('../../shared/domain/game')).clearGameListCache();
  const provy = await stack.request('GET', '/api/game/list?gameCode=provy-slot-01', { token });
  t.is(provy.body.code, 200);
  t.true(provy.body.result.fallback);
  const items = provy.body.result.games as Array<Record<string, unknown>>;
  t.true(items.length > 0);
  t.deepEqual(
    Object.keys(items[0]).sort(),
    ['CategoryId', 'Category', 'DesktopAvailable', 'GameId', 'GameName', 'HasDemo', 'MobileAvailable', 'ProductId', 'RTP'].sort(),
  );
  t.true(items.every((g) => g.ProductId === 2 && typeof g.GameId === 'number' && (g.GameName as string).startsWith('[TEST] ') && typeof g.RTP === 'string'));

  const crypto = await stack.request('GET', '/api/game/list?gameCode=provy-crypto-01', { token });
  t.true(crypto.body.result.games.every((g: { ProductId: number }) => g.ProductId === 3));

  const provx = await stack.request('GET', '/api/game/list?gameCode=provx-live-01', { token });
  t.true(provx.body.result.fallback);
  t.true(provx.body.result.games.every((g: { gameName: string; gameType: number }) => g.gameName.startsWith('[TEST] ') && g.gameType === 3));

  const missing = await stack.request('GET', '/api/game/list?gameCode=nope', { token });
  t.is(missing.body.code, 5001);
  t.is(missing.body.path, '/api/game/list');
  t.is((await stack.request('GET', '/api/game/list', { token })).status, 400);
  t.is((await stack.request('GET', '/api/game/list?gameCode=provy-slot-01')).status, 401);
});
