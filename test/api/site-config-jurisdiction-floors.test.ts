import test, { type ExecutionContext } from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * Jurisdiction profiles (docs/decisions/site-config.md, "Jurisdiction profiles: compliance floors a site administrator
 * cannot lower"): an administrator bound to the site, holding site-config:write, is refused every value
 * weaker than its profile's floor (a business code whose text names the floor) and takes a stricter one;
 * only an administrator bound to no site assigns a profile (operation-logged), and the floors follow it;
 * a stored value weaker than the floor reads as the floor, for the settings and for the rules reading them.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ headers: { locales: 'en-US' } }));
});
test.after.always(async () => {
  await stack?.close();
});

/** A fresh site, its config id and an administrator bound to it alone holding site-config (and KYC, player protection) rights. */
async function boundSite(): Promise<{ site: string; id: number; token: string }> {
  const site = await factories.createSite();
  const row = await models.SiteConfig.findOne({ where: { siteCode: site } });
  const bound = await factories.createAdmin({ permissions: ['site-config:read', 'site-config:write', 'site-jurisdiction:write'] });
  await bound.admin.update({ sites: [site] });
  return { site, id: row!.id, token: bound.token };
}

const settingsPath = (id: number) => `/site-config/admin/${id}/settings`;
const jurisdictionPath = (id: number) => `/site-config/admin/${id}/jurisdiction`;

function refusedNaming(t: ExecutionContext, res: ApiResponse, code: number, floor: string): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, code, res.text);
  t.true((res.body.message as string).includes(floor), res.text);
  t.regex(res.body.message as string, /jurisdiction profile/);
}

test('a site-bound administrator is refused each value below its profile floor, naming it, and nothing changes; a stricter value is taken', async (t) => {
  const { site, id, token } = await boundSite();
  const before = (await models.SiteConfig.findOne({ where: { siteCode: site } }))!.settings;
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ minimumAge: 16 }, 2002, 'minimumAge'],
    [{ responsibleGaming: { increaseDelayHours: 0 } }, 2003, 'increaseDelayHours'],
    [{ responsibleGaming: { increaseDelayHours: 23 } }, 2003, 'increaseDelayHours'],
    [{ responsibleGaming: { realityCheckGraceSeconds: 301 } }, 2005, 'realityCheckGraceSeconds'],
    [{ kyc: { withdrawalAboveUsd: '2000.000001' } }, 2006, 'withdrawalAboveUsd'],
    [{ kyc: { depositLevel2AboveUsd: '5000' } }, 2007, 'depositLevel2AboveUsd'],
    [{ kyc: { depositLevel3AboveUsd: '1000000' } }, 2008, 'depositLevel3AboveUsd'],
    // One weak value refuses the whole request: the stricter age sent with it is not stored either.
    [{ minimumAge: 21, kyc: { depositLevel2AboveUsd: '2500' } }, 2007, 'depositLevel2AboveUsd'],
  ];
  for (const [body, code, floor] of cases) refusedNaming(t, await req('PATCH', settingsPath(id), { token, site, body }), code, floor);
  t.deepEqual((await models.SiteConfig.findOne({ where: { siteCode: site } }))!.settings, before);

  const stricter = await req('PATCH', settingsPath(id), {
    token,
    site,
    body: {
      minimumAge: 21,
      responsibleGaming: { increaseDelayHours: 72, minimumExclusionMonths: 12, realityCheckGraceSeconds: 0 },
      kyc: { withdrawalAboveUsd: '500', depositLevel2AboveUsd: '2000', depositLevel3AboveUsd: '5000' },
    },
  });
  t.is(stricter.body.code, 200, stricter.text);
  t.like(stricter.body.result, {
    minimumAge: 21,
    responsibleGaming: { increaseDelayHours: 72, minimumExclusionMonths: 12, realityCheckGraceSeconds: 0 },
    kyc: { withdrawalAboveUsd: '500', depositLevel2AboveUsd: '2000', depositLevel3AboveUsd: '5000' },
    jurisdiction: { profile: 'default' },
  });
});

test('a site-bound administrator cannot assign a profile (403, logged), even holding the permission; the profile stays', async (t) => {
  const { site, id, token } = await boundSite();
  const res = await req('PUT', jurisdictionPath(id), { token, site, body: { profile: 'mt' } });
  t.is(res.status, 403, res.text);
  t.is((await models.SiteConfig.findByPk(id))!.jurisdiction, 'default');
  t.truthy(await models.AdminOperationLog.findOne({ where: { siteCode: site, module: 'admin-site', action: 'write-refused' } }));
  t.is(await models.AdminOperationLog.count({ where: { siteCode: site, action: 'set-jurisdiction' } }), 0);
});

