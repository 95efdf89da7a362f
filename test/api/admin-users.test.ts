import test, { type ExecutionContext } from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminRequestOptions, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Operators' player tools (/admin/users, permission module `user`): search, detail, wallet ledger and
 * balance adjustments through the wallet (idempotent with an Idempotency-Key header).
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let db: typeof import('../../shared/db/sequelize').db;
let root: AdminRoot;
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, root, req } = await startAdminStack({ permissions: ['user:read', 'user:write'], headers: { locales: 'en-US' } }));
  db = (await import('../../shared/db/sequelize')).db;
});
test.after.always(async () => {
  await stack?.close();
});

const adjust = (userId: number, body: unknown, options: AdminRequestOptions = {}) =>
  req('POST', `/admin/users/${userId}/balance-adjustments`, { body, ...options });

/** The invariant of the wallet: balance = sum of the ledger. */
async function ledgerOf(userId: number) {
  const [row] = await db().query<{ balance: string; ledger: string; rows: string }>(
    `SELECT u.balance, COALESCE(SUM(g.amount), 0) AS ledger, COUNT(g.id) AS rows
       FROM users u LEFT JOIN game_transactions g ON g."userId" = u.id WHERE u.id = :userId GROUP BY u.id`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return { balance: new Decimal(row.balance).toFixed(6), ledger: new Decimal(row.ledger).toFixed(6), rows: Number(row.rows) };
}

async function assertInvariant(t: ExecutionContext, userId: number, balance: string, rows: number) {
  const l = await ledgerOf(userId);
  t.is(l.balance, balance);
  t.is(l.ledger, balance, 'balance = sum of the ledger');
  t.is(l.rows, rows);
}

const adjustLogs = (userId: number) =>
  models.AdminOperationLog.findAll({ where: { module: 'user', action: 'balance-adjust', targetId: String(userId) }, order: [['id', 'ASC']] });

const noSecrets = (t: ExecutionContext, text: string) => {
  for (const secret of [
    '$2b$',
    '$2a$',
    '"password"',
    'tokenVersion',
    'totpAuthSecret',
    'emailVerifyCode',
    'mobileVerifyCode',
    'withdrawalVerifyCode',
    'idempotencyKey',
  ]) {
    t.false(text.includes(secret), `no ${secret} in the answer`);
  }
};

let seq = 0;
const account = (prefix = 'pl') => `${prefix}${process.pid}x${++seq}`;

// ------------------------------------------------------------------------------------------------
// Guards

const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/admin/users'],
  ['GET', '/admin/users/1'],
  ['GET', '/admin/users/1/ledger'],
  ['POST', '/admin/users/1/balance-adjustments'],
];

test('401 without a token, with a player token or a bad token', async (t) => {
  const { token: playerToken } = await factories.createUser();
  for (const [method, path] of ENDPOINTS) {
    for (const token of [null, playerToken, 'garbage']) {
      const res = await req(method, path, { token, body: method === 'POST' ? { amount: '1', reason: 'x' } : undefined });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.code, 401);
      t.is(res.body.message, 'Unauthorized');
    }
  }
});

test('403 without the user permission; user:read reads but cannot adjust; /admin/users is not /admin/:id', async (t) => {
  const { user } = await factories.createUser({ balance: '5' });
  for (const permissions of [[], ['admin:read', 'admin:write'], ['user:write']]) {
    const { token } = await factories.createAdmin({ permissions });
    for (const [method, path] of ENDPOINTS) {
      if (permissions.includes('user:write') && method === 'POST') continue;
      const res = await req(method, path.replace('/1', `/${user.id}`), { token, body: method === 'POST' ? { amount: '1', reason: 'x' } : undefined });
      t.is(res.status, 403, `${JSON.stringify(permissions)} ${method} ${path}`);
      t.is(res.body.code, 403);
      t.regex(res.body.message, /user:(read|write)/);
    }
  }
  const reader = await factories.createAdmin({ permissions: ['user:read'] });
  t.is((await req('GET', '/admin/users', { token: reader.token })).body.code, 200);
  t.is((await req('GET', `/admin/users/${user.id}`, { token: reader.token })).body.code, 200);
  t.is((await req('GET', `/admin/users/${user.id}/ledger`, { token: reader.token })).body.code, 200);
  const denied = await adjust(user.id, { amount: '1', reason: 'x' }, { token: reader.token });
  t.is(denied.status, 403);
  await assertInvariant(t, user.id, '5.000000', 1);
});

