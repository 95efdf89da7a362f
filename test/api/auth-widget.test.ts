import { createHash, createHmac, randomInt } from 'node:crypto';
import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/** Messenger widget login (login-widget, bind-widget, unbind-widget and their codes). */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');
type AuthTokens = typeof import('../../shared/domain/auth');

const BOT_TOKEN = '5551234:widget-test-bot-secret';

let stack: TestStack;
let factories: Factories;
let models: Models;
let tokens: AuthTokens;

test.before(async () => {
  stack = await startTestStack({ WIDGET_BOT_TOKEN: BOT_TOKEN, THIRD_PARTY_LOGIN_RATE_LIMIT: '1000' });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  tokens = await import('../../shared/domain/auth');
});

test.after.always(async () => {
  // New players queue a welcome mail after commit (fire and forget); let those pushes finish first, or a
  // push still running while the stack closes opens a fresh Redis connection and the process never exits.
  await waitFor('outbox pushes', async () => (await models?.OutboxMessage.count({ where: { sentAt: null } })) === 0, 5000).catch(() => undefined);
  await stack?.close();
});

type Fields = Record<string, string | number | boolean>;

/** The widget's hash, computed the documented way: HMAC-SHA256 keyed by SHA-256(bot token). */
function sign(fields: Fields, botToken = BOT_TOKEN): Fields & { hash: string } {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', key).update(checkString).digest('hex') };
}

const nowS = () => Math.floor(Date.now() / 1000);

function widgetUser(extra: Fields = {}): Fields {
  const id = randomInt(1_000_000, 2_000_000_000);
  return { id, first_name: 'Ada', last_name: 'Lovelace', username: `ada${id}`, photo_url: `https://t.example/${id}.jpg`, auth_date: nowS(), ...extra };
}

const loginWidget = (body: unknown, headers?: Record<string, string>) => stack.request('POST', '/api/auth/login-widget', { body, headers });

test('first widget login creates widget_<id>; the next one logs in again and ends the earlier token', async (t) => {
  const fields = widgetUser();
  const first = await loginWidget(sign(fields), { locales: 'th-TH' });
  t.is(first.status, 200);
  t.is(first.body.code, 200, first.text);
  t.true(first.body.result.isNewUser);
  t.deepEqual(Object.keys(first.body.result.user).sort(), ['account', 'id', 'name', 'widget']);
  t.is(first.body.result.user.account, `widget_${fields.id}`);
  t.is(first.body.result.user.name, 'Ada Lovelace');
  t.is(first.body.result.user.widget, String(fields.id));
  const stored = await models.User.findByPk(first.body.result.user.id);
  t.is(stored?.password, '');
  t.is(stored?.locale, 'th-TH');
  t.truthy(stored?.avatar);
  t.truthy(await tokens.verifyPlayerToken(first.body.result.token));

  const second = await loginWidget(sign({ ...fields, auth_date: nowS() }));
  t.is(second.body.code, 200, second.text);
  t.false(second.body.result.isNewUser);
  t.is(second.body.result.user.id, first.body.result.user.id);
  t.is(await tokens.verifyPlayerToken(first.body.result.token), null);
  t.is((await tokens.verifyPlayerToken(second.body.result.token))?.sub, first.body.result.user.id);
  t.is(await models.User.count({ where: { widget: String(fields.id) } }), 1);
});

test('only first_name, id, auth_date and hash are required; every received field is signed', async (t) => {
  const minimal = await loginWidget(sign({ id: randomInt(1_000_000, 2_000_000_000), first_name: 'Solo', auth_date: nowS() }));
  t.is(minimal.body.code, 200, minimal.text);
  t.is(minimal.body.result.user.name, 'Solo');
  // A field this service does not know but the widget signed is part of the check.
  const extra = await loginWidget(sign(widgetUser({ allows_write_to_pm: true })));
  t.is(extra.body.code, 200, extra.text);
});

test('refCode is not signed and binds a new player to the agent', async (t) => {
  const { user: agent } = await factories.createUser();
  const agentCode = `W${randomInt(1e9)}`;
  await agent.update({ agentCode });
  const res = await loginWidget({ ...sign(widgetUser()), refCode: agentCode });
  t.is(res.body.code, 200, res.text);
  t.true(res.body.result.isNewUser);
  const stored = await models.User.findByPk(res.body.result.user.id);
  t.is(stored?.level1AgentId, agent.id);
  const unknown = await loginWidget({ ...sign(widgetUser()), refCode: 'NOPE' });
  t.is(unknown.body.code, 200, unknown.text);
});

