import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let wallet: typeof import('../../shared/domain/wallet');
let credits: typeof import('../../shared/domain/wallet');
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack();
  db = (await import('../../shared/db/sequelize')).db;
  wallet = await import('../../shared/domain/wallet');
  credits = await import('../../shared/domain/wallet');
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

test('newKey skips the replay lookup, yet a key used before fails on the ledger and moves nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const fresh = await db().transaction((tx) =>
    wallet.moveBalance(tx, { userId: user.id, amount: '-4', kind: 'bet', idempotencyKey: `t:newkey:${user.id}` }, { newKey: true }),
  );
  t.is(fresh.balanceAfter, '6.000000');
  t.false(fresh.replayed);
  await t.throwsAsync(
    db().transaction((tx) => wallet.moveBalance(tx, { userId: user.id, amount: '-4', kind: 'bet', idempotencyKey: `t:newkey:${user.id}` }, { newKey: true })),
  );
  t.is(await wallet.balanceOf(user.id), '6.000000');
  const sums = await ledgerSum(user.id);
  t.is(sums.rows, 2);
  t.true(new Decimal(sums.ledger).eq(sums.balance));
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

// Set-based credits (creditFromQuery).

async function ledgerRows(userId: number): Promise<number> {
  return (await ledgerSum(userId)).rows;
}

async function errorReason(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (err) {
    return err instanceof wallet.WalletError ? err.reason : `not a WalletError: ${(err as Error).message}`;
  }
  return undefined;
}

// creditFromQuery: the SQL-sourced set-based credit (the moves never travel to Node).

const creditFromQuery = (moves: Array<{ userId: number; amount: string; key: string }>) =>
  db().transaction((t) =>
    credits.creditFromQuery(t, {
      source: `SELECT u AS "userId", a AS amount, k AS "idempotencyKey"
                 FROM unnest(CAST(ARRAY[:users] AS integer[]), CAST(ARRAY[:amounts] AS numeric[]), CAST(ARRAY[:keys] AS text[])) AS m(u, a, k)`,
      replacements: { users: moves.map((m) => m.userId), amounts: moves.map((m) => m.amount), keys: moves.map((m) => m.key) },
      kind: 'rebate',
      ref: { type: 'test', id: 2 },
      remark: 'query credit',
    }),
  );

async function ledgerOf(key: string) {
  const [row] = await db().query<{
    userId: number;
    amount: string;
    balanceBefore: string;
    balanceAfter: string;
    kind: string;
    refType: string;
    refId: string;
    remark: string;
  }>(
    `SELECT "userId", amount::text AS amount, "balanceBefore"::text AS "balanceBefore", "balanceAfter"::text AS "balanceAfter", kind, "refType", "refId", remark
       FROM game_transactions WHERE "idempotencyKey" = :key`,
    { replacements: { key }, type: QueryTypes.SELECT },
  );
  return row;
}

test('creditFromQuery credits every row of the query with balance before/after and one ledger row each', async (t) => {
  const users = await Promise.all(['10', '0', '5.5'].map((balance) => factories.createUser({ balance }).then((r) => r.user)));
  const amounts = ['1.5', '0.000001', '999.999999'];
  const result = await creditFromQuery(users.map((u, i) => ({ userId: u.id, amount: amounts[i], key: `t:q:${u.id}` })));
  t.deepEqual(result, { credited: 3, total: '1001.500000', replayed: 0 });
  const expected = [
    ['10.000000', '11.500000'],
    ['0.000000', '0.000001'],
    ['5.500000', '1005.499999'],
  ];
  for (const [i, u] of users.entries()) {
    t.like(await ledgerOf(`t:q:${u.id}`), {
      userId: u.id,
      amount: new Decimal(amounts[i]).toFixed(6),
      balanceBefore: expected[i][0],
      balanceAfter: expected[i][1],
      kind: 'rebate',
      refType: 'test',
      refId: '2',
      remark: 'query credit',
    });
    t.is(await wallet.balanceOf(u.id), expected[i][1]);
    const sums = await ledgerSum(u.id);
    t.true(new Decimal(sums.balance).eq(sums.ledger));
  }
  // An empty query moves nothing.
  t.deepEqual(await creditFromQuery([]), { credited: 0, total: '0.000000', replayed: 0 });
});

