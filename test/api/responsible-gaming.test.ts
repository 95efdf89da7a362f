import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Player protection's endpoints (docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running
 * totals, checked where the money moves"): the player's state, limits (a new limit or a decrease at
 * once, an increase or removal after the site's delay, cancellable), session settings, cooling-off and
 * self-exclusion; the operators' (permission module `responsible-gaming`): a player's state and history,
 * operator limits the player cannot raise, exclusions never shortened; every change kept as history and
 * operation-logged; the site settings; bad input is a 400 naming the field.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let db: typeof import('../../shared/db/sequelize').db;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ headers: { locales: 'en-US' } }));
  ({ db } = await import('../../shared/db/sequelize'));
});
test.after.always(async () => {
  await stack?.close();
});

const api = (method: string, path: string, token: string | undefined, body?: unknown) =>
  stack.request(method, `/api${path}`, { token, body, headers: { locales: 'en-US' } });
const hoursFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 3600_000;

test('GET /responsible-gaming: a new player has no limits, no exclusions and no session; 401 without a token', async (t) => {
  const { token } = await factories.createUser();
  const res = await api('GET', '/responsible-gaming', token);
  t.deepEqual(res.body.result, {
    limits: [],
    sessionLimitMinutes: null,
    pendingSessionLimitMinutes: null,
    sessionLimitPendingFrom: null,
    realityCheckMinutes: null,
    coolingOffUntil: null,
    selfExcludedUntil: null,
    session: null,
    requiredLimits: [],
    missingLimits: [],
    increaseDelayHours: 24,
    realityCheck: null,
  });
  t.is((await api('GET', '/responsible-gaming', undefined)).status, 401);
});

test('limits: a new limit and a decrease at once; an increase and a removal wait 24 hours; the amount in force again cancels', async (t) => {
  const { token, user } = await factories.createUser();
  const put = (body: unknown) => api('PUT', '/responsible-gaming/limits', token, body);
  let res = await put({ type: 'deposit', period: 'week', amount: '500' });
  t.deepEqual(res.body.result.limits, [
    { type: 'deposit', period: 'week', amount: '500.000000', operatorAmount: null, inForce: '500.000000', pendingAmount: null, pendingFrom: null },
  ]);
  res = await put({ type: 'deposit', period: 'week', amount: 200.5 });
  t.like(res.body.result.limits[0], { amount: '200.500000', inForce: '200.500000', pendingFrom: null });
  res = await put({ type: 'deposit', period: 'week', amount: '1000' });
  t.like(res.body.result.limits[0], { amount: '200.500000', inForce: '200.500000', pendingAmount: '1000.000000' });
  t.true(Math.abs(hoursFromNow(res.body.result.limits[0].pendingFrom) - 24) < 0.05);
  // The amount in force again cancels the waiting increase.
  res = await put({ type: 'deposit', period: 'week', amount: '200.5' });
  t.like(res.body.result.limits[0], { amount: '200.500000', pendingAmount: null, pendingFrom: null });
  // A removal waits too (pendingFrom with no pendingAmount); once due the limit is gone.
  res = await put({ type: 'deposit', period: 'week', amount: null });
  t.like(res.body.result.limits[0], { amount: '200.500000', pendingAmount: null });
  t.truthy(res.body.result.limits[0].pendingFrom);
  await db().query(`UPDATE rg_limits SET "pendingFrom" = now() - interval '1 second' WHERE "userId" = :u`, { replacements: { u: user.id } });
  t.deepEqual((await api('GET', '/responsible-gaming', token)).body.result.limits, []);
  // A decrease while an increase waits takes effect at once and drops the increase.
  await put({ type: 'loss', period: 'day', amount: '50' });
  await put({ type: 'loss', period: 'day', amount: '80' });
  res = await put({ type: 'loss', period: 'day', amount: '40' });
  t.like(res.body.result.limits[0], { type: 'loss', period: 'day', amount: '40.000000', pendingAmount: null, pendingFrom: null });

  const history = await db().query<{ action: string; adminId: number | null }>('SELECT action, "adminId" FROM rg_history WHERE "userId" = :u ORDER BY id', {
    replacements: { u: user.id },
    type: QueryTypes.SELECT,
  });
  t.deepEqual(
    history.map((h) => h.action),
    ['set-limit', 'set-limit', 'request-limit-increase', 'cancel-pending-limit', 'request-limit-increase', 'set-limit', 'request-limit-increase', 'set-limit'],
  );
  t.true(history.every((h) => h.adminId === null));
  t.is(await models.AdminOperationLog.count({ where: { module: 'responsible-gaming', targetId: String(user.id) } }), history.length);
});

