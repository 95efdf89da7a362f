import test from 'ava';
import { config } from '../../shared/config';
import { DEFAULT_THEME_COLOURS } from '../../shared/db/seeders/default-theme';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Site configuration and themes: the public GET /site-config (SITE_CODE's site, cached,
 * cleared by every administrator write), the administrators' list, patch, themes and mascots (permission
 * module `site-config`), colour validation, site isolation; bad input is a 400, never a 500.
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

const publicConfig = (locale = 'en-US') => stack.request('GET', '/api/site-config', { headers: { locales: locale } });

const theme = (themeId: string, extra: Record<string, unknown> = {}) => ({
  themeId,
  themeName: { 'en-US': `Theme ${themeId}`, 'zh-TW': `主題 ${themeId}` },
  primary: { base: '#1a2b3c', dark: '#000', light: '#FFFFFF', glow: 'rgba(255, 200, 0, 0.5)' },
  accent: { gold: '#ffd700', info: 'rgb(0, 120, 255)', violet: '#8a2be2', cyan: '#0ff', error: '#ff000080' },
  surface: { page: '#111', navbar: '#222', card: '#333', modal: '#444', sidebar: ['#555', 'rgba(0,0,0,1)'] },
  text: { primary: '#fff', secondary: '#ddd', muted: '#999', hint: '#666' },
  border: { subtle: '#2a2a2a', default: '#3a3a3a', strong: '#4a4a4a' },
  ...extra,
});

async function configOf(siteCode: string) {
  const row = await models.SiteConfig.findOne({ where: { siteCode } });
  if (!row) throw new Error(`no config for ${siteCode}`);
  return row;
}

async function createTheme(site: string, themeId: string, extra: Record<string, unknown> = {}) {
  const id = (await configOf(site)).id;
  const res = await req('POST', `/site-config/admin/${id}/themes`, { site, body: theme(themeId, extra) });
  if (res.body?.code !== 200) throw new Error(res.text);
  return res.body.result as { id: number; themeId: string };
}

const ADMIN_ENDPOINTS: Array<[string, string]> = [
  ['GET', '/site-config/admin/list'],
  ['POST', '/site-config/admin'],
  ['PATCH', '/site-config/admin/1'],
  ['GET', '/site-config/admin/1/themes'],
  ['POST', '/site-config/admin/1/themes'],
  ['PATCH', '/site-config/admin/themes/1'],
  ['DELETE', '/site-config/admin/themes/1'],
  ['PATCH', '/site-config/admin/1/mascots'],
];

// ------------------------------------------------------------------------------------------------
// Guards

test('administrator endpoints: 401 without an administrator token; 403 without the permission', async (t) => {
  const { token: playerToken } = await factories.createUser();
  const { token: readOnly } = await factories.createAdmin({ permissions: ['site-config:read'] });
  const { token: other } = await factories.createAdmin({ permissions: ['inbox:write', 'vip:write'] });
  for (const [method, path] of ADMIN_ENDPOINTS) {
    for (const token of [null, playerToken]) t.is((await req(method, path, { token, body: {} })).status, 401, `${method} ${path}`);
    t.is((await req(method, path, { token: other, body: {} })).status, 403, `${method} ${path}`);
    if (method !== 'GET') t.is((await req(method, path, { token: readOnly, body: {} })).status, 403, `${method} ${path}`);
  }
  t.is((await req('GET', '/site-config/admin/list', { token: readOnly })).body.code, 200);
  // The public configuration needs no token.
  t.is((await publicConfig()).body.code, 200);
});

// ------------------------------------------------------------------------------------------------
// Public configuration and its cache