test('creditFromQuery: replayed keys move nothing; another user or amount under a key is refused with nothing moved', async (t) => {
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => factories.createUser({ balance: '1' }).then((r) => r.user)));
  await creditFromQuery([{ userId: a.id, amount: '3', key: `t:q-replay:${a.id}` }]);
  await move(b.id, '2', `t:q-single:${b.id}`);
  const again = await creditFromQuery([
    { userId: a.id, amount: '3', key: `t:q-replay:${a.id}` },
    { userId: b.id, amount: '2', key: `t:q-single:${b.id}` },
    { userId: c.id, amount: '4', key: `t:q-replay:${c.id}` },
  ]);
  t.deepEqual(again, { credited: 1, total: '4.000000', replayed: 2 });
  t.is(await wallet.balanceOf(a.id), '4.000000');
  t.is(await wallet.balanceOf(b.id), '3.000000');
  t.is(await wallet.balanceOf(c.id), '5.000000');
  t.is(await ledgerRows(a.id), 2); // the opening balance and the one credit

  const fresh = { userId: c.id, amount: '1', key: `t:q-conflict-fresh:${c.id}` };
  t.is(await errorReason(creditFromQuery([fresh, { userId: a.id, amount: '3.1', key: `t:q-replay:${a.id}` }])), 'IDEMPOTENCY_CONFLICT');
  t.is(await errorReason(creditFromQuery([fresh, { userId: b.id, amount: '3', key: `t:q-replay:${a.id}` }])), 'IDEMPOTENCY_CONFLICT');
  t.is(await wallet.balanceOf(c.id), '5.000000');
  t.is(await ledgerRows(c.id), 2);
});

