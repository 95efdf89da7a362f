import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import { cacheGone, seedProviderCache } from '../helpers/provider-cache';
import type { TestStack } from '../helpers/stack';

/**
 * Administrator game template endpoints: preview-template, load-template and
 * copy-site-data. Loads and copies are one transaction each: a failure in the middle leaves the old rows.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let db: typeof import('../../shared/db/sequelize').db;
let cache: typeof import('../../shared/redis').cache;
let root: AdminRoot;
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, root, req } = await startAdminStack({ permissions: ['game:read', 'game:write'] }));
  db = (await import('../../shared/db/sequelize')).db;
  cache = (await import('../../shared/redis')).cache;
});
test.after.always(async () => {
  await stack?.close();
});

const seedCache = (site: string) => seedProviderCache(stack, site, 3);

/** Every provider and type config row of a site, as comparable snapshots (ids included). */
async function snapshot(site: string) {
  const providers = await models.GameProvider.findAll({ where: { siteCode: site }, order: [['id', 'ASC']], raw: true });
  const typeConfigs = await models.GameTypeConfig.findAll({ where: { siteCode: site }, order: [['id', 'ASC']], raw: true });
  return JSON.stringify({ providers, typeConfigs });
}

const logsOf = (action: string, siteCode: string) => models.AdminOperationLog.findAll({ where: { module: 'game', action, siteCode } });

let seq = 0;
const uniq = (prefix: string) => `${prefix}${process.pid}x${++seq}`;