test.serial(
  'GET /site-config: the SITE_CODE site in the request locale, its active theme (the seeded site now starts with the default theme active) and the enabled themes; cached and cleared by every write',
  async (t) => {
    const site = config().siteCode;
    const row = await configOf(site);
    await row.update({ siteName: { 'en-US': 'Lucky', 'zh-TW': '幸運' }, siteDescription: { 'en-US': 'Play' } });
    const first = await publicConfig();
    t.is(first.body.code, 200, first.text);
    t.deepEqual(first.body.result, {
      siteCode: site,
      siteName: 'Lucky',
      siteDescription: 'Play',
      supportedLocales: row.supportedLocales,
      activeTheme: { themeId: 'default', themeName: 'Default', ...DEFAULT_THEME_COLOURS, enabled: 1 },
      availableThemes: [{ themeId: 'default', themeName: 'Default' }],
    });

    // Served from the cache: a change behind the API's back is not seen...
    await row.update({ siteName: { 'en-US': 'Changed directly' } });
    t.is((await publicConfig()).body.result.siteName, 'Lucky');
    // ...until an administrator write clears it: a theme create,
    const dark = await createTheme(site, 'dark');
    const afterCreate = (await publicConfig()).body.result;
    t.is(afterCreate.siteName, 'Changed directly');
    t.deepEqual(afterCreate.availableThemes, [
      { themeId: 'default', themeName: 'Default' },
      { themeId: 'dark', themeName: 'Theme dark' },
    ]);
    // a patch of the config (activeThemeId),
    t.is((await req('PATCH', `/site-config/admin/${row.id}`, { site, body: { activeThemeId: dark.id } })).body.code, 200);
    const active = (await publicConfig('zh-TW')).body.result;
    t.deepEqual(Object.keys(active.activeTheme).sort(), ['accent', 'border', 'enabled', 'primary', 'surface', 'text', 'themeId', 'themeName']);
    t.like(active.activeTheme, { themeId: 'dark', themeName: '主題 dark', primary: theme('dark').primary, surface: theme('dark').surface });
    // a theme patch,
    await createTheme(site, 'off', { enabled: 0 });
    t.deepEqual(
      (await publicConfig()).body.result.availableThemes.map((x: { themeId: string }) => x.themeId),
      ['default', 'dark'],
    );
    t.is((await req('PATCH', `/site-config/admin/themes/${dark.id}`, { site, body: { themeName: { 'en-US': 'Night' } } })).body.code, 200);
    t.is((await publicConfig()).body.result.activeTheme.themeName, 'Night');
    // a mascots replace (the cached view does not hold mascots, but the write clears it all the same),
    await row.update({ siteDescription: { 'en-US': 'Behind the back' } });
    t.is(
      (await req('PATCH', `/site-config/admin/${row.id}/mascots`, { site, body: { mascots: [{ id: 'm1', label: 'One', url: 'https://cdn.test/m1.png' }] } }))
        .body.code,
      200,
    );
    t.is((await publicConfig()).body.result.siteDescription, 'Behind the back');
    // and a theme delete: deleting the active theme clears activeThemeId.
    const del = await req('DELETE', `/site-config/admin/themes/${dark.id}`, { site });
    t.is(del.body.code, 200, del.text);
    t.is(del.body.result, null);
    t.is((await configOf(site)).activeThemeId, null);
    t.is((await publicConfig()).body.result.activeTheme, null);
    t.is(await models.AdminOperationLog.count({ where: { module: 'site-config', action: 'delete-theme', siteCode: site } }), 1);
  },
);

test.serial('GET /site-config: 2001 when the SITE_CODE site is disabled', async (t) => {
  const row = await configOf(config().siteCode);
  await req('PATCH', `/site-config/admin/${row.id}`, { site: row.siteCode, body: { enabled: 0 } });
  try {
    const res = await publicConfig();
    t.is(res.status, 200);
    t.is(res.body.code, 2001);
    t.is(res.body.message, 'Site configuration not found');
  } finally {
    await req('PATCH', `/site-config/admin/${row.id}`, { site: row.siteCode, body: { enabled: 1 } });
  }
  t.is((await publicConfig()).body.code, 200);
});

// ------------------------------------------------------------------------------------------------
// Site configs

test('list: every site config with its themes (a seeded site now starts with the default theme, active) and raw locale maps; x-site-code narrows it to that site', async (t) => {
  const site = await factories.createSite();
  const made = await createTheme(site, 'blue');
  const all = await req('GET', '/site-config/admin/list');
  t.is(all.body.code, 200, all.text);
  t.true(all.body.result.length >= 2);
  const one = await req('GET', '/site-config/admin/list', { site });
  t.is(one.body.result.length, 1);
  const [view] = one.body.result;
  t.deepEqual(Object.keys(view).sort(), [
    'activeThemeId',
    'createdAt',
    'enabled',
    'id',
    'mascots',
    'siteCode',
    'siteDescription',
    'siteName',
    'supportedLocales',
    'themes',
    'updatedAt',
  ]);
  t.is(view.siteCode, site);
  t.is(typeof view.siteName, 'object');
  t.is(view.mascots.length, 10);
  t.deepEqual(
    view.themes.map((x: { themeId: string }) => x.themeId),
    ['default', 'blue'],
  );
  t.is(view.activeThemeId, view.themes[0].id);
  t.is(view.themes[1].id, made.id);
  t.deepEqual(view.themes[1].themeName, theme('blue').themeName);
});

