import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * GET/PATCH /site-config/admin/:id/settings (permission module `site-config`): the welcome mail switch,
 * the mail server (its password write-only: never answered, never in the operation log), the front-end
 * URL of affiliate links, the settlement settings (one rule with /affiliate/admin/settlement-settings)
 * and the minimum age. A PATCH changes only the fields sent; bad input is a 400 naming the field and
 * changes nothing; the reading side sees a change at once.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({
    permissions: ['site-config:read', 'site-config:write', 'affiliate:read', 'affiliate:write'],
    env: { SMTP_URL: '', MAIL_FROM: '', PUBLIC_BASE_URL: 'https://api.example.test' },
    headers: { locales: 'en-US' },
  }));
});
test.after.always(async () => {
  await stack?.close();
});

/** A fresh site and its config id. */
async function newSite(): Promise<{ site: string; id: number }> {
  const site = await factories.createSite();
  const row = await models.SiteConfig.findOne({ where: { siteCode: site } });
  return { site, id: row!.id };
}

const settingsPath = (id: number) => `/site-config/admin/${id}/settings`;
const storedSettings = async (site: string) => (await models.SiteConfig.findOne({ where: { siteCode: site } }))!.settings as Record<string, unknown>;
const PASSWORD = 'p@ss:w0rd/Secret';

test('401 without an administrator token, 403 without the permission (writes need site-config:write)', async (t) => {
  const { site, id } = await newSite();
  const { token: player } = await factories.createUser({ siteCode: site });
  const { token: readOnly } = await factories.createAdmin({ permissions: ['site-config:read'] });
  const { token: other } = await factories.createAdmin({ permissions: ['affiliate:read', 'affiliate:write'] });
  for (const method of ['GET', 'PATCH']) {
    for (const token of [null, player]) t.is((await req(method, settingsPath(id), { token, site, body: { minimumAge: 21 } })).status, 401, method);
    t.is((await req(method, settingsPath(id), { token: other, site, body: { minimumAge: 21 } })).status, 403, method);
  }
  t.is((await req('PATCH', settingsPath(id), { token: readOnly, site, body: { minimumAge: 21 } })).status, 403);
  t.is((await req('GET', settingsPath(id), { token: readOnly, site })).body.code, 200);
  t.is((await storedSettings(site)).minimumAge, undefined);
});

test("GET: the defaults of a seeded site (the KYC thresholds and player protection's settings among them); another site's config is 2001", async (t) => {
  const { site, id } = await newSite();
  const res = await req('GET', settingsPath(id), { site });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, {
    welcomeRegistration: true,
    email: null,
    frontendUrl: null,
    affiliate: { payingPeriod: 'weekly', negativeCarryOver: true },
    bonus: { contributionWeights: {}, forfeitOnWithdrawal: false },
    events: { largeWin: null },
    risk: { scope: 'default', sharedSignalCap: 20, queueThreshold: 2, oneOfferPerPerson: false },
    nationalRegister: { enabled: false, failMode: 'closed' },
    minimumAge: 18,
    kyc: { withdrawalAboveUsd: '0', depositLevel2AboveUsd: '2000', depositLevel3AboveUsd: '10000', documentValidityDays: 730 },
    responsibleGaming: { timeZone: 'UTC', increaseDelayHours: 24, minimumExclusionMonths: 6, requiredLimits: [], realityCheckGraceSeconds: 60 },
    jurisdiction: {
      profile: 'default',
      floors: {
        minimumAge: 18,
        increaseDelayHours: 24,
        minimumExclusionMonths: 6,
        longestRealityCheckMinutes: 1440,
        longestRealityCheckGraceSeconds: 300,
        highestWithdrawalAboveUsd: '2000',
        highestDepositLevel2AboveUsd: '2000',
        highestDepositLevel3AboveUsd: '10000',
      },
    },
  });
  const other = await newSite();
  for (const method of ['GET', 'PATCH']) {
    const foreign = await req(method, settingsPath(other.id), { site, body: { minimumAge: 21 } });
    t.is(foreign.body.code, 2001, foreign.text);
    t.is(foreign.body.message, 'Site configuration not found');
  }
  t.is((await storedSettings(other.site)).minimumAge, undefined);
});

