import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
test.before(async () => {
  // No events publisher polling the ledger and the bet orders while the migrations rebuild them (a DDL deadlock).
  stack = await startTestStack({ EVENTS_PUBLISHER: 'false' });
});
test.after.always(async () => {
  await stack?.close();
});

test.serial('the default site is seeded once: a second seeding changes nothing', async (t) => {
  const { config } = await import('../../shared/config');
  const { seedSite } = await import('../../shared/db/seeders/seed-site');
  const { seedFirstAdmin } = await import('../../shared/db/seeders/seed-admin');
  const { GameProvider, VipLevel, Admin } = await import('../../shared/db/models');
  const again = await seedSite(config().siteCode, { assetBaseUrl: 'https://x.example' });
  t.deepEqual(again.seeded, []);
  t.is(await GameProvider.count({ where: { siteCode: config().siteCode } }), 32);
  t.is(await VipLevel.count({ where: { siteCode: config().siteCode } }), 15);
  const admin = await seedFirstAdmin(config().admin.account, 'another-password');
  t.false(admin.created);
  t.is(await Admin.count({ where: { account: config().admin.account } }), 1);
});

test.serial('the seeded default site has the spec catalogue: game types, both providers per type, mascots, channel groups', async (t) => {
  const { config } = await import('../../shared/config');
  const { GameTypeConfig, GameProvider, SiteConfig, PaymentChannelGroup } = await import('../../shared/db/models');
  const siteCode = config().siteCode;
  const types = await GameTypeConfig.findAll({ where: { siteCode }, order: [['gameType', 'ASC']] });
  t.deepEqual(
    types.map((x) => [x.gameType, x.typeKey]),
    [
      [1, 'sports'],
      [2, 'slot'],
      [3, 'live'],
      [4, 'lottery'],
      [5, 'chess'],
      [8, 'esports'],
      [9, 'crypto'],
      [10, 'fish'],
    ],
  );
  for (const type of types) {
    const providers = await GameProvider.findAll({ where: { siteCode, gameType: type.gameType } });
    t.true(providers.filter((p) => p.providerCode === 'provx').length >= 2, `provx games of type ${type.gameType}`);
    t.true(providers.filter((p) => p.providerCode === 'provy').length >= 2, `provy games of type ${type.gameType}`);
  }
  const site = await SiteConfig.findOne({ where: { siteCode } });
  t.deepEqual(
    site?.mascots.map((m) => m.id),
    ['dragon', 'phoenix', 'angel', 'wizard', 'knight', 'mermaid', 'tiger', 'fox', 'owl', 'wolf'].map((n) => `mascot-${n}`),
  );
  const currencies = (await PaymentChannelGroup.findAll({ where: { siteCode, enabled: 1 } })).map((g) => g.currency).sort();
  t.deepEqual(currencies, ['CNY', 'THB', 'TWD', 'USD', 'VND']);
});

// Last: it empties the database (the tests above read the seeded rows).
test.serial('migrations roll back to nothing and apply again through the migration runner', async (t) => {
  const { db } = await import('../../shared/db/sequelize');
  const { migrator } = await import('../../shared/db/migrator');
  const tables = async () =>
    (
      await db().query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`, {
        type: QueryTypes.SELECT,
      })
    ).map((r) => r.tablename);
  const before = await tables();
  t.true(before.includes('users'));
  t.true(before.includes('outbox'));
  const umzug = migrator(db());
  const executed = (await umzug.executed()).map((m) => m.name);
  t.true(executed.length >= 1);
  await umzug.down({ to: 0 });
  t.deepEqual(await tables(), ['SequelizeMeta']);
  const applied = (await umzug.up()).map((m) => m.name);
  t.deepEqual(applied, executed);
  t.deepEqual(await tables(), before);
});

// After the rollback above: the database is as on a fresh machine, migrated and not yet seeded.
test.serial('a fresh database migrated then seeded (what npm start does) has the default site with the default theme active', async (t) => {
  const { config } = await import('../../shared/config');
  const { prepareDatabase } = await import('../../shared/db/setup');
  const { forgetKnownSites } = await import('../../shared/domain/common');
  const prepared = await prepareDatabase();
  t.deepEqual(prepared.migrations, []);
  t.true(prepared.seeded.includes('site config'));
  t.true(prepared.seeded.includes('the default theme (active)'));
  forgetKnownSites();
  const res = await stack.request('GET', '/api/site-config', { headers: { locales: 'en-US' } });
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result.siteCode, config().siteCode);
  t.like(res.body.result.activeTheme, { themeId: 'default', themeName: 'Default', enabled: 1 });
  t.deepEqual(res.body.result.availableThemes, [{ themeId: 'default', themeName: 'Default' }]);
});

test.serial(
  'a site seeded without any theme (before the seed gave one) gets the default theme at its next seeding; a site with a theme of its own keeps its themes as they are',
  async (t) => {
    const { seedSite } = await import('../../shared/db/seeders/seed-site');
    const { SiteConfig, SiteTheme } = await import('../../shared/db/models');
    const bare = `bare${Date.now() % 100_000}`;
    const own = `own${Date.now() % 100_000}`;
    for (const siteCode of [bare, own]) await seedSite(siteCode, { assetBaseUrl: 'https://x.example', defaultTheme: false });
    const ownConfig = (await SiteConfig.findOne({ where: { siteCode: own } }))!;
    const colours = {
      primary: { base: '#111', dark: '#000', light: '#222', glow: '#333' },
      accent: { gold: '#111', info: '#111', violet: '#111', cyan: '#111', error: '#111' },
      surface: { page: '#111', navbar: '#111', card: '#111', modal: '#111', sidebar: ['#111'] },
      text: { primary: '#fff', secondary: '#eee', muted: '#ddd', hint: '#ccc' },
      border: { subtle: '#111', default: '#222', strong: '#333' },
    };
    await SiteTheme.create({ siteCode: own, siteConfigId: ownConfig.id, themeId: 'own', themeName: { 'en-US': 'Own' }, ...colours, enabled: 1 });

    t.deepEqual((await seedSite(bare, { assetBaseUrl: 'https://x.example' })).seeded, ['the default theme (active)']);
    const themes = await SiteTheme.findAll({ where: { siteCode: bare } });
    t.deepEqual(
      themes.map((x) => x.themeId),
      ['default'],
    );
    t.is((await SiteConfig.findOne({ where: { siteCode: bare } }))?.activeThemeId, themes[0].id);
    t.deepEqual((await seedSite(bare, { assetBaseUrl: 'https://x.example' })).seeded, []);

    t.deepEqual((await seedSite(own, { assetBaseUrl: 'https://x.example' })).seeded, []);
    t.deepEqual(
      (await SiteTheme.findAll({ where: { siteCode: own } })).map((x) => x.themeId),
      ['own'],
    );
    t.is((await ownConfig.reload()).activeThemeId, null);
  },
);