test('creditFromQuery records the ledger id of every credit, applied now or replayed, in the named table', async (t) => {
  const [a, b] = await Promise.all([1, 2].map(() => factories.createUser({ balance: '1' }).then((r) => r.user)));
  await creditFromQuery([{ userId: a.id, amount: '2', key: `t:q-record:${a.id}` }]);
  const moves = [
    { userId: a.id, amount: '2', key: `t:q-record:${a.id}` },
    { userId: b.id, amount: '5', key: `t:q-record:${b.id}` },
  ];
  const recorded = await db().transaction(async (tx) => {
    await db().query('CREATE TEMP TABLE t_ledger_ids ("userId" integer, "ledgerId" bigint) ON COMMIT DROP', { transaction: tx });
    const result = await credits.creditFromQuery(tx, {
      source: `SELECT u AS "userId", a AS amount, k AS "idempotencyKey"
                 FROM unnest(CAST(ARRAY[:users] AS integer[]), CAST(ARRAY[:amounts] AS numeric[]), CAST(ARRAY[:keys] AS text[])) AS m(u, a, k)`,
      replacements: { users: moves.map((m) => m.userId), amounts: moves.map((m) => m.amount), keys: moves.map((m) => m.key) },
      kind: 'rebate',
      recordLedgerIdsIn: 't_ledger_ids',
    });
    const rows = await db().query<{ userId: number; ledgerId: string }>('SELECT "userId", "ledgerId"::text AS "ledgerId" FROM t_ledger_ids ORDER BY "userId"', {
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return { result, rows };
  });
  t.deepEqual(recorded.result, { credited: 1, total: '5.000000', replayed: 1 });
  const ids = await db().query<{ userId: number; ledgerId: string }>(
    `SELECT "userId", id::text AS "ledgerId" FROM game_transactions WHERE "idempotencyKey" IN (:keys) ORDER BY "userId"`,
    { replacements: { keys: moves.map((m) => m.key) }, type: QueryTypes.SELECT },
  );
  t.deepEqual(recorded.rows, ids);
  t.is(ids.length, 2);
  await t.throwsAsync(
    db().transaction((tx) => credits.creditFromQuery(tx, { source: 'SELECT 1', kind: 'rebate', recordLedgerIdsIn: 'x; DROP TABLE users' })),
    {
      message: /plain table name/,
    },
  );
});

test('creditFromQuery refuses bad amounts, two moves for a user, a repeated key and an unknown user, with nothing moved', async (t) => {
  const [a, b] = await Promise.all([1, 2].map(() => factories.createUser({ balance: '5' }).then((r) => r.user)));
  for (const bad of ['0', '-1', '1.0000001', 'NaN', '1e40']) {
    const reason = await errorReason(
      creditFromQuery([
        { userId: a.id, amount: '1', key: `t:q-bad:${a.id}:${bad}` },
        { userId: b.id, amount: bad, key: `t:q-bad:${b.id}:${bad}` },
      ]),
    );
    t.is(reason, 'INVALID_AMOUNT', `amount ${bad}`);
  }
  t.is(
    await errorReason(
      creditFromQuery([
        { userId: a.id, amount: '1', key: `t:q-two:${a.id}:1` },
        { userId: a.id, amount: '2', key: `t:q-two:${a.id}:2` },
      ]),
    ),
    'INVALID_AMOUNT',
  );
  t.is(
    await errorReason(
      creditFromQuery([
        { userId: a.id, amount: '1', key: `t:q-key:${a.id}` },
        { userId: b.id, amount: '1', key: `t:q-key:${a.id}` },
      ]),
    ),
    'INVALID_AMOUNT',
  );
  t.is(await errorReason(creditFromQuery([{ userId: a.id, amount: '1', key: 'x'.repeat(161) }])), 'INVALID_AMOUNT');
  t.is(
    await errorReason(
      creditFromQuery([
        { userId: a.id, amount: '1', key: `t:q-unknown:${a.id}` },
        { userId: 2_000_000_000, amount: '1', key: `t:q-unknown:missing:${a.id}` },
      ]),
    ),
    'USER_NOT_FOUND',
  );
  for (const u of [a, b]) {
    t.is(await wallet.balanceOf(u.id), '5.000000');
    t.is(await ledgerRows(u.id), 1);
  }
});

test('creditFromQuery: concurrent calls with the same keys credit once; the others replay or are refused with nothing moved', async (t) => {
  const users = await Promise.all([1, 2, 3].map(() => factories.createUser({ balance: '10' }).then((r) => r.user)));
  const moves = users.map((u) => ({ userId: u.id, amount: '2.5', key: `t:q-race:${u.id}` }));
  const outcomes = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => creditFromQuery(i % 2 ? [...moves].reverse() : moves)));
  const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value.credited > 0);
  t.is(applied.length, 1);
  for (const o of outcomes) {
    if (o.status === 'fulfilled') t.true(o.value.credited === 3 || o.value.replayed === 3);
    else t.is(o.reason instanceof wallet.WalletError ? o.reason.reason : String(o.reason), 'IDEMPOTENCY_CONFLICT');
  }
  for (const u of users) {
    t.is(await wallet.balanceOf(u.id), '12.500000');
    t.is(await ledgerRows(u.id), 2);
  }
});

test('a user with ledger rows cannot be deleted; one without can', async (t) => {
  const { user: withLedger } = await factories.createUser({ balance: '0' });
  await move(withLedger.id, '1', `t:keep-ledger:${withLedger.id}`);
  const err = await t.throwsAsync(db().query('DELETE FROM users WHERE id = :id', { replacements: { id: withLedger.id } }));
  t.regex(err!.message, /has ledger rows and cannot be deleted/);
  t.is(await ledgerRows(withLedger.id), 1);
  t.is(await wallet.balanceOf(withLedger.id), '1.000000');

  const { user: fresh } = await factories.createUser({ balance: '0' });
  t.is(await ledgerRows(fresh.id), 0);
  await db().query('DELETE FROM users WHERE id = :id', { replacements: { id: fresh.id } });
  t.is(await wallet.balanceOf(fresh.id), null);
});

