import test from 'ava';
import { QueryTypes } from 'sequelize';
import type { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { applyPostBet } from '../../shared/domain/post-bet/chain';
import { payUpgradeBonuses } from '../../shared/domain/vip';
import { moneyOf } from '../helpers/bonus';
import { createSlotBetOrder } from '../helpers/bets';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The VIP upgrade bonus (docs/decisions/vip.md, "The VIP upgrade bonus: cash or bonus money, once per level"):
 * reaching a level pays its bonus once, as cash (a rebate row) or as bonus money (a grant of source vip with
 * the level's terms); a player with an active grant gets nothing, recorded; the level's terms are written
 * through PATCH /vip/levels/:id and bad terms are a 400. Seeded minChip: level 2 = 1000.
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack();
});
test.after.always(async () => {
  await stack?.close();
});

/** A player of a new site whose level 2 pays `terms` on reaching it. */
async function playerOfSite(terms: Record<string, unknown>) {
  const siteCode = await createSite();
  const sets = Object.keys(terms).map((k, i) => `"${k}" = $${i + 2}`);
  if (sets.length)
    await db().query(`UPDATE vip_levels SET ${sets.join(', ')} WHERE "siteCode" = $1 AND level = 2`, { bind: [siteCode, ...Object.values(terms)] });
  const { user } = await createUser({ siteCode });
  return { user, siteCode };
}

async function reachLevel2(user: User): Promise<void> {
  const order = await createSlotBetOrder(user, '1000');
  const result = await applyPostBet(order.id);
  if (result.skipped) throw new Error(`bet ${order.id} skipped: ${result.reason}`);
}

const rowsOf = <T extends object>(sql: string, bind: unknown[]) => db().query<T>(sql, { bind, type: QueryTypes.SELECT });

test('bonus money: reaching the level makes a grant of source vip with the level terms, once', async (t) => {
  const { user } = await playerOfSite({
    upgradeBonus: '50',
    upgradeBonusKind: 'bonus',
    upgradeBonusWageringMultiplier: '20',
    upgradeBonusMaxBet: '5',
    upgradeBonusMaxConversion: '100',
    upgradeBonusValidDays: 7,
  });
  await reachLevel2(user);
  const grants = await rowsOf<Record<string, string>>('SELECT * FROM bonus_grants WHERE "userId" = $1', [user.id]);
  t.is(grants.length, 1);
  t.like(grants[0], { source: 'vip', status: 'active', reason: 'VIP level 2 upgrade bonus' });
  t.deepEqual([grants[0].amount, grants[0].wageringRequired, grants[0].maxBet, grants[0].maxConversion].map(Number), [50, 1000, 5, 100]);
  const days = (new Date(grants[0].expiresAt).getTime() - Date.now()) / 86_400_000;
  t.true(days > 6.9 && days <= 7);
  const [logged] = await rowsOf<Record<string, string>>('SELECT * FROM vip_upgrade_bonuses WHERE "userId" = $1', [user.id]);
  t.like(logged, { level: 2, kind: 'bonus', grantId: grants[0].id, withheld: null, ledgerId: null });
  const money = await moneyOf(user.id);
  t.is(money.bonusBalance, '50.000000');
  t.is(money.bonusLedger, '50.000000');
  t.is(money.balance, money.cashLedger);
  t.deepEqual(money.cashRows, []);

  // The same upgrade again (a level earned again after a demotion) pays nothing more.
  await db().transaction((transaction) =>
    payUpgradeBonuses(transaction, [{ userId: user.id, previousLevel: 1, vipLevel: 2, upgraded: true, totalEffectiveBet: '1000', vipProgress: '0' }]),
  );
  t.is((await rowsOf('SELECT id FROM bonus_grants WHERE "userId" = $1', [user.id])).length, 1);
  t.deepEqual(await moneyOf(user.id), money);
});

