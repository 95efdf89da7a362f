import test, { type ExecutionContext } from 'ava';
import nock from 'nock';
import { SiteConfig } from '../../shared/db/models';
import { registerCacheKey } from '../../shared/domain/risk';
import { cache } from '../../shared/redis';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * The national self-exclusion register (docs/decisions/risk.md, "The national register") as a client
 * sees it, with the register intercepted: asked at registration, login and deposit when the site enables
 * it; a listed person is 4109; a time-out, an error or a garbage answer is 4110 under failMode closed and
 * lets the player through under open; answers are cached, and a lost cache only means asking again.
 * Serial: the interceptions of one test must not answer another's calls.
 */
const REGISTER = 'https://register.example';
let stack: TestStack;
let adminToken: string;
test.before(async () => {
  stack = await startTestStack({
    NATIONAL_REGISTER_URL: `${REGISTER}/check`,
    NATIONAL_REGISTER_TOKEN: 'register-token',
    NATIONAL_REGISTER_TIMEOUT_MS: '300',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  });
  adminToken = (await createAdmin()).token;
});
test.afterEach.always(() => {
  nock.cleanAll();
});
test.after.always(async () => {
  await stack?.close();
});

let counter = 0;
const fresh = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

async function siteWith(register: { enabled: boolean; failMode?: 'closed' | 'open' }): Promise<string> {
  const site = await createSite();
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  const res = await stack.request('PATCH', `/api/site-config/admin/${config!.id}/settings`, {
    token: adminToken,
    body: { nationalRegister: register },
    headers: { 'x-site-code': site },
  });
  if (res.body.code !== 200) throw new Error(res.text);
  return site;
}

const register = (site: string, name: string) =>
  stack.request('POST', '/api/auth/register', { body: { account: fresh('r'), password: 'secret123', name }, headers: { 'site-name': site, locales: 'en-US' } });

function code(t: ExecutionContext, res: ApiResponse, expected: number): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, expected, res.text);
}

test.serial('a listed person cannot register (4109); an unlisted one can; the answer is cached, and asked again once the cache is gone', async (t) => {
  const site = await siteWith({ enabled: true });
  const listed = fresh('Listed Person ');
  let asked = 0;
  nock(REGISTER)
    .post('/check', (body: { name?: string }) => body.name === listed)
    .matchHeader('authorization', 'Bearer register-token')
    .times(2)
    .reply(200, () => {
      asked += 1;
      return { excluded: true };
    });
  const refused = await register(site, listed);
  code(t, refused, 4109);
  t.is(refused.body.message, 'You are registered with the national self-exclusion scheme, so gambling accounts cannot be opened or used');
  code(t, await register(site, listed), 4109);
  t.is(asked, 1, 'the second answer came from the cache');
  await cache().del(registerCacheKey({ name: listed })); // Redis lost the answer
  code(t, await register(site, listed), 4109);
  t.is(asked, 2, 'without the cache the register is asked again');
  nock(REGISTER).post('/check').reply(200, { excluded: false });
  code(t, await register(site, fresh('Free Person ')), 200);
});

test.serial('fail closed: a time-out, an error status and a garbage answer are 4110', async (t) => {
  const site = await siteWith({ enabled: true, failMode: 'closed' });
  nock(REGISTER).post('/check').delay(1000).reply(200, { excluded: false });
  code(t, await register(site, fresh('Slow ')), 4110);
  nock(REGISTER).post('/check').reply(500, 'down');
  code(t, await register(site, fresh('Error ')), 4110);
  for (const garbage of ['not json', { excluded: 'no' }, [true], { other: 1 }]) {
    nock(REGISTER)
      .post('/check')
      .reply(200, garbage as never);
    const res = await register(site, fresh('Garbage '));
    code(t, res, 4110);
    t.is(res.body.message, 'The national self-exclusion register cannot be checked right now; please try again later');
  }
});

test.serial('fail open: an unanswered register lets the player through; a disabled site never asks', async (t) => {
  const open = await siteWith({ enabled: true, failMode: 'open' });
  nock(REGISTER).post('/check').delay(1000).reply(200, { excluded: true });
  code(t, await register(open, fresh('Slow Open ')), 200);
  const off = await siteWith({ enabled: false });
  const scope = nock(REGISTER).post('/check').reply(200, { excluded: true });
  code(t, await register(off, fresh('Not Asked ')), 200);
  t.false(scope.isDone());
});

test.serial('login and deposit ask the register too, with the identity the account holds', async (t) => {
  const site = await siteWith({ enabled: true });
  const { user, password, token } = await createUser({ siteCode: site });
  await user.update({ email: `${fresh('mail')}@example.test` });
  nock(REGISTER)
    .post('/check', (body: { email?: string }) => body.email === user.email)
    .reply(200, { excluded: true });
  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password }, headers: { 'site-name': site } });
  code(t, login, 4109);
  const deposit = await stack.request('POST', '/api/deposit', {
    token,
    body: { channelId: 1, paymentMethod: 'crypto', subOrder: fresh('SO'), orderAmount: '10' },
    headers: { locales: 'en-US' },
  });
  code(t, deposit, 4109);
});
