import { createHmac } from 'node:crypto';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Credit cards and crypto addresses: add, list, delete, their codes, the
 * validation of 8, and what is kept of a card (never the CVV nor the full number).
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, req } = await startAdminStack());
});
test.after.always(async () => {
  await stack?.close();
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const CARD = { cardNumber: '4111111111111111', holderName: 'Chen Mei', cvv: '8642', expiryDate: `09/${nextYear}` };

test('credit card: add answers the masked number and no CVV; list; the table keeps neither the CVV nor the number', async (t) => {
  const { user, token } = await factories.createUser();
  const res = await req('POST', '/wallet/credit-card/add', { token, body: CARD });
  t.is(res.body.code, 200);
  const card = res.body.result;
  t.deepEqual(Object.keys(card).sort(), ['cardNumber', 'createdAt', 'expiryDate', 'holderName', 'id', 'remark', 'status', 'updatedAt', 'userId']);
  t.like(card, { userId: user.id, cardNumber: '**** **** **** 1111', holderName: 'Chen Mei', expiryDate: CARD.expiryDate, status: 0, remark: null });
  t.false(JSON.stringify(res.body).includes(CARD.cardNumber));

  const list = await req('GET', '/wallet/credit-card/list', { token });
  t.deepEqual(list.body.result, [card]);

  // What Postgres holds: no CVV column, no value holding the CVV or the full number.
  const { db } = await import('../../shared/db/sequelize');
  const names = await db().query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'credit_cards'`, {
    type: QueryTypes.SELECT,
  });
  t.false(
    names.some((c) => /cvv|cvc|number|pan/i.test(c.column_name)),
    names.map((c) => c.column_name).join(','),
  );
  const [row] = await db().query<Record<string, unknown>>(`SELECT * FROM credit_cards WHERE id = :id`, {
    replacements: { id: card.id },
    type: QueryTypes.SELECT,
  });
  const { cardFingerprint, createdAt, updatedAt, ...rest } = row;
  void createdAt;
  void updatedAt;
  t.false(JSON.stringify(rest).includes(CARD.cvv), JSON.stringify(rest));
  t.false(JSON.stringify(row).includes(CARD.cardNumber));
  t.is(rest.cardLast4, '1111');
  // The fingerprint is keyed (HMAC with CARD_FINGERPRINT_SECRET), not a bare hash of the number.
  const { config } = await import('../../shared/config');
  t.is(cardFingerprint, createHmac('sha256', config().cardFingerprintSecret).update(CARD.cardNumber).digest('hex'));
  const { createHash } = await import('node:crypto');
  t.not(cardFingerprint, createHash('sha256').update(CARD.cardNumber).digest('hex'));
});

test('credit card: 2001 already bound (same number, another CVV or expiry); another player may bind it; re-add after delete', async (t) => {
  const { token } = await factories.createUser();
  t.is((await req('POST', '/wallet/credit-card/add', { token, body: CARD })).body.code, 200);
  const again = await req('POST', '/wallet/credit-card/add', { token, body: { ...CARD, cvv: '123', expiryDate: `12/${nextYear}` } });
  t.is(again.status, 200);
  t.is(again.body.code, 2001);
  t.is(again.body.path, '/api/wallet/credit-card/add');
  t.is((await req('POST', '/wallet/credit-card/add', { token, body: CARD, headers: { locales: 'en-US' } })).body.message, 'This credit card is already linked');
  t.is((await req('POST', '/wallet/credit-card/add', { token, body: { ...CARD, cardNumber: '5500000000000004' } })).body.code, 200);
  const other = await factories.createUser();
  t.is((await req('POST', '/wallet/credit-card/add', { token: other.token, body: CARD })).body.code, 200);

  // Concurrent identical adds bind once.
  const racer = await factories.createUser();
  const results = await Promise.all([1, 2, 3, 4].map(() => req('POST', '/wallet/credit-card/add', { token: racer.token, body: CARD })));
  t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2001, 2001, 2001]);

  const [first] = (await req('GET', '/wallet/credit-card/list', { token: racer.token })).body.result;
  t.is((await req('DELETE', `/wallet/credit-card/${first.id}`, { token: other.token })).body.code, 2001, "another player's card is not found");
  const del = await req('DELETE', `/wallet/credit-card/${first.id}`, { token: racer.token });
  t.deepEqual([del.body.code, del.body.result], [200, null]);
  t.is((await req('DELETE', `/wallet/credit-card/${first.id}`, { token: racer.token })).body.code, 2001);
  t.deepEqual((await req('GET', '/wallet/credit-card/list', { token: racer.token })).body.result, []);
  t.is((await req('POST', '/wallet/credit-card/add', { token: racer.token, body: CARD })).body.code, 200);
});

test('credit card: bad input is a 400 naming the field', async (t) => {
  const { token } = await factories.createUser();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ cardNumber: '411111111111' }, 'cardNumber'],
    [{ cardNumber: '41111111111111111111' }, 'cardNumber'],
    [{ cardNumber: '4111 1111 1111 1111' }, 'cardNumber'],
    [{ cardNumber: 4111111111111111 }, 'cardNumber'],
    [{ cvv: '12' }, 'cvv'],
    [{ cvv: '12345' }, 'cvv'],
    [{ cvv: 123 }, 'cvv'],
    [{ expiryDate: '13/30' }, 'expiryDate'],
    [{ expiryDate: '9/30' }, 'expiryDate'],
    [{ expiryDate: '2030-09' }, 'expiryDate'],
    [{ expiryDate: '01/20' }, 'expiryDate'],
    [{ holderName: 'C' }, 'holderName'],
    [{ holderName: 'Chen\u0000' }, 'holderName'],
    [{ cvv: undefined }, 'cvv'],
  ];
  for (const [change, field] of cases) {
    const res = await req('POST', '/wallet/credit-card/add', { token, body: { ...CARD, ...change } });
    t.is(res.status, 400, JSON.stringify(change));
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      JSON.stringify(res.body),
    );
  }
  // This month is still valid (a card expires at the end of its month).
  const now = new Date();
  const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
  t.is((await req('POST', '/wallet/credit-card/add', { token, body: { ...CARD, expiryDate: thisMonth } })).body.code, 200);
  t.deepEqual((await req('GET', '/wallet/credit-card/list', { token })).body.result.length, 1);
});

const ADDRESS = { walletName: 'My TRON wallet', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' };

test('crypto address: defaults USDT and TRC-20; given values kept; list newest first', async (t) => {
  const { user, token } = await factories.createUser();
  const res = await req('POST', '/wallet/crypto-address/add', { token, body: ADDRESS });
  t.is(res.body.code, 200);
  const row = res.body.result;
  t.deepEqual(Object.keys(row).sort(), ['address', 'createdAt', 'currency', 'id', 'network', 'remark', 'status', 'updatedAt', 'userId', 'walletName']);
  t.like(row, { userId: user.id, ...ADDRESS, currency: 'USDT', network: 'TRC-20', status: 0 });
  const erc = await req('POST', '/wallet/crypto-address/add', { token, body: { ...ADDRESS, currency: 'usdt', network: 'ERC-20' } });
  t.like(erc.body.result, { currency: 'USDT', network: 'ERC-20' });
  const list = (await req('GET', '/wallet/crypto-address/list', { token })).body.result;
  t.deepEqual(
    list.map((r: { id: number }) => r.id),
    [erc.body.result.id, row.id],
  );
});

test('crypto address: 2001 already bound; delete 2001 for another player or twice; re-add after delete', async (t) => {
  const { token } = await factories.createUser();
  const first = (await req('POST', '/wallet/crypto-address/add', { token, body: ADDRESS })).body.result;
  const again = await req('POST', '/wallet/crypto-address/add', { token, body: { ...ADDRESS, walletName: 'Other name', currency: 'USDT', network: 'TRC-20' } });
  t.is(again.body.code, 2001);
  t.is(again.body.path, '/api/wallet/crypto-address/add');
  const other = await factories.createUser();
  t.is((await req('DELETE', `/wallet/crypto-address/${first.id}`, { token: other.token })).body.code, 2001);
  // A player of another site does not find it either.
  const site = await factories.createSite();
  const foreign = await factories.createUser({ siteCode: site });
  t.is((await req('DELETE', `/wallet/crypto-address/${first.id}`, { token: foreign.token })).body.code, 2001);
  t.is((await req('DELETE', `/wallet/crypto-address/${first.id}`, { token })).body.code, 200);
  const twice = await req('DELETE', `/wallet/crypto-address/${first.id}`, { token });
  t.is(twice.body.code, 2001);
  t.is(twice.body.path, `/api/wallet/crypto-address/${first.id}`);
  t.is((await req('POST', '/wallet/crypto-address/add', { token, body: ADDRESS })).body.code, 200);
});

test('crypto address: bad input is a 400 naming the field', async (t) => {
  const { token } = await factories.createUser();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ address: undefined }, 'address'],
    [{ address: 'short' }, 'address'],
    [{ address: 'T'.repeat(129) }, 'address'],
    [{ address: 'TXYZ opYRdj2D9XRtbG411XZZ3kM5VkAeBf' }, 'address'],
    [{ address: 12345678901 }, 'address'],
    [{ walletName: '' }, 'walletName'],
    [{ walletName: ['a'] }, 'walletName'],
    [{ currency: 'U' }, 'currency'],
    [{ network: 'TRC 20' }, 'network'],
    [{ network: 20 }, 'network'],
  ];
  for (const [change, field] of cases) {
    const res = await req('POST', '/wallet/crypto-address/add', { token, body: { ...ADDRESS, ...change } });
    t.is(res.status, 400, JSON.stringify(change));
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      JSON.stringify(res.body),
    );
  }
  t.deepEqual((await req('GET', '/wallet/crypto-address/list', { token })).body.result, []);
});

test('adds are limited per player (RATE_LIMIT_WALLET_ADD_PER_USER, 20 a minute): the next is a 429, another player is not held back', async (t) => {
  const { awayFromMinuteEdge } = await import('../helpers/wait');
  await awayFromMinuteEdge();
  const { token } = await factories.createUser();
  const codes: number[] = [];
  for (let i = 0; i < 20; i += 1)
    codes.push(
      (await req('POST', '/wallet/crypto-address/add', { token, body: { ...ADDRESS, address: `TLIMIT${String(i).padStart(10, '0')}abcdef` } })).body.code,
    );
  t.true(
    codes.every((c) => c === 200),
    codes.join(','),
  );
  const over = await req('POST', '/wallet/credit-card/add', { token, body: CARD });
  t.is(over.status, 429);
  t.truthy(over.headers.get('retry-after'));
  const other = await factories.createUser();
  t.is((await req('POST', '/wallet/crypto-address/add', { token: other.token, body: ADDRESS })).body.code, 200);
});
