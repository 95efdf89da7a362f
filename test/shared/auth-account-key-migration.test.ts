import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

/** Migration 0011 gives existing accounts their keys; of older look-alikes the oldest keeps the key. */
let stack: TestStack;
test.before(async () => {
  // No events publisher polling the ledger and the bet orders while the migrations rebuild them (a DDL deadlock).
  stack = await startTestStack({ EVENTS_PUBLISHER: 'false' });
});
test.after.always(async () => {
  await stack?.close();
});

test('existing accounts get their keys; older look-alikes: the oldest keeps it; third-party accounts get none', async (t) => {
  const { db } = await import('../../shared/db/sequelize');
  const { migrator } = await import('../../shared/db/migrator');
  const umzug = migrator(db());
  await umzug.down({ to: '20261122-0011-account-keys' });
  for (const account of ['Alice', 'ALICE', 'ａｌｉｃｅ', 'bob', 'oauth_AbC', 'oauth_abc']) {
    await db().query(`INSERT INTO users ("siteCode", account, name) VALUES ('key-site', :account, 'x')`, { replacements: { account } });
  }
  await umzug.up();
  const rows = await db().query<{ account: string; accountKey: string | null }>(
    `SELECT account, "accountKey" FROM users WHERE "siteCode" = 'key-site' ORDER BY id`,
    { type: QueryTypes.SELECT },
  );
  t.deepEqual(
    rows.map((r) => [r.account, r.accountKey]),
    [
      ['Alice', 'alice'],
      ['ALICE', null],
      ['ａｌｉｃｅ', null],
      ['bob', 'bob'],
      ['oauth_AbC', null],
      ['oauth_abc', null],
    ],
  );
});