test('validation: wrong types, a non-https URL, unknown fields and out-of-range values are 400s naming the field; nothing changes', async (t) => {
  const { site, id } = await newSite();
  const before = await storedSettings(site);
  const cases: Array<[unknown, string]> = [
    [{}, ''], // the body as a whole: give at least one setting
    [{ welcomeRegistration: 'true' }, 'welcomeRegistration'],
    [{ welcomeRegistration: 1 }, 'welcomeRegistration'],
    [{ frontendUrl: 'http://play.example.test' }, 'frontendUrl'],
    [{ frontendUrl: 'play.example.test' }, 'frontendUrl'],
    [{ frontendUrl: 'https://play.example.test/"><script>' }, 'frontendUrl'],
    [{ frontendUrl: 42 }, 'frontendUrl'],
    [{ minimumAge: '18' }, 'minimumAge'],
    [{ minimumAge: 18.5 }, 'minimumAge'],
    [{ minimumAge: 15 }, 'minimumAge'],
    [{ minimumAge: 100 }, 'minimumAge'],
    [{ affiliate: { payingPeriod: 'monthly' } }, 'affiliate.payingPeriod'],
    [{ affiliate: { negativeCarryOver: 'false' } }, 'affiliate.negativeCarryOver'],
    [{ affiliate: { carry: true } }, 'affiliate.carry'],
    [{ affiliate: 'weekly' }, 'affiliate'],
    [{ email: 'smtp://x' }, 'email'],
    [{ email: { host: 'bad host!' } }, 'email.host'],
    [{ email: { host: 'smtp.example.test', port: 0 } }, 'email.port'],
    [{ email: { host: 'smtp.example.test', port: '587' } }, 'email.port'],
    [{ email: { host: 'smtp.example.test', secure: 'yes' } }, 'email.secure'],
    [{ email: { host: 'smtp.example.test', password: 12345 } }, 'email.password'],
    [{ email: { from: 'not an address' } }, 'email.from'],
    [{ email: { host: 'smtp.example.test', smtpUrl: 'smtp://evil' } }, 'email.smtpUrl'],
    [{ email: { user: 'u' } }, 'email.host'], // no server yet: a host is needed
    [{ email: { host: 'smtp.example.test', password: PASSWORD } }, 'email.password'], // a password needs a user
    [{ minimumAge: 21, siteName: 'x' }, 'siteName'],
  ];
  for (const [body, field] of cases) {
    const res = await req('PATCH', settingsPath(id), { site, body });
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    t.true(
      (res.body.errors as Array<{ field: string }> | undefined)?.some((e) => e.field === field) ?? false,
      `${JSON.stringify(body)} names ${field}: ${res.text}`,
    );
    t.false(res.text.includes(PASSWORD));
  }
  t.deepEqual(await storedSettings(site), before);
  t.is(await models.AdminOperationLog.count({ where: { module: 'site-config', action: 'update-settings', siteCode: site } }), 0);
});

