import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Inbox: the player's list, unread count, read and read-all; the administrators' send,
 * list and delete (permission module `inbox`); site-wide messages stored once; site isolation; operator
 * HTML sanitized when stored; bad input is a 400, never a 500.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['inbox:read', 'inbox:write'], headers: { locales: 'en-US' } }));
});
test.after.always(async () => {
  await stack?.close();
});

const player =
  (token: string, locale = 'en-US') =>
  (method: string, path: string, body?: unknown) =>
    stack.request(method, `/api${path}`, { token, body, headers: { locales: locale } });

const message = (extra: Record<string, unknown> = {}) => ({
  title: { 'en-US': 'Maintenance', 'zh-TW': '維護公告' },
  content: { 'en-US': '<p>Back <b>soon</b></p>', 'zh-TW': '<p>稍後回來</p>' },
  category: 'system',
  ...extra,
});

async function send(site: string, extra: Record<string, unknown> = {}) {
  const res = await req('POST', '/inbox/admin/send', { site, body: message(extra) });
  if (res.body?.code !== 200) throw new Error(res.text);
  return res.body.result as { id: number; userId: number | null };
}

/** A fresh site with two players registered before anything was sent. */
async function siteWithPlayers() {
  const site = await factories.createSite();
  const a = await factories.createUser({ siteCode: site });
  const b = await factories.createUser({ siteCode: site });
  return { site, a, b };
}

const unread = async (token: string) => {
  const res = await player(token)('GET', '/inbox/unread-count');
  return res.body.result.unreadCount as number;
};

// ------------------------------------------------------------------------------------------------
// Guards

