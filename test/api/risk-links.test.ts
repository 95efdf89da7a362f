import test from 'ava';
import { QueryTypes } from 'sequelize';
import { Admin, AdminOperationLog, SiteConfig } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { createAdmin, createSite } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Linked players as operators see them (docs/decisions/risk.md): the signals recorded at registration and
 * login (IP, `x-device-id`), GET /risk/admin/players/:id/links, the review queue with the signals ignored
 * as too shared, the decisions (kept, logged), the scope of operator groups and the sites a site-bound
 * operator holds. TRUST_PROXY is on so each registration speaks from the address the test gives it.
 */
let stack: TestStack;
let adminToken: string;
test.before(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'true', RATE_LIMIT_REGISTER_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_IP: '1000' });
  adminToken = (await createAdmin()).token;
});
test.after.always(async () => {
  await stack?.close();
});

let counter = 0;
const fresh = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;
let ipCounter = 0;
const freshIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function register(site: string, ip: string, deviceId?: string): Promise<number> {
  const headers: Record<string, string> = { 'site-name': site, 'x-forwarded-for': ip };
  if (deviceId !== undefined) headers['x-device-id'] = deviceId;
  const res = await stack.request('POST', '/api/auth/register', { body: { account: fresh('p'), password: 'secret123', name: 'P' }, headers });
  if (res.body.code !== 200) throw new Error(res.text);
  return res.body.result.user.id;
}

const asAdmin = (method: string, path: string, site: string, body?: unknown, token = adminToken): Promise<ApiResponse> =>
  stack.request(method, `/api${path}`, { token, body, headers: { 'x-site-code': site, locales: 'en-US' } });

async function setRisk(site: string, risk: Record<string, unknown>): Promise<void> {
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  const res = await asAdmin('PATCH', `/site-config/admin/${config!.id}/settings`, site, { risk });
  if (res.body.code !== 200) throw new Error(res.text);
}

const links = async (site: string, userId: number, token?: string) => asAdmin('GET', `/risk/admin/players/${userId}/links`, site, undefined, token);

test('a device id and an IP shared at registration are links, each with the other account, its site and when', async (t) => {
  const site = await createSite();
  const ip = freshIp();
  const a = await register(site, ip, 'device-abc-1');
  const b = await register(site, ip, 'device-abc-1');
  const c = await register(site, freshIp(), 'other-device');
  const res = await links(site, a);
  t.is(res.body.code, 200, res.text);
  const got = res.body.result.links.map((l: { userId: number; signal: string }) => `${l.userId}:${l.signal}`).sort();
  t.deepEqual(got, [`${b}:device`, `${b}:ip`].sort());
  const [first] = res.body.result.links;
  t.is(first.siteCode, site);
  t.regex(first.account, /^p\d+/);
  t.true(Date.parse(first.at) > Date.now() - 60_000);
  t.deepEqual((await links(site, c)).body.result.links, []);
});

test('a login records its IP and device too; an unusable x-device-id is ignored without an error', async (t) => {
  const site = await createSite();
  const account = fresh('p');
  const reg = await stack.request('POST', '/api/auth/register', {
    body: { account, password: 'secret123', name: 'P' },
    headers: { 'site-name': site, 'x-forwarded-for': freshIp(), 'x-device-id': 'x'.repeat(129) },
  });
  t.is(reg.body.code, 200, reg.text);
  const ip = freshIp();
  for (const deviceId of ['', '   ', 'a\tb', 'y'.repeat(5000)]) {
    const res = await stack.request('POST', '/api/auth/login', {
      body: { account, password: 'secret123' },
      headers: { 'site-name': site, 'x-forwarded-for': ip, 'x-device-id': deviceId },
    });
    t.is(res.body.code, 200, `${JSON.stringify(deviceId.slice(0, 10))}: ${res.text}`);
  }
  const other = await register(site, ip, 'good-device');
  const rows = await db().query<{ kind: string; value: string }>('SELECT kind, value FROM risk_signals WHERE "userId" = :id ORDER BY kind, value', {
    replacements: { id: reg.body.result.user.id },
    type: QueryTypes.SELECT,
  });
  t.deepEqual(
    rows.map((r) => r.kind),
    ['ip', 'ip'],
    'no device signal was kept from an empty, blank, tab-holding or oversized id',
  );
  const res = await links(site, reg.body.result.user.id);
  t.deepEqual(
    res.body.result.links.map((l: { userId: number; signal: string }) => [l.userId, l.signal]),
    [[other, 'ip']],
  );
});

