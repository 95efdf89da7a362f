import test from 'ava';
import { Withdrawal } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createUser, paidDeposit } from '../helpers/factories';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { giveIdentity } from '../helpers/kyc';
import { waitFor } from '../helpers/wait';
import { approvedAddress, balancesAndLedger, claim, CODE, giveCode, readyPlayer } from '../helpers/withdrawals';

/**
 * Player withdrawals: the code mail (through the outbox and the mail worker to a local SMTP
 * server), the request's checks in the spec's order, the code's expiry and tries, the hold and its
 * ledger, concurrent requests, the list and the turnover status.
 */
let stack: TestStack;
let smtp: TestSmtpServer;
let workers: RunningWorkers | undefined;
test.before(async () => {
  smtp = await startSmtpServer();
  stack = await startTestStack({ SMTP_URL: smtp.url, MAIL_FROM: 'Payments <no-reply@site.test>', OUTBOX_RELAY_EVERY_MS: '200', TRUST_PROXY: 'true' });
  workers = startWorkers(['mail']);
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
  await smtp?.close();
});

let ip = 0;
const call = (method: string, path: string, token: string | undefined, body?: unknown, locale = 'en-US'): Promise<ApiResponse> =>
  stack.request(method, `/api/withdrawal${path}`, {
    token,
    body,
    headers: { 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}`, locales: locale },
  });
const request = (token: string, body: Record<string, unknown>) => call('POST', '/request', token, body);

test('send-code: 2001 without a verified e-mail, 2002 without a verified mobile', async (t) => {
  const { user, token } = await createUser();
  let res = await call('POST', '/send-code', token);
  t.is(res.status, 200);
  t.like(res.body, { code: 2001, message: 'Email not verified', path: '/api/withdrawal/send-code' });
  await user.update({ email: `nomobile${user.id}@example.test` });
  res = await call('POST', '/send-code', token);
  t.like(res.body, { code: 2002, message: 'Mobile number not verified' });
  await user.reload();
  t.is(user.withdrawalVerifyCode, null);
  t.is((await call('POST', '/send-code', undefined)).status, 401);
});

test('send-code mails a 6-digit code to the verified e-mail through the mail worker; the code withdraws once', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '50' });
  await user.update({ withdrawalVerifyCode: null, locale: 'en-US' });
  const res = await call('POST', '/send-code', token);
  t.is(res.body.code, 200, res.text);
  t.true(res.body.result.sent);
  const expiresAt = new Date(res.body.result.expiresAt).getTime();
  t.true(Math.abs(expiresAt - Date.now() - 10 * 60_000) < 60_000);
  const mail = await smtp.waitFor((m) => m.to.includes(user.email as string));
  const code = /(\d{6})/.exec(mail.body)?.[1] as string;
  await user.reload();
  t.is(user.withdrawalVerifyCode, code);
  t.regex(mail.body, /Your withdrawal verification code is: \d{6}/);

  const ok = await request(token, { amount: '20', cryptoAddressId: address.id, verifyCode: code });
  t.is(ok.body.code, 200, ok.text);
  // Consumed: the same code again is "no code".
  const again = await request(token, { amount: '1', cryptoAddressId: address.id, verifyCode: code });
  t.like(again.body, { code: 2001, path: '/api/withdrawal/request' });
});

test('request: the checks answer 2001 to 2009 in the spec order, then the KYC level (2301)', async (t) => {
  const { user, token } = await createUser({ balance: '30' });
  const other = await createUser();
  const othersAddress = await approvedAddress(other.user);
  const body = { amount: '10', cryptoAddressId: othersAddress.id, verifyCode: CODE };
  const expect = async (code: number) => {
    const res = await request(token, body);
    t.is(res.status, 200, res.text);
    t.is(res.body.code, code, res.text);
    t.is(res.body.path, '/api/withdrawal/request');
    t.truthy(res.body.message);
    t.is(res.body.data, null);
  };
  await expect(2001); // no code sent
  await giveCode(user);
  await expect2002();
  async function expect2002() {
    const res = await request(token, { ...body, verifyCode: '000001' });
    t.is(res.body.code, 2002, res.text);
  }
  await expect(2003); // e-mail not verified (no e-mail, no mobile either)
  await user.update({ email: `order${user.id}@example.test` });
  await expect(2004);
  await user.update({ mobile: `+8869${user.id}` });
  await expect(2005); // another player's approved address
  const pending = await approvedAddress(user, 0);
  body.cryptoAddressId = pending.id;
  await expect(2005); // own address, pending review
  const rejected = await approvedAddress(user, 2);
  body.cryptoAddressId = rejected.id;
  await expect(2005);
  const deleted = await approvedAddress(user);
  await deleted.update({ deletedAt: new Date() });
  body.cryptoAddressId = deleted.id;
  await expect(2005);
  const address = await approvedAddress(user);
  body.cryptoAddressId = address.id;
  body.amount = '0';
  await expect(2006);
  body.amount = '-5';
  await expect(2006);
  body.amount = '30.000001';
  await expect(2007);
  body.amount = '30';
  const open = await claim(user, '100', '40');
  await expect(2008);
  await open.update({ completedTurnover: '100', turnoverCompleted: 1 });
  await paidDeposit(user, '25');
  await user.update({ totalEffectiveBet: '24.999999' });
  await expect(2009);
  await user.update({ totalEffectiveBet: '25' });
  await expect(2301); // KYC level 1 at most: a withdrawal needs level 2 by default
  await giveIdentity(user);
  const res = await request(token, body);
  t.is(res.body.code, 200, res.text);
  // Nothing of the refused requests moved money or left a row.
  t.is(await Withdrawal.count({ where: { userId: user.id } }), 1);
  const sums = await balancesAndLedger(user.id);
  t.deepEqual(sums, { balance: '0.000000', frozen: '30.000000', ledger: '0.000000', ledgerFrozen: '30.000000' });
});

test('request: success holds the amount (balance to frozenBalance), visible in user-detail; balances equal their ledger sums', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '100' });
  const res = await request(token, { amount: 12.5, cryptoAddressId: address.id, verifyCode: CODE });
  t.is(res.body.code, 200, res.text);
  const w = res.body.result;
  t.deepEqual(
    Object.keys(w).sort(),
    [
      'address',
      'amount',
      'completedAt',
      'createdAt',
      'cryptoAddressId',
      'currency',
      'id',
      'network',
      'rejectReason',
      'reviewedAt',
      'status',
      'walletName',
    ].sort(),
  );
  t.like(w, {
    amount: '12.500000',
    status: 'pending',
    walletName: 'Cold wallet',
    network: 'TRC-20',
    currency: 'USDT',
    rejectReason: null,
    reviewedAt: null,
    completedAt: null,
    cryptoAddressId: address.id,
  });
  t.is(w.address, `${address.address.slice(0, 6)}****${address.address.slice(-4)}`);
  const detail = await stack.request('GET', '/api/auth/user-detail', { token });
  t.is(detail.body.result.balance, '87.500000');
  t.is(detail.body.result.frozenBalance, '12.500000');
  t.deepEqual(await balancesAndLedger(user.id), { balance: '87.500000', frozen: '12.500000', ledger: '87.500000', ledgerFrozen: '12.500000' });
  const [hold] = await db().query<{ kind: string; amount: string; frozenAmount: string }>(
    `SELECT kind, amount::text, "frozenAmount"::text FROM game_transactions WHERE "idempotencyKey" = :key`,
    { replacements: { key: `withdrawal:hold:${w.id}` }, type: 'SELECT' as never },
  );
  t.deepEqual({ ...hold }, { kind: 'withdrawal-freeze', amount: '-12.500000', frozenAmount: '12.500000' });
  await user.reload();
  t.is(user.withdrawalVerifyCode, null);
});

test('request: an expired code is 2001; wrong tries are counted and the last allowed one spends the code', async (t) => {
  const { user, token, address } = await readyPlayer();
  await giveCode(user, CODE, 11);
  let res = await request(token, { amount: '1', cryptoAddressId: address.id, verifyCode: CODE });
  t.is(res.body.code, 2001, 'expired after 10 minutes');
  await giveCode(user, CODE, 9);
  for (let i = 1; i <= 4; i += 1) {
    res = await request(token, { amount: '1', cryptoAddressId: address.id, verifyCode: '000002' });
    t.is(res.body.code, 2002);
  }
  await user.reload();
  t.is(user.withdrawalCodeTries, 4);
  t.is(user.withdrawalVerifyCode, CODE);
  res = await request(token, { amount: '1', cryptoAddressId: address.id, verifyCode: '000002' });
  t.is(res.body.code, 2002, 'the fifth wrong try is still "wrong"');
  res = await request(token, { amount: '1', cryptoAddressId: address.id, verifyCode: CODE });
  t.is(res.body.code, 2001, 'then the code is spent');
  // A new code starts over.
  await giveCode(user);
  res = await request(token, { amount: '1', cryptoAddressId: address.id, verifyCode: CODE });
  t.is(res.body.code, 200, res.text);
});

test('the code lives 10 minutes (CODE_TTL_MINUTES) in both of its checks: 9 minutes old it withdraws; 11 minutes old it is 2001 and nothing moves', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '50' });
  await giveCode(user, CODE, 9);
  const ok = await request(token, { amount: '20', cryptoAddressId: address.id, verifyCode: CODE });
  t.is(ok.body.code, 200, `a 9-minute-old code withdraws: ${ok.text}`);
  const after = { balance: '30.000000', frozen: '20.000000', ledger: '30.000000', ledgerFrozen: '20.000000' };
  t.deepEqual(await balancesAndLedger(user.id), after);

  await giveCode(user, CODE, 11);
  // The right code, a wrong one, and the right one with too large an amount: each "no live code", nothing counted or held.
  for (const body of [
    { amount: '20', cryptoAddressId: address.id, verifyCode: CODE },
    { amount: '20', cryptoAddressId: address.id, verifyCode: '000003' },
    { amount: '31', cryptoAddressId: address.id, verifyCode: CODE },
  ]) {
    const res = await request(token, body);
    t.like(res.body, { code: 2001, path: '/api/withdrawal/request' }, `an 11-minute-old code, ${JSON.stringify(body)}: ${res.text}`);
  }
  await user.reload();
  t.is(user.withdrawalCodeTries, 0);
  t.is(user.withdrawalVerifyCode, CODE);
  t.is(await Withdrawal.count({ where: { userId: user.id } }), 1);
  t.deepEqual(await balancesAndLedger(user.id), after);
});

test('request: hostile input is a 400 naming the field, never a 500', async (t) => {
  const { token, address } = await readyPlayer();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ amount: 'abc', cryptoAddressId: address.id, verifyCode: CODE }, 'amount'],
    [{ amount: 1e308, cryptoAddressId: address.id, verifyCode: CODE }, 'amount'],
    [{ amount: '1.0000001', cryptoAddressId: address.id, verifyCode: CODE }, 'amount'],
    [{ amount: '1', cryptoAddressId: String(address.id), verifyCode: CODE }, 'cryptoAddressId'],
    [{ amount: '1', cryptoAddressId: 2147483648, verifyCode: CODE }, 'cryptoAddressId'],
    [{ amount: '1', cryptoAddressId: address.id, verifyCode: '48291\u0000' }, 'verifyCode'],
    [{ amount: '1', cryptoAddressId: address.id, verifyCode: 482916 }, 'verifyCode'],
    [{ amount: '1', cryptoAddressId: address.id }, 'verifyCode'],
  ];
  for (const [body, field] of cases) {
    const res = await request(token, body);
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      res.text,
    );
  }
});

test('two requests at once with a balance for one: one succeeds, the other is 2007; money is held once', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '10' });
  // Hold the player's row so both requests pass their code checks and queue on the hold.
  const barrier = await db().transaction();
  await db().query('SELECT id FROM users WHERE id = :id FOR NO KEY UPDATE', { replacements: { id: user.id }, transaction: barrier });
  const both = [
    request(token, { amount: '10', cryptoAddressId: address.id, verifyCode: CODE }),
    request(token, { amount: '10', cryptoAddressId: address.id, verifyCode: CODE }),
  ];
  await waitFor('both requests to wait for the row', async () => {
    const [row] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`,
      { type: 'SELECT' as never },
    );
    return row.n >= 2;
  });
  await barrier.commit();
  const codes = (await Promise.all(both)).map((r) => r.body.code).sort();
  t.deepEqual(codes, [200, 2007]);
  t.deepEqual(await balancesAndLedger(user.id), { balance: '0.000000', frozen: '10.000000', ledger: '0.000000', ledgerFrozen: '10.000000' });
  t.is(await Withdrawal.count({ where: { userId: user.id } }), 1);
});

