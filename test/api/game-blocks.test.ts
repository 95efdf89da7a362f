import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Administrator game blocks of players (/game/admin/user-blocks, permission module `game`): create at
 * the three levels, validation, site scoping, idempotent creation, list, delete, operation log rows,
 * and the effect on POST /game/launch (5010 while blocked; provider credentials are absent here, so an
 * unblocked launch reaches the 5005 step).
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');

let stack: TestStack;
let factories: Factories;
let models: Models;
let adminToken: string;
let adminId: number;

test.before(async () => {
  stack = await startTestStack({ PROVX_BASE_URL: '', PROVX_API_KEY: '', PROVY_BASE_URL: '', PROVY_API_KEY: '' });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  const admin = await factories.createAdmin({ permissions: ['game:read', 'game:write'] });
  adminToken = admin.token;
  adminId = admin.admin.id;
});

test.after.always(async () => {
  await stack?.close();
});

const PATH = '/api/game/admin/user-blocks';
const create = (body: unknown, headers: Record<string, string> = {}, token = adminToken) => stack.request('POST', PATH, { token, body, headers });
const launch = (token: string, gameCode = 'provy-slot-01', productId = 2001) =>
  stack.request('POST', '/api/game/launch', { token, body: { device: 'desktop', gameCode, productId } });

test('create at each level: the answer names the level; launch gives 5010 only where the block applies', async (t) => {
  const all = await factories.createUser();
  const type = await factories.createUser();
  const game = await factories.createUser();

  const a = await create({ userId: all.user.id, reason: 'fraud review' });
  t.is(a.body.code, 200, JSON.stringify(a.body));
  t.like(a.body.result, {
    userId: all.user.id,
    account: all.user.account,
    siteCode: 'default',
    level: 'all',
    gameType: null,
    gameCode: null,
    productId: null,
    reason: 'fraud review',
    createdBy: adminId,
  });
  t.regex(a.body.result.createdAt, /Z$/);
  const b = await create({ userId: type.user.id, gameType: 9 });
  t.like(b.body.result, { level: 'gameType', gameType: 9, gameCode: null });
  const c = await create({ userId: game.user.id, gameCode: 'provy-slot-01', productId: 2001 });
  t.like(c.body.result, { level: 'game', gameType: null, gameCode: 'provy-slot-01', productId: '2001' });

  t.is((await launch(all.token)).body.code, 5010);
  t.is((await launch(all.token, 'provx-fish-02', 1)).body.code, 5010);
  t.is((await launch(type.token, 'provy-crypto-01', 1)).body.code, 5010);
  t.is((await launch(type.token)).body.code, 5005); // slot is another type: reaches the provider step
  t.is((await launch(game.token)).body.code, 5010);
  t.is((await launch(game.token, 'provy-slot-01', 2002)).body.code, 5005); // another product of the game
});

test('delete lifts the block; the second delete is 2002; both writes are in the operation log', async (t) => {
  const { user, token } = await factories.createUser();
  const created = await create({ userId: user.id, gameCode: 'provx-live-01' });
  const id = created.body.result.id as number;
  t.is((await launch(token, 'provx-live-01')).body.code, 5010);

  const del = await stack.request('DELETE', `${PATH}/${id}`, { token: adminToken });
  t.is(del.body.code, 200);
  t.is(del.body.result, null);
  t.is((await launch(token, 'provx-live-01')).body.code, 5005);
  const again = await stack.request('DELETE', `${PATH}/${id}`, { token: adminToken });
  t.is(again.status, 200);
  t.is(again.body.code, 2002);

  const logs = await models.AdminOperationLog.findAll({ where: { module: 'game', targetId: String(id) }, order: [['id', 'ASC']] });
  t.deepEqual(
    logs.map((l) => l.action),
    ['user-block.create', 'user-block.delete'],
  );
  t.is(logs[0].adminId, adminId);
  t.is(logs[0].siteCode, 'default');
  t.is(logs[0].method, 'POST');
  t.is(logs[1].path, `${PATH}/${id}`);
  t.regex(logs[0].summary ?? '', new RegExp(user.account));
});

