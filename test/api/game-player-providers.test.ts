import test from 'ava';
import nock from 'nock';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Player game endpoints that call the providers: launch (provy product mapping, provx,
 * locale, risk check at three levels, play log, 5004), demo, and the provider game list with its
 * fallback on 403, time-out and empty answers. provx and provy are intercepted with nock; every
 * interceptor matches something unique to its test (player, game id or language), so tests run
 * concurrently.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');

const PROVX = 'https://provx.test';
const PROVY = 'https://provy.test';

let stack: TestStack;
let factories: Factories;
let models: Models;
let playLog: typeof import('../../shared/domain/game');

test.before(async () => {
  stack = await startTestStack({
    PROVX_BASE_URL: `${PROVX}/gw`,
    PROVX_API_KEY: 'provx-key',
    PROVY_BASE_URL: PROVY,
    PROVY_API_KEY: 'provy-key',
    PROVIDER_HTTP_TIMEOUT_MS: '400',
  });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  playLog = await import('../../shared/domain/game');
});

test.after.always(async () => {
  await playLog?.settlePlayLogWrites();
  nock.cleanAll();
  await stack?.close();
});

type Body = Record<string, unknown>;

/** A provy launch interceptor for one player; resolves the request body it received. */
function provyLaunch(playerId: number, reply: { status: number; body?: unknown; delayMs?: number } = { status: 200 }) {
  const seen: Body[] = [];
  const scope = nock(PROVY)
    .matchHeader('authorization', 'Bearer provy-key')
    .post('/v1/game/launch', (body: Body) => body.PlayerId === String(playerId))
    .delay(reply.delayMs ?? 0)
    .reply(reply.status, (_uri, body) => {
      seen.push(body as Body);
      return reply.body ?? { Url: `https://play.provy.test/session/${playerId}` };
    });
  return { scope, seen };
}

const launch = (token: string, body: Body, locale = 'en-US') => stack.request('POST', '/api/game/launch', { token, body, headers: { locales: locale } });

// ---------------------------------------------------------------------------------------------------
// Launch

test('launch provy slot: product 2 sent with the player, game id, device and locale; {url}; play log upserted', async (t) => {
  const { token, user } = await factories.createUser();
  const { scope, seen } = provyLaunch(user.id);
  const res = await launch(token, { device: 'mobile', gameCode: 'provy-slot-01', productId: 2001 });
  t.is(res.body.code, 200, JSON.stringify(res.body));
  t.deepEqual(res.body.result, { url: `https://play.provy.test/session/${user.id}` });
  t.true(scope.isDone());
  t.deepEqual(seen[0], {
    PlayerId: String(user.id),
    Account: user.account,
    SiteCode: user.siteCode,
    ProductId: 2,
    GameId: 2001,
    Device: 'mobile',
    Language: 'en-US',
    Currency: 'USD',
  });
  const recent = await waitFor('play log', async () => {
    const r = await stack.request('GET', '/api/game/recent', { token });
    return r.body.result?.length ? r.body.result : null;
  });
  t.is(recent[0].gameCode, 'provy-slot-01');
  t.is(recent[0].productId, '2001');
});

test('launch provy crypto maps to product 3; other game types send no product', async (t) => {
  const { token, user } = await factories.createUser();
  const first = provyLaunch(user.id);
  t.is((await launch(token, { device: 'desktop', gameCode: 'provy-crypto-02', productId: 3001 })).body.code, 200);
  t.is(first.seen[0].ProductId, 3);
  t.is(first.seen[0].GameId, 3001);
  const second = provyLaunch(user.id);
  t.is((await launch(token, { device: 'desktop', gameCode: 'provy-sports-01', productId: 11 })).body.code, 200);
  t.false('ProductId' in second.seen[0]);
});

test('launch passes the locale, ko-KR and ja-JP included; an unknown locale falls back to zh-TW', async (t) => {
  const { token, user } = await factories.createUser();
  for (const [header, expected] of [
    ['ko-KR', 'ko-KR'],
    ['ja-JP', 'ja-JP'],
    ['th-TH', 'th-TH'],
    ['fr-FR', 'zh-TW'],
  ]) {
    const { seen } = provyLaunch(user.id);
    const res = await launch(token, { device: 'desktop', gameCode: 'provy-slot-02', productId: 5 }, header);
    t.is(res.body.code, 200);
    t.is(seen[0].Language, expected, header);
  }
});