test('2002: a tampered, added or unsigned field, another bot token, or a hash not written as exact lowercase hex', async (t) => {
  const signed = sign(widgetUser());
  const cases: Record<string, unknown> = {
    'tampered id': { ...signed, id: Number(signed.id) + 1 },
    'tampered name': { ...signed, first_name: 'Eve' },
    'added field': { ...signed, is_admin: true },
    'removed field': { ...signed, username: undefined },
    'other bot': sign(widgetUser(), '999:another-bot'),
    'hash of another shape': { ...signed, hash: 'abc' },
    // Only the exact lowercase hex digest: the right hash upper-cased or with blanks around it is refused.
    'hash upper-cased': { ...signed, hash: signed.hash.toUpperCase() },
    'hash padded': { ...signed, hash: ` ${signed.hash} ` },
  };
  for (const [name, body] of Object.entries(cases)) {
    const res = await loginWidget(body, { locales: 'en-US' });
    t.is(res.status, 200, name);
    t.is(res.body.code, 2002, name);
  }
  const enums = await stack.request('GET', '/api/common/enums', { headers: { locales: 'en-US' } });
  const res = await loginWidget(cases['tampered id'], { locales: 'en-US' });
  t.is(res.body.message, enums.body.result.ERROR_CODES['/api/auth/login-widget']['2002']);
  t.is(await models.User.count({ where: { widget: String(signed.id) } }), 0);
});

test('2003: auth_date older than 5 minutes (or far in the future)', async (t) => {
  t.is((await loginWidget(sign(widgetUser({ auth_date: nowS() - 301 })))).body.code, 2003);
  t.is((await loginWidget(sign(widgetUser({ auth_date: nowS() + 3600 })))).body.code, 2003);
  t.is((await loginWidget(sign(widgetUser({ auth_date: nowS() - 290 })))).body.code, 200);
});

test('bad input is a 400 naming the field, never a 500', async (t) => {
  const missing = await loginWidget({ first_name: 'A' });
  t.is(missing.status, 400);
  t.deepEqual(missing.body.errors.map((e: { field: string }) => e.field).sort(), ['auth_date', 'hash', 'id']);
  const notNumber = await loginWidget({ ...sign(widgetUser()), id: 'abc' });
  t.is(notNumber.status, 400);
  t.is(notNumber.body.errors[0].field, 'id');
  const nested = await loginWidget({ ...sign(widgetUser()), extra: { a: 1 } });
  t.is(nested.status, 400);
  t.is(nested.body.errors[0].field, 'extra');
  const notObject = await loginWidget([1, 2]);
  t.is(notObject.status, 400);
});

test('bind-widget and unbind-widget need a player token', async (t) => {
  for (const path of ['/api/auth/bind-widget', '/api/auth/unbind-widget']) {
    const res = await stack.request('POST', path, { body: sign(widgetUser()) });
    t.is(res.status, 401, path);
    t.is(res.body.message, 'Unauthorized');
  }
});

test('bind-widget binds the id; the id then logs in this player; unbind-widget clears it', async (t) => {
  const { user, token } = await factories.createUser();
  const fields = widgetUser();
  const bind = await stack.request('POST', '/api/auth/bind-widget', { body: sign(fields), token });
  t.is(bind.body.code, 200, bind.text);
  t.deepEqual(bind.body.result, { widget: String(fields.id) });
  await user.reload();
  t.is(user.widget, String(fields.id));
  t.truthy(await tokens.verifyPlayerToken(token));

  const login = await loginWidget(sign({ ...fields, auth_date: nowS() }));
  t.false(login.body.result.isNewUser);
  t.is(login.body.result.user.id, user.id);
  t.is(login.body.result.user.account, user.account);

  const unbind = await stack.request('POST', '/api/auth/unbind-widget', { token: login.body.result.token });
  t.is(unbind.body.code, 200);
  t.deepEqual(unbind.body.result, { affected: 1 });
  await user.reload();
  t.is(user.widget, null);
});

test('bind-widget errors: 2010 bound to another player, 2002 bad hash, 2003 expired', async (t) => {
  const fields = widgetUser();
  const owner = await loginWidget(sign(fields));
  t.is(owner.body.code, 200, owner.text);
  const { user, token } = await factories.createUser();
  const taken = await stack.request('POST', '/api/auth/bind-widget', { body: sign({ ...fields, auth_date: nowS() }), token });
  t.is(taken.body.code, 2010);
  t.is(taken.body.path, '/api/auth/bind-widget');
  const tampered = await stack.request('POST', '/api/auth/bind-widget', { body: { ...sign(widgetUser()), first_name: 'X' }, token });
  t.is(tampered.body.code, 2002);
  const old = await stack.request('POST', '/api/auth/bind-widget', { body: sign(widgetUser({ auth_date: nowS() - 600 })), token });
  t.is(old.body.code, 2003);
  await user.reload();
  t.is(user.widget, null);
});