test('one constant device id does not link a whole site: over sharedSignalCap it is ignored and listed in the queue', async (t) => {
  const site = await createSite();
  await setRisk(site, { sharedSignalCap: 3, queueThreshold: 1 });
  const ids: number[] = [];
  for (let i = 0; i < 5; i += 1) ids.push(await register(site, freshIp(), 'constant-front-end'));
  const res = await links(site, ids[0]);
  t.deepEqual(res.body.result.links, []);
  t.deepEqual(res.body.result.ignoredSignals, [{ signal: 'device', accounts: 4 }]);
  const queue = await asAdmin('GET', '/risk/admin/queue', site);
  t.is(queue.body.code, 200, queue.text);
  t.deepEqual(queue.body.result.items, []);
  t.deepEqual(queue.body.result.ignoredSignals, [{ signal: 'device', value: 'constant-front-end', accounts: 4 }]);
});

test('the queue lists pairs at the threshold; a decision is kept, logged and takes the pair off the queue', async (t) => {
  const site = await createSite();
  await setRisk(site, { queueThreshold: 2 });
  const ip = freshIp();
  const a = await register(site, ip, 'dev-q1');
  const b = await register(site, ip, 'dev-q1');
  await register(site, ip, 'dev-q2'); // shares only the IP with a and b: under the threshold
  const queue = await asAdmin('GET', '/risk/admin/queue', site);
  t.is(queue.body.code, 200, queue.text);
  t.is(queue.body.result.threshold, 2);
  t.deepEqual(
    queue.body.result.items.map((i: { userId: number; otherUserId: number; signals: string[] }) => [i.userId, i.otherUserId, i.signals]),
    [[a, b, ['device', 'ip']]],
  );
  const decided = await asAdmin('PUT', `/risk/admin/players/${b}/links/${a}`, site, { decision: 'unrelated', reason: 'siblings, checked by phone' });
  t.is(decided.body.code, 200, decided.text);
  t.like(decided.body.result, { userId: b, otherUserId: a, decision: 'unrelated' });
  t.deepEqual((await asAdmin('GET', '/risk/admin/queue', site)).body.result.items, []);
  const log = await AdminOperationLog.findOne({ where: { module: 'risk', action: 'decide-link', targetId: String(b) } });
  t.like(log?.detail, { otherUserId: a, decision: 'unrelated', reason: 'siblings, checked by phone' });
  // Not linked: nothing to decide.
  const stranger = await register(site, freshIp(), 'dev-q3');
  const refused = await asAdmin('PUT', `/risk/admin/players/${a}/links/${stranger}`, site, { decision: 'linked', reason: 'x' });
  t.is(refused.body.code, 2002, refused.text);
});

test('bad risk settings are 400s naming the field', async (t) => {
  const site = await createSite();
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  for (const risk of [
    { scope: '' },
    { scope: 'a\u0001b' },
    { scope: 'x'.repeat(31) },
    { sharedSignalCap: 1 },
    { sharedSignalCap: '20' },
    { queueThreshold: 8 },
    { oneOfferPerPerson: 'yes' },
    { other: 1 },
    'x',
  ]) {
    const res = await asAdmin('PATCH', `/site-config/admin/${config!.id}/settings`, site, { risk });
    t.is(res.status, 400, `${JSON.stringify(risk)}: ${res.text}`);
  }
});

