import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Migration 0049: players an operator moved to a payment channel group before the column existed, and who
 * are still in the group their last logged move put them in, are marked as moved (vendorGroupLocked = 1);
 * the others, the never moved and those a logout since re-matched, are not.
 */
let stack: TestStack;
test.before(async () => {
  // No events publisher polling the ledger and the bet orders while the migrations rebuild them (a DDL deadlock).
  stack = await startTestStack({ EVENTS_PUBLISHER: 'false' });
});
test.after.always(async () => {
  await stack?.close();
});

test("moved players still in their last move's group are marked; re-matched, never moved and other sites' players are not", async (t) => {
  const { db } = await import('../../shared/db/sequelize');
  const { migrator } = await import('../../shared/db/migrator');
  const umzug = migrator(db());
  await umzug.down({ to: '20261128-0049-vendor-group-locked' });
  const player = async (account: string, group: number) =>
    (
      await db().query<{ id: number }>(
        `INSERT INTO users ("siteCode", account, name, "vendorGroupId") VALUES ('lock-site', :account, 'x', :group) RETURNING id`,
        {
          replacements: { account, group },
          type: QueryTypes.SELECT,
        },
      )
    )[0].id;
  const move = (siteCode: string, userId: number, from: number, to: number) =>
    db().query(
      `INSERT INTO admin_operation_logs ("siteCode", module, action, "targetId", detail, "createdAt") VALUES (:siteCode, 'payment-channel', 'move-player', :userId, CAST(:detail AS jsonb), now())`,
      { replacements: { siteCode, userId: String(userId), detail: JSON.stringify({ vendorGroupId: { from, to } }) } },
    );
  const kept = await player('kept', 7);
  await move('lock-site', kept, 1, 7);
  const movedTwice = await player('twice', 9);
  await move('lock-site', movedTwice, 1, 9);
  await move('lock-site', movedTwice, 9, 3); // the last move: to 3, and the player is in 9 now (re-matched at a logout)
  const rematched = await player('rematched', 1);
  await move('lock-site', rematched, 1, 7);
  await player('never', 7);
  const elsewhere = await player('elsewhere', 7);
  await move('other-site', elsewhere, 1, 7); // a row of another site names the same id
  await umzug.up();
  const rows = await db().query<{ account: string; vendorGroupLocked: number }>(
    `SELECT account, "vendorGroupLocked" FROM users WHERE "siteCode" = 'lock-site' ORDER BY id`,
    { type: QueryTypes.SELECT },
  );
  t.deepEqual(
    rows.map((r) => [r.account, r.vendorGroupLocked]),
    [
      ['kept', 1],
      ['twice', 0],
      ['rematched', 0],
      ['never', 0],
      ['elsewhere', 0],
    ],
  );
});