test('the increase delay is the site setting (never below its profile floor: 0 is refused); the session limit follows the same rule; reality checks change at once', async (t) => {
  const site = await factories.createSite();
  const config = (await models.SiteConfig.findOne({ where: { siteCode: site } }))!;
  const patch = await req('PATCH', `/site-config/admin/${config.id}/settings`, {
    site,
    body: { responsibleGaming: { increaseDelayHours: 48, minimumExclusionMonths: 12 } },
  });
  t.is(patch.body.code, 200, patch.text);
  t.deepEqual(patch.body.result.responsibleGaming, {
    timeZone: 'UTC',
    increaseDelayHours: 48,
    minimumExclusionMonths: 12,
    requiredLimits: [],
    realityCheckGraceSeconds: 60,
  });
  const { token } = await factories.createUser({ siteCode: site });
  await api('PUT', '/responsible-gaming/limits', token, { type: 'wager', period: 'month', amount: '10' });
  const up = await api('PUT', '/responsible-gaming/limits', token, { type: 'wager', period: 'month', amount: '20' });
  t.true(Math.abs(hoursFromNow(up.body.result.limits[0].pendingFrom) - 48) < 0.05);

  let res = await api('PUT', '/responsible-gaming/session', token, { sessionLimitMinutes: 120, realityCheckMinutes: 30 });
  t.like(res.body.result, { sessionLimitMinutes: 120, realityCheckMinutes: 30, pendingSessionLimitMinutes: null });
  res = await api('PUT', '/responsible-gaming/session', token, { sessionLimitMinutes: 240, realityCheckMinutes: null });
  t.like(res.body.result, { sessionLimitMinutes: 120, pendingSessionLimitMinutes: 240, realityCheckMinutes: null });
  t.true(Math.abs(hoursFromNow(res.body.result.sessionLimitPendingFrom) - 48) < 0.05);
  res = await api('PUT', '/responsible-gaming/session', token, { sessionLimitMinutes: 60 });
  t.like(res.body.result, { sessionLimitMinutes: 60, pendingSessionLimitMinutes: null, sessionLimitPendingFrom: null });

  // A self-exclusion below the site's minimum is refused; at the minimum it runs a year.
  t.like((await api('POST', '/responsible-gaming/self-exclusion', token, { months: 6 })).body, {
    code: 2002,
    message: "The self-exclusion is shorter than this site's minimum",
  });
  const excluded = await api('POST', '/responsible-gaming/self-exclusion', token, { months: 12 });
  t.true(Math.abs(hoursFromNow(excluded.body.result.selfExcludedUntil) / 24 - 365) < 2);

  // 0 (increases at once) is below the default profile's floor of 24 hours: refused, and the 48 hours stay.
  t.like((await req('PATCH', `/site-config/admin/${config.id}/settings`, { site, body: { responsibleGaming: { increaseDelayHours: 0 } } })).body, {
    code: 2003,
  });
  const { token: other } = await factories.createUser({ siteCode: site });
  await api('PUT', '/responsible-gaming/limits', other, { type: 'wager', period: 'month', amount: '10' });
  const later = await api('PUT', '/responsible-gaming/limits', other, { type: 'wager', period: 'month', amount: '20' });
  t.like(later.body.result.limits[0], { amount: '10.000000', pendingAmount: '20.000000' });
  t.true(Math.abs(hoursFromNow(later.body.result.limits[0].pendingFrom) - 48) < 0.05);
});