test('PATCH changes only the fields sent; the mail password is write-only, never answered or logged; the log row lists the changed keys', async (t) => {
  const { site, id } = await newSite();
  const res = await req('PATCH', settingsPath(id), {
    site,
    body: {
      email: { host: 'smtp.example.test', port: 465, secure: true, user: 'mailer@example.test', password: PASSWORD, from: 'Lucky <no-reply@example.test>' },
      minimumAge: 21,
    },
  });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.email, {
    host: 'smtp.example.test',
    port: 465,
    secure: true,
    user: 'mailer@example.test',
    passwordSet: true,
    from: 'Lucky <no-reply@example.test>',
  });
  t.like(res.body.result, { welcomeRegistration: true, frontendUrl: null, minimumAge: 21, affiliate: { payingPeriod: 'weekly', negativeCarryOver: true } });
  t.false(res.text.includes(PASSWORD));
  const got = await req('GET', settingsPath(id), { site });
  t.deepEqual(got.body.result, res.body.result);
  t.false(got.text.includes(PASSWORD));

  // Stored where the mail integration reads it, and read from there at once.
  const { mailSettings } = await import('../../shared/integrations/mail');
  const mailUrl = async () => {
    const settings = await mailSettings(site);
    return 'url' in settings ? settings.url : null;
  };
  t.deepEqual(await mailSettings(site), {
    url: `smtps://mailer%40example.test:${encodeURIComponent(PASSWORD)}@smtp.example.test:465`,
    from: 'Lucky <no-reply@example.test>',
    source: 'site',
  });

  // The log row names the keys only.
  const log = await models.AdminOperationLog.findOne({ where: { module: 'site-config', action: 'update-settings', siteCode: site } });
  t.truthy(log);
  t.is(log!.targetId, String(id));
  t.deepEqual((log!.detail as { changed: string[] }).changed.sort(), [
    'email.from',
    'email.host',
    'email.password',
    'email.port',
    'email.secure',
    'email.user',
    'minimumAge',
  ]);
  t.false(JSON.stringify(log!.get({ plain: true })).includes(PASSWORD));
  t.false(JSON.stringify(log!.get({ plain: true })).includes(encodeURIComponent(PASSWORD)));

  // A partial patch keeps the rest: the password survives a host change; the welcome switch alone.
  const partial = await req('PATCH', settingsPath(id), { site, body: { email: { host: 'mail2.example.test' }, welcomeRegistration: false } });
  t.is(partial.body.code, 200, partial.text);
  t.like(partial.body.result, {
    welcomeRegistration: false,
    minimumAge: 21,
    email: { host: 'mail2.example.test', port: 465, secure: true, user: 'mailer@example.test', passwordSet: true },
  });
  t.is(await mailUrl(), `smtps://mailer%40example.test:${encodeURIComponent(PASSWORD)}@mail2.example.test:465`);
  const second = await models.AdminOperationLog.findAll({
    where: { module: 'site-config', action: 'update-settings', siteCode: site },
    order: [['id', 'ASC']],
  });
  t.is(second.length, 2);
  t.deepEqual((second[1].detail as { changed: string[] }).changed.sort(), ['email.host', 'welcomeRegistration']);

  // The same values again change nothing and log nothing.
  t.is((await req('PATCH', settingsPath(id), { site, body: { welcomeRegistration: false, minimumAge: 21 } })).body.code, 200);
  t.is(await models.AdminOperationLog.count({ where: { module: 'site-config', action: 'update-settings', siteCode: site } }), 2);

  // null clears the password, then the whole mail setting (the environment's settings then apply alone).
  const cleared = await req('PATCH', settingsPath(id), { site, body: { email: { password: null } } });
  t.like(cleared.body.result.email, { user: 'mailer@example.test', passwordSet: false });
  t.is(await mailUrl(), 'smtps://mailer%40example.test@mail2.example.test:465');
  const removed = await req('PATCH', settingsPath(id), { site, body: { email: null } });
  t.is(removed.body.result.email, null);
  t.is(((await storedSettings(site)).serviceProviders as Record<string, unknown>).email, undefined);
  await t.throwsAsync(() => mailSettings(site), { message: /mail is not configured/ });
  const all = await models.AdminOperationLog.findAll({ where: { module: 'site-config', siteCode: site } });
  t.false(JSON.stringify(all.map((r) => r.get({ plain: true }))).includes(PASSWORD));
});

