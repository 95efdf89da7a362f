import test from 'ava';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { User, VipRebate } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { settleDailyRebate } from '../../shared/domain/vip';
import { createBetOrder, createVipPlayer } from '../helpers/bets';
import { createSite } from '../helpers/factories';
import { startVipWorkerStack } from '../helpers/vip-worker-stack';

/**
 * The daily rebate withholds an excluded player's rebate (docs/decisions/responsible-gaming.md, "An excluded player's
 * money: the cash is withdrawable, rewards are forfeited or withheld"): nothing is credited, the log rows
 * say `withheld` with the exclusion and carry no ledger row, and a later run pays nothing; an exclusion
 * that starts while the batch waits for the player's row is seen by it.
 */
let vipStack: Awaited<ReturnType<typeof startVipWorkerStack>> | undefined;
test.before(async () => {
  vipStack = await startVipWorkerStack();
});
test.after.always(async () => {
  await vipStack?.close();
});

const DAY = '2025-05-05';
const AT = '2025-05-05T04:00:00Z';

async function exclude(userId: number, column: 'selfExcludedUntil' | 'coolingOffUntil'): Promise<void> {
  await db().query('SELECT rg_account(:userId)', { replacements: { userId }, type: QueryTypes.SELECT });
  await db().query(`UPDATE rg_accounts SET "${column}" = now() + interval '30 days' WHERE "userId" = :userId`, { replacements: { userId } });
}

async function logsOf(userId: number) {
  return db().query<{ amount: string; ledgerId: string | null; withheld: string | null }>(
    'SELECT amount::text, "ledgerId", withheld FROM vip_rebate_logs WHERE "userId" = :userId ORDER BY "gameType"',
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
}

const balance = async (userId: number) => (await User.findByPk(userId))!.balance;

async function site(): Promise<string> {
  const siteCode = await createSite();
  await VipRebate.bulkCreate([{ siteCode, level: 1, gameType: 'slot', rebateRate: '1.00' }]);
  return siteCode;
}

test.serial('a self-excluded or cooling-off player is not paid: the log rows say withheld, no ledger row, and a later run pays nothing', async (t) => {
  const siteCode = await site();
  const paid = await createVipPlayer(siteCode, 1);
  const selfExcluded = await createVipPlayer(siteCode, 1);
  const coolingOff = await createVipPlayer(siteCode, 1);
  for (const user of [paid, selfExcluded, coolingOff]) await createBetOrder(user, { gameType: '2', betAmount: '200', at: AT });
  await exclude(selfExcluded.id, 'selfExcludedUntil');
  await exclude(coolingOff.id, 'coolingOffUntil');

  const result = await settleDailyRebate({ siteCode, day: DAY });
  t.like(result, { usersProcessed: 3, usersPaid: 1, totalRebate: '2.000000' });
  t.is(await balance(paid.id), '2.000000');
  t.is(await balance(selfExcluded.id), '0.000000');
  t.is(await balance(coolingOff.id), '0.000000');
  t.like((await logsOf(paid.id))[0], { amount: '2.000000', withheld: null });
  t.truthy((await logsOf(paid.id))[0].ledgerId);
  t.deepEqual(await logsOf(selfExcluded.id), [{ amount: '2.000000', ledgerId: null, withheld: 'selfExcluded' }]);
  t.deepEqual(await logsOf(coolingOff.id), [{ amount: '2.000000', ledgerId: null, withheld: 'coolingOff' }]);
  const [{ n }] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM game_transactions WHERE "userId" IN (:ids) AND kind = 'rebate'`, {
    replacements: { ids: [selfExcluded.id, coolingOff.id] },
    type: QueryTypes.SELECT,
  });
  t.is(n, 0);
  t.like(await settleDailyRebate({ siteCode, day: DAY }), { alreadySettled: true, usersPaid: 0 });
  t.is(await balance(selfExcluded.id), '0.000000');
});

test.serial('an exclusion starting while the batch waits for the player row is seen: withheld, not paid', async (t) => {
  const siteCode = await site();
  const user = await createVipPlayer(siteCode, 1);
  await createBetOrder(user, { gameType: '2', betAmount: '300', at: AT });
  const holder = new Client({ connectionString: vipStack!.stack.databaseUrl });
  await holder.connect();
  try {
    // An exclusion starting as every exclusion starts: the player's row, then the protection row.
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
    await holder.query('SELECT rg_account($1)', [user.id]);
    await holder.query(`UPDATE rg_accounts SET "selfExcludedUntil" = now() + interval '6 months' WHERE "userId" = $1`, [user.id]);
    const run = settleDailyRebate({ siteCode, day: DAY });
    await new Promise((r) => setTimeout(r, 500));
    await holder.query('COMMIT');
    t.like(await run, { usersPaid: 0, totalRebate: '0.000000' });
  } finally {
    await holder.end();
  }
  t.is(await balance(user.id), '0.000000');
  t.deepEqual(await logsOf(user.id), [{ amount: '3.000000', ledgerId: null, withheld: 'selfExcluded' }]);
});
