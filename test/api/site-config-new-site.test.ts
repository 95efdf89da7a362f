import test from 'ava';
import { config } from '../../shared/config';
import { GAME_TYPES } from '../../shared/db/seeders/data/game-types';
import { DEFAULT_MISSIONS } from '../../shared/db/seeders/data/missions';
import { PROVIDER_TEMPLATE } from '../../shared/db/seeders/data/provider-template';
import { VIP_LEVELS } from '../../shared/db/seeders/data/vip-levels';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * POST /site-config/admin (beyond the spec): a white-label site created without a shell, with the same
 * defaults `npm run seed <site>` writes, in one transaction, operation-logged, serving players at once.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['site-config:read', 'site-config:write'], headers: { locales: 'en-US' } }));
});
test.after.always(async () => {
  await stack?.close();
});

let n = 0;
const code = () => `new${++n}${Date.now() % 100_000}`;
const newSite = (siteCode: string, extra: Record<string, unknown> = {}) => ({
  siteCode,
  siteName: { 'en-US': 'Fresh Site', 'zh-TW': '新站' },
  supportedLocales: ['en-US', 'zh-TW'],
  ...extra,
});

const counts = async (siteCode: string) => ({
  typeConfigs: await models.GameTypeConfig.count({ where: { siteCode } }),
  providers: await models.GameProvider.count({ where: { siteCode } }),
  vipLevels: await models.VipLevel.count({ where: { siteCode } }),
  missions: await models.Mission.count({ where: { siteCode } }),
  channels: await models.PaymentChannel.count({ where: { siteCode } }),
  groups: await models.PaymentChannelGroup.count({ where: { siteCode } }),
});

test('a new site gets the seeded defaults, is operation-logged, and serves players at once', async (t) => {
  const siteCode = code();
  const res = await req('POST', '/site-config/admin', { body: newSite(siteCode) });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { siteCode, siteName: { 'en-US': 'Fresh Site', 'zh-TW': '新站' }, supportedLocales: ['en-US', 'zh-TW'], enabled: 1 });
  // The default theme, active (a new site's activeTheme is never null).
  t.deepEqual(
    res.body.result.themes.map((x: { themeId: string }) => x.themeId),
    ['default'],
  );
  t.is(res.body.result.activeThemeId, res.body.result.themes[0].id);
  t.is(res.body.result.mascots.length, 10);
  t.true(res.body.result.seeded.includes('site config'));
  // The same rows `npm run seed <site>` writes (createSite in the factories calls seedSite).
  const reference = await factories.createSite();
  t.deepEqual(await counts(siteCode), await counts(reference));
  t.like(await counts(siteCode), {
    typeConfigs: GAME_TYPES.length,
    providers: PROVIDER_TEMPLATE.length,
    vipLevels: VIP_LEVELS.length,
    missions: DEFAULT_MISSIONS.length,
  });
  const log = await models.AdminOperationLog.findOne({ where: { module: 'site-config', action: 'create-site', siteCode } });
  t.truthy(log);

  // Players: register and log in on it, list its games and VIP levels.
  const headers = { 'site-name': siteCode, locales: 'en-US' };
  const account = `p${n}${Date.now() % 100_000}`;
  const reg = await stack.request('POST', '/api/auth/register', { body: { account, password: 'secret123', name: 'First' }, headers });
  t.is(reg.body.code, 200, reg.text);
  const user = await models.User.findByPk(reg.body.result.user.id);
  t.is(user?.siteCode, siteCode);
  const login = await stack.request('POST', '/api/auth/login', { body: { account, password: 'secret123' }, headers });
  t.is(login.body.code, 200, login.text);
  const types = await stack.request('GET', '/api/game/type-configs', { headers });
  t.is(types.body.code, 200, types.text);
  t.is(types.body.result.length, GAME_TYPES.length);
  const providers = await stack.request('GET', '/api/game/provider', { headers });
  t.is(providers.body.code, 200, providers.text);
  const levels = await stack.request('GET', '/api/vip/levels', { headers });
  t.is(levels.body.code, 200, levels.text);
  t.is(levels.body.result.length, VIP_LEVELS.length);
  // Administrators can address it at once.
  t.is((await req('GET', '/site-config/admin/list', { site: siteCode })).body.result[0].siteCode, siteCode);
});

test('a taken site code is 2003 and changes nothing; two creations of one code at once make one site', async (t) => {
  for (const taken of [config().siteCode, await factories.createSite()]) {
    const before = await counts(taken);
    const res = await req('POST', '/site-config/admin', { body: newSite(taken) });
    t.is(res.body.code, 2003, res.text);
    t.is(res.body.message, 'Site code already taken');
    t.deepEqual(await counts(taken), before);
  }
  const siteCode = code();
  const answers = await Promise.all([1, 2, 3].map(() => req('POST', '/site-config/admin', { body: newSite(siteCode) })));
  t.deepEqual(answers.map((r) => r.body.code).sort(), [200, 2003, 2003], JSON.stringify(answers.map((r) => r.body)));
  t.is(await models.SiteConfig.count({ where: { siteCode } }), 1);
  t.is(await models.VipLevel.count({ where: { siteCode } }), VIP_LEVELS.length);
  t.is(await models.AdminOperationLog.count({ where: { module: 'site-config', action: 'create-site', siteCode } }), 1);
});