test('patch: partial update with raw maps in the result, operation-logged; activeThemeId must name a theme of that site', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const id = (await configOf(site)).id;
  const own = await createTheme(site, 'own');
  const foreign = await createTheme(other, 'foreign');
  const res = await req('PATCH', `/site-config/admin/${id}`, {
    site,
    body: { siteName: { 'en-US': 'New name' }, supportedLocales: ['en-US', 'th-TH'], activeThemeId: own.id },
  });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { id, siteCode: site, siteName: { 'en-US': 'New name' }, supportedLocales: ['en-US', 'th-TH'], activeThemeId: own.id, enabled: 1 });
  const log = await models.AdminOperationLog.findOne({ where: { module: 'site-config', action: 'update', siteCode: site } });
  t.deepEqual(Object.keys((log?.detail as { changes: object }).changes).sort(), ['activeThemeId', 'siteName', 'supportedLocales']);

  for (const activeThemeId of [foreign.id, 999_999]) {
    const bad = await req('PATCH', `/site-config/admin/${id}`, { site, body: { activeThemeId } });
    t.is(bad.body.code, 2002, String(activeThemeId));
    t.is(bad.body.message, 'Theme not found');
  }
  t.is((await configOf(site)).activeThemeId, own.id);
  t.is((await req('PATCH', `/site-config/admin/${id}`, { site, body: { activeThemeId: null } })).body.result.activeThemeId, null);

  // Another site's config, or none: 2001.
  const otherId = (await configOf(other)).id;
  for (const target of [otherId, 999_999]) {
    const res2 = await req('PATCH', `/site-config/admin/${target}`, { site, body: { enabled: 0 } });
    t.is(res2.body.code, 2001);
    t.is(res2.body.message, 'Site configuration not found');
  }
  t.is((await configOf(other)).enabled, 1);
});

test('patch refuses bad input with a 400 naming the field', async (t) => {
  const site = await factories.createSite();
  const id = (await configOf(site)).id;
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ supportedLocales: ['en-US', 'xx'] }, /supportedLocales\[1\] must be one of/],
    [{ supportedLocales: [] }, /supportedLocales must hold at least one locale/],
    [{ supportedLocales: ['en-US', 'en-US'] }, /must not repeat a locale/],
    [{ supportedLocales: 'en-US' }, /supportedLocales must be an array/],
    [{ siteName: { 'en-US': '' } }, /siteName\.en-US must be a text of 1 to 100/],
    [{ siteName: { fr: 'x' } }, /"fr" is not a locale/],
    [{ siteDescription: { 'en-US': 'x'.repeat(501) } }, /siteDescription\.en-US/],
    [{ activeThemeId: '1' }, /activeThemeId must be a positive integer/],
    [{ activeThemeId: 1e30 }, /activeThemeId must be at most/],
    [{ enabled: 2 }, /enabled must be 0 or 1/],
  ];
  for (const [body, pattern] of cases) {
    const res = await req('PATCH', `/site-config/admin/${id}`, { site, body });
    t.is(res.status, 400, JSON.stringify(body));
    t.regex(res.body.message, pattern, JSON.stringify(body));
  }
  t.is((await req('PATCH', '/site-config/admin/abc', { site, body: {} })).status, 400);
});

// ------------------------------------------------------------------------------------------------
// Themes