test('player endpoints answer 401 without a player token; admin endpoints 401 without an admin token', async (t) => {
  const { token: playerToken } = await factories.createUser();
  for (const [method, path] of [
    ['GET', '/inbox'],
    ['GET', '/inbox/unread-count'],
    ['POST', '/inbox/1/read'],
    ['POST', '/inbox/read-all'],
  ]) {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${(await factories.createAdmin()).token}` },
    ]) {
      const res = await stack.request(method, `/api${path}`, { headers });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.message, 'Unauthorized');
    }
  }
  for (const [method, path] of [
    ['POST', '/inbox/admin/send'],
    ['GET', '/inbox/admin/list'],
    ['DELETE', '/inbox/admin/1'],
  ]) {
    for (const token of [null, playerToken]) {
      const res = await req(method, path, { token, body: message() });
      t.is(res.status, 401, `${method} ${path}`);
    }
  }
});

test('an administrator without the inbox permission gets 403 and writes nothing', async (t) => {
  const site = await factories.createSite();
  const { token: readOnly } = await factories.createAdmin({ permissions: ['inbox:read'] });
  const { token: other } = await factories.createAdmin({ permissions: ['vip:write', 'site-config:write'] });
  for (const token of [readOnly, other]) {
    t.is((await req('POST', '/inbox/admin/send', { token, site, body: message() })).status, 403);
    t.is((await req('DELETE', '/inbox/admin/1', { token, site })).status, 403);
  }
  t.is((await req('GET', '/inbox/admin/list', { token: other, site })).status, 403);
  t.is((await req('GET', '/inbox/admin/list', { token: readOnly, site })).body.code, 200);
  t.is(await models.InboxMessage.count({ where: { siteCode: site } }), 0);
});

// ------------------------------------------------------------------------------------------------
// Send, list, isolation

test('send: a personal and a site-wide message, stored once with raw locale maps, operation-logged', async (t) => {
  const { site, a } = await siteWithPlayers();
  const personal = await req('POST', '/inbox/admin/send', { site, body: message({ userId: a.user.id, category: 'promo' }) });
  t.is(personal.body.code, 200, personal.text);
  t.deepEqual(Object.keys(personal.body.result).sort(), ['category', 'content', 'createdAt', 'id', 'title', 'userId']);
  t.like(personal.body.result, { userId: a.user.id, category: 'promo', title: message().title, content: message().content });
  const wide = await req('POST', '/inbox/admin/send', { site, body: message() });
  t.is(wide.body.result.userId, null);
  // Stored once, whatever the number of players.
  t.is(await models.InboxMessage.count({ where: { siteCode: site } }), 2);
  const logs = await models.AdminOperationLog.findAll({ where: { module: 'inbox', action: 'send', siteCode: site } });
  t.is(logs.length, 2);
});

test("players see their own and their site-wide messages, in the request locale; not others' nor another site's", async (t) => {
  const { site, a, b } = await siteWithPlayers();
  const other = await siteWithPlayers();
  const toA = await send(site, { userId: a.user.id, title: { 'en-US': 'For A', 'zh-TW': '給 A' } });
  await send(site, { userId: b.user.id, title: { 'en-US': 'For B' } });
  const wide = await send(site, { category: 'promo' });
  await send(other.site, { title: { 'en-US': 'Other site' } });

  const res = await player(a.token)('GET', '/inbox');
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 2, totalPages: 1 });
  t.deepEqual(
    res.body.result.items.map((m: { id: number }) => m.id),
    [wide.id, toA.id],
  );
  const [first, second] = res.body.result.items;
  t.deepEqual(Object.keys(first).sort(), ['category', 'content', 'createdAt', 'id', 'isRead', 'title']);
  t.like(first, { title: 'Maintenance', content: '<p>Back <b>soon</b></p>', category: 'promo', isRead: false });
  t.like(second, { title: 'For A', isRead: false });
  // zh-TW resolves the zh-TW text; a locale missing from the map falls back to en-US.
  const zh = await player(a.token, 'zh-TW')('GET', '/inbox');
  t.is(zh.body.result.items[1].title, '給 A');
  const th = await player(a.token, 'th-TH')('GET', '/inbox');
  t.is(th.body.result.items[1].title, 'For A');

  // Category filter and paging.
  const promo = await player(a.token)('GET', '/inbox?category=promo');
  t.deepEqual(
    promo.body.result.items.map((m: { id: number }) => m.id),
    [wide.id],
  );
  const paged = await player(a.token)('GET', '/inbox?page=2&pageSize=1');
  t.deepEqual(
    paged.body.result.items.map((m: { id: number }) => m.id),
    [toA.id],
  );
  t.deepEqual(paged.body.result.pagination, { page: 2, pageSize: 1, total: 2, totalPages: 2 });

  // The other site's player sees only that site's message.
  const otherList = await player(other.a.token)('GET', '/inbox');
  t.deepEqual(
    otherList.body.result.items.map((m: { title: string }) => m.title),
    ['Other site'],
  );
});

test("a site-wide message sent before a player registered is not in that player's inbox", async (t) => {
  const site = await factories.createSite();
  await send(site);
  const late = await factories.createUser({ siteCode: site });
  t.is((await player(late.token)('GET', '/inbox')).body.result.pagination.total, 0);
  t.is(await unread(late.token), 0);
  const after = await send(site);
  t.deepEqual(
    (await player(late.token)('GET', '/inbox')).body.result.items.map((m: { id: number }) => m.id),
    [after.id],
  );
  t.is(await unread(late.token), 1);
});

test('send to a player of another site, or to no player, is 2001 and stores nothing', async (t) => {
  const { site } = await siteWithPlayers();
  const other = await siteWithPlayers();
  for (const userId of [other.a.user.id, 2_000_000_000]) {
    const res = await req('POST', '/inbox/admin/send', { site, body: message({ userId }) });
    t.is(res.status, 200);
    t.is(res.body.code, 2001, res.text);
    t.is(res.body.message, 'Player not found on this site');
  }
  t.is(await models.InboxMessage.count({ where: { siteCode: site } }), 0);
});

test('operator HTML is sanitized when stored: scripts, on* attributes and javascript: links are gone', async (t) => {
  const site = await factories.createSite();
  const { token, user } = await factories.createUser({ siteCode: site });
  const hostile =
    '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="https://cdn.test/a.png" onerror="x()"><a href="javascript:alert(1)">x</a><a href="https://ok.test" target="_blank">ok</a><iframe src="https://evil.test"></iframe><style>body{}</style>';
  const res = await req('POST', '/inbox/admin/send', { site, body: message({ userId: user.id, content: { 'en-US': hostile } }) });
  t.is(res.body.code, 200, res.text);
  const stored = res.body.result.content['en-US'] as string;
  for (const gone of ['<script', 'alert(1)', 'onclick', 'onerror', 'javascript:', '<iframe', '<style']) t.false(stored.includes(gone), `${gone} in ${stored}`);
  t.true(stored.includes('<p>Hi</p>'));
  t.true(stored.includes('<img src="https://cdn.test/a.png" />'));
  t.true(stored.includes('<a href="https://ok.test" target="_blank" rel="noopener noreferrer">ok</a>'));
  const row = await models.InboxMessage.findByPk(res.body.result.id);
  t.is(row?.content['en-US'], stored);
  t.is((await player(token)('GET', '/inbox')).body.result.items[0].content, stored);
  // Content that is nothing but a script is empty after sanitizing: refused.
  const empty = await req('POST', '/inbox/admin/send', { site, body: message({ content: { 'en-US': '<script>x()</script>' } }) });
  t.is(empty.status, 400);
  t.regex(empty.body.message, /content\.en-US/);
});

test('send refuses bad input with a 400 naming the field', async (t) => {
  const site = await factories.createSite();
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ title: undefined }, /title is required/],
    [{ content: undefined }, /content is required/],
    [{ category: undefined }, /category is required/],
    [{ category: 'news' }, /category must be one of system, promo/],
    [{ title: { 'xx-XX': 'hi' } }, /"xx-XX" is not a locale/],
    [{ title: { 'en-US': 5 } }, /title\.en-US must be a text/],
    [{ title: { 'en-US': 'x'.repeat(201) } }, /title\.en-US must be a text of 1 to 200/],
    [{ title: {} }, /title must hold a title/],
    [{ title: 'Hello' }, /title must be an object mapping locales/],
    [{ content: ['<p>x</p>'] }, /content must be an object mapping locales/],
    [{ content: { 'en-US': 'x'.repeat(20_001) } }, /content\.en-US must be a text/],
    [{ userId: '5' }, /userId must be a positive integer/],
    [{ userId: 1e20 }, /userId must be at most/],
    [{ userId: 0 }, /userId must be a positive integer/],
    [{ title: { 'en-US': 'a\u0000b' } }, /cannot be stored/],
  ];
  for (const [extra, pattern] of cases) {
    const res = await req('POST', '/inbox/admin/send', { site, body: message(extra) });
    t.is(res.status, 400, JSON.stringify(extra));
    t.regex(res.body.message, pattern, JSON.stringify(extra));
  }
  const query = await req('GET', '/inbox/admin/list?category=news&pageSize=51', { site });
  t.is(query.status, 400);
  t.is(await models.InboxMessage.count({ where: { siteCode: site } }), 0);
});

// ------------------------------------------------------------------------------------------------
// Read state

test("read one: isRead and the unread count follow; another player's or another site's message is 2001", async (t) => {
  const { site, a, b } = await siteWithPlayers();
  const other = await siteWithPlayers();
  const wide = await send(site);
  const toA = await send(site, { userId: a.user.id });
  const toB = await send(site, { userId: b.user.id });
  const otherWide = await send(other.site);
  t.is(await unread(a.token), 2);

  const read = await player(a.token)('POST', `/inbox/${wide.id}/read`);
  t.is(read.body.code, 200, read.text);
  t.is(read.body.result, null);
  t.is(await unread(a.token), 1);
  t.is(await unread(b.token), 2, 'a site-wide message read by one player stays unread for the others');
  // Reading twice changes nothing.
  t.is((await player(a.token)('POST', `/inbox/${wide.id}/read`)).body.code, 200);
  t.is(await models.InboxRead.count({ where: { userId: a.user.id } }), 1);
  const list = await player(a.token)('GET', '/inbox');
  t.deepEqual(
    list.body.result.items.map((m: { id: number; isRead: boolean }) => [m.id, m.isRead]),
    [
      [toA.id, false],
      [wide.id, true],
    ].sort((x, y) => (y[0] as number) - (x[0] as number)),
  );

  for (const id of [toB.id, otherWide.id, 999_999_999]) {
    const res = await player(a.token)('POST', `/inbox/${id}/read`);
    t.is(res.status, 200);
    t.is(res.body.code, 2001, String(id));
    t.is(res.body.message, 'Message not found');
  }
  t.is(await unread(b.token), 2);
  for (const bad of ['abc', '0', '-1', '99999999999999999999']) {
    t.is((await player(a.token)('POST', `/inbox/${bad}/read`)).status, 400, bad);
  }
});

test("read-all marks the player's site-wide and personal messages read, for that player only; later messages are unread", async (t) => {
  const { site, a, b } = await siteWithPlayers();
  for (let i = 0; i < 3; i += 1) await send(site);
  await send(site, { userId: a.user.id });
  const first = (await player(a.token)('GET', '/inbox')).body.result.items[3];
  await player(a.token)('POST', `/inbox/${first.id}/read`);
  t.is(await unread(a.token), 3);

  const res = await player(a.token)('POST', '/inbox/read-all');
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result, null);
  t.is(await unread(a.token), 0);
  t.true((await player(a.token)('GET', '/inbox')).body.result.items.every((m: { isRead: boolean }) => m.isRead));
  // Read rows the mark covers are gone; nothing was written per site-wide message.
  t.is(await models.InboxRead.count({ where: { userId: a.user.id } }), 0);
  t.is(await models.InboxReadMark.count({ where: { userId: a.user.id } }), 1);
  t.is(await unread(b.token), 3);

  const later = await send(site);
  const laterPersonal = await send(site, { userId: a.user.id });
  t.is(await unread(a.token), 2);
  await player(a.token)('POST', `/inbox/${later.id}/read`);
  t.is(await unread(a.token), 1);
  const items = (await player(a.token)('GET', '/inbox')).body.result.items;
  t.deepEqual(
    items.filter((m: { isRead: boolean }) => !m.isRead).map((m: { id: number }) => m.id),
    [laterPersonal.id],
  );
  // read-all again, and with nothing to read.
  await player(a.token)('POST', '/inbox/read-all');
  t.is(await unread(a.token), 0);
  const empty = await factories.createUser({ siteCode: await factories.createSite() });
  t.is((await player(empty.token)('POST', '/inbox/read-all')).body.code, 200);
  t.is(await unread(empty.token), 0);
});

test('read-all and reads of one player at the same time leave a consistent count', async (t) => {
  const { site, a } = await siteWithPlayers();
  const sent = [];
  for (let i = 0; i < 5; i += 1) sent.push(await send(site));
  const calls = [
    player(a.token)('POST', '/inbox/read-all'),
    ...sent.map((m) => player(a.token)('POST', `/inbox/${m.id}/read`)),
    player(a.token)('POST', '/inbox/read-all'),
  ];
  const answers = await Promise.all(calls);
  t.true(
    answers.every((r) => r.body.code === 200),
    JSON.stringify(answers.map((r) => r.body)),
  );
  t.is(await unread(a.token), 0);
});

// ------------------------------------------------------------------------------------------------
// Administrators' list and delete

test("admin list: the site's messages with raw locale maps, newest first, filtered by category, paged", async (t) => {
  const { site, a } = await siteWithPlayers();
  const other = await factories.createSite();
  const one = await send(site, { userId: a.user.id });
  const two = await send(site, { category: 'promo' });
  await send(other);
  const res = await req('GET', '/inbox/admin/list', { site });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(
    res.body.result.items.map((m: { id: number }) => m.id),
    [two.id, one.id],
  );
  t.deepEqual(res.body.result.items[1], { ...res.body.result.items[1], userId: a.user.id, title: message().title, content: message().content });
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 2, totalPages: 1 });
  const promo = await req('GET', '/inbox/admin/list?category=promo&pageSize=1', { site });
  t.deepEqual(
    promo.body.result.items.map((m: { id: number }) => m.id),
    [two.id],
  );
  t.is(promo.body.result.pagination.total, 1);
});

test("admin delete removes the message and its read records; another site's message is 2001", async (t) => {
  const { site, a, b } = await siteWithPlayers();
  const other = await factories.createSite();
  const wide = await send(site);
  const keep = await send(site);
  const otherMessage = await send(other);
  await player(a.token)('POST', `/inbox/${wide.id}/read`);
  await player(b.token)('POST', `/inbox/${wide.id}/read`);
  t.is(await models.InboxRead.count({ where: { messageId: String(wide.id) } }), 2);

  t.is((await req('DELETE', `/inbox/admin/${otherMessage.id}`, { site })).body.code, 2001);
  t.truthy(await models.InboxMessage.findByPk(otherMessage.id));

  const res = await req('DELETE', `/inbox/admin/${wide.id}`, { site });
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result, null);
  t.is(await models.InboxMessage.findByPk(wide.id), null);
  t.is(await models.InboxRead.count({ where: { messageId: String(wide.id) } }), 0);
  t.deepEqual(
    (await player(a.token)('GET', '/inbox')).body.result.items.map((m: { id: number }) => m.id),
    [keep.id],
  );
  t.is((await player(a.token)('POST', `/inbox/${wide.id}/read`)).body.code, 2001);

  const again = await req('DELETE', `/inbox/admin/${wide.id}`, { site });
  t.is(again.body.code, 2001);
  t.is(again.body.message, 'Message not found');
  t.is(await models.AdminOperationLog.count({ where: { module: 'inbox', action: 'delete', siteCode: site } }), 1);
});

// ------------------------------------------------------------------------------------------------
// The cached unread count

test('the unread count is cached per player and follows every change made through the API', async (t) => {
  const { site, a, b } = await siteWithPlayers();
  await send(site);
  t.is(await unread(a.token), 1);
  // A row written behind the API's back is not seen while nothing changed: the count is the cached one...
  await models.InboxMessage.create({
    siteCode: site,
    userId: a.user.id,
    title: { 'en-US': 'x' },
    content: { 'en-US': 'x' },
    category: 'system',
    sourceKey: null,
  });
  t.is(await unread(a.token), 1);
  // ...a site-wide send makes every player's count of the site stale,
  const wide = await send(site);
  t.is(await unread(a.token), 3);
  t.is(await unread(b.token), 2);
  // a personal send only the addressee's,
  const personal = await send(site, { userId: b.user.id });
  t.is(await unread(b.token), 3);
  t.is(await unread(a.token), 3);
  // a read, a delete (site-wide or personal) and a read-all each bring it up to date.
  await player(b.token)('POST', `/inbox/${personal.id}/read`);
  t.is(await unread(b.token), 2);
  await req('DELETE', `/inbox/admin/${wide.id}`, { site });
  t.is(await unread(a.token), 2);
  t.is(await unread(b.token), 1);
  await player(a.token)('POST', '/inbox/read-all');
  t.is(await unread(a.token), 0);
  t.is(await unread(b.token), 1);
});