// Overflow: a movement a money column (NUMERIC(18,6)) cannot hold is refused, never a database error.

test('a credit or a frozen move past the largest balance is BALANCE_OVERFLOW; nothing moves and the transaction stays usable', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const max = wallet.MAX_MONEY.toFixed(6);
  const after = await db().transaction(async (tx) => {
    const credit = await errorReason(wallet.moveBalance(tx, { userId: user.id, amount: max, kind: 'win', idempotencyKey: `t:overflow:${user.id}` }));
    t.is(credit, 'BALANCE_OVERFLOW');
    await wallet.moveBalance(tx, { userId: user.id, amount: '-10', frozenAmount: '10', kind: 'withdrawal-freeze', idempotencyKey: `t:freeze:${user.id}` });
    const frozen = await errorReason(
      wallet.moveBalance(tx, { userId: user.id, amount: '0', frozenAmount: max, kind: 'withdrawal-freeze', idempotencyKey: `t:overflow-frozen:${user.id}` }),
    );
    t.is(frozen, 'BALANCE_OVERFLOW');
    // The refusals were decided before the update: the same transaction goes on.
    return wallet.moveBalance(tx, { userId: user.id, amount: '999999999909.999999', kind: 'win', idempotencyKey: `t:brim:${user.id}` });
  });
  t.is(after.balanceAfter, max);
  const sums = await ledgerSum(user.id);
  t.is(sums.rows, 3);
  t.true(new Decimal(sums.ledger).eq(sums.balance));
  t.is(await errorReason(move(user.id, '0.000001', `t:overflow-by-one:${user.id}`)), 'BALANCE_OVERFLOW');
  t.is(await wallet.balanceOf(user.id), max);
});

test('checkMoneyTotal refuses totals past the column; moneyAmountOf takes only amounts a column holds', (t) => {
  t.notThrows(() => wallet.checkMoneyTotal('999999999999.999999', 'a total'));
  t.is((t.throws(() => wallet.checkMoneyTotal('1000000000000', 'a total')) as InstanceType<typeof wallet.WalletError>).reason, 'BALANCE_OVERFLOW');
  t.is(wallet.moneyAmountOf('999999999999.999999'), '999999999999.999999');
  t.is(wallet.moneyAmountOf(12.5), '12.5');
  t.is(wallet.moneyAmountOf('7'), '7');
  t.is(wallet.moneyAmountOf('-3', { signed: true }), '-3');
  for (const bad of ['1000000000000', 1e12, 1e308, '1e3', '-3', -3, '1.0000001', 0.1 + 0.2, 'NaN', Infinity, '', null, {}, '+5', ' 7 ', ' 7', '7 ']) {
    t.is(wallet.moneyAmountOf(bad), null, String(bad));
  }
});

test('creditFromQuery refuses a credit that would take a balance past the column, with nothing moved', async (t) => {
  const [a, b] = await Promise.all([1, 2].map(() => factories.createUser({ balance: '5' }).then((r) => r.user)));
  const reason = await errorReason(
    creditFromQuery([
      { userId: a.id, amount: '1', key: `t:q-overflow:${a.id}` },
      { userId: b.id, amount: wallet.MAX_MONEY.toFixed(6), key: `t:q-overflow:${b.id}` },
    ]),
  );
  t.is(reason, 'BALANCE_OVERFLOW');
  for (const u of [a, b]) {
    t.is(await wallet.balanceOf(u.id), '5.000000');
    t.is(await ledgerRows(u.id), 1);
  }
});