test('an administrator bound to no site switches a site to uk: logged, and the floors change for the settings and the rules that read them', async (t) => {
  const { site, id, token } = await boundSite();
  // Stored before: thresholds the default profile allows, a minimum age below any floor (as before this change).
  await models.SiteConfig.update(
    {
      settings: {
        kyc: { withdrawalAboveUsd: '1000', depositLevel2AboveUsd: '1500', depositLevel3AboveUsd: '8000' },
        minimumAge: 16,
        responsibleGaming: { increaseDelayHours: 0 },
      },
    },
    { where: { id } },
  );
  const read = await req('GET', settingsPath(id), { token, site });
  t.like(read.body.result, {
    minimumAge: 18,
    kyc: { withdrawalAboveUsd: '1000', depositLevel2AboveUsd: '1500' },
    responsibleGaming: { increaseDelayHours: 24 },
  });
  // The stored delay of 0 reads as the floor where it is used too: a player's increase waits 24 hours.
  const { token: raiser } = await factories.createUser({ siteCode: site });
  const limits = (amount: string) =>
    stack.request('PUT', '/api/responsible-gaming/limits', { token: raiser, body: { type: 'wager', period: 'day', amount }, headers: { 'site-name': site } });
  await limits('10');
  const raised = await limits('20');
  t.like(raised.body.result.limits[0], { amount: '10.000000', pendingAmount: '20.000000' });
  t.true(Math.abs((Date.parse(raised.body.result.limits[0].pendingFrom) - Date.now()) / 3600_000 - 24) < 0.05);

  t.like((await req('PUT', jurisdictionPath(id), { site, body: { profile: 'nowhere' } })).body, { code: 2002, message: 'No such jurisdiction profile' });
  const switched = await req('PUT', jurisdictionPath(id), { site, body: { profile: 'uk' } });
  t.is(switched.body.code, 200, switched.text);
  t.like(switched.body.result, {
    profile: 'uk',
    floors: { highestWithdrawalAboveUsd: '0', highestDepositLevel2AboveUsd: '0', longestRealityCheckMinutes: 60 },
  });
  const log = await models.AdminOperationLog.findOne({ where: { siteCode: site, action: 'set-jurisdiction' } });
  t.deepEqual(log?.detail, { from: 'default', to: 'uk' });

  // The stored thresholds are weaker than uk's: they read as its floors, in the settings and in the KYC gates.
  const after = await req('GET', settingsPath(id), { token, site });
  t.like(after.body.result, {
    minimumAge: 18,
    kyc: { withdrawalAboveUsd: '0', depositLevel2AboveUsd: '0', depositLevel3AboveUsd: '8000' },
    jurisdiction: { profile: 'uk' },
  });
  const { siteKyc } = await import('../../shared/domain/site-config');
  t.like(await siteKyc(site), { withdrawalAboveUsd: '0', depositLevel2AboveUsd: '0', minimumAge: 18 });
  // What default allowed is refused now, naming the floor; a player's reality-check interval above uk's longest too.
  refusedNaming(t, await req('PATCH', settingsPath(id), { token, site, body: { kyc: { depositLevel2AboveUsd: '1000' } } }), 2007, 'depositLevel2AboveUsd');
  const { token: player } = await factories.createUser({ siteCode: site });
  const interval = await stack.request('PUT', '/api/responsible-gaming/session', {
    token: player,
    body: { realityCheckMinutes: 61 },
    headers: { 'site-name': site, locales: 'en-US' },
  });
  t.like(interval.body, { code: 2002, message: 'The reality-check interval is longer than this site allows' });
  const ok = await stack.request('PUT', '/api/responsible-gaming/session', {
    token: player,
    body: { realityCheckMinutes: 60 },
    headers: { 'site-name': site, locales: 'en-US' },
  });
  t.like(ok.body, { code: 200, result: { realityCheckMinutes: 60 } });
});

test('a new site is default unless an administrator bound to no site gives it a profile; a site-bound one giving one is 403; an unknown name is 2004', async (t) => {
  const body = (siteCode: string, jurisdiction?: string) => ({
    siteCode,
    siteName: { 'en-US': siteCode },
    supportedLocales: ['en-US'],
    ...(jurisdiction ? { jurisdiction } : {}),
  });
  const code = () => `j${Math.random().toString(36).slice(2, 10)}`;
  const plain = code();
  t.is((await req('POST', '/site-config/admin', { body: body(plain) })).body.code, 200);
  t.is((await models.SiteConfig.findOne({ where: { siteCode: plain } }))!.jurisdiction, 'default');

  const uk = code();
  const created = await req('POST', '/site-config/admin', { body: body(uk, 'uk') });
  t.is(created.body.code, 200, created.text);
  t.is((await models.SiteConfig.findOne({ where: { siteCode: uk } }))!.jurisdiction, 'uk');
  const log = await models.AdminOperationLog.findOne({ where: { siteCode: uk, action: 'create-site' } });
  t.is((log!.detail as { jurisdiction: string }).jurisdiction, 'uk');

  t.like((await req('POST', '/site-config/admin', { body: body(code(), 'nowhere') })).body, { code: 2004, message: 'No such jurisdiction profile' });
  const { site, token } = await boundSite();
  const bound = code();
  t.is((await req('POST', '/site-config/admin', { token, site, body: body(bound, 'mt') })).status, 403);
  t.is(await models.SiteConfig.count({ where: { siteCode: bound } }), 0);
});
