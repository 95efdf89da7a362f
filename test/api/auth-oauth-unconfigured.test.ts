import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Third-party logins without OAUTH_CLIENT_ID and WIDGET_BOT_TOKEN (2001 "not configured"),
 * and the per-IP rate limit of the login endpoints (set low here).
 */
type Factories = typeof import('../helpers/factories');

let stack: TestStack;
let factories: Factories;

test.before(async () => {
  delete process.env.OAUTH_CLIENT_ID;
  delete process.env.WIDGET_BOT_TOKEN;
  stack = await startTestStack({ THIRD_PARTY_LOGIN_RATE_LIMIT: '3' });
  factories = await import('../helpers/factories');
});

test.after.always(async () => {
  await stack?.close();
});

const widgetBody = { id: 42, first_name: 'A', auth_date: Math.floor(Date.now() / 1000), hash: 'a'.repeat(64) };

test.serial('2001 on every OAuth endpoint when OAUTH_CLIENT_ID is not set', async (t) => {
  const config = await stack.request('GET', '/api/auth/login-config', { headers: { locales: 'en-US' } });
  t.is(config.status, 200);
  t.is(config.body.code, 2001);
  t.is(config.body.message, 'OAuth login is not configured');
  t.is(config.body.path, '/api/auth/login-config');

  const login = await stack.request('POST', '/api/auth/login-oauth', { body: { code: 'c', state: 'a.b' } });
  t.is(login.body.code, 2001);
  t.is(login.body.path, '/api/auth/login-oauth');

  const { token } = await factories.createUser();
  const bind = await stack.request('POST', '/api/auth/bind-oauth', { body: { code: 'c', state: 'a.b' }, token });
  t.is(bind.body.code, 2001);
});

test.serial('2001 on the widget endpoints when WIDGET_BOT_TOKEN is not set', async (t) => {
  const login = await stack.request('POST', '/api/auth/login-widget', { body: widgetBody, headers: { locales: 'en-US' } });
  t.is(login.body.code, 2001);
  t.is(login.body.message, 'Messenger login is not configured');
  const { token } = await factories.createUser();
  const bind = await stack.request('POST', '/api/auth/bind-widget', { body: widgetBody, token });
  t.is(bind.body.code, 2001);
  t.is(bind.body.path, '/api/auth/bind-widget');
});

test.serial('login-widget and login-oauth are rate limited per IP (429 with Retry-After)', async (t) => {
  // Seven attempts span at most two one-minute windows, so one window sees more than three.
  const answers = [];
  for (let i = 0; i < 7; i += 1) answers.push(await stack.request('POST', '/api/auth/login-widget', { body: widgetBody }));
  const limited = answers.filter((a) => a.status === 429);
  t.true(limited.length >= 1);
  t.is(limited[0].body.code, 429);
  t.regex(limited[0].headers.get('retry-after') ?? '', /^\d+$/);
  t.true(answers.every((a) => a.status === 429 || a.body.code === 2001));

  const oauth = [];
  for (let i = 0; i < 7; i += 1) oauth.push(await stack.request('POST', '/api/auth/login-oauth', { body: { code: 'c', state: 'a.b' } }));
  t.true(oauth.some((a) => a.status === 429));
});