// ------------------------------------------------------------------------------------------------
// List and detail

test('GET /admin/users: account substring search (case-insensitive, wildcards literal), paging, site filter', async (t) => {
  const site = await factories.createSite();
  const tag = account('Srch');
  for (let i = 0; i < 12; i += 1) await factories.createUser({ siteCode: site, account: `${tag}_${String(i).padStart(2, '0')}` });
  await factories.createUser({ siteCode: site, account: `${tag}%odd` });
  await factories.createUser({ account: `${tag}_elsewhere` }); // default site

  const first = await req('GET', `/admin/users?account=${tag.toLowerCase()}`, { site });
  t.is(first.status, 200);
  t.is(first.body.code, 200);
  const r = first.body.result;
  t.deepEqual(Object.keys(r).sort(), ['items', 'pagination']);
  t.deepEqual(r.pagination, { page: 1, pageSize: 10, total: 13, totalPages: 2 });
  t.is(r.items.length, 10);
  t.true(r.items.every((u: { siteCode: string; account: string }) => u.siteCode === site && u.account.startsWith(tag)));
  const ids = r.items.map((u: { id: number }) => u.id);
  t.deepEqual(
    ids,
    [...ids].sort((a: number, b: number) => b - a),
    'newest first',
  );
  t.deepEqual(Object.keys(r.items[0]).sort(), [
    'account',
    'agentCode',
    'balance',
    'createdAt',
    'email',
    'frozenBalance',
    'id',
    'lastActivityAt',
    'locale',
    'mobile',
    'name',
    'siteCode',
    'vipLevel',
  ]);
  t.is(r.items[0].balance, '0.000000');
  noSecrets(t, first.text);

  const second = await req('GET', `/admin/users?account=${tag}&page=2&pageSize=10&siteCode=${site}`);
  t.is(second.body.result.items.length, 3);
  t.is(second.body.result.pagination.page, 2);
  const beyond = await req('GET', `/admin/users?account=${tag}&page=9`, { site });
  t.deepEqual(beyond.body.result.items, []);
  t.is(beyond.body.result.pagination.total, 13);

  const literal = await req('GET', `/admin/users?account=${encodeURIComponent('%odd')}`, { site });
  t.deepEqual(
    literal.body.result.items.map((u: { account: string }) => u.account),
    [`${tag}%odd`],
    '% matches itself',
  );
  const underscore = await req('GET', `/admin/users?account=${encodeURIComponent(`${tag}_0`)}`, { site });
  t.is(underscore.body.result.pagination.total, 10, '_ matches itself');

  // Without a site filter every site is searched.
  const all = await req('GET', `/admin/users?account=${tag}&pageSize=50`);
  t.is(all.body.result.pagination.total, 14);
  t.is(all.body.result.items.length, 14);

  for (const query of ['pageSize=51', 'pageSize=0', 'page=0', 'page=abc', 'pageSize=1.5', `account=${'x'.repeat(51)}`, 'page=1&page=2']) {
    const res = await req('GET', `/admin/users?${query}`, { site });
    t.is(res.status, 400, query);
    t.is(res.body.code, 400);
  }
  t.is((await req('GET', '/admin/users?siteCode=nowhere')).status, 400);
});

test('GET /admin/users/:userId: the player with balance and VIP, never secrets; 2001 when missing', async (t) => {
  const { user } = await factories.createUser({ balance: '12.5' });
  await user.update({
    totpAuthSecret: 'JBSWY3DPEHPK3PXP',
    emailVerifyCode: '123456',
    withdrawalVerifyCode: '654321',
    mobileVerifyCode: '+15550001',
    vipLevel: '3',
  });
  const res = await req('GET', `/admin/users/${user.id}`);
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const u = res.body.result;
  t.is(u.id, user.id);
  t.is(u.account, user.account);
  t.is(u.balance, '12.500000');
  t.is(u.frozenBalance, '0.000000');
  t.is(u.totalEffectiveBet, '0.000000');
  t.is(u.vipLevel, '3');
  t.is(u.vipHold, 0);
  t.true(u.hasPassword);
  t.is(u.vip.level, 3);
  t.is(typeof u.vip.tier, 'string');
  t.is(typeof u.vip.name, 'object');
  t.regex(u.vip.minChip, /^\d+\.\d{6}$/);
  noSecrets(t, res.text);
  t.false(res.text.includes('JBSWY3DPEHPK3PXP'));
  t.false(res.text.includes('654321'));

  const missing = await req('GET', '/admin/users/99999999');
  t.is(missing.status, 200);
  t.is(missing.body.code, 2001);
  t.is(
    missing.body.message,
    (await stack.request('GET', '/api/common/enums', { headers: { locales: 'en-US' } })).body.result.ERROR_CODES['/api/admin/users/:userId']['2001'],
  );
  t.is(missing.body.data, null);
  t.is(missing.body.path, '/api/admin/users/99999999');
  for (const id of ['abc', '0', '-3', '1.5', '12345678901']) {
    const bad = await req('GET', `/admin/users/${id}`);
    t.is(bad.status, 400, id);
    t.is(bad.body.errors[0].field, 'userId');
  }
});

