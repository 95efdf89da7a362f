import test from 'ava';
import { config } from '../../shared/config';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * GET /site-config answers the site the site-name header names, as every player endpoint does, and
 * SITE_CODE's site only without one; each site's answer is cached on its own. A site created through
 * POST /site-config/admin starts with an active theme.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['site-config:read', 'site-config:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const publicConfig = (site?: string) => stack.request('GET', '/api/site-config', { headers: { locales: 'en-US', ...(site ? { 'site-name': site } : {}) } });

async function named(site: string, name: string): Promise<void> {
  await models.SiteConfig.update({ siteName: { 'en-US': name } }, { where: { siteCode: site } });
}

test("each site-name header gets its own site's config; no header gets SITE_CODE's; an unknown site is a 400", async (t) => {
  const a = await factories.createSite();
  const b = await factories.createSite();
  await named(a, 'Site A');
  await named(b, 'Site B');
  const ra = await publicConfig(a);
  const rb = await publicConfig(b);
  t.is(ra.body.code, 200, ra.text);
  t.like(ra.body.result, { siteCode: a, siteName: 'Site A' });
  t.like(rb.body.result, { siteCode: b, siteName: 'Site B' });
  // Cached per site: asking again (from the cache) still answers each its own.
  t.like((await publicConfig(a)).body.result, { siteCode: a, siteName: 'Site A' });
  t.like((await publicConfig(b)).body.result, { siteCode: b, siteName: 'Site B' });
  t.is((await publicConfig()).body.result.siteCode, config().siteCode);

  const unknown = await publicConfig('no-such-site');
  t.is(unknown.status, 400);
  t.regex(unknown.body.message, /Unknown site/);
});

test('a disabled site answers 2001 on its own header, the others are unaffected', async (t) => {
  const a = await factories.createSite();
  await models.SiteConfig.update({ enabled: 0 }, { where: { siteCode: a } });
  const res = await publicConfig(a);
  t.is(res.body.code, 2001, res.text);
  t.is((await publicConfig()).body.code, 200);
});

test('a site created through the API has an active theme at once, the default one', async (t) => {
  const siteCode = `hdr${Date.now() % 1_000_000}`;
  const created = await req('POST', '/site-config/admin', { body: { siteCode, siteName: { 'en-US': 'Themed' }, supportedLocales: ['en-US'] } });
  t.is(created.body.code, 200, created.text);
  t.true(created.body.result.seeded.includes('the default theme (active)'));
  const res = await publicConfig(siteCode);
  t.is(res.body.code, 200, res.text);
  t.not(res.body.result.activeTheme, null);
  t.like(res.body.result.activeTheme, { themeId: 'default', themeName: 'Default', enabled: 1 });
  t.deepEqual(res.body.result.availableThemes, [{ themeId: 'default', themeName: 'Default' }]);
  // The theme is the site's own: its operators change it as any theme.
  const theme = await models.SiteTheme.findOne({ where: { siteCode, themeId: 'default' } });
  t.is(created.body.result.activeThemeId, theme?.id);
});

test('the default-themes migration gives a site without any theme the default theme, and leaves sites with themes alone', async (t) => {
  // Sites as they were before the seed gave every site a theme: one without any, one with its own only.
  const bare = await factories.createSite(undefined, { defaultTheme: false });
  const themed = await factories.createSite(undefined, { defaultTheme: false });
  t.is(await models.SiteTheme.count({ where: { siteCode: [bare, themed] } }), 0);
  const themedConfig = await models.SiteConfig.findOne({ where: { siteCode: themed } });
  const own = await models.SiteTheme.create({
    siteCode: themed,
    siteConfigId: themedConfig!.id,
    themeId: 'own',
    themeName: { 'en-US': 'Own' },
    primary: { base: '#111', dark: '#000', light: '#222', glow: '#333' },
    accent: { gold: '#111', info: '#111', violet: '#111', cyan: '#111', error: '#111' },
    surface: { page: '#111', navbar: '#111', card: '#111', modal: '#111', sidebar: ['#111'] },
    text: { primary: '#fff', secondary: '#eee', muted: '#ddd', hint: '#ccc' },
    border: { subtle: '#111', default: '#222', strong: '#333' },
    enabled: 1,
  });
  const { db } = await import('../../shared/db/sequelize');
  const migration = await import('../../shared/db/migrations/20261126-0048-default-themes');
  await migration.up({ sequelize: db() });
  const bareConfig = await models.SiteConfig.findOne({ where: { siteCode: bare } });
  const added = await models.SiteTheme.findAll({ where: { siteCode: bare } });
  t.deepEqual(
    added.map((x) => x.themeId),
    ['default'],
  );
  t.is(bareConfig?.activeThemeId, added[0].id);
  // The same theme a new site gets (the migration holds its own copy).
  const { DEFAULT_THEME_COLOURS, DEFAULT_THEME_NAME } = await import('../../shared/db/seeders/default-theme');
  const { primary, accent, surface, text, border, themeName } = added[0].get({ plain: true });
  t.deepEqual({ primary, accent, surface, text, border, themeName }, { ...DEFAULT_THEME_COLOURS, themeName: DEFAULT_THEME_NAME });
  t.deepEqual(
    (await models.SiteTheme.findAll({ where: { siteCode: themed } })).map((x) => x.id),
    [own.id],
  );
  t.is((await themedConfig!.reload()).activeThemeId, null);
  // Run again: nothing more.
  await migration.up({ sequelize: db() });
  t.is(await models.SiteTheme.count({ where: { siteCode: bare } }), 1);
});