/** Makes inserts of `gameCode` into `site` fail inside Postgres: a failure in the middle of a write. */
async function failInsertsOf(table: 'game_providers' | 'game_type_configs', site: string, column: string, value: string | number) {
  const name = uniq('boom_');
  await db().query(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."siteCode" = '${site}' AND NEW."${column}"::text = '${value}' THEN
        RAISE EXCEPTION 'simulated failure in the middle of a write';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}();
  `);
}

// ------------------------------------------------------------------------------------------------
// preview-template

test.serial('GET /game/admin/preview-template: the built-in template, writing nothing (runs before the others, which write)', async (t) => {
  const before = { providers: await models.GameProvider.count(), types: await models.GameTypeConfig.count(), logs: await models.AdminOperationLog.count() };
  const res = await req('GET', '/game/admin/preview-template');
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const { typeConfigs, providers } = res.body.result;
  t.deepEqual(Object.keys(res.body.result).sort(), ['providers', 'typeConfigs']);
  t.is(typeConfigs.length, 8);
  t.is(providers.length, 32);
  t.deepEqual(Object.keys(typeConfigs[0]).sort(), ['gameType', 'icon', 'label', 'sortOrder', 'typeKey']);
  t.deepEqual(Object.keys(providers[0]).sort(), ['gameCode', 'gameType', 'name', 'providerCode', 'sortOrder']);
  t.like(typeConfigs[0], { gameType: 1, typeKey: 'sports', icon: 'mdi-soccer', sortOrder: 10 });
  t.is(typeConfigs[0].label['en-US'], 'Sports');
  t.true(providers.every((p: { providerCode: string }) => p.providerCode === 'provx' || p.providerCode === 'provy'));
  t.is(new Set(providers.map((p: { gameCode: string }) => p.gameCode)).size, 32);
  t.deepEqual(
    { providers: await models.GameProvider.count(), types: await models.GameTypeConfig.count(), logs: await models.AdminOperationLog.count() },
    before,
  );
});

// ------------------------------------------------------------------------------------------------
// load-template

test("POST /game/admin/load-template: the built-in template replaces the site's rows only", async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  // Operator changes that the template load must replace.
  await models.GameProvider.create({
    siteCode: site,
    gameCode: 'custom-1',
    providerCode: 'provx',
    gameType: 2,
    name: {},
    areaBlock: false,
    maintain: true,
    enable: true,
    sortOrder: 1,
  });
  await models.GameProvider.update({ enable: false }, { where: { siteCode: site, gameCode: 'provx-slot-01' } });
  await models.GameTypeConfig.destroy({ where: { siteCode: site, gameType: 10 } });
  const otherBefore = await snapshot(other);
  const keys = await seedCache(site);
  const otherKeys = await seedCache(other);

  const res = await req('POST', '/game/admin/load-template', { site, body: {} });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result, { typeConfigs: 8, providers: 32 });

  const providers = await models.GameProvider.findAll({ where: { siteCode: site } });
  t.is(providers.length, 32);
  t.false(providers.some((p) => p.gameCode === 'custom-1'));
  t.true(providers.find((p) => p.gameCode === 'provx-slot-01')!.enable);
  t.is(await models.GameTypeConfig.count({ where: { siteCode: site } }), 8);
  t.is(await snapshot(other), otherBefore, 'another site is untouched');

  const [log] = await logsOf('load-template', site);
  t.truthy(log);
  t.is(log.adminId, root.id);
  t.deepEqual((log.detail as { inserted: unknown }).inserted, { typeConfigs: 8, providers: 32 });
  t.deepEqual((log.detail as { removed: unknown }).removed, { typeConfigs: 7, providers: 33 });
  await cacheGone(t, keys);
  for (const key of otherKeys) t.is(await cache().exists(key), 1);
});

test('POST /game/admin/load-template: given arrays (the preview shape) are loaded; absent ones take the built-in', async (t) => {
  const site = await factories.createSite();
  const res = await req('POST', '/game/admin/load-template', {
    site,
    body: {
      typeConfigs: [
        { gameType: 2, typeKey: 'slot', label: { 'en-US': 'Reels' }, icon: 'mdi-x', sortOrder: 1 },
        { gameType: 9, name: { 'en-US': 'Crypto' }, enable: false },
      ],
      providers: [
        { gameCode: 'only-one', providerCode: 'provy', gameType: 9, name: { 'en-US': 'Only' }, sortOrder: 4, maintain: true },
        { gameCode: 'only-two', providerCode: 'provx', gameType: 2 },
      ],
    },
  });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, { typeConfigs: 2, providers: 2 });
  const list = (await req('GET', '/game/admin/providers', { site })).body.result;
  t.deepEqual(list.map((p: { gameCode: string }) => p.gameCode).sort(), ['only-one', 'only-two']);
  const one = list.find((p: { gameCode: string }) => p.gameCode === 'only-one');
  t.true(one.maintain);
  t.true(one.enable);
  t.deepEqual(one.name, { 'en-US': 'Only' });
  const types = (await req('GET', '/game/admin/type-configs', { site })).body.result;
  t.deepEqual(types.map((c: { gameType: number }) => c.gameType).sort(), [2, 9]);
  const crypto = types.find((c: { gameType: number }) => c.gameType === 9);
  t.false(crypto.enabled);
  t.is(crypto.typeKey, 'crypto');
  t.is(crypto.icon, 'mdi-bitcoin', 'a missing icon takes the built-in one');

  // Only providers given: the type configs come from the built-in template.
  const partial = await req('POST', '/game/admin/load-template', { site, body: { providers: [{ gameCode: 'p-1', providerCode: 'provx', gameType: 1 }] } });
  t.deepEqual(partial.body.result, { typeConfigs: 8, providers: 1 });
});

test('POST /game/admin/load-template is atomic: a duplicate gameCode leaves the site as it was (400)', async (t) => {
  const site = await factories.createSite();
  await models.GameProvider.update({ maintain: true }, { where: { siteCode: site, gameType: 4 } });
  const before = await snapshot(site);
  const keys = await seedCache(site);
  const res = await req('POST', '/game/admin/load-template', {
    site,
    body: {
      typeConfigs: [{ gameType: 1 }],
      providers: [
        { gameCode: 'twice', providerCode: 'provx', gameType: 1 },
        { gameCode: 'once', providerCode: 'provx', gameType: 1 },
        { gameCode: 'twice', providerCode: 'provy', gameType: 2 },
      ],
    },
  });
  t.is(res.status, 400);
  t.is(res.body.code, 400);
  t.is(res.body.errors[0].field, 'providers');
  t.regex(res.body.message, /twice/);
  t.is(await snapshot(site), before, 'providers and type configs unchanged');
  t.is((await logsOf('load-template', site)).length, 0);
  for (const key of keys) t.is(await cache().exists(key), 1, 'nothing changed, nothing cleared');

  const dupType = await req('POST', '/game/admin/load-template', { site, body: { typeConfigs: [{ gameType: 3 }, { gameType: 3 }] } });
  t.is(dupType.status, 400);
  t.is(dupType.body.errors[0].field, 'typeConfigs');
  t.is(await snapshot(site), before);
});

test('POST /game/admin/load-template is atomic: a database failure after the deletes keeps the old rows', async (t) => {
  const site = await factories.createSite();
  const before = await snapshot(site);
  await failInsertsOf('game_providers', site, 'gameCode', 'explode');
  const res = await req('POST', '/game/admin/load-template', {
    site,
    body: {
      providers: [
        { gameCode: 'fine', providerCode: 'provx', gameType: 1 },
        { gameCode: 'explode', providerCode: 'provx', gameType: 1 },
      ],
    },
  });
  t.is(res.status, 500);
  t.is(res.body.code, 500);
  t.false(res.text.includes('simulated failure'), 'no database text in the answer');
  t.is(await snapshot(site), before);
  t.is((await logsOf('load-template', site)).length, 0);
});

test('POST /game/admin/load-template: bad arrays are 400 naming the element, never 500', async (t) => {
  const site = await factories.createSite();
  const before = await snapshot(site);
  const cases: Array<[unknown, string]> = [
    [{ providers: 'all' }, 'providers'],
    [{ providers: null }, 'providers'],
    [{ providers: [{ gameCode: 'a', providerCode: 'provx' }] }, 'providers[0].gameType'],
    [{ providers: [{ gameCode: 'a', providerCode: 'nope', gameType: 1 }] }, 'providers[0].providerCode'],
    [{ providers: [1, 2] }, 'providers[0]'],
    [{ providers: [{ gameCode: 'a', providerCode: 'provx', gameType: 1, name: { zz: 'x' } }] }, 'providers[0].name'],
    [{ typeConfigs: [{ gameType: 11 }] }, 'typeConfigs[0].gameType'],
    [{ typeConfigs: [{ gameType: 2, typeKey: 'sports' }] }, 'typeConfigs[0].typeKey'],
    [{ typeConfigs: [{ gameType: 2, enabled: 'yes' }] }, 'typeConfigs[0].enabled'],
    [{ typeConfigs: Array.from({ length: 51 }, () => ({ gameType: 1 })) }, 'typeConfigs'],
  ];
  for (const [body, field] of cases) {
    const res = await req('POST', '/game/admin/load-template', { site, body });
    t.is(res.status, 400, JSON.stringify(body).slice(0, 80));
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field}: ${res.text.slice(0, 300)}`,
    );
  }
  t.is(await snapshot(site), before);
});