test("site isolation: another site's x-site-code neither sees, lists nor adjusts a player", async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const { user } = await factories.createUser({ siteCode: site, balance: '10', account: account('iso') });
  t.is((await req('GET', `/admin/users/${user.id}`, { site })).body.code, 200);
  t.is((await req('GET', `/admin/users/${user.id}`, { site: other })).body.code, 2001);
  t.is((await req('GET', `/admin/users/${user.id}/ledger`, { site: other })).body.code, 2001);
  t.is((await req('GET', `/admin/users?account=${user.account}`, { site: other })).body.result.pagination.total, 0);
  const res = await adjust(user.id, { amount: '5', reason: 'wrong site' }, { site: other });
  t.is(res.body.code, 2001);
  await assertInvariant(t, user.id, '10.000000', 1);
  t.is((await adjustLogs(user.id)).length, 0);
  const ok = await adjust(user.id, { amount: '5', reason: 'right site' }, { site });
  t.is(ok.body.code, 200);
  const [log] = await adjustLogs(user.id);
  t.is(log.siteCode, site);
});

// ------------------------------------------------------------------------------------------------
// Ledger

test('GET /admin/users/:userId/ledger: rows newest first with their fields, paged', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  for (const amount of ['-10', '2.25', '-0.000001']) {
    t.is((await adjust(user.id, { amount, reason: `move ${amount}` })).body.code, 200);
  }
  const res = await req('GET', `/admin/users/${user.id}/ledger?pageSize=2`);
  t.is(res.body.code, 200);
  const { items, pagination } = res.body.result;
  t.deepEqual(pagination, { page: 1, pageSize: 2, total: 4, totalPages: 2 });
  t.is(items.length, 2);
  t.deepEqual(Object.keys(items[0]).sort(), [
    'amount',
    'balanceAfter',
    'balanceBefore',
    'betOrderId',
    'createdAt',
    'frozenAmount',
    'id',
    'kind',
    'refId',
    'refType',
    'remark',
  ]);
  t.like(items[0], {
    kind: 'adjustment',
    amount: '-0.000001',
    balanceBefore: '92.250000',
    balanceAfter: '92.249999',
    frozenAmount: '0.000000',
    remark: 'move -0.000001',
    refType: 'admin',
    refId: String(root.id),
    betOrderId: null,
  });
  t.like(items[1], { amount: '2.250000', balanceBefore: '90.000000', balanceAfter: '92.250000' });
  t.is(typeof items[0].id, 'string');
  t.true(BigInt(items[0].id) > BigInt(items[1].id));
  const page2 = await req('GET', `/admin/users/${user.id}/ledger?page=2&pageSize=2`);
  t.like(page2.body.result.items[1], { amount: '100.000000', balanceBefore: '0.000000', balanceAfter: '100.000000' });
  const defaults = await req('GET', `/admin/users/${user.id}/ledger`);
  t.is(defaults.body.result.pagination.pageSize, 10);
  noSecrets(t, defaults.text);
  t.is((await req('GET', '/admin/users/99999999/ledger')).body.code, 2001);
  t.is((await req('GET', `/admin/users/${user.id}/ledger?pageSize=100`)).status, 400);
});

// ------------------------------------------------------------------------------------------------
// Balance adjustments