test('two requests at once with money for both: the code makes one withdrawal, the other is 2001', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '100' });
  const results = await Promise.all([1, 2, 3].map(() => request(token, { amount: '10', cryptoAddressId: address.id, verifyCode: CODE })));
  const codes = results.map((r) => r.body.code).sort();
  t.deepEqual(codes, [200, 2001, 2001]);
  t.deepEqual(await balancesAndLedger(user.id), { balance: '90.000000', frozen: '10.000000', ledger: '90.000000', ledgerFrozen: '10.000000' });
});

test('list: the player own withdrawals with masked addresses, filters and paging', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '100' });
  for (const amount of ['1', '2', '3']) {
    await giveCode(user);
    t.is((await request(token, { amount, cryptoAddressId: address.id, verifyCode: CODE })).body.code, 200);
  }
  const other = await readyPlayer({ balance: '10' });
  t.is((await request(other.token, { amount: '5', cryptoAddressId: other.address.id, verifyCode: CODE })).body.code, 200);
  await Withdrawal.update({ status: 'rejected', rejectReason: 'test' }, { where: { userId: user.id, amount: '1' } });

  let res = await call('GET', '/list', token);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 3, totalPages: 1 });
  t.deepEqual(
    res.body.result.items.map((i: { amount: string }) => i.amount),
    ['3.000000', '2.000000', '1.000000'],
  );
  t.false(res.text.includes(address.address));
  res = await call('GET', '/list?status=rejected', token);
  t.deepEqual(
    res.body.result.items.map((i: { rejectReason: string }) => i.rejectReason),
    ['test'],
  );
  res = await call('GET', '/list?page=2&pageSize=2', token);
  t.deepEqual(res.body.result.pagination, { page: 2, pageSize: 2, total: 3, totalPages: 2 });
  t.is(res.body.result.items.length, 1);
  res = await call('GET', `/list?startDate=2020-01-01&endDate=2020-01-31`, token);
  t.is(res.body.result.pagination.total, 0);
  res = await call('GET', `/list?startDate=2020-01-01`, token);
  t.is(res.body.result.pagination.total, 3);
  for (const q of ['status=paid', 'pageSize=51', 'startDate=2024-02-30', 'page=0', 'status=pending%00']) {
    t.is((await call('GET', `/list?${q}`, token)).status, 400, q);
  }
});