test('bad input is a 400 naming the field and changes nothing', async (t) => {
  const { token, user } = await factories.createUser();
  const cases: Array<[string, string, unknown, RegExp]> = [
    ['PUT', '/responsible-gaming/limits', { type: 'bonus', period: 'day', amount: '1' }, /type/],
    ['PUT', '/responsible-gaming/limits', { type: 'loss', period: 'year', amount: '1' }, /period/],
    ['PUT', '/responsible-gaming/limits', { type: 'loss', period: 'day' }, /amount/],
    ['PUT', '/responsible-gaming/limits', { type: 'loss', period: 'day', amount: '-1' }, /amount/],
    ['PUT', '/responsible-gaming/limits', { type: 'loss', period: 'day', amount: 1e300 }, /amount/],
    ['PUT', '/responsible-gaming/limits', { type: 'loss', period: 'day', amount: '1.1234567' }, /amount/],
    ['PUT', '/responsible-gaming/limits', { type: 'loss\u0000', period: 'day', amount: '1' }, /type|NUL|text/i],
    ['PUT', '/responsible-gaming/session', {}, /sessionLimitMinutes or realityCheckMinutes/],
    ['PUT', '/responsible-gaming/session', { sessionLimitMinutes: '60' }, /sessionLimitMinutes/],
    ['PUT', '/responsible-gaming/session', { sessionLimitMinutes: 0 }, /sessionLimitMinutes/],
    ['PUT', '/responsible-gaming/session', { realityCheckMinutes: 1441 }, /realityCheckMinutes/],
    ['POST', '/responsible-gaming/cooling-off', { days: 2 }, /days/],
    ['POST', '/responsible-gaming/cooling-off', { days: '7' }, /days/],
    ['POST', '/responsible-gaming/self-exclusion', { months: 1 }, /months/],
  ];
  for (const [method, path, body, field] of cases) {
    const res = await api(method, path, token, body);
    t.is(res.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`);
    t.regex(res.body.message, field);
  }
  t.is(await models.AdminOperationLog.count({ where: { module: 'responsible-gaming', targetId: String(user.id) } }), 0);
});

test('operators: read state and history, operator limits the player cannot raise, exclusions never shortened; guards and site scope', async (t) => {
  const { token, user } = await factories.createUser({ balance: '100' });
  const base = `/responsible-gaming/admin/players/${user.id}`;
  await api('PUT', '/responsible-gaming/limits', token, { type: 'loss', period: 'day', amount: '100' });

  let res = await req('PUT', `${base}/limits`, { body: { type: 'loss', period: 'day', amount: '30', reason: 'affordability check' } });
  t.like(res.body.result.limits[0], { amount: '100.000000', operatorAmount: '30.000000', inForce: '30.000000' });
  // The player lowering its own limit below still works; raising cannot pass the operator's.
  res = await api('PUT', '/responsible-gaming/limits', token, { type: 'loss', period: 'day', amount: '1000' });
  t.like(res.body.result.limits[0], { inForce: '30.000000', operatorAmount: '30.000000' });
  res = await api('PUT', '/responsible-gaming/limits', token, { type: 'loss', period: 'day', amount: null });
  t.like(res.body.result.limits[0], { inForce: '30.000000' });

  // An exclusion: set, extended, never shortened.
  const until = new Date(Date.now() + 30 * 86400_000).toISOString();
  res = await req('PUT', `${base}/exclusion`, { body: { kind: 'self-exclusion', until, reason: 'requested by phone' } });
  t.is(res.body.result.selfExcludedUntil, until);
  const earlier = new Date(Date.now() + 10 * 86400_000).toISOString();
  t.like((await req('PUT', `${base}/exclusion`, { body: { kind: 'self-exclusion', until: earlier, reason: 'x' } })).body, {
    code: 2003,
    message: 'An exclusion cannot be shortened',
  });
  t.is((await req('PUT', `${base}/exclusion`, { body: { kind: 'self-exclusion', until: 'tomorrow', reason: 'x' } })).status, 400);
  t.is((await req('PUT', `${base}/exclusion`, { body: { kind: 'self-exclusion', until, reason: '' } })).status, 400);
  t.like((await api('GET', '/responsible-gaming', token)).body.result, { selfExcludedUntil: until });

  const view = await req('GET', base);
  t.is(view.body.result.userId, user.id);
  t.deepEqual(
    view.body.result.history.map((h: { action: string; reason: string | null; adminId: number | null }) => [h.action, h.reason, h.adminId === null]),
    [
      ['operator-self-exclusion', 'requested by phone', false],
      ['request-limit-increase', null, true],
      ['request-limit-increase', null, true],
      ['set-operator-limit', 'affordability check', false],
      ['set-limit', null, true],
    ],
  );
  const logs = await models.AdminOperationLog.findAll({ where: { module: 'responsible-gaming', targetId: String(user.id) }, order: [['id', 'ASC']] });
  t.deepEqual(
    logs.map((l) => l.action),
    ['set-limit', 'set-operator-limit', 'request-limit-increase', 'request-limit-increase', 'operator-self-exclusion'],
  );

  // Guards: no token, a player's token, another module, read-only; another site's player; unknown player.
  const { token: other } = await factories.createAdmin({ permissions: ['user:read', 'user:write'] });
  const { token: reader } = await factories.createAdmin({ permissions: ['responsible-gaming:read'] });
  t.is((await req('GET', base, { token: null })).status, 401);
  t.is((await req('GET', base, { token })).status, 401);
  t.is((await req('GET', base, { token: other })).status, 403);
  t.is((await req('GET', base, { token: reader })).body.code, 200);
  t.is((await req('PUT', `${base}/limits`, { token: reader, body: { type: 'loss', period: 'day', amount: '1', reason: 'x' } })).status, 403);
  const site = await factories.createSite();
  t.like((await req('GET', base, { site })).body, { code: 2001, message: 'Player not found' });
  t.like((await req('PUT', `${base}/limits`, { site, body: { type: 'loss', period: 'day', amount: '1', reason: 'x' } })).body, { code: 2001 });
  t.like((await req('GET', '/responsible-gaming/admin/players/2147483647')).body, { code: 2001 });
  t.is((await req('GET', '/responsible-gaming/admin/players/abc')).status, 400);
  const bound = await factories.createAdmin({ permissions: ['responsible-gaming:read', 'responsible-gaming:write'] });
  await models.Admin.update({ sites: [site] }, { where: { id: bound.admin.id } });
  t.is((await req('GET', base, { token: bound.token, site: 'default' })).status, 403);
  t.like((await req('GET', base, { token: bound.token })).body, { code: 2001 });
});

test("the site settings' player-protection fields: bad values are 400s naming the field; the change is operation-logged", async (t) => {
  const site = await factories.createSite();
  const config = (await models.SiteConfig.findOne({ where: { siteCode: site } }))!;
  const path = `/site-config/admin/${config.id}/settings`;
  const cases: Array<[unknown, string]> = [
    [{ responsibleGaming: { timeZone: 'Mars/Olympus' } }, 'responsibleGaming.timeZone'],
    [{ responsibleGaming: { timeZone: 7 } }, 'responsibleGaming.timeZone'],
    [{ responsibleGaming: { increaseDelayHours: 721 } }, 'responsibleGaming.increaseDelayHours'],
    [{ responsibleGaming: { increaseDelayHours: -1 } }, 'responsibleGaming.increaseDelayHours'],
    [{ responsibleGaming: { minimumExclusionMonths: 7 } }, 'responsibleGaming.minimumExclusionMonths'],
    [{ responsibleGaming: { requiredLimits: ['bonus'] } }, 'responsibleGaming.requiredLimits[0]'],
    [{ responsibleGaming: { requiredLimits: ['loss', 'loss'] } }, 'responsibleGaming.requiredLimits'],
    [{ responsibleGaming: { delay: 1 } }, 'responsibleGaming.delay'],
  ];
  for (const [body, field] of cases) {
    const res = await req('PATCH', path, { site, body });
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    t.true((res.body.errors as Array<{ field: string }> | undefined)?.some((e) => e.field === field) ?? false, `${field}: ${res.text}`);
  }
  t.is((await models.SiteConfig.findByPk(config.id))!.settings.responsibleGaming, undefined);
  const ok = await req('PATCH', path, { site, body: { responsibleGaming: { timeZone: 'Europe/Malta', requiredLimits: ['deposit'] } } });
  t.deepEqual(ok.body.result.responsibleGaming, {
    timeZone: 'Europe/Malta',
    increaseDelayHours: 24,
    minimumExclusionMonths: 6,
    requiredLimits: ['deposit'],
    realityCheckGraceSeconds: 60,
  });
  const log = await models.AdminOperationLog.findOne({ where: { siteCode: site, action: 'update-settings' }, order: [['id', 'DESC']] });
  t.deepEqual((log!.detail as { changed: string[] }).changed, ['responsibleGaming.timeZone', 'responsibleGaming.requiredLimits']);
  const { token } = await factories.createUser({ siteCode: site });
  t.like((await api('GET', '/responsible-gaming', token)).body.result, { requiredLimits: ['deposit'], missingLimits: ['deposit'] });
});

test('during a cooling-off the inbox shows no promotional messages (own or site-wide, before or during it); system messages stay', async (t) => {
  const site = await factories.createSite();
  const { token, user } = await factories.createUser({ siteCode: site });
  const send = (category: string, userId?: number) =>
    req('POST', '/inbox/admin/send', {
      site,
      body: { title: { 'en-US': `${category} ${userId ?? 'all'}` }, content: { 'en-US': '<p>x</p>' }, category, ...(userId ? { userId } : {}) },
    });
  for (const res of [await send('promo'), await send('system'), await send('promo', user.id)]) t.is(res.body.code, 200, res.text);
  const titles = async () => ((await api('GET', '/inbox', token)).body.result.items as Array<{ title: string }>).map((m) => m.title).sort();
  const unread = async () => (await api('GET', '/inbox/unread-count', token)).body.result.unreadCount;
  t.deepEqual(await titles(), ['promo all', `promo ${user.id}`, 'system all'].sort());
  t.is(await unread(), 3);
  t.is((await api('POST', '/responsible-gaming/cooling-off', token, { days: 7 })).body.code, 200);
  await send('promo');
  t.deepEqual(await titles(), ['system all']);
  t.is(await unread(), 1);
  // Once it has ended, they are shown again.
  await db().query(`UPDATE rg_accounts SET "coolingOffUntil" = now() - interval '1 second' WHERE "userId" = :u`, { replacements: { u: user.id } });
  t.deepEqual(await titles(), ['promo all', 'promo all', `promo ${user.id}`, 'system all'].sort());
});