test('launch provx: X-Api-Key, base URL path prefix kept, camelCase body', async (t) => {
  const { token, user } = await factories.createUser();
  const seen: Body[] = [];
  const scope = nock(PROVX)
    .matchHeader('x-api-key', 'provx-key')
    .post('/gw/api/v1/games/launch', (body: Body) => body.playerId === String(user.id))
    .reply(200, (_uri, body) => {
      seen.push(body as Body);
      return { url: 'https://play.provx.test/s/abc' };
    });
  const res = await launch(token, { device: 'desktop', gameCode: 'provx-live-02', productId: 77 }, 'vi-VN');
  t.deepEqual(res.body.result, { url: 'https://play.provx.test/s/abc' });
  t.true(scope.isDone());
  t.deepEqual(seen[0], {
    playerId: String(user.id),
    account: user.account,
    siteCode: user.siteCode,
    gameId: 77,
    gameType: 3,
    device: 'desktop',
    language: 'vi-VN',
    currency: 'USD',
  });
});

test('launch: a provider error status, a time-out, a body without a URL or a refused key are 5004, and log no play', async (t) => {
  const { token, user } = await factories.createUser();
  const cases = [
    { status: 500, body: { error: 'boom' } },
    { status: 403, body: { error: 'forbidden' } },
    { status: 200, body: { Url: 'javascript:alert(1)' } },
    { status: 200, body: { nothing: true } },
    { status: 200, delayMs: 1500 },
  ];
  for (const reply of cases) {
    provyLaunch(user.id, reply);
    const res = await launch(token, { device: 'desktop', gameCode: 'provy-slot-01', productId: 9 });
    t.is(res.body.code, 5004, JSON.stringify(reply));
    t.is(res.body.message, 'Game provider error, please try again later');
  }
  await playLog.settlePlayLogWrites();
  t.is(await models.GamePlayLog.count({ where: { userId: user.id } }), 0);
});

test('launch risk check: blocks on all games, the game type, the game (and its product) give 5010; unrelated blocks do not', async (t) => {
  const block = async (userId: number, fields: { gameType?: number; gameCode?: string; productId?: string }) =>
    models.GameUserBlock.create({
      siteCode: 'default',
      userId,
      gameType: fields.gameType ?? null,
      gameCode: fields.gameCode ?? null,
      productId: fields.productId ?? null,
      reason: 'test',
    });
  const body = { device: 'desktop', gameCode: 'provy-slot-01', productId: 2001 };

  const all = await factories.createUser();
  await block(all.user.id, {});
  const refused = await launch(all.token, body);
  t.is(refused.body.code, 5010);
  t.is(refused.body.message, 'You are not allowed to play this game');
  t.is((await launch(all.token, { ...body, gameCode: 'provx-fish-01' })).body.code, 5010);

  const type = await factories.createUser();
  await block(type.user.id, { gameType: 2 });
  t.is((await launch(type.token, body)).body.code, 5010);
  t.is((await launch(type.token, { ...body, gameCode: 'provx-slot-02' })).body.code, 5010);

  const game = await factories.createUser();
  await block(game.user.id, { gameCode: 'provy-slot-01' });
  t.is((await launch(game.token, body)).body.code, 5010);
  t.is((await launch(game.token, { ...body, productId: 1 })).body.code, 5010);

  const product = await factories.createUser();
  await block(product.user.id, { gameCode: 'provy-slot-01', productId: '2001' });
  t.is((await launch(product.token, body)).body.code, 5010);

  // Unrelated blocks: another game type, another game, another product of the game, another player.
  const free = await factories.createUser();
  await block(free.user.id, { gameType: 9 });
  await block(free.user.id, { gameCode: 'provy-slot-02' });
  await block(free.user.id, { gameCode: 'provy-slot-01', productId: '2002' });
  provyLaunch(free.user.id);
  const ok = await launch(free.token, body);
  t.is(ok.body.code, 200);
  provyLaunch(product.user.id);
  t.is((await launch(product.token, { ...body, productId: 2003 })).body.code, 200);
  provyLaunch(type.user.id);
  t.is((await launch(type.token, { ...body, gameCode: 'provy-crypto-01' })).body.code, 200);
});

test('launch: the risk check comes before the provider call, and maintenance before the risk check', async (t) => {
  const { token, user } = await factories.createUser();
  await models.GameUserBlock.create({ siteCode: 'default', userId: user.id, gameType: null, gameCode: null, productId: null });
  const { scope } = provyLaunch(user.id);
  t.is((await launch(token, { device: 'desktop', gameCode: 'provy-slot-01', productId: 1 })).body.code, 5010);
  t.false(scope.isDone()); // provy was never called
  const maintain = await models.GameProvider.create({
    siteCode: 'default',
    gameCode: 'maint-slot',
    providerCode: 'provy',
    gameType: 2,
    name: {},
    areaBlock: false,
    maintain: true,
    enable: true,
    sortOrder: 1,
  });
  t.is((await launch(token, { device: 'desktop', gameCode: maintain.gameCode, productId: 1 })).body.code, 5003);
});

// ---------------------------------------------------------------------------------------------------
// Demo