test('the same block twice is one block (and one log row)', async (t) => {
  const { user } = await factories.createUser();
  const first = await create({ userId: user.id, gameType: 2 });
  const second = await create({ userId: user.id, gameType: 2 });
  t.is(second.body.code, 200);
  t.is(second.body.result.id, first.body.result.id);
  t.is(await models.GameUserBlock.count({ where: { userId: user.id } }), 1);
  t.is(await models.AdminOperationLog.count({ where: { module: 'game', action: 'user-block.create', targetId: String(first.body.result.id) } }), 1);
  // Concurrent duplicates too.
  const { user: other } = await factories.createUser();
  const answers = await Promise.all(Array.from({ length: 5 }, () => create({ userId: other.id })));
  t.true(answers.every((r) => r.body.code === 200));
  t.is(new Set(answers.map((r) => r.body.result.id)).size, 1);
});

test('list: newest first, filtered by userId, paginated, site-scoped', async (t) => {
  const { user } = await factories.createUser();
  await create({ userId: user.id, gameType: 1 });
  await create({ userId: user.id, gameType: 3 });
  await create({ userId: user.id, gameCode: 'provy-slot-02' });
  const res = await stack.request('GET', `${PATH}?userId=${user.id}`, { token: adminToken });
  t.is(res.body.code, 200);
  t.deepEqual(
    res.body.result.items.map((b: { level: string; gameType: number | null }) => [b.level, b.gameType]),
    [
      ['game', null],
      ['gameType', 3],
      ['gameType', 1],
    ],
  );
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 20, total: 3, totalPages: 1 });
  const page = await stack.request('GET', `${PATH}?userId=${user.id}&page=2&pageSize=2`, { token: adminToken });
  t.is(page.body.result.items.length, 1);
  t.is(page.body.result.pagination.totalPages, 2);
  const everyone = await stack.request('GET', PATH, { token: adminToken });
  t.true(everyone.body.result.pagination.total >= 3);

  const site = await factories.createSite();
  const otherSite = await stack.request('GET', `${PATH}?userId=${user.id}`, { token: adminToken, headers: { 'x-site-code': site } });
  t.is(otherSite.body.result.pagination.total, 0);
  t.is((await stack.request('GET', `${PATH}?userId=abc`, { token: adminToken })).status, 400);
  t.is((await stack.request('GET', `${PATH}?pageSize=51`, { token: adminToken })).status, 400);
});

test('site scoping: the user must be a player of the administrator site (2001); deletes stay in their site (2002)', async (t) => {
  const site = await factories.createSite();
  const local = await factories.createUser({ siteCode: site });
  const foreign = await create({ userId: local.user.id }); // default site: this player is not there
  t.is(foreign.status, 200);
  t.is(foreign.body.code, 2001);
  t.is(foreign.body.data, null);
  t.is((await create({ userId: 99_999_999 })).body.code, 2001);

  const bySite = await create({ userId: local.user.id, gameType: 2 }, { 'x-site-code': site });
  t.is(bySite.body.code, 200);
  t.is(bySite.body.result.siteCode, site);
  const byQuery = await stack.request('POST', `${PATH}?siteCode=${site}`, { token: adminToken, body: { userId: local.user.id, gameType: 3 } });
  t.is(byQuery.body.result.siteCode, site);
  // The player of that site is blocked there.
  t.is(
    (
      await stack.request('POST', '/api/game/launch', {
        token: local.token,
        headers: { 'site-name': site },
        body: { device: 'desktop', gameCode: 'provy-slot-01', productId: 1 },
      })
    ).body.code,
    5010,
  );
  // Deleting from the default site does not find another site's block.
  t.is((await stack.request('DELETE', `${PATH}/${bySite.body.result.id}`, { token: adminToken })).body.code, 2002);
  t.is((await stack.request('DELETE', `${PATH}/${bySite.body.result.id}`, { token: adminToken, headers: { 'x-site-code': site } })).body.code, 200);
});

