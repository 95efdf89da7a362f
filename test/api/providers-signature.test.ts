import { createHmac, randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Provider callback authentication (docs/providers.md): HMAC-SHA256 over "<timestamp>.<raw body>",
 * timestamp within ±300 s; refusals are HTTP 401 in the provider's shape and change nothing.
 */
const SECRETS = { provx: 'x'.repeat(32), provy: 'y'.repeat(32) } as const;
type Provider = keyof typeof SECRETS;
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack({ PROVX_SECRET: SECRETS.provx, PROVY_SECRET: SECRETS.provy });
  db = (await import('../../shared/db/sequelize')).db;
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await stack?.close();
});

const id = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const sign = (secret: string, ts: string, raw: string) => createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex');

interface SendOptions {
  secret?: string;
  timestamp?: string | null;
  signature?: string | null;
  /** Sign this text but send the body. */
  signedText?: string;
}

function send(provider: Provider, method: string, body: unknown, options: SendOptions = {}): Promise<ApiResponse> {
  const raw = JSON.stringify(body);
  const ts = options.timestamp === undefined ? String(now()) : options.timestamp;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ts !== null) headers['x-timestamp'] = ts;
  const signature = options.signature === undefined ? sign(options.secret ?? SECRETS[provider], ts ?? '', options.signedText ?? raw) : options.signature;
  if (signature !== null) headers['x-signature'] = signature;
  return stack.request('POST', `/api/game/${provider}/${method}`, { rawBody: raw, headers });
}

const betOf = (provider: Provider, userId: number) =>
  provider === 'provx'
    ? { method: 'Bet', body: { transactionId: id('bet'), roundId: id('round'), userId, gameCode: 'provx-slot-01', amount: '10' } }
    : { method: 'bet', body: { transactionId: id('bet'), roundId: id('round'), playerId: userId, gameCode: 'provy-slot-01', betAmount: '10' } };

async function counts(userId: number) {
  const [row] = await db().query<Record<string, string>>(
    `SELECT u.balance,
            (SELECT COALESCE(SUM(amount), 0) FROM game_transactions WHERE "userId" = u.id) AS ledger,
            (SELECT COUNT(*) FROM game_transactions WHERE "userId" = u.id) AS "ledgerRows",
            (SELECT COUNT(*) FROM provider_transactions WHERE "userId" = u.id) AS calls,
            (SELECT COUNT(*) FROM bet_orders WHERE "userId" = u.id) AS orders
       FROM users u WHERE u.id = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return {
    balance: new Decimal(row.balance).toFixed(6),
    ledger: new Decimal(row.ledger).toFixed(6),
    ledgerRows: row.ledgerRows,
    calls: row.calls,
    orders: row.orders,
  };
}

function refusedShape(t: ExecutionContext, provider: Provider, res: ApiResponse, status: number, code: number, label: string): void {
  t.is(res.status, status, `${label}: ${res.text}`);
  if (provider === 'provx') t.like(res.body, { status: 'ERROR', errorCode: code }, label);
  else t.like(res.body, { code, data: null }, label);
}

for (const provider of ['provx', 'provy'] as const) {
  test(`* ${provider}: missing, bad or stale signatures are refused with 401 and nothing changes`, async (t) => {
    const { user } = await factories.createUser({ balance: '100' });
    const before = await counts(user.id);
    const { method, body } = betOf(provider, user.id);
    const ts = String(now());
    const cases: Array<[string, SendOptions]> = [
      ['no signature', { signature: null }],
      ['no timestamp', { timestamp: null }],
      ['empty signature', { signature: '' }],
      ['not hex', { signature: 'z'.repeat(64) }],
      ['short', { signature: sign(SECRETS[provider], ts, JSON.stringify(body)).slice(0, 63), timestamp: ts }],
      ['wrong secret', { secret: 'w'.repeat(32) }],
      ['other provider secret', { secret: SECRETS[provider === 'provx' ? 'provy' : 'provx'] }],
      ['tampered body', { signedText: JSON.stringify({ ...body, amount: '1', betAmount: '1' }) }],
      ['stale timestamp', { timestamp: String(now() - 310) }],
      ['future timestamp', { timestamp: String(now() + 310) }],
      ['timestamp in ms', { timestamp: String(Date.now()) }],
      ['non-numeric timestamp', { timestamp: 'yesterday' }],
    ];
    for (const [label, options] of cases) {
      refusedShape(t, provider, await send(provider, method, body, options), 401, 1001, label);
    }
    refusedShape(
      t,
      provider,
      await send(provider, provider === 'provx' ? 'GetBalance' : 'getBalance', { userId: user.id, playerId: user.id }, { signature: null }),
      401,
      1001,
      'balance unsigned',
    );
    t.deepEqual(await counts(user.id), before);

    // The same request correctly signed (lowercase hex, timestamp at the edge of the window) passes.
    const edge = String(now() - 290);
    const ok = await send(provider, method, body, { timestamp: edge, signature: sign(SECRETS[provider], edge, JSON.stringify(body)) });
    t.is(ok.status, 200, ok.text);
    const after = await counts(user.id);
    t.is(after.balance, '90.000000');
    t.is(after.balance, after.ledger);
  });
}

test.serial('* an unconfigured provider secret refuses every call (503) and changes nothing', async (t) => {
  const { resetConfig } = await import('../../shared/config');
  const { user } = await factories.createUser({ balance: '100' });
  const before = await counts(user.id);
  const saved = process.env.PROVX_SECRET;
  process.env.PROVX_SECRET = '';
  resetConfig();
  try {
    const { method, body } = betOf('provx', user.id);
    refusedShape(t, 'provx', await send('provx', method, body), 503, 1002, 'signed with the old secret');
    refusedShape(t, 'provx', await send('provx', method, body, { secret: '' }), 503, 1002, 'signed with an empty secret');
    refusedShape(t, 'provx', await send('provx', 'GetBalance', { userId: user.id }, { secret: '' }), 503, 1002, 'balance');
    // provy is configured and unaffected.
    const ok = await send('provy', 'getBalance', { playerId: user.id });
    t.is(ok.status, 200);
  } finally {
    process.env.PROVX_SECRET = saved;
    resetConfig();
  }
  t.deepEqual(await counts(user.id), before);
});

for (const provider of ['provx', 'provy'] as const) {
  test(`${provider}: an unknown path under the prefix is checked like a callback, then 404 in the provider's shape`, async (t) => {
    refusedShape(t, provider, await send(provider, 'NoSuchMethod', {}, { signature: null }), 401, 1001, 'unsigned');
    refusedShape(t, provider, await send(provider, 'NoSuchMethod', {}), 404, 1003, 'signed');
    const get = await stack.request('GET', `/api/game/${provider}/${provider === 'provx' ? 'GetBalance' : 'getBalance'}`);
    refusedShape(t, provider, get, 401, 1001, 'GET of a callback path, unsigned');
  });
}

test('a signed callback holding text Postgres cannot store is the provider BAD_REQUEST, never a 500', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  for (const provider of ['provx', 'provy'] as const) {
    const { method, body } = betOf(provider, user.id);
    const res = await send(provider, method, { ...body, transactionId: 'bad\u0000id' });
    t.not(res.status, 500, provider);
    t.is(res.status, 400, provider);
    t.is(provider === 'provx' ? res.body.errorCode : res.body.code, 1003, res.text);
    t.regex(res.body.message, /transactionId contains a character that cannot be stored/);
  }
});
