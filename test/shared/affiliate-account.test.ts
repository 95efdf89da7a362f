import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The affiliate commission account of the wallet module (moveAffiliateBalance): each column equals the
 * sum of its ledger column after every movement; replays move nothing; a key reused for another movement
 * is refused; available and frozen never go below zero; concurrent calls under one key move once.
 */
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let account: typeof import('../../shared/domain/wallet');
let wallet: typeof import('../../shared/domain/wallet');
let money: typeof import('../helpers/affiliate-money');
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack();
  db = (await import('../../shared/db/sequelize')).db;
  account = await import('../../shared/domain/wallet');
  wallet = await import('../../shared/domain/wallet');
  money = await import('../helpers/affiliate-money');
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await stack?.close();
});

type Move = import('../../shared/domain/wallet').AffiliateMove;
const move = (m: Move) => db().transaction((t) => account.moveAffiliateBalance(t, m));
const reasonOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof wallet.WalletError ? err.reason : String(err);
  }
};

test('commission, hold, release and payout move the four columns; each equals its ledger sum', async (t) => {
  const { user } = await factories.createUser();
  const base = { userId: user.id, siteCode: user.siteCode };
  t.deepEqual(await account.affiliateBalanceOf(user.id), { available: '0.000000', frozen: '0.000000', totalEarned: '0.000000', totalWithdrawn: '0.000000' });

  const earned = await move({ ...base, kind: 'commission', available: '120.5', earned: '120.5', idempotencyKey: `t:c:${user.id}` });
  t.like(earned, { available: '120.500000', totalEarned: '120.500000', replayed: false });
  await move({ ...base, kind: 'withdrawal-hold', available: '-50', frozen: '50', idempotencyKey: `t:h1:${user.id}` });
  await move({ ...base, kind: 'withdrawal-hold', available: '-20.000001', frozen: '20.000001', idempotencyKey: `t:h2:${user.id}` });
  await move({ ...base, kind: 'withdrawal-release', available: '20.000001', frozen: '-20.000001', idempotencyKey: `t:r2:${user.id}` });
  const paid = await move({ ...base, kind: 'withdrawal-payout', frozen: '-50', withdrawn: '50', idempotencyKey: `t:p1:${user.id}` });
  t.like(paid, { available: '70.500000', frozen: '0.000000', totalEarned: '120.500000', totalWithdrawn: '50.000000' });
  t.deepEqual(await money.balanceMatchingLedger(user.id), {
    available: '70.500000',
    frozen: '0.000000',
    totalEarned: '120.500000',
    totalWithdrawn: '50.000000',
  });
  t.deepEqual(await account.affiliateBalanceOf(user.id), {
    available: '70.500000',
    frozen: '0.000000',
    totalEarned: '120.500000',
    totalWithdrawn: '50.000000',
  });
  const [ledger] = await db().query<{ n: string; availableAfter: string; frozenAfter: string }>(
    `SELECT COUNT(*) OVER ()::text AS n, "availableAfter"::text, "frozenAfter"::text FROM affiliate_ledger WHERE "userId" = ${user.id} ORDER BY id DESC LIMIT 1`,
    { type: 'SELECT' as never },
  );
  t.like(ledger, { n: '5', availableAfter: '70.500000', frozenAfter: '0.000000' });
});

test('a replayed key moves nothing and answers replayed; the same key with other amounts or another agent is refused', async (t) => {
  const { user } = await factories.createUser();
  const { user: other } = await factories.createUser();
  const m: Move = { userId: user.id, siteCode: user.siteCode, kind: 'milestone', available: '10', earned: '10', idempotencyKey: `t:replay:${user.id}` };
  const first = await move(m);
  const again = await move(m);
  t.false(first.replayed);
  t.true(again.replayed);
  t.is(again.ledgerId, first.ledgerId);
  t.is(again.available, '10.000000');
  t.is(await reasonOf(move({ ...m, available: '11', earned: '11' })), 'IDEMPOTENCY_CONFLICT');
  t.is(await reasonOf(move({ ...m, earned: '0' })), 'IDEMPOTENCY_CONFLICT');
  t.is(await reasonOf(move({ ...m, userId: other.id })), 'IDEMPOTENCY_CONFLICT');
  t.is(await reasonOf(move({ ...m, kind: 'commission' })), 'IDEMPOTENCY_CONFLICT');
  t.deepEqual(await money.balanceMatchingLedger(user.id), { available: '10.000000', frozen: '0.000000', totalEarned: '10.000000', totalWithdrawn: '0.000000' });
  t.deepEqual(await money.balanceMatchingLedger(other.id), { available: '0.000000', frozen: '0.000000', totalEarned: '0.000000', totalWithdrawn: '0.000000' });
});