test('validation: unknown gameType, gameType with gameCode, productId without gameCode, wrong types', async (t) => {
  const { user } = await factories.createUser();
  const cases: Array<[unknown, string]> = [
    [{ userId: user.id, gameType: 6 }, 'gameType'],
    [{ userId: user.id, gameType: '2' }, 'gameType'],
    [{ userId: user.id, gameType: 2, gameCode: 'provy-slot-01' }, 'gameType'],
    [{ userId: user.id, productId: 1 }, 'productId'],
    [{ userId: user.id, gameCode: 'provy-slot-01', productId: -1 }, 'productId'],
    [{ userId: user.id, gameCode: 'provy-slot-01', productId: 1.5 }, 'productId'],
    [{ userId: String(user.id) }, 'userId'],
    [{}, 'userId'],
    [{ userId: user.id, reason: 'x'.repeat(256) }, 'reason'],
  ];
  for (const [body, field] of cases) {
    const res = await create(body);
    t.is(res.status, 400, JSON.stringify(body));
    t.true(
      (res.body.errors as Array<{ field: string }>).some((e) => e.field === field),
      JSON.stringify(res.body),
    );
  }
  t.is(await models.GameUserBlock.count({ where: { userId: user.id } }), 0);
  t.is((await stack.request('DELETE', `${PATH}/abc`, { token: adminToken })).status, 400);
});

test('a gameCode naming no game of the site is 2003 and blocks nothing', async (t) => {
  const site = await factories.createSite();
  const { user } = await factories.createUser({ siteCode: site });
  const logsBefore = await models.AdminOperationLog.count({ where: { module: 'game', siteCode: site } });
  await models.GameProvider.destroy({ where: { siteCode: site, gameCode: 'provy-slot-01' } });
  for (const body of [
    { userId: user.id, gameCode: 'no-such-game' },
    { userId: user.id, gameCode: 'provy-slot-01', productId: 1 }, // a game of another site only
  ]) {
    const res = await create(body, { 'x-site-code': site, locales: 'en-US' });
    t.is(res.status, 200, JSON.stringify(body));
    t.is(res.body.code, 2003, JSON.stringify(body));
    t.is(res.body.data, null);
    t.is(res.body.message, 'No such game in this site');
  }
  t.is(await models.GameUserBlock.count({ where: { userId: user.id } }), 0);
  t.is(await models.AdminOperationLog.count({ where: { module: 'game', siteCode: site } }), logsBefore);
  // The player check comes first: an unknown player with an unknown game is 2001.
  t.is((await create({ userId: 99_999_999, gameCode: 'no-such-game' }, { 'x-site-code': site })).body.code, 2001);
});

test('guards: 401 without an admin token or with a player token; 403 without the game permission', async (t) => {
  const { token: playerToken, user } = await factories.createUser();
  t.is((await stack.request('GET', PATH)).status, 401);
  t.is((await stack.request('GET', PATH, { token: playerToken })).status, 401);
  t.is((await create({ userId: user.id }, {}, playerToken)).status, 401);
  const reader = await factories.createAdmin({ permissions: ['game:read'] });
  t.is((await stack.request('GET', PATH, { token: reader.token })).body.code, 200);
  const refused = await create({ userId: user.id }, {}, reader.token);
  t.is(refused.status, 403);
  const stranger = await factories.createAdmin({ permissions: ['vip:read', 'vip:write'] });
  t.is((await stack.request('GET', PATH, { token: stranger.token })).status, 403);
  t.is((await stack.request('DELETE', `${PATH}/1`, { token: stranger.token })).status, 403);
  t.is(await models.GameUserBlock.count({ where: { userId: user.id } }), 0);
});