test("themes: create, list (after the seeded default theme every site now starts with), patch; themeId unique per site (2003); another site's config is 2001 and its themes 2002", async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const id = (await configOf(site)).id;
  const created = await req('POST', `/site-config/admin/${id}/themes`, { site, body: theme('gold') });
  t.is(created.body.code, 200, created.text);
  t.deepEqual(Object.keys(created.body.result).sort(), [
    'accent',
    'border',
    'createdAt',
    'enabled',
    'id',
    'primary',
    'siteCode',
    'siteConfigId',
    'surface',
    'text',
    'themeId',
    'themeName',
    'updatedAt',
  ]);
  t.like(created.body.result, { siteCode: site, siteConfigId: id, themeId: 'gold', enabled: 1, accent: theme('gold').accent });

  const dup = await req('POST', `/site-config/admin/${id}/themes`, { site, body: theme('gold') });
  t.is(dup.body.code, 2003);
  t.is(dup.body.message, 'Theme ID already exists in this site');
  // The same themeId in another site is fine.
  t.truthy(await createTheme(other, 'gold'));
  const second = await createTheme(site, 'silver');
  t.is((await req('PATCH', `/site-config/admin/themes/${second.id}`, { site, body: { themeId: 'gold' } })).body.code, 2003);

  const list = await req('GET', `/site-config/admin/${id}/themes`, { site });
  t.deepEqual(
    list.body.result.map((x: { themeId: string }) => x.themeId),
    ['default', 'gold', 'silver'],
  );

  const patched = await req('PATCH', `/site-config/admin/themes/${second.id}`, {
    site,
    body: { enabled: 0, border: { subtle: '#010101', default: '#020202', strong: '#030303' } },
  });
  t.is(patched.body.code, 200, patched.text);
  t.like(patched.body.result, {
    themeId: 'silver',
    enabled: 0,
    border: { subtle: '#010101', default: '#020202', strong: '#030303' },
    primary: theme('x').primary,
  });

  const otherId = (await configOf(other)).id;
  for (const [method, path] of [
    ['GET', `/site-config/admin/${otherId}/themes`],
    ['POST', `/site-config/admin/${otherId}/themes`],
    ['PATCH', `/site-config/admin/${otherId}/mascots`],
  ]) {
    const res = await req(method, path, { site, body: method === 'POST' ? theme('x') : { mascots: [{ id: 'a', label: 'A', url: 'https://a.test/a.png' }] } });
    t.is(res.body.code, 2001, `${method} ${path}`);
  }
  const otherTheme = (await req('GET', `/site-config/admin/${otherId}/themes`, { site: other })).body.result[0];
  for (const [method, body] of [
    ['PATCH', { enabled: 0 }],
    ['DELETE', undefined],
  ] as const) {
    const res = await req(method, `/site-config/admin/themes/${otherTheme.id}`, { site, body });
    t.is(res.body.code, 2002, method);
    t.is(res.body.message, 'Theme not found');
  }
  t.is((await req('DELETE', '/site-config/admin/themes/999999', { site })).body.code, 2002);
  // The other site's themes (its seeded default and gold) are all still there, unchanged.
  const otherThemes = await models.SiteTheme.findAll({ where: { siteCode: other }, order: [['id', 'ASC']] });
  t.deepEqual(
    otherThemes.map((x) => [x.themeId, x.enabled]),
    [
      ['default', 1],
      ['gold', 1],
    ],
  );
});

