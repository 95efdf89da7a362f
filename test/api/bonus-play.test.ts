import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { grantRow, grantThroughAdmin, moneyConserved, moneyOf, playedOf, setBonusSettings } from '../helpers/bonus';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';
import { CODE, readyPlayer } from '../helpers/withdrawals';

/**
 * Bonus money in play (docs/decisions/bonus.md), as the abusing player would try it: cash first then bonus,
 * the win back in the stake's proportion, the max bet decided on the stake, wagering by game type weight,
 * the conversion once (twenty bets at once at the edge) and capped, and the races: a forfeit racing the
 * conversion, the expiry racing bets, a withdrawal racing bets; an exclusion forfeits. Every test checks
 * that cash, bonus and both ledgers add up to the micro-unit. Serial: the tests share the site's settings.
 */

let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];
let db: SimulateStack['db'];
let adminToken: string;
let site: string;
let bonus: typeof import('../../shared/domain/bonus');

const SLOT = 'provx-slot-01'; // game type 2
const CRYPTO = 'provy-crypto-01'; // game type 9

test.before(async () => {
  ({ stack, factories, models, db } = await startSimulateStack());
  adminToken = (await factories.createAdmin()).token;
  site = (await import('../../shared/config')).config().siteCode;
  bonus = await import('../../shared/domain/bonus');
});

test.after.always(async () => {
  await drainOutboxAndClose(models, stack, 5000);
});

const play = (token: string, betAmount: number, gameCode = SLOT) =>
  stack.request('POST', '/api/game/simulate', { token, body: { gameCode, productId: gameCode === SLOT ? 1 : 3001, betAmount }, headers: { locales: 'en-US' } });

const admin = (method: string, path: string, body?: unknown) =>
  stack.request(method, `/api${path}`, { token: adminToken, body, headers: { locales: 'en-US' } });

const grant = (userId: number, overrides: Record<string, unknown> = {}) => grantThroughAdmin(stack, adminToken, userId, overrides);

test.serial('a bet pays with cash first, then bonus; the win returns in the stake proportion', async (t) => {
  const { user, token } = await factories.createUser({ balance: '3' });
  const id = await grant(user.id, { amount: '100' });
  const res = await play(token, 5);
  t.is(res.body.code, 200, res.text);
  const r = res.body.result;
  const win = new Decimal(r.winAmount);
  const bonusWin = win.times(2).div(5).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  const cashWin = win.minus(bonusWin);
  t.is(r.balanceBefore, 3);
  t.is(r.balanceAfter, cashWin.toNumber());
  const money = await moneyConserved(t, user.id, '3');
  t.is(money.balance, cashWin.toFixed(6));
  t.is(money.bonusBalance, new Decimal(98).plus(bonusWin).toFixed(6));
  t.deepEqual(
    money.cashRows.filter((row) => row.kind === 'bet').map((row) => row.amount),
    ['-3.000000'],
  );
  t.deepEqual(
    money.bonusRows.filter((row) => row.kind === 'bonus-bet').map((row) => row.amount),
    ['-2.000000'],
  );
  const g = await grantRow(id);
  t.is(new Decimal(g.wagered).toFixed(6), '5.000000');
  // More than cash and bonus together is the balance refusal; nothing moves.
  const tooMuch = await play(token, 5000);
  t.is(tooMuch.body.code, 5011);
  t.deepEqual(await moneyOf(user.id), money);
});

test.serial("a stake above the grant's max bet is refused (5013) before anything is written, even when cash would pay it", async (t) => {
  const { user, token } = await factories.createUser({ balance: '100' });
  await grant(user.id, { amount: '10', maxBet: '2' });
  const before = await moneyOf(user.id);
  const res = await play(token, 2.01);
  t.is(res.body.code, 5013, res.text);
  t.deepEqual(await moneyOf(user.id), before);
  t.is((await playedOf(user.id)).rounds, 0);
  t.is((await play(token, 2)).body.code, 200);
  await moneyConserved(t, user.id, '100');
});

test.serial('wagering counts the stake times its game type weight (site setting): crypto at 50 %, slot at 100 % when unset', async (t) => {
  await setBonusSettings(site, { contributionWeights: { '9': 50 } });
  try {
    const { user, token } = await factories.createUser({ balance: '100' });
    const id = await grant(user.id, { amount: '10', wageringMultiplier: '100' });
    t.is((await play(token, 4, CRYPTO)).body.code, 200);
    t.is(new Decimal((await grantRow(id)).wagered).toFixed(6), '2.000000');
    t.is((await play(token, 3, SLOT)).body.code, 200);
    t.is(new Decimal((await grantRow(id)).wagered).toFixed(6), '5.000000');
    const mine = await stack.request('GET', '/api/bonus', { token });
    t.deepEqual(mine.body.result.grants[0].progress, { wagered: '5.000000', required: '1000.000000', remaining: '995.000000' });
    await moneyConserved(t, user.id, '100');
  } finally {
    await setBonusSettings(site, {});
  }
});