// ------------------------------------------------------------------------------------------------
// copy-site-data

test("POST /game/admin/copy-site-data: providers of the source replace the target's", async (t) => {
  const source = await factories.createSite();
  const target = await factories.createSite();
  await models.GameProvider.create({
    siteCode: source,
    gameCode: 'src-only',
    providerCode: 'provy',
    gameType: 9,
    name: { 'en-US': 'S' },
    areaBlock: true,
    maintain: false,
    enable: false,
    sortOrder: 3,
  });
  await models.GameProvider.create({
    siteCode: target,
    gameCode: 'target-only',
    providerCode: 'provx',
    gameType: 1,
    name: {},
    areaBlock: false,
    maintain: false,
    enable: true,
    sortOrder: 1,
  });
  const sourceBefore = await snapshot(source);
  const targetTypesBefore = JSON.stringify(await models.GameTypeConfig.findAll({ where: { siteCode: target }, order: [['id', 'ASC']], raw: true }));
  const keys = await seedCache(target);
  const sourceKeys = await seedCache(source);

  const res = await req('POST', '/game/admin/copy-site-data', { body: { sourceSiteCode: source, targetSiteCode: target, type: 'providers' } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result, { copied: 33 });

  const strip = (rows: Array<Record<string, unknown>>) =>
    rows.map(({ id: _id, siteCode: _s, createdAt: _c, updatedAt: _u, ...rest }) => rest).sort((a, b) => String(a.gameCode).localeCompare(String(b.gameCode)));
  const src = await models.GameProvider.findAll({ where: { siteCode: source }, raw: true });
  const dst = await models.GameProvider.findAll({ where: { siteCode: target }, raw: true });
  t.deepEqual(strip(dst as unknown as Array<Record<string, unknown>>), strip(src as unknown as Array<Record<string, unknown>>));
  t.false(dst.some((p) => p.gameCode === 'target-only'));
  t.is(await snapshot(source), sourceBefore, 'the source is untouched');
  t.is(
    JSON.stringify(await models.GameTypeConfig.findAll({ where: { siteCode: target }, order: [['id', 'ASC']], raw: true })),
    targetTypesBefore,
    'the other kind is untouched',
  );

  const [log] = await logsOf('copy-site-data', target);
  t.truthy(log);
  t.like(log.detail as object, { sourceSiteCode: source, targetSiteCode: target, type: 'providers', copied: 33 });
  await cacheGone(t, keys);
  for (const key of sourceKeys) t.is(await cache().exists(key), 1, 'the source cache stays');
});

test('POST /game/admin/copy-site-data: typeConfigs', async (t) => {
  const source = await factories.createSite();
  const target = await factories.createSite();
  await models.GameTypeConfig.destroy({ where: { siteCode: source, gameType: [1, 2, 3] } });
  await models.GameTypeConfig.update({ enabled: false, icon: 'mdi-off' }, { where: { siteCode: source, gameType: 10 } });
  const res = await req('POST', '/game/admin/copy-site-data', { body: { sourceSiteCode: source, targetSiteCode: target, type: 'typeConfigs' } });
  t.deepEqual(res.body.result, { copied: 5 });
  const types = (await req('GET', '/game/admin/type-configs', { site: target })).body.result;
  t.deepEqual(
    types.map((c: { gameType: number }) => c.gameType),
    [4, 5, 8, 9, 10],
  );
  const fish = types.find((c: { gameType: number }) => c.gameType === 10);
  t.false(fish.enabled);
  t.is(fish.icon, 'mdi-off');
  t.is(fish.siteCode, target);
  t.is(await models.GameProvider.count({ where: { siteCode: target } }), 32, 'providers untouched');
});

test("POST /game/admin/copy-site-data is atomic: a failure while copying keeps the target's rows", async (t) => {
  const source = await factories.createSite();
  const target = await factories.createSite();
  await models.GameProvider.create({
    siteCode: source,
    gameCode: 'explode',
    providerCode: 'provx',
    gameType: 1,
    name: {},
    areaBlock: false,
    maintain: false,
    enable: true,
    sortOrder: 999,
  });
  await failInsertsOf('game_providers', target, 'gameCode', 'explode');
  const before = await snapshot(target);
  const res = await req('POST', '/game/admin/copy-site-data', { body: { sourceSiteCode: source, targetSiteCode: target, type: 'providers' } });
  t.is(res.status, 500);
  t.is(await snapshot(target), before);
  t.is((await logsOf('copy-site-data', target)).length, 0);
});

test('POST /game/admin/copy-site-data: a site naming no configured site is 2001 and changes nothing', async (t) => {
  const source = await factories.createSite();
  const target = await factories.createSite();
  const before = await snapshot(target);
  const sourceBefore = await snapshot(source);
  for (const body of [
    { sourceSiteCode: 'nowhere-1', targetSiteCode: target, type: 'providers' },
    { sourceSiteCode: source, targetSiteCode: 'nowhere-2', type: 'providers' },
    { sourceSiteCode: 'nowhere-3', targetSiteCode: 'nowhere-4', type: 'typeConfigs' },
  ]) {
    const res = await req('POST', '/game/admin/copy-site-data', { body, headers: { locales: 'en-US' } });
    t.is(res.status, 200, JSON.stringify(body));
    t.is(res.body.code, 2001, JSON.stringify(body));
    t.is(res.body.data, null);
    t.is(res.body.path, '/api/game/admin/copy-site-data');
    t.is(res.body.message, 'Site not found');
  }
  t.is(await snapshot(target), before);
  t.is(await snapshot(source), sourceBefore);
  t.is((await logsOf('copy-site-data', target)).length, 0);
  t.is(await models.GameProvider.count({ where: { siteCode: 'nowhere-2' } }), 0, 'nothing is copied to an unknown site');
});

test('POST /game/admin/copy-site-data: site codes of the right form that differ; type is providers or typeConfigs', async (t) => {
  const source = await factories.createSite();
  const target = await factories.createSite();
  const before = await snapshot(target);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ sourceSiteCode: source, targetSiteCode: "x' OR 1=1", type: 'providers' }, 'targetSiteCode'],
    [{ sourceSiteCode: 'x'.repeat(31), targetSiteCode: target, type: 'providers' }, 'sourceSiteCode'],
    [{ targetSiteCode: target, type: 'providers' }, 'sourceSiteCode'],
    [{ sourceSiteCode: source, type: 'providers' }, 'targetSiteCode'],
    [{ sourceSiteCode: source, targetSiteCode: target }, 'type'],
    [{ sourceSiteCode: source, targetSiteCode: target, type: 'vipLevels' }, 'type'],
    [{ sourceSiteCode: 7, targetSiteCode: target, type: 'providers' }, 'sourceSiteCode'],
    [{ sourceSiteCode: target, targetSiteCode: target, type: 'providers' }, 'targetSiteCode'],
    [{ sourceSiteCode: 'nowhere-5', targetSiteCode: 'nowhere-5', type: 'providers' }, 'targetSiteCode'],
  ];
  for (const [body, field] of cases) {
    const res = await req('POST', '/game/admin/copy-site-data', { body });
    t.is(res.status, 400, JSON.stringify(body));
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field}: ${res.text.slice(0, 300)}`,
    );
  }
  t.is(await snapshot(target), before);
});