test('a credit and a debit: balances, one ledger row each, balance = sum of ledger, operation log', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const credit = await adjust(user.id, { amount: '25.123456', reason: '  goodwill for outage #12  ' });
  t.is(credit.status, 200);
  t.is(credit.body.code, 200);
  t.deepEqual(Object.keys(credit.body.result).sort(), ['balanceAfter', 'balanceBefore', 'ledgerId', 'replayed']);
  t.like(credit.body.result, { balanceBefore: '10.000000', balanceAfter: '35.123456', replayed: false });
  t.is(typeof credit.body.result.ledgerId, 'string');

  const debit = await adjust(user.id, { amount: -5.5, reason: 'chargeback' });
  t.like(debit.body.result, { balanceBefore: '35.123456', balanceAfter: '29.623456' });
  await assertInvariant(t, user.id, '29.623456', 3);

  const ledger = await models.GameTransaction.findByPk(credit.body.result.ledgerId);
  t.is(ledger?.kind, 'adjustment');
  t.is(ledger?.remark, 'goodwill for outage #12');
  t.true(ledger?.idempotencyKey.startsWith('admin-adjust:'));

  const logs = await adjustLogs(user.id);
  t.is(logs.length, 2);
  t.is(logs[0].adminId, root.id);
  t.is(logs[0].method, 'POST');
  t.is(logs[0].path, `/api/admin/users/${user.id}/balance-adjustments`);
  t.like(logs[0].detail as object, {
    amount: '25.123456',
    reason: 'goodwill for outage #12',
    balanceBefore: '10.000000',
    balanceAfter: '35.123456',
    ledgerId: credit.body.result.ledgerId,
  });
  t.like(logs[1].detail as object, { amount: '-5.500000', reason: 'chargeback' });

  // Debiting to exactly zero is allowed.
  const all = await adjust(user.id, { amount: '-29.623456', reason: 'close account' });
  t.is(all.body.result.balanceAfter, '0.000000');
  await assertInvariant(t, user.id, '0.000000', 4);
});

test('a debit below zero is 2002 and changes nothing; a missing player is 2001', async (t) => {
  const { user } = await factories.createUser({ balance: '3' });
  const res = await adjust(user.id, { amount: '-3.000001', reason: 'too much' });
  t.is(res.status, 200);
  t.is(res.body.code, 2002);
  const enums = await stack.request('GET', '/api/common/enums', { headers: { locales: 'en-US' } });
  t.is(res.body.message, enums.body.result.ERROR_CODES['/api/admin/users/:userId/balance-adjustments']['2002']);
  t.is(res.body.data, null);
  await assertInvariant(t, user.id, '3.000000', 1);
  t.is((await adjustLogs(user.id)).length, 0);
  const withKey = await adjust(user.id, { amount: '-4', reason: 'too much' }, { headers: { 'idempotency-key': 'k-low' } });
  t.is(withKey.body.code, 2002);
  // The refused key did not burn: a valid retry with it would be a new movement.
  t.is(await models.GameTransaction.count({ where: { userId: user.id } }), 1);

  const missing = await adjust(99999999, { amount: '1', reason: 'ghost' });
  t.is(missing.body.code, 2001);
  t.is(missing.body.message, enums.body.result.ERROR_CODES['/api/admin/users/:userId/balance-adjustments']['2001']);
});

test('Idempotency-Key: a replay pays once and answers the first result; another amount with it is a 400', async (t) => {
  const { user } = await factories.createUser({ balance: '1' });
  const key = `click-${user.id}`;
  const first = await adjust(user.id, { amount: '10', reason: 'bonus' }, { headers: { 'Idempotency-Key': key } });
  t.is(first.body.code, 200);
  t.false(first.body.result.replayed);
  const again = await adjust(user.id, { amount: '10', reason: 'bonus' }, { headers: { 'Idempotency-Key': key } });
  t.is(again.body.code, 200);
  t.true(again.body.result.replayed);
  t.is(again.body.result.ledgerId, first.body.result.ledgerId);
  t.is(again.body.result.balanceAfter, first.body.result.balanceAfter);
  await assertInvariant(t, user.id, '11.000000', 2);
  t.is((await adjustLogs(user.id)).length, 1, 'a replay is not logged again');

  const conflict = await adjust(user.id, { amount: '11', reason: 'bonus' }, { headers: { 'Idempotency-Key': key } });
  t.is(conflict.status, 400);
  t.is(conflict.body.errors[0].field, 'Idempotency-Key');
  await assertInvariant(t, user.id, '11.000000', 2);

  // Keys are per administrator: another operator's identical key is its own movement.
  const other = await factories.createAdmin({ permissions: ['user:write'] });
  const theirs = await adjust(user.id, { amount: '10', reason: 'bonus' }, { token: other.token, headers: { 'Idempotency-Key': key } });
  t.false(theirs.body.result.replayed);
  await assertInvariant(t, user.id, '21.000000', 3);

  // Without the header each call is its own movement.
  await adjust(user.id, { amount: '1', reason: 'a' });
  await adjust(user.id, { amount: '1', reason: 'a' });
  await assertInvariant(t, user.id, '23.000000', 5);

  for (const bad of ['x'.repeat(101), 'has space', 'tab\there']) {
    const res = await adjust(user.id, { amount: '1', reason: 'a' }, { headers: { 'Idempotency-Key': bad } });
    t.is(res.status, 400, bad);
    t.is(res.body.errors[0].field, 'Idempotency-Key');
  }
  await assertInvariant(t, user.id, '23.000000', 5);
});