test.serial('twenty bets at once at the edge of the wagering convert exactly once; cash, bonus and both ledgers add up', async (t) => {
  const { user, token } = await factories.createUser();
  const id = await grant(user.id, { amount: '20', wageringMultiplier: '0.5' });
  for (let i = 0; i < 9; i += 1) t.is((await play(token, 1)).body.code, 200);
  t.is(new Decimal((await grantRow(id)).wagered).toFixed(6), '9.000000');
  const answers = await Promise.all(Array.from({ length: 20 }, () => play(token, 1)));
  for (const res of answers) t.true([200, 5011].includes(res.body.code), res.text);
  const g = await grantRow(id);
  t.is(g.status, 'converted');
  const money = await moneyConserved(t, user.id, '0');
  t.is(money.bonusRows.filter((row) => row.kind === 'bonus-convert').length, 1);
  t.is(money.cashRows.filter((row) => row.kind === 'bonus-convert').length, 1);
  t.is(money.bonusBalance, '0.000000');
  t.is(money.cashRows.find((row) => row.kind === 'bonus-convert')?.amount, new Decimal(g.convertedAmount).toFixed(6));
});

test.serial('the conversion pays at most maxConversion; the rest is forfeited in the same statement', async (t) => {
  const { user, token } = await factories.createUser();
  const id = await grant(user.id, { amount: '50', wageringMultiplier: '0.02', maxConversion: '10' });
  const res = await play(token, 1);
  t.is(res.body.code, 200, res.text);
  const g = await grantRow(id);
  t.like(g, { status: 'converted' });
  t.is(new Decimal(g.convertedAmount).toFixed(6), '10.000000');
  const money = await moneyConserved(t, user.id, '0');
  t.is(money.balance, '10.000000');
  t.is(money.bonusBalance, '0.000000');
  t.is(new Decimal(g.forfeitedAmount).toFixed(6), new Decimal(49).plus(res.body.result.winAmount).minus(10).toFixed(6));
});

test.serial('a forfeit racing the converting bet: one of them wins, never both, and the money adds up', async (t) => {
  for (let i = 0; i < 5; i += 1) {
    const { user, token } = await factories.createUser();
    const id = await grant(user.id, { amount: '20', wageringMultiplier: '0.05' });
    const [bet, forfeit] = await Promise.all([play(token, 1), admin('POST', `/bonus/admin/grants/${id}/forfeit`, { reason: 'race' })]);
    const g = await grantRow(id);
    if (g.status === 'converted') {
      t.is(bet.body.code, 200);
      t.is(forfeit.body.code, 2004);
    } else {
      t.is(g.status, 'forfeited');
      t.is(forfeit.body.code, 200);
      t.is(bet.body.code, 5011); // no cash, and the bonus is gone
    }
    const money = await moneyConserved(t, user.id, '0');
    t.is(money.bonusRows.filter((row) => ['bonus-convert', 'bonus-forfeit'].includes(row.kind)).length >= 1, true);
    t.is(money.cashRows.filter((row) => row.kind === 'bonus-convert').length, g.status === 'converted' ? 1 : 0);
  }
});