test('turnover-status: deposits x 1 against the effective bet, and the open promotion claims', async (t) => {
  const { user, token } = await createUser();
  let res = await call('GET', '/turnover-status', token);
  t.deepEqual(res.body.result, {
    canWithdraw: true,
    deposit: { totalDeposits: '0.000000', multiplier: 1, requiredTurnover: '0.000000', completedTurnover: '0.000000', remaining: '0.000000', completed: true },
    promo: { pendingCount: 0, completed: true, items: [] },
  });
  await paidDeposit(user, '120.5');
  await paidDeposit(user, '30');
  await user.update({ totalEffectiveBet: '100.25' });
  const open = await claim(user, '200', '50.5');
  await claim(user, '10', '10');
  res = await call('GET', '/turnover-status', token);
  t.deepEqual(res.body.result, {
    canWithdraw: false,
    deposit: {
      totalDeposits: '150.500000',
      multiplier: 1,
      requiredTurnover: '150.500000',
      completedTurnover: '100.250000',
      remaining: '50.250000',
      completed: false,
    },
    promo: {
      pendingCount: 1,
      completed: false,
      items: [
        {
          promoId: open.promoId,
          promoTitle: 'First deposit gift',
          rewardAmount: '10.000000',
          requiredTurnover: '200.000000',
          completedTurnover: '50.500000',
          remaining: '149.500000',
        },
      ],
    },
  });
  res = await call('GET', '/turnover-status', token, undefined, 'zh-TW');
  t.is(res.body.result.promo.items[0].promoTitle, '首存禮');
  await user.update({ totalEffectiveBet: '151' });
  await open.update({ completedTurnover: '200', turnoverCompleted: 1 });
  res = await call('GET', '/turnover-status', token);
  t.true(res.body.result.canWithdraw);
  t.is(res.body.result.deposit.remaining, '0.000000');
  t.is((await call('GET', '/turnover-status', undefined)).status, 401);
});

test('send-code is rate limited per player', async (t) => {
  const { token } = await readyPlayer();
  const codes: number[] = [];
  for (let i = 0; i < 6; i += 1) codes.push((await call('POST', '/send-code', token)).status);
  t.deepEqual(codes, [200, 200, 200, 200, 200, 429]);
});