test('available and frozen never go below zero; bad amounts and unknown users are refused; nothing moves', async (t) => {
  const { user } = await factories.createUser();
  const base = { userId: user.id, siteCode: user.siteCode };
  await move({ ...base, kind: 'commission', available: '5', earned: '5', idempotencyKey: `t:b:${user.id}` });
  t.is(
    await reasonOf(move({ ...base, kind: 'withdrawal-hold', available: '-5.000001', frozen: '5.000001', idempotencyKey: `t:b1:${user.id}` })),
    'INSUFFICIENT_FUNDS',
  );
  t.is(
    await reasonOf(move({ ...base, kind: 'withdrawal-payout', frozen: '-0.000001', withdrawn: '0.000001', idempotencyKey: `t:b2:${user.id}` })),
    'INSUFFICIENT_FROZEN',
  );
  t.is(await reasonOf(move({ ...base, kind: 'commission', earned: '-6', idempotencyKey: `t:b3:${user.id}` })), 'INVALID_AMOUNT');
  t.is(await reasonOf(move({ ...base, kind: 'commission', available: '1.0000001', idempotencyKey: `t:b4:${user.id}` })), 'INVALID_AMOUNT');
  t.is(await reasonOf(move({ ...base, kind: 'commission', available: 'abc', idempotencyKey: `t:b5:${user.id}` })), 'INVALID_AMOUNT');
  t.is(await reasonOf(move({ ...base, kind: 'commission', available: '1', idempotencyKey: '' })), 'INVALID_AMOUNT');
  t.is(await reasonOf(move({ ...base, kind: 'commission', available: '999999999999.999999', idempotencyKey: `t:b6:${user.id}` })), 'BALANCE_OVERFLOW');
  t.is(await reasonOf(move({ ...base, userId: 2147483647, kind: 'commission', available: '1', idempotencyKey: `t:b7:${user.id}` })), 'USER_NOT_FOUND');
  t.is(
    await reasonOf(move({ ...base, siteCode: 'another-site', kind: 'commission', available: '1', idempotencyKey: `t:b8:${user.id}` })),
    'USER_NOT_FOUND',
    'never across sites',
  );
  t.deepEqual(await money.balanceMatchingLedger(user.id), { available: '5.000000', frozen: '0.000000', totalEarned: '5.000000', totalWithdrawn: '0.000000' });
  const [{ n }] = await db().query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM affiliate_ledger WHERE "userId" = ${user.id}`, { type: 'SELECT' as never });
  t.is(n, '1');
});

test('the same key sent 10 times concurrently moves once; 10 different holds on a balance for 4 leave exactly 4', async (t) => {
  const { user } = await factories.createUser();
  const base = { userId: user.id, siteCode: user.siteCode };
  const same = await Promise.all(
    Array.from({ length: 10 }, () => move({ ...base, kind: 'commission', available: '40', earned: '40', idempotencyKey: `t:same:${user.id}` })),
  );
  t.is(same.filter((r) => !r.replayed).length, 1);
  t.is(new Set(same.map((r) => r.ledgerId)).size, 1);
  t.deepEqual(await money.balanceMatchingLedger(user.id), { available: '40.000000', frozen: '0.000000', totalEarned: '40.000000', totalWithdrawn: '0.000000' });

  const holds = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      reasonOf(move({ ...base, kind: 'withdrawal-hold', available: '-10', frozen: '10', idempotencyKey: `t:h:${user.id}:${i}` })),
    ),
  );
  t.is(holds.filter((r) => r === 'ok').length, 4);
  t.is(holds.filter((r) => r === 'INSUFFICIENT_FUNDS').length, 6);
  t.deepEqual(await money.balanceMatchingLedger(user.id), { available: '0.000000', frozen: '40.000000', totalEarned: '40.000000', totalWithdrawn: '0.000000' });
});

test('a movement rolled back with its transaction leaves neither the account nor the ledger changed', async (t) => {
  const { user } = await factories.createUser();
  await move({ userId: user.id, siteCode: user.siteCode, kind: 'commission', available: '3', earned: '3', idempotencyKey: `t:rb0:${user.id}` });
  await t.throwsAsync(
    db().transaction(async (tx) => {
      await account.moveAffiliateBalance(tx, {
        userId: user.id,
        siteCode: user.siteCode,
        kind: 'commission',
        available: '7',
        earned: '7',
        idempotencyKey: `t:rb:${user.id}`,
      });
      throw new Error('rolled back');
    }),
    { message: 'rolled back' },
  );
  t.deepEqual(await money.balanceMatchingLedger(user.id), { available: '3.000000', frozen: '0.000000', totalEarned: '3.000000', totalWithdrawn: '0.000000' });
  // The key was never applied: it can be used now.
  const later = await move({ userId: user.id, siteCode: user.siteCode, kind: 'commission', available: '7', earned: '7', idempotencyKey: `t:rb:${user.id}` });
  t.false(later.replayed);
});

test('lockAffiliateAccount creates the row for an agent without movements and answers its balance', async (t) => {
  const { user } = await factories.createUser();
  const balance = await db().transaction((tx) => account.lockAffiliateAccount(tx, user.id));
  t.deepEqual(balance, { available: '0.000000', frozen: '0.000000', totalEarned: '0.000000', totalWithdrawn: '0.000000' });
  t.is(await reasonOf(db().transaction((tx) => account.lockAffiliateAccount(tx, 2147483647))), 'USER_NOT_FOUND');
});