test.serial('the expiry racing bets: the grant expires exactly once (the job or a bet, whichever takes the lock first)', async (t) => {
  const { user, token } = await factories.createUser({ balance: '10' });
  const id = await grant(user.id, { amount: '30', wageringMultiplier: '100' });
  await db().query(`UPDATE bonus_grants SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, { bind: [id] });
  const [jobA, , , jobB] = await Promise.all([bonus.expireBonusesJob(), play(token, 1), play(token, 1), bonus.expireBonusesJob(), play(token, 1)]);
  t.true(jobA.expired + jobB.expired <= 1);
  const g = await grantRow(id);
  t.is(g.status, 'expired');
  t.is(new Decimal(g.forfeitedAmount).toFixed(6), '30.000000');
  const money = await moneyConserved(t, user.id, '10');
  t.is(money.bonusRows.filter((row) => row.kind === 'bonus-expire').length, 1);
  t.is(money.bonusRows.filter((row) => row.kind === 'bonus-bet').length, 0);
  t.is((await bonus.expireBonusesJob()).expired, 0);
});

test.serial(
  'a withdrawal while a grant is active: refused (2010) listing what would be lost unless forfeitBonuses; confirmed, it forfeits, racing bets',
  async (t) => {
    await setBonusSettings(site, { forfeitOnWithdrawal: true });
    try {
      const { user, token, address } = await readyPlayer({ balance: '50' });
      const id = await grant(user.id, { amount: '25', wageringMultiplier: '100' });
      const withdraw = (extra: Record<string, unknown>) =>
        stack.request('POST', '/api/withdrawal/request', {
          token,
          body: { amount: '10', cryptoAddressId: address.id, verifyCode: CODE, ...extra },
          headers: { locales: 'en-US' },
        });
      const before = await moneyOf(user.id);
      const refused = await withdraw({});
      t.is(refused.body.code, 2010, refused.text);
      t.deepEqual(refused.body.data, {
        forfeits: [{ id, balance: '25.000000', progress: { wagered: '0.000000', required: '2500.000000', remaining: '2500.000000' } }],
        total: '25.000000',
      });
      t.deepEqual(await moneyOf(user.id), before);
      t.is((await withdraw({ forfeitBonuses: 'yes' })).status, 400);

      const answers = await Promise.all([play(token, 1), withdraw({ forfeitBonuses: true }), play(token, 1), play(token, 1)]);
      t.is(answers[1].body.code, 200, answers[1].text);
      for (const res of [answers[0], answers[2], answers[3]]) t.is(res.body.code, 200, res.text);
      const g = await grantRow(id);
      t.is(g.status, 'forfeited');
      t.is(g.endReason, 'withdrawal requested');
      const money = await moneyConserved(t, user.id, '50');
      t.is(money.bonusBalance, '0.000000');
    } finally {
      await setBonusSettings(site, {});
    }
  },
);

test.serial('a withdrawal with the setting off leaves the grant alone; bonus money never leaves as cash', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '5' });
  const id = await grant(user.id, { amount: '500' });
  const res = await stack.request('POST', '/api/withdrawal/request', {
    token,
    body: { amount: '6', cryptoAddressId: address.id, verifyCode: CODE },
    headers: { locales: 'en-US' },
  });
  t.is(res.body.code, 2007, res.text); // only cash is withdrawable
  t.is((await grantRow(id)).status, 'active');
  await moneyConserved(t, user.id, '5');
});

test.serial('a cooling-off forfeits the active grant (bonus-forfeit row, reason exclusion started)', async (t) => {
  const { user, token } = await factories.createUser({ balance: '1' });
  const id = await grant(user.id, { amount: '40' });
  const res = await stack.request('POST', '/api/responsible-gaming/cooling-off', { token, body: { days: 1 }, headers: { locales: 'en-US' } });
  t.is(res.body.code, 200, res.text);
  const g = await grantRow(id);
  t.like(g, { status: 'forfeited', endReason: 'exclusion started' });
  const money = await moneyConserved(t, user.id, '1');
  t.is(money.bonusBalance, '0.000000');
});

test.serial('the audit sees a bonus balance changed behind the wallet: the state check names the last bonus_ledger row', async (t) => {
  const { user } = await factories.createUser();
  await grant(user.id, { amount: '12' });
  await db().query('UPDATE users SET "bonusBalance" = 13 WHERE id = $1', { bind: [user.id] });
  const report = await (await import('../../shared/domain/audit')).verifyChains();
  const mine = report.problems.filter((p) => p.chain === 'users' && p.rowId === String(user.id));
  t.is(mine.length, 1, JSON.stringify(report.problems.slice(0, 3)));
  t.like(mine[0].state, { field: 'bonusBalance', expected: '12.000000', found: '13.000000' });
  await db().query('UPDATE users SET "bonusBalance" = 12 WHERE id = $1', { bind: [user.id] });
});

test.serial('reports count converted bonus money as a cost: bonusConverted is the cash the conversions paid, and NGR takes it off', async (t) => {
  const reports = await import('../../shared/domain/reports');
  const { user, token } = await factories.createUser();
  const id = await grant(user.id, { amount: '50', wageringMultiplier: '0.02', maxConversion: '10' });
  t.is((await play(token, 1)).body.code, 200);
  t.like(await grantRow(id), { status: 'converted' });
  await reports.foldReportDeltas();
  const today = await reports.siteToday(site);
  const [paid] = await db().query<{ total: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS total FROM game_transactions WHERE "siteCode" = $1 AND kind = 'bonus-convert'`,
    { bind: [site], type: QueryTypes.SELECT },
  );
  const { rows } = await reports.dailyReport(site, { from: today, to: today });
  const day = rows.find((r) => r.day === today) as Record<string, string>;
  t.true(new Decimal(paid.total).gte(10));
  t.is(day.bonusConverted, new Decimal(paid.total).toFixed(6));
  const costs = ['promotionRewards', 'vipRebates', 'bonusConverted', 'affiliateCommission'].reduce((sum, k) => sum.plus(day[k]), new Decimal(0));
  t.is(day.costs, costs.toFixed(6));
  t.is(day.ngr, new Decimal(day.ggr).minus(costs).toFixed(6));
  t.deepEqual(await reports.verifyReports({ from: today, to: today, siteCode: site }), []);
});