test('the reading side sees a change at once: promo links, the welcome mail, the settlement settings', async (t) => {
  const { site, id } = await newSite();
  const { createAgent } = await import('../helpers/affiliates');
  const agent = await createAgent({ siteCode: site });
  const promo = () => stack.request('GET', '/api/affiliate/promo-link', { token: agent.token, headers: { 'site-name': site } });
  t.is((await promo()).body.result.promoUrl, `https://api.example.test/?ref=${agent.user.agentCode}`);
  t.is((await req('PATCH', settingsPath(id), { site, body: { frontendUrl: 'https://play.example.test/join' } })).body.code, 200);
  t.is((await promo()).body.result.promoUrl, `https://play.example.test/join?ref=${agent.user.agentCode}`);
  t.is((await req('PATCH', settingsPath(id), { site, body: { frontendUrl: null } })).body.result.frontendUrl, null);
  t.is((await promo()).body.result.promoUrl, `https://api.example.test/?ref=${agent.user.agentCode}`);

  // welcomeRegistration off: a registration queues no welcome mail; on again: it does.
  const register = async () => {
    const account = `w${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
    const res = await stack.request('POST', '/api/auth/register', {
      body: { account, password: 'secret123', name: 'W' },
      headers: { 'site-name': site, locales: 'en-US' },
    });
    t.is(res.body.code, 200, res.text);
    const rows = await models.OutboxMessage.findAll({ where: { queue: 'mail' } });
    return rows.filter((r) => r.payload.kind === 'welcome' && r.payload.userId === res.body.result.user.id).length;
  };
  t.is(await register(), 1);
  t.is((await req('PATCH', settingsPath(id), { site, body: { welcomeRegistration: false } })).body.code, 200);
  t.is(await register(), 0);
  t.is((await req('PATCH', settingsPath(id), { site, body: { welcomeRegistration: true } })).body.code, 200);
  t.is(await register(), 1);
});

test('the settlement settings: the affiliate endpoint and this one agree, through the same write and its log row', async (t) => {
  const { site, id } = await newSite();
  const affiliateSettings = async () => (await req('GET', '/affiliate/admin/settlement-settings', { site })).body.result;
  const res = await req('PATCH', settingsPath(id), { site, body: { affiliate: { payingPeriod: 'daily' } } });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.affiliate, { payingPeriod: 'daily', negativeCarryOver: true });
  t.deepEqual(await affiliateSettings(), res.body.result.affiliate);
  // The settlement settings' own log row, as from their endpoint, and this endpoint's row naming the key.
  const affiliateLog = await models.AdminOperationLog.findOne({ where: { module: 'affiliate', action: 'settlement-settings:update', targetId: String(id) } });
  t.deepEqual(affiliateLog?.detail, { payingPeriod: { from: 'weekly', to: 'daily' } });
  const own = await models.AdminOperationLog.findOne({ where: { module: 'site-config', action: 'update-settings', siteCode: site } });
  t.deepEqual((own?.detail as { changed: string[] }).changed, ['affiliate.payingPeriod']);

  // A change through the affiliate endpoint shows here at once; the other field is kept.
  t.is((await req('PATCH', '/affiliate/admin/settlement-settings', { site, body: { negativeCarryOver: false } })).body.code, 200);
  t.deepEqual((await req('GET', settingsPath(id), { site })).body.result.affiliate, { payingPeriod: 'daily', negativeCarryOver: false });
  // Both refuse the same values the same way.
  for (const path of ['/affiliate/admin/settlement-settings', settingsPath(id)]) {
    const body = path === settingsPath(id) ? { affiliate: { payingPeriod: 'monthly' } } : { payingPeriod: 'monthly' };
    const bad = await req('PATCH', path, { site, body });
    t.is(bad.status, 400, path);
    t.regex(bad.body.message, /payingPeriod must be weekly or daily/);
  }
  t.deepEqual(await affiliateSettings(), { payingPeriod: 'daily', negativeCarryOver: false });
});