test('colours: hex and rgb(a) are taken; anything else is a 400 naming the colour', async (t) => {
  const site = await factories.createSite();
  const id = (await configOf(site)).id;
  for (const good of [
    '#abc',
    '#ABCD',
    '#a1b2c3',
    '#a1b2c3d4',
    'rgb(0,0,0)',
    'rgb( 255 , 255 , 255 )',
    'rgba(1, 2, 3, 0.25)',
    'rgba(1,2,3,1)',
    'rgba(1,2,3,0)',
  ]) {
    const res = await req('POST', `/site-config/admin/${id}/themes`, {
      site,
      body: theme(`t${Math.random().toString(36).slice(2, 8)}`, { primary: { ...theme('x').primary, base: good } }),
    });
    t.is(res.body.code, 200, `${good}: ${res.text}`);
  }
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ primary: { ...theme('x').primary, base: 'red' } }, /primary\.base must be a colour/],
    [{ primary: { ...theme('x').primary, base: '#abcde' } }, /primary\.base must be a colour/],
    [{ accent: { ...theme('x').accent, gold: 'rgb(256, 0, 0)' } }, /accent\.gold must be a colour/],
    [{ accent: { ...theme('x').accent, info: 'rgba(0, 0, 0)' } }, /accent\.info must be a colour/],
    [{ accent: { ...theme('x').accent, info: 'rgba(0, 0, 0, 1.5)' } }, /accent\.info must be a colour/],
    [{ text: { ...theme('x').text, hint: 'url(javascript:alert(1))' } }, /text\.hint must be a colour/],
    [{ border: { ...theme('x').border, strong: 123 } }, /border\.strong must be a colour/],
    [{ surface: { ...theme('x').surface, sidebar: ['#fff', 'blue'] } }, /surface\.sidebar\[1\] must be a colour/],
    [{ surface: { ...theme('x').surface, sidebar: [] } }, /surface\.sidebar must hold at least one colour/],
    [{ surface: { ...theme('x').surface, sidebar: '#fff' } }, /surface\.sidebar must be an array of colours/],
    [{ primary: { base: '#fff' } }, /primary\.dark is required/],
    [{ primary: '#fff' }, /primary must be a `object` type/],
    [{ border: undefined }, /border is required/],
    [{ themeId: 'has space' }, /themeId must be 1 to 40 letters/],
    [{ themeId: 5 }, /themeId must be a `string` type/],
    [{ themeName: {} }, /themeName must name the theme/],
    [{ enabled: '1' }, /enabled must be an integer/],
  ];
  for (const [extra, pattern] of bad) {
    const res = await req('POST', `/site-config/admin/${id}/themes`, { site, body: theme('bad', extra) });
    t.is(res.status, 400, JSON.stringify(extra));
    t.regex(res.body.message, pattern, JSON.stringify(extra));
  }
  const patchBad = await req('PATCH', `/site-config/admin/themes/${(await createTheme(site, 'ok')).id}`, { site, body: { accent: { gold: '#fff' } } });
  t.is(patchBad.status, 400);
  t.regex(patchBad.body.message, /accent\.info is required/);
  t.is(await models.SiteTheme.count({ where: { siteCode: site, themeId: 'bad' } }), 0);
});

// ------------------------------------------------------------------------------------------------
// Mascots

test("mascots: the whole list replaced, the result is the new list, and the first becomes new players' avatar", async (t) => {
  const site = await factories.createSite();
  const id = (await configOf(site)).id;
  const mascots = [
    { id: 'cat', label: { 'en-US': 'Cat', 'zh-TW': '貓' }, url: 'https://cdn.test/cat.png' },
    { id: 'dog', label: 'Dog', url: 'https://cdn.test/dog.png' },
  ];
  const res = await req('PATCH', `/site-config/admin/${id}/mascots`, { site, body: { mascots } });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, mascots);
  t.deepEqual((await configOf(site)).mascots, mascots);
  const reg = await stack.request('POST', '/api/auth/register', {
    body: { account: `m${Date.now() % 1_000_000}`, password: 'secret123', name: 'M' },
    headers: { 'site-name': site },
  });
  t.is(reg.body.code, 200, reg.text);
  t.is((await models.User.findByPk(reg.body.result.user.id))?.avatar, 'https://cdn.test/cat.png');

  const bad: Array<[unknown, RegExp]> = [
    [[], /at least one mascot/],
    ['cat', /mascots must be an array/],
    [[{ id: 'a', label: 'A', url: 'javascript:alert(1)' }], /mascots\[0\]\.url must be an absolute https URL/],
    [[{ id: 'a', label: 'A', url: 5 }], /mascots\[0\]\.url/],
    [[{ id: 'a', label: '', url: 'https://a.test' }], /mascots\[0\]\.label must be a text/],
    [[{ id: 'a', label: { xx: 'A' }, url: 'https://a.test' }], /mascots\[0\]\.label must map locales/],
    [
      [
        { id: 'a', label: 'A', url: 'https://a.test' },
        { id: 'a', label: 'B', url: 'https://b.test' },
      ],
      /must not repeat an id/,
    ],
    [[{ label: 'A', url: 'https://a.test' }], /mascots\[0\]\.id is required/],
  ];
  for (const [value, pattern] of bad) {
    const r = await req('PATCH', `/site-config/admin/${id}/mascots`, { site, body: { mascots: value } });
    t.is(r.status, 400, JSON.stringify(value));
    t.regex(r.body.message, pattern, JSON.stringify(value));
  }
  t.deepEqual((await configOf(site)).mascots, mascots);
});