test("copyFrom: the source's game catalog, description, mascots and themes (with the active one; the seeded default theme is copied like the others, since every seeded site has it); never its settings", async (t) => {
  const source = await factories.createSite();
  const sourceConfig = await models.SiteConfig.findOne({ where: { siteCode: source } });
  await models.GameProvider.update({ name: 'Renamed', enable: false }, { where: { siteCode: source } });
  await models.GameTypeConfig.destroy({ where: { siteCode: source, gameType: GAME_TYPES[0].gameType } });
  const themeBody = {
    themeId: 'brand',
    themeName: { 'en-US': 'Brand' },
    primary: { base: '#111', dark: '#000', light: '#fff', glow: '#ff0' },
    accent: { gold: '#fd0', info: '#09f', violet: '#80f', cyan: '#0ff', error: '#f00' },
    surface: { page: '#111', navbar: '#222', card: '#333', modal: '#444', sidebar: ['#555'] },
    text: { primary: '#fff', secondary: '#eee', muted: '#999', hint: '#666' },
    border: { subtle: '#222', default: '#333', strong: '#444' },
  };
  const made = await req('POST', `/site-config/admin/${sourceConfig?.id}/themes`, { site: source, body: themeBody });
  await req('POST', `/site-config/admin/${sourceConfig?.id}/themes`, { site: source, body: { ...themeBody, themeId: 'spare' } });
  await req('PATCH', `/site-config/admin/${sourceConfig?.id}`, {
    site: source,
    body: { activeThemeId: made.body.result.id, siteDescription: { 'en-US': 'Copied text' } },
  });
  await sourceConfig?.reload();
  await sourceConfig?.update({ settings: { ...sourceConfig.settings, serviceProviders: { email: { smtpUrl: 'smtp://secret@mail.test', from: 'x@y.test' } } } });
  await req('PATCH', `/site-config/admin/${sourceConfig?.id}/mascots`, {
    site: source,
    body: { mascots: [{ id: 'only', label: 'Only', url: 'https://cdn.test/only.png' }] },
  });

  const siteCode = code();
  const res = await req('POST', '/site-config/admin', { body: newSite(siteCode, { copyFrom: source }) });
  t.is(res.body.code, 200, res.text);
  const created = res.body.result;
  t.deepEqual(
    created.themes.map((x: { themeId: string }) => x.themeId),
    ['default', 'brand', 'spare'],
  );
  t.is(created.activeThemeId, created.themes[1].id);
  t.not(created.activeThemeId, made.body.result.id);
  t.deepEqual(created.siteDescription, { 'en-US': 'Copied text' });
  t.deepEqual(created.mascots, [{ id: 'only', label: 'Only', url: 'https://cdn.test/only.png' }]);
  t.like(created, { siteName: { 'en-US': 'Fresh Site' }, supportedLocales: ['en-US', 'zh-TW'] });
  t.is(await models.GameTypeConfig.count({ where: { siteCode } }), GAME_TYPES.length - 1);
  t.is(await models.GameProvider.count({ where: { siteCode, name: 'Renamed', enable: false } }), PROVIDER_TEMPLATE.length);
  const row = await models.SiteConfig.findOne({ where: { siteCode } });
  t.is(row?.settings.serviceProviders, undefined);
  t.deepEqual(row?.settings.mail, { welcomeRegistration: true });

  const missing = await req('POST', '/site-config/admin', { body: newSite(code(), { copyFrom: 'nosuchsite' }) });
  t.is(missing.body.code, 2001);
  t.is(missing.body.message, 'Site configuration to copy from not found');
});

test('copyFrom a site without any theme: the new site gets the default theme, active, and only it', async (t) => {
  const source = await factories.createSite(undefined, { defaultTheme: false });
  const siteCode = code();
  const res = await req('POST', '/site-config/admin', { body: newSite(siteCode, { copyFrom: source }) });
  t.is(res.body.code, 200, res.text);
  const created = res.body.result;
  t.deepEqual(
    created.themes.map((x: { themeId: string }) => x.themeId),
    ['default'],
  );
  t.is(created.activeThemeId, created.themes[0].id);
  t.true(created.seeded.includes('the default theme (active)'));
  const players = await stack.request('GET', '/api/site-config', { headers: { locales: 'en-US', 'site-name': siteCode } });
  t.like(players.body.result.activeTheme, { themeId: 'default', themeName: 'Default' });
});

test('bad input is a 400 naming the field; without site-config:write a 403; nothing is created', async (t) => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ siteCode: undefined }, /siteCode is required/],
    [{ siteCode: 'has space' }, /siteCode must be 1 to 30 letters/],
    [{ siteCode: 'x'.repeat(31) }, /siteCode must be 1 to 30 letters/],
    [{ siteCode: 12 }, /siteCode must be a `string` type/],
    [{ siteName: undefined }, /siteName is required/],
    [{ siteName: 'Plain' }, /siteName must be an object mapping locales/],
    [{ supportedLocales: undefined }, /supportedLocales is required/],
    [{ supportedLocales: ['fr-FR'] }, /supportedLocales\[0\] must be one of/],
    [{ copyFrom: 'bad code!' }, /copyFrom must be 1 to 30 letters/],
  ];
  const siteCode = code();
  for (const [extra, pattern] of cases) {
    const res = await req('POST', '/site-config/admin', { body: newSite(siteCode, extra) });
    t.is(res.status, 400, JSON.stringify(extra));
    t.regex(res.body.message, pattern, JSON.stringify(extra));
  }
  const { token } = await factories.createAdmin({ permissions: ['site-config:read', 'game:write'] });
  t.is((await req('POST', '/site-config/admin', { token, body: newSite(siteCode) })).status, 403);
  t.is(await models.SiteConfig.count({ where: { siteCode } }), 0);
});