test('bonus money while the player holds an active grant: no second grant, no cash, the row says grantActive', async (t) => {
  const { user, siteCode } = await playerOfSite({ upgradeBonus: '30', upgradeBonusKind: 'bonus', upgradeBonusWageringMultiplier: '10' });
  const [own] = await rowsOf<{ grant_id: string }>(
    `SELECT grant_id FROM bonus_grant($1, $2, 'operator', 12, 120, NULL, NULL, now() + interval '1 day', 'welcome', NULL)`,
    [siteCode, user.id],
  );
  await reachLevel2(user);
  const grants = await rowsOf<{ id: string; source: string }>('SELECT id, source FROM bonus_grants WHERE "userId" = $1', [user.id]);
  t.deepEqual(grants, [{ id: own.grant_id, source: 'operator' }]);
  const [logged] = await rowsOf<Record<string, unknown>>('SELECT * FROM vip_upgrade_bonuses WHERE "userId" = $1', [user.id]);
  t.like(logged, { level: 2, kind: 'bonus', withheld: 'grantActive', grantId: null, ledgerId: null });
  const money = await moneyOf(user.id);
  t.is(money.bonusBalance, '12.000000');
  t.deepEqual(money.cashRows, []);
  t.like(await rowsOf<{ vipLevel: string }>('SELECT "vipLevel" FROM users WHERE id = $1', [user.id]), [{ vipLevel: '2' }]);
});

test('cash: reaching the level pays the bonus to the balance (a rebate row, ref vip-upgrade), once', async (t) => {
  const { user } = await playerOfSite({ upgradeBonus: '25', upgradeBonusKind: 'cash' });
  await reachLevel2(user);
  const money = await moneyOf(user.id);
  t.deepEqual(money.cashRows, [{ kind: 'rebate', amount: '25.000000' }]);
  t.is(money.balance, '25.000000');
  t.is(money.bonusBalance, '0.000000');
  const [logged] = await rowsOf<Record<string, unknown>>('SELECT * FROM vip_upgrade_bonuses WHERE "userId" = $1', [user.id]);
  t.like(logged, { level: 2, kind: 'cash', withheld: null, grantId: null });
  t.truthy(logged.ledgerId);
  await db().transaction((transaction) =>
    payUpgradeBonuses(transaction, [{ userId: user.id, previousLevel: 1, vipLevel: 2, upgraded: true, totalEffectiveBet: '1000', vipProgress: '0' }]),
  );
  t.deepEqual(await moneyOf(user.id), money);
});

test('a level without an upgrade bonus pays nothing; PATCH /vip/levels/:id writes the terms and refuses bad ones', async (t) => {
  const { user } = await playerOfSite({});
  await reachLevel2(user);
  t.deepEqual(await rowsOf('SELECT * FROM vip_upgrade_bonuses WHERE "userId" = $1', [user.id]), []);

  const { token } = await createAdmin();
  const site = (await import('../../shared/config')).config().siteCode;
  const [level] = await rowsOf<{ id: number }>('SELECT id FROM vip_levels WHERE "siteCode" = $1 AND level = 3', [site]);
  const patch = (body: Record<string, unknown>) => stack.request('PATCH', `/api/vip/levels/${level.id}`, { token, body });
  const ok = await patch({
    upgradeBonus: '40',
    upgradeBonusKind: 'bonus',
    upgradeBonusWageringMultiplier: 35,
    upgradeBonusMaxBet: '2.5',
    upgradeBonusValidDays: 14,
  });
  t.is(ok.body.code, 200, ok.text);
  t.like(ok.body.result, {
    upgradeBonus: '40.000000',
    upgradeBonusKind: 'bonus',
    upgradeBonusWageringMultiplier: '35.00',
    upgradeBonusMaxBet: '2.500000',
    upgradeBonusMaxConversion: null,
    upgradeBonusValidDays: 14,
  });
  for (const bad of [
    { upgradeBonusKind: 'gift' },
    { upgradeBonusWageringMultiplier: '1000.01' },
    { upgradeBonusMaxBet: '0' },
    { upgradeBonusValidDays: 0 },
    { upgradeBonus: '-1' },
    { upgradeBonus: '999999999999', upgradeBonusWageringMultiplier: '1000' },
  ]) {
    const res = await patch(bad);
    t.is(res.status, 400, `${JSON.stringify(bad)}: ${res.text}`);
  }
  const [stored] = await rowsOf<Record<string, string>>('SELECT "upgradeBonus", "upgradeBonusWageringMultiplier" FROM vip_levels WHERE id = $1', [level.id]);
  t.deepEqual([stored.upgradeBonus, stored.upgradeBonusWageringMultiplier].map(Number), [40, 35]);
  const players = await stack.request('GET', '/api/vip/levels');
  t.false(JSON.stringify(players.body.result).includes('upgradeBonus'));
});