test('bad decision bodies are 400s naming the field and change nothing', async (t) => {
  const site = await createSite();
  const ip = freshIp();
  const a = await register(site, ip, 'dev-bad');
  const b = await register(site, ip, 'dev-bad');
  for (const body of [
    { decision: 'maybe', reason: 'x' },
    { decision: 'linked' },
    { decision: 'linked', reason: 'x'.repeat(501) },
    { decision: 1, reason: 'x' },
  ]) {
    const res = await asAdmin('PUT', `/risk/admin/players/${a}/links/${b}`, site, body);
    t.is(res.status, 400, res.text);
  }
  const res = await asAdmin('PUT', `/risk/admin/players/${a}/links/99999999999`, site, { decision: 'linked', reason: 'x' });
  t.is(res.status, 400, res.text);
  const [{ count }] = await db().query<{ count: string }>('SELECT count(*) FROM risk_link_decisions WHERE "userId" IN (:ids)', {
    replacements: { ids: [a, b] },
    type: QueryTypes.SELECT,
  });
  t.is(Number(count), 0);
});

test('links cross the sites of one scope, not of another; a site-bound operator sees and decides only its own sites', async (t) => {
  const [siteA, siteB, siteC] = [await createSite(), await createSite(), await createSite()];
  const group = fresh('group');
  await setRisk(siteA, { scope: group });
  await setRisk(siteB, { scope: group });
  const ip = freshIp();
  const a = await register(siteA, ip, 'dev-cross');
  const b = await register(siteB, ip, 'dev-cross');
  await register(siteC, ip, 'dev-cross'); // the default scope: not linked to a or b
  t.deepEqual(
    (await links(siteA, a)).body.result.links.map((l: { userId: number; siteCode: string }) => [l.userId, l.siteCode]),
    [
      [b, siteB],
      [b, siteB],
    ],
  );
  const bound = await createAdmin();
  await Admin.update({ sites: [siteA] }, { where: { id: bound.admin.id } });
  const own = await links(siteA, a, bound.token);
  t.is(own.body.code, 200, own.text);
  t.deepEqual(own.body.result.links, [], "the other site's account is not shown to an operator of site A only");
  const foreignPlayer = await links(siteB, b, bound.token);
  t.is(foreignPlayer.status, 403, foreignPlayer.text);
  const decide = await asAdmin('PUT', `/risk/admin/players/${a}/links/${b}`, siteA, { decision: 'linked', reason: 'same person' }, bound.token);
  t.is(decide.status, 403, decide.text);
  const none = await asAdmin('PUT', `/risk/admin/players/${a}/links/2000000000`, siteA, { decision: 'linked', reason: 'same person' }, bound.token);
  t.is(none.status, 403, none.text);
  t.is(none.body.message, decide.body.message.replace(String(b), '2000000000'));
  t.truthy(await AdminOperationLog.findOne({ where: { adminId: bound.admin.id, module: 'admin-site', action: 'write-refused' } }));
  // The scope is the platform's choice: a site-bound operator cannot join its site to another group.
  const config = await SiteConfig.findOne({ where: { siteCode: siteA } });
  const join = await asAdmin('PATCH', `/site-config/admin/${config!.id}/settings`, siteA, { risk: { scope: 'default' } }, bound.token);
  t.is(join.status, 403, join.text);
  const cap = await asAdmin('PATCH', `/site-config/admin/${config!.id}/settings`, siteA, { risk: { sharedSignalCap: 5 } }, bound.token);
  t.is(cap.body.code, 200, cap.text);
  t.like(cap.body.result.risk, { scope: group, sharedSignalCap: 5 });
  // Another site's player asked through the operator's own site: not found, nothing of it shown.
  const asOwnSite = await links(siteA, b, bound.token);
  t.is(asOwnSite.body.code, 2001, asOwnSite.text);
});
