import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let wallet: typeof import('../../shared/domain/wallet');
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack();
  db = (await import('../../shared/db/sequelize')).db;
  wallet = await import('../../shared/domain/wallet');
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await stack?.close();
});

async function ledgerSum(userId: number): Promise<{ balance: string; frozen: string; ledger: string; ledgerFrozen: string; rows: number }> {
  const [row] = await db().query<{ balance: string; frozen: string; ledger: string; ledgerFrozen: string; rows: string }>(
    `SELECT u.balance, u."frozenBalance" AS frozen,
            COALESCE(SUM(g.amount), 0) AS ledger, COALESCE(SUM(g."frozenAmount"), 0) AS "ledgerFrozen", COUNT(g.id) AS rows
       FROM users u LEFT JOIN game_transactions g ON g."userId" = u.id WHERE u.id = :userId GROUP BY u.id`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return { ...row, rows: Number(row.rows) };
}

const move = (userId: number, amount: string, key: string) =>
  db().transaction((t) => wallet.moveBalance(t, { userId, amount, kind: 'bet', idempotencyKey: key }));

test('a debit and a credit leave ledger rows with balance before and after', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const debit = await move(user.id, '-30.5', `t:debit:${user.id}`);
  t.is(debit.balanceBefore, '100.000000');
  t.is(debit.balanceAfter, '69.500000');
  t.false(debit.replayed);
  const credit = await move(user.id, '0.000001', `t:credit:${user.id}`);
  t.is(credit.balanceAfter, '69.500001');
  const sums = await ledgerSum(user.id);
  t.is(new Decimal(sums.balance).toFixed(6), '69.500001');
  t.true(new Decimal(sums.ledger).eq(sums.balance));
  t.is(sums.rows, 3);
});

test('a debit larger than the balance is refused and changes nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const err = await t.throwsAsync(move(user.id, '-10.000001', `t:over:${user.id}`));
  t.true(err instanceof wallet.WalletError);
  t.is((err as InstanceType<typeof wallet.WalletError>).reason, 'INSUFFICIENT_FUNDS');
  t.is(await wallet.balanceOf(user.id), '10.000000');
  t.is((await ledgerSum(user.id)).rows, 1);
});

test('an unknown user, a non-number and too many decimals are refused', async (t) => {
  const unknown = await t.throwsAsync(move(999999, '-1', 't:unknown'));
  t.is((unknown as InstanceType<typeof wallet.WalletError>).reason, 'USER_NOT_FOUND');
  const { user } = await factories.createUser({ balance: '10' });
  for (const amount of ['abc', '1.0000001', 'NaN', 'Infinity', '1e40']) {
    const err = await t.throwsAsync(move(user.id, amount, `t:bad:${amount}:${user.id}`));
    t.is((err as InstanceType<typeof wallet.WalletError>).reason, 'INVALID_AMOUNT', amount);
  }
  t.is(await wallet.balanceOf(user.id), '10.000000');
});

test('a replayed key moves nothing and returns the first result; another amount under the key is refused', async (t) => {
  const { user } = await factories.createUser({ balance: '50' });
  const first = await move(user.id, '-20', `t:replay:${user.id}`);
  await move(user.id, '5', `t:between:${user.id}`);
  const again = await move(user.id, '-20', `t:replay:${user.id}`);
  t.true(again.replayed);
  t.is(again.ledgerId, first.ledgerId);
  t.is(again.balanceAfter, first.balanceAfter); // the stored first answer, not today's balance
  const conflict = await t.throwsAsync(move(user.id, '-21', `t:replay:${user.id}`));
  t.is((conflict as InstanceType<typeof wallet.WalletError>).reason, 'IDEMPOTENCY_CONFLICT');
  const other = await factories.createUser({ balance: '50' });
  const otherUser = await t.throwsAsync(move(other.user.id, '-20', `t:replay:${user.id}`));
  t.is((otherUser as InstanceType<typeof wallet.WalletError>).reason, 'IDEMPOTENCY_CONFLICT');
  t.is(await wallet.balanceOf(user.id), '35.000000');
});

test('the same key sent 10 times concurrently moves money once', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const results = await Promise.all(Array.from({ length: 10 }, () => move(user.id, '-7', `t:concurrent:${user.id}`)));
  t.is(results.filter((r) => !r.replayed).length, 1);
  t.is(new Set(results.map((r) => r.ledgerId)).size, 1);
  t.is(await wallet.balanceOf(user.id), '93.000000');
});

test('100 concurrent debits on a balance that covers only some: exactly the affordable ones succeed, never negative', async (t) => {
  const { user } = await factories.createUser({ balance: '25' });
  const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => move(user.id, '-1', `t:race:${user.id}:${i}`)));
  const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
  const refused = outcomes.filter((o) => o.status === 'rejected');
  t.is(ok, 25);
  t.true(refused.every((o) => (o as PromiseRejectedResult).reason?.reason === 'INSUFFICIENT_FUNDS'));
  const sums = await ledgerSum(user.id);
  t.is(new Decimal(sums.balance).toFixed(6), '0.000000');
  t.true(new Decimal(sums.ledger).eq(sums.balance));
});

test('frozen balance moves with the balance and never goes below zero', async (t) => {
  const { user } = await factories.createUser({ balance: '40' });
  const freeze = await db().transaction((tr) =>
    wallet.moveBalance(tr, { userId: user.id, amount: '-15', frozenAmount: '15', kind: 'withdrawal-freeze', idempotencyKey: `t:freeze:${user.id}` }),
  );
  t.is(freeze.balanceAfter, '25.000000');
  t.is(freeze.frozenAfter, '15.000000');
  const tooMuch = await t.throwsAsync(
    db().transaction((tr) =>
      wallet.moveBalance(tr, { userId: user.id, amount: '0', frozenAmount: '-16', kind: 'withdrawal-payout', idempotencyKey: `t:payout:${user.id}` }),
    ),
  );
  t.is((tooMuch as InstanceType<typeof wallet.WalletError>).reason, 'INSUFFICIENT_FROZEN');
  const sums = await ledgerSum(user.id);
  t.true(new Decimal(sums.ledgerFrozen).eq(sums.frozen));
  t.true(new Decimal(sums.ledger).eq(sums.balance));
});

test('a movement rolled back with its transaction leaves neither balance nor ledger changed', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  await t.throwsAsync(
    db().transaction(async (tr) => {
      await wallet.moveBalance(tr, { userId: user.id, amount: '-4', kind: 'bet', idempotencyKey: `t:rollback:${user.id}` });
      throw new Error('caller failed after the debit');
    }),
  );
  t.is(await wallet.balanceOf(user.id), '10.000000');
  t.is(await wallet.findMovement(`t:rollback:${user.id}`), null);
});
