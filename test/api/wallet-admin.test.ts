import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Operators' wallet endpoints (permission module `wallet`): review of instruments (approve, reject,
 * repeated, conflicting, concurrent, another site's, deleted), the paged list with its filters, the
 * operation log, and findApprovedInstrument, which withdrawals use.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let root: AdminRoot;
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, root, req } = await startAdminStack({ permissions: ['wallet:read', 'wallet:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
let serial = 0;
const address = () => `TADDR${String(++serial).padStart(10, '0')}${Math.random().toString(36).slice(2, 12)}`;

async function newAddress(token: string) {
  const res = await req('POST', '/wallet/crypto-address/add', { token, body: { walletName: 'w', address: address() } });
  return res.body.result as { id: number; userId: number; address: string };
}
async function newCreditCard(token: string, number = `4${String(Date.now()).slice(-12)}${String(++serial).padStart(3, '0')}`) {
  const res = await req('POST', '/wallet/credit-card/add', {
    token,
    body: { cardNumber: number, holderName: 'Lin', cvv: '123', expiryDate: `01/${nextYear}` },
  });
  return res.body.result as { id: number; userId: number };
}

const review = (kind: string, id: number, body: unknown, options: { token?: string; site?: string } = {}) =>
  req('POST', `/wallet/admin/${kind}/${id}/review`, { body, ...options });

const logsOf = (targetId: number, action: string) => models.AdminOperationLog.count({ where: { module: 'wallet', action, targetId: String(targetId) } });

test('approve: the item with its reviewer; one operation-log row; the same review again answers it unchanged and logs nothing', async (t) => {
  const player = await factories.createUser();
  const item = await newAddress(player.token);
  const res = await review('crypto-address', item.id, { action: 'approve', remark: 'checked on chain' });
  t.is(res.body.code, 200);
  t.like(res.body.result, {
    kind: 'crypto-address',
    id: item.id,
    userId: player.user.id,
    account: player.user.account,
    status: 1,
    remark: 'checked on chain',
    reviewedBy: root.id,
    deletedAt: null,
  });
  t.truthy(res.body.result.reviewedAt);
  t.is(await logsOf(item.id, 'crypto-address-approve'), 1);
  const log = await models.AdminOperationLog.findOne({ where: { module: 'wallet', action: 'crypto-address-approve', targetId: String(item.id) } });
  t.like(log?.get({ plain: true }), { adminId: root.id, method: 'POST', path: `/api/wallet/admin/crypto-address/${item.id}/review` });

  const again = await review('crypto-address', item.id, { action: 'approve', remark: 'again' });
  t.is(again.body.code, 200);
  t.like(again.body.result, { status: 1, remark: 'checked on chain' });
  t.is(await logsOf(item.id, 'crypto-address-approve'), 1);
  // The player sees the outcome.
  t.like((await req('GET', '/wallet/crypto-address/list', { token: player.token })).body.result[0], { id: item.id, status: 1, remark: 'checked on chain' });
});

test('2002: the other action on a reviewed item, or any review of a deleted one; 2001: unknown or another site\u2019s', async (t) => {
  const player = await factories.createUser();
  const card = await newCreditCard(player.token);
  t.is((await review('credit-card', card.id, { action: 'reject', remark: 'name mismatch' })).body.result.status, 2);
  const flip = await review('credit-card', card.id, { action: 'approve' });
  t.is(flip.body.code, 2002);
  t.is(flip.body.path, `/api/wallet/admin/credit-card/${card.id}/review`);
  t.is((await review('credit-card', card.id, { action: 'approve' }, { token: root.token })).body.code, 2002);
  t.like(await models.CreditCard.findByPk(card.id).then((c) => c?.get({ plain: true })), { status: 2, remark: 'name mismatch' });

  const deleted = await newAddress(player.token);
  await req('DELETE', `/wallet/crypto-address/${deleted.id}`, { token: player.token });
  t.is((await review('crypto-address', deleted.id, { action: 'approve' })).body.code, 2002);

  t.is((await review('bank-card', 2147483647, { action: 'approve' })).body.code, 2001);
  // The crypto address's id as another kind is another record.
  const pending = await newAddress(player.token);
  t.is((await review('bank-card', pending.id + 100000, { action: 'approve' })).body.code, 2001);
  const site = await factories.createSite();
  const elsewhere = await review('crypto-address', pending.id, { action: 'approve' }, { site });
  t.is(elsewhere.body.code, 2001);
  t.is((await models.CryptoAddress.findByPk(pending.id))?.status, 0);
});

test('two operators reviewing at once: one wins, the other gets 2002, one log row', async (t) => {
  const player = await factories.createUser();
  const item = await newAddress(player.token);
  const other = await factories.createAdmin({ permissions: ['wallet:write'] });
  const [a, b] = await Promise.all([
    review('crypto-address', item.id, { action: 'approve' }),
    review('crypto-address', item.id, { action: 'reject' }, { token: other.token }),
  ]);
  t.deepEqual([a.body.code, b.body.code].sort(), [200, 2002]);
  const logs = await models.AdminOperationLog.count({
    where: { module: 'wallet', action: ['crypto-address-approve', 'crypto-address-reject'], targetId: String(item.id) },
  });
  t.is(logs, 1);
});

test('review input and guards: 400 for a bad kind, action or id; 403 without wallet:write; 401 for a player', async (t) => {
  const player = await factories.createUser();
  const item = await newAddress(player.token);
  for (const [kind, id, body, field] of [
    ['wallet', item.id, { action: 'approve' }, 'kind'],
    ['crypto-address', 'x', { action: 'approve' }, 'id'],
    ['crypto-address', item.id, { action: 'approved' }, 'action'],
    ['crypto-address', item.id, { action: 1 }, 'action'],
    ['crypto-address', item.id, {}, 'action'],
    ['crypto-address', item.id, { action: 'approve', remark: 'x'.repeat(256) }, 'remark'],
    ['crypto-address', item.id, { action: 'approve', remark: 'a\u0000b' }, 'remark'],
  ] as const) {
    const res = await req('POST', `/wallet/admin/${kind}/${id}/review`, { body });
    t.is(res.status, 400, `${kind} ${id} ${JSON.stringify(body)}`);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      JSON.stringify(res.body),
    );
  }
  const reader = await factories.createAdmin({ permissions: ['wallet:read', 'vip:write'] });
  t.is((await review('crypto-address', item.id, { action: 'approve' }, { token: reader.token })).status, 403);
  t.is((await review('crypto-address', item.id, { action: 'approve' }, { token: player.token })).status, 401);
  t.is(
    (await req('GET', '/wallet/admin/instruments?kind=bank-card', { token: (await factories.createAdmin({ permissions: ['vip:read'] })).token })).status,
    403,
  );
  t.is((await req('GET', '/wallet/admin/instruments?kind=bank-card', { token: null })).status, 401);
  t.is((await models.CryptoAddress.findByPk(item.id))?.status, 0);
});

test('list: one kind of the site, by status and player, paged; deleted rows only when asked; another site\u2019s never', async (t) => {
  const site = await factories.createSite();
  const a = await factories.createUser({ siteCode: site });
  const b = await factories.createUser({ siteCode: site });
  const a1 = await newAddress(a.token);
  const a2 = await newAddress(a.token);
  const b1 = await newAddress(b.token);
  await review('crypto-address', a2.id, { action: 'approve' }, { site });
  await req('DELETE', `/wallet/crypto-address/${b1.id}`, { token: b.token });
  // Another site's address (the default site's) is not listed.
  const stranger = await factories.createUser();
  await newAddress(stranger.token);

  const all = await req('GET', '/wallet/admin/instruments?kind=crypto-address', { site });
  t.is(all.body.code, 200);
  t.deepEqual(
    all.body.result.items.map((i: { id: number }) => i.id),
    [a1.id, a2.id],
  );
  t.deepEqual(all.body.result.pagination, { page: 1, pageSize: 10, total: 2, totalPages: 1 });
  t.like(all.body.result.items[0], { kind: 'crypto-address', userId: a.user.id, account: a.user.account, siteCode: site, status: 0 });

  const pending = await req('GET', '/wallet/admin/instruments?kind=crypto-address&status=0', { site });
  t.deepEqual(
    pending.body.result.items.map((i: { id: number }) => i.id),
    [a1.id],
  );
  const withDeleted = await req('GET', `/wallet/admin/instruments?kind=crypto-address&includeDeleted=1&userId=${b.user.id}`, { site });
  t.deepEqual(
    withDeleted.body.result.items.map((i: { id: number; deletedAt: string | null }) => [i.id, i.deletedAt !== null]),
    [[b1.id, true]],
  );
  const paged = await req('GET', '/wallet/admin/instruments?kind=crypto-address&page=2&pageSize=1', { site });
  t.deepEqual(
    paged.body.result.items.map((i: { id: number }) => i.id),
    [a2.id],
  );
  t.deepEqual(paged.body.result.pagination, { page: 2, pageSize: 1, total: 2, totalPages: 2 });

  for (const query of [
    '',
    'kind=wallet',
    'kind=bank-card&status=3',
    'kind=bank-card&pageSize=51',
    'kind=bank-card&userId=abc',
    'kind=bank-card&includeDeleted=yes',
  ]) {
    const res = await req('GET', `/wallet/admin/instruments?${query}`, { site });
    t.is(res.status, 400, query);
  }
});

test('list of credit cards: masked numbers, no fingerprint; an empty kind is an empty page', async (t) => {
  const site = await factories.createSite();
  const player = await factories.createUser({ siteCode: site });
  await newCreditCard(player.token, '4000000000000002');
  const cards = await req('GET', '/wallet/admin/instruments?kind=credit-card', { site });
  t.is(cards.body.result.items.length, 1);
  t.is(cards.body.result.items[0].cardNumber, '**** **** **** 0002');
  t.false(JSON.stringify(cards.body).includes('4000000000000002'));
  t.false('cardFingerprint' in cards.body.result.items[0]);
  const banks = await req('GET', '/wallet/admin/instruments?kind=bank-card', { site });
  t.deepEqual(banks.body.result, { items: [], pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 } });
});

test('findApprovedInstrument: only the player\u2019s own approved, live instrument of that kind', async (t) => {
  const { findApprovedInstrument } = await import('../../shared/domain/wallet');
  const { config } = await import('../../shared/config');
  const site = config().siteCode;
  const player = await factories.createUser();
  const other = await factories.createUser();
  const item = await newAddress(player.token);
  t.is(await findApprovedInstrument(site, player.user.id, 'crypto-address', item.id), null, 'pending');
  await review('crypto-address', item.id, { action: 'approve' });
  const found = await findApprovedInstrument(site, player.user.id, 'crypto-address', item.id);
  t.is(found?.address, item.address);
  t.is(await findApprovedInstrument(site, other.user.id, 'crypto-address', item.id), null, "another player's");
  t.is(await findApprovedInstrument('elsewhere', player.user.id, 'crypto-address', item.id), null, "another site's");
  t.is(await findApprovedInstrument(site, player.user.id, 'bank-card', item.id), null, 'another kind');
  const rejected = await newAddress(player.token);
  await review('crypto-address', rejected.id, { action: 'reject' });
  t.is(await findApprovedInstrument(site, player.user.id, 'crypto-address', rejected.id), null, 'rejected');
  await req('DELETE', `/wallet/crypto-address/${item.id}`, { token: player.token });
  t.is(await findApprovedInstrument(site, player.user.id, 'crypto-address', item.id), null, 'deleted');
});