test('Idempotency-Key: the same key sent 5 times at once pays once', async (t) => {
  const { user } = await factories.createUser();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => adjust(user.id, { amount: '7.77', reason: 'double click' }, { headers: { 'Idempotency-Key': 'burst-1' } })),
  );
  t.true(
    answers.every((a) => a.status === 200 && a.body.code === 200),
    answers.map((a) => a.text).join('\n'),
  );
  t.is(new Set(answers.map((a) => a.body.result.ledgerId)).size, 1);
  t.is(answers.filter((a) => !a.body.result.replayed).length, 1);
  t.true(answers.every((a) => a.body.result.balanceAfter === '7.770000'));
  await assertInvariant(t, user.id, '7.770000', 1);
  t.is((await adjustLogs(user.id)).length, 1);

  // Concurrent debits without a key never take the balance below zero.
  const debits = await Promise.all(Array.from({ length: 5 }, () => adjust(user.id, { amount: '-2', reason: 'race' })));
  t.is(debits.filter((d) => d.body.code === 200).length, 3);
  t.is(debits.filter((d) => d.body.code === 2002).length, 2);
  await assertInvariant(t, user.id, '1.770000', 4);
});

test('bad adjustment input is a 400 naming the field, never a 500, and moves nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '50' });
  const cases: Array<[unknown, string]> = [
    [{ reason: 'x' }, 'amount'],
    [{ amount: '0', reason: 'x' }, 'amount'],
    [{ amount: '-0.000000', reason: 'x' }, 'amount'],
    [{ amount: 0, reason: 'x' }, 'amount'],
    [{ amount: '0.0000001', reason: 'x' }, 'amount'],
    [{ amount: 0.0000001, reason: 'x' }, 'amount'],
    [{ amount: '1e3', reason: 'x' }, 'amount'],
    [{ amount: 'ten', reason: 'x' }, 'amount'],
    [{ amount: '', reason: 'x' }, 'amount'],
    [{ amount: '1,5', reason: 'x' }, 'amount'],
    [{ amount: '1234567890123', reason: 'x' }, 'amount'],
    [{ amount: 1e21, reason: 'x' }, 'amount'],
    [{ amount: true, reason: 'x' }, 'amount'],
    [{ amount: null, reason: 'x' }, 'amount'],
    [{ amount: ['1'], reason: 'x' }, 'amount'],
    [{ amount: { v: 1 }, reason: 'x' }, 'amount'],
    [{ amount: '1' }, 'reason'],
    [{ amount: '1', reason: '   ' }, 'reason'],
    [{ amount: '1', reason: 'x'.repeat(256) }, 'reason'],
    [{ amount: '1', reason: 42 }, 'reason'],
    [{ amount: '1', reason: ['x'] }, 'reason'],
  ];
  for (const [body, field] of cases) {
    const res = await adjust(user.id, body);
    t.is(res.status, 400, JSON.stringify(body).slice(0, 80));
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field}: ${res.text.slice(0, 200)}`,
    );
  }
  for (const rawBody of ['{"amount":', '[]', '"1"', 'null']) {
    const res = await stack.request('POST', `/api/admin/users/${user.id}/balance-adjustments`, {
      token: root.token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    t.is(res.status, 400, rawBody);
  }
  t.is((await adjust(0, { amount: '1', reason: 'x' })).status, 400);
  t.is((await req('POST', '/admin/users/abc/balance-adjustments', { body: { amount: '1', reason: 'x' } })).status, 400);
  await assertInvariant(t, user.id, '50.000000', 1);
  t.is((await adjustLogs(user.id)).length, 0);
  // Accepted forms: +sign, a JSON number with up to 6 decimals (surrounding spaces are refused: test/api/edge-strictness.test.ts).
  t.is((await adjust(user.id, { amount: '+1.5', reason: 'x' })).body.result.balanceAfter, '51.500000');
  t.is((await adjust(user.id, { amount: 0.000001, reason: 'x' })).body.result.balanceAfter, '51.500001');
});