test('demo provy slot: product 2, no player, {url}; no play log; provider failure is 5004', async (t) => {
  const seen: Body[] = [];
  const scope = nock(PROVY)
    .matchHeader('authorization', 'Bearer provy-key')
    .post('/v1/game/demo', (body: Body) => body.GameId === 424242)
    .reply(200, (_uri, body) => {
      seen.push(body as Body);
      return { Url: 'https://demo.provy.test/424242' };
    });
  const res = await stack.request('POST', '/api/game/demo', {
    body: { device: 'mobile', gameCode: 'provy-slot-02', productId: 424242 },
    headers: { locales: 'ja-JP' },
  });
  t.deepEqual(res.body.result, { url: 'https://demo.provy.test/424242' });
  t.true(scope.isDone());
  t.deepEqual(seen[0], { ProductId: 2, GameId: 424242, Device: 'mobile', Language: 'ja-JP' });
  t.is(await models.GamePlayLog.count({ where: { gameCode: 'provy-slot-02', productId: '424242' } }), 0);

  nock(PROVY)
    .post('/v1/game/demo', (body: Body) => body.GameId === 434343)
    .reply(502, 'bad gateway');
  const failed = await stack.request('POST', '/api/game/demo', { body: { device: 'mobile', gameCode: 'provy-slot-02', productId: 434343 } });
  t.is(failed.body.code, 5004);
  t.is(failed.body.path, '/api/game/demo');
  // Still only provy slots: the configured provider does not open demos of other games.
  t.is((await stack.request('POST', '/api/game/demo', { body: { device: 'mobile', gameCode: 'provx-slot-01', productId: 1 } })).body.code, 5006);
});

// ---------------------------------------------------------------------------------------------------
// Provider game list

test('game list: the provider answer is passed through with fallback false, and cached', async (t) => {
  const { token } = await factories.createUser();
  const provyGames = [
    {
      ProductId: 2,
      GameId: 2001,
      GameName: 'Golden Pharaoh',
      CategoryId: 1,
      Category: 'Video Slots',
      HasDemo: true,
      MobileAvailable: true,
      DesktopAvailable: true,
      RTP: '96.50',
    },
  ];
  const scope = nock(PROVY)
    .matchHeader('authorization', 'Bearer provy-key')
    .get('/v1/game/list')
    .query({ ProductId: '2', Language: 'en-US' })
    .once()
    .reply(200, { Games: provyGames });
  const res = await stack.request('GET', '/api/game/list?gameCode=provy-slot-01', { token, headers: { locales: 'en-US' } });
  t.deepEqual(res.body.result, { games: provyGames, fallback: false });
  t.true(scope.isDone());
  // Served from the cache: no second call reaches provy (nock would refuse it: network is closed).
  const again = await stack.request('GET', '/api/game/list?gameCode=provy-slot-02', { token, headers: { locales: 'en-US' } });
  t.deepEqual(again.body.result, { games: provyGames, fallback: false });

  const provxGames = [{ gameId: 1, gameName: 'Fish Hunter', gameType: 10, hasDemo: false, mobile: true, desktop: true, rtp: '95.00' }];
  nock(PROVX).matchHeader('x-api-key', 'provx-key').get('/gw/api/v1/games').query({ gameType: '10', language: 'en-US' }).reply(200, { games: provxGames });
  const provx = await stack.request('GET', '/api/game/list?gameCode=provx-fish-01', { token, headers: { locales: 'en-US' } });
  t.deepEqual(provx.body.result, { games: provxGames, fallback: false });
});

test('game list: 403, time-out, error and empty list answer the test list with fallback true', async (t) => {
  const { token } = await factories.createUser();
  const cases: Array<[string, (scope: nock.Interceptor) => nock.Scope]> = [
    ['zh-CN', (i) => i.reply(403, { error: 'forbidden' })],
    ['th-TH', (i) => i.delay(1500).reply(200, { Games: [{ GameId: 1 }] })],
    ['vi-VN', (i) => i.reply(200, { Games: [] })],
    ['zh-TW', (i) => i.reply(500, 'oops')],
    ['ko-KR', (i) => i.reply(200, 'not json')],
  ];
  for (const [language, answer] of cases) {
    const scope = answer(nock(PROVY).get('/v1/game/list').query({ ProductId: '3', Language: language }));
    const res = await stack.request('GET', '/api/game/list?gameCode=provy-crypto-01', { token, headers: { locales: language } });
    t.is(res.body.code, 200, language);
    t.true(res.body.result.fallback, language);
    t.true(res.body.result.games.length > 0);
    t.true(
      res.body.result.games.every((g: { GameName: string; ProductId: number }) => g.GameName.startsWith('[TEST] ') && g.ProductId === 3),
      language,
    );
    t.true(scope.isDone(), language);
  }
});
