import test from 'ava';
import { QueryTypes } from 'sequelize';
import { SiteConfig, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { moveBalance } from '../../shared/domain/wallet';
import { agentWithCommission } from '../helpers/affiliate-money';
import { createAdmin, createSite } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { balancesAndLedger, CODE, giveCode } from '../helpers/withdrawals';

/**
 * The KYC withdrawal gate over linked transactions (docs/kyc.md, "Gates"): below level 2, a user's
 * withdrawals of the last 30 days (player withdrawals and commission withdrawals together, not refused,
 * the new one included) may not pass the site's withdrawalAboveUsd; ten withdrawals of 199 against 200
 * cannot pass one after the other, nor at once across both paths; refused and older ones do not count.
 */
let stack: TestStack;
let site: string;

test.before(async () => {
  stack = await startTestStack({
    AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS: '0',
    RATE_LIMIT_AFFILIATE_WITHDRAWAL_PER_USER: '1000',
    VERIFY_CHECK_LIMIT_PER_USER: '1000',
  });
  site = await createSite();
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  const res = await stack.request('PATCH', `/api/site-config/admin/${config!.id}/settings`, {
    token: (await createAdmin()).token,
    body: { kyc: { withdrawalAboveUsd: '200' } },
    headers: { 'x-site-code': site },
  });
  if (res.body.code !== 200) throw new Error(res.text);
});
test.after.always(async () => {
  await stack?.close();
});

const post = (path: string, token: string, body: unknown) =>
  stack.request('POST', `/api${path}`, { token, body, headers: { locales: 'en-US', 'x-site-code': site } });

/** A level-1 agent of the site (e-mail and profile, no identity documents) who can also withdraw as a player: a mobile, a balance, a live code. */
async function levelOneAgent(balance = '5000', commission = '5000') {
  const made = await agentWithCommission(commission, { siteCode: site, kycLevel: 1 });
  await User.update({ mobile: `+88692${String(made.user.id).padStart(7, '0')}` }, { where: { id: made.user.id } });
  await db().transaction((transaction) =>
    moveBalance(transaction, { userId: made.user.id, amount: balance, kind: 'adjustment', idempotencyKey: `test:gate-opening:${made.user.id}` }),
  );
  await giveCode(made.user);
  return made;
}

const withdraw = (token: string, addressId: number, amount: string) =>
  post('/withdrawal/request', token, { amount, cryptoAddressId: addressId, verifyCode: CODE });
const commission = (token: string, targetId: number, amount: string, method: 'crypto' | 'bank_card' = 'crypto') =>
  post('/affiliate/withdrawals/request', token, { amount, method, targetId });

test('ten withdrawals of 199 one after the other against 200: the first passes, the second is 2301 and holds nothing', async (t) => {
  const a = await levelOneAgent();
  const codes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    await giveCode(a.user);
    codes.push((await withdraw(a.token, a.address.id, '199')).body.code);
  }
  t.deepEqual(codes, [200, 2301, 2301, 2301, 2301, 2301, 2301, 2301, 2301, 2301]);
  t.like(await balancesAndLedger(a.user.id), { balance: '4801.000000', frozen: '199.000000' });
  const refused = await withdraw(a.token, a.address.id, '1.000001');
  t.like(refused.body, { code: 2301, path: '/api/withdrawal/request' });
  await giveCode(a.user);
  t.is((await withdraw(a.token, a.address.id, '1')).body.code, 200, 'up to the amount exactly');
});

test('the agent path passes the same gate: commission withdrawals count with player withdrawals', async (t) => {
  const a = await levelOneAgent();
  t.is((await withdraw(a.token, a.address.id, '150')).body.code, 200);
  const refused = await commission(a.token, a.address.id, '50.000001');
  t.like(refused.body, {
    code: 2301,
    path: '/api/affiliate/withdrawals/request',
    message: 'Identity verification level 2 is required (identity document and selfie approved)',
  });
  t.is((await commission(a.token, a.address.id, '50')).body.code, 200);
  await giveCode(a.user);
  t.is((await withdraw(a.token, a.address.id, '0.000001')).body.code, 2301, 'and the other way round');
  const [{ n }] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM affiliate_withdrawals WHERE "agentId" = :id`, {
    replacements: { id: a.user.id },
    type: QueryTypes.SELECT,
  });
  t.is(n, 1, 'the refused commission withdrawal left no row');
});

test('ten at once across both paths (one player withdrawal, nine commission withdrawals of 199, to another instrument): exactly one passes', async (t) => {
  const a = await levelOneAgent();
  const all = await Promise.all([
    withdraw(a.token, a.address.id, '199'),
    ...Array.from({ length: 9 }, () => commission(a.token, a.card.id, '199', 'bank_card')),
  ]);
  t.deepEqual(all.map((r) => r.body.code).sort(), [200, 2301, 2301, 2301, 2301, 2301, 2301, 2301, 2301, 2301]);
  const [{ total }] = await db().query<{ total: string }>(
    `SELECT ((SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE "userId" = :id) + (SELECT COALESCE(SUM(amount), 0) FROM affiliate_withdrawals WHERE "agentId" = :id))::numeric(18,6)::text AS total`,
    { replacements: { id: a.user.id }, type: QueryTypes.SELECT },
  );
  t.is(total, '199.000000');
});

test('ten commission withdrawals of 199 at once: exactly one passes', async (t) => {
  const a = await levelOneAgent();
  const all = await Promise.all(Array.from({ length: 10 }, () => commission(a.token, a.address.id, '199')));
  t.is(all.filter((r) => r.body.code === 200).length, 1);
  t.is(all.filter((r) => r.body.code === 2301).length, 9);
});

test('refused withdrawals and those older than 30 days do not count', async (t) => {
  const a = await levelOneAgent();
  t.is((await withdraw(a.token, a.address.id, '199')).body.code, 200);
  await db().query(`UPDATE withdrawals SET "createdAt" = now() - interval '30 days 1 minute' WHERE "userId" = :id`, { replacements: { id: a.user.id } });
  await giveCode(a.user);
  t.is((await withdraw(a.token, a.address.id, '199')).body.code, 200, 'the older one is out of the window');
  await db().query(`UPDATE withdrawals SET status = 'rejected' WHERE "userId" = :id AND "createdAt" > now() - interval '1 day'`, {
    replacements: { id: a.user.id },
  });
  t.is((await commission(a.token, a.address.id, '199')).body.code, 200, 'a rejected one does not count');
});
