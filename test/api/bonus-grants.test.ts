import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { grantBody, grantRow, moneyOf } from '../helpers/bonus';
import type { TestStack } from '../helpers/stack';

/**
 * Bonus grants (docs/decisions/bonus.md): an operator's grant, the list, the forfeits (operator and player),
 * the player's view and user-detail, another site's player or grant, bad amounts and the settings section,
 * as an abusing player or a careless operator would try them.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let req: AdminRequest;
let db: typeof import('../../shared/db/sequelize').db;
let site: string;

test.before(async () => {
  ({ stack, factories, req } = await startAdminStack({ headers: { locales: 'en-US' } }));
  db = (await import('../../shared/db/sequelize')).db;
  site = (await import('../../shared/config')).config().siteCode;
});

test.after.always(async () => {
  await stack?.close();
});

const player = (method: string, path: string, token: string, body?: unknown) =>
  stack.request(method, `/api${path}`, { token, body, headers: { locales: 'en-US' } });

test('an operator grant: the grant answered with its progress, the bonus balance beside the cash, a bonus-grant ledger row and the operation log', async (t) => {
  const { user, token } = await factories.createUser({ balance: '5' });
  const res = await req('POST', '/bonus/admin/grants', {
    body: grantBody(user.id, { amount: '50.5', wageringMultiplier: '3', maxBet: '2', maxConversion: '20' }),
  });
  t.is(res.body.code, 200, res.text);
  const g = res.body.result;
  t.like(g, {
    userId: user.id,
    source: 'operator',
    status: 'active',
    amount: '50.500000',
    balance: '50.500000',
    progress: { wagered: '0.000000', required: '151.500000', remaining: '151.500000' },
    maxBet: '2.000000',
    maxConversion: '20.000000',
    reason: 'welcome back',
  });
  const money = await moneyOf(user.id);
  t.is(money.balance, '5.000000');
  t.is(money.bonusBalance, '50.500000');
  t.is(money.bonusLedger, '50.500000');
  t.deepEqual(
    money.bonusRows.map((r) => r.kind),
    ['bonus-grant'],
  );

  const detail = await player('GET', '/auth/user-detail', token);
  t.is(detail.body.result.balance, '5.000000');
  t.is(detail.body.result.bonusBalance, '50.500000');
  const mine = await player('GET', '/bonus', token);
  t.is(mine.body.code, 200, mine.text);
  t.is(mine.body.result.bonusBalance, '50.500000');
  t.is(mine.body.result.grants.length, 1);
  t.deepEqual(mine.body.result.grants[0].progress, { wagered: '0.000000', required: '151.500000', remaining: '151.500000' });

  const [log] = await db().query<{ module: string; action: string; targetId: string }>(
    `SELECT module, action, "targetId" FROM admin_operation_logs WHERE module = 'bonus' AND "targetId" = $1`,
    { bind: [String(g.id)], type: QueryTypes.SELECT },
  );
  t.like(log, { module: 'bonus', action: 'grant' });
});

test('one active grant per player: a second grant is refused (2002) and moves nothing; two at once, one wins', async (t) => {
  const { user } = await factories.createUser();
  const [a, b] = await Promise.all([
    req('POST', '/bonus/admin/grants', { body: grantBody(user.id) }),
    req('POST', '/bonus/admin/grants', { body: grantBody(user.id) }),
  ]);
  t.deepEqual([a.body.code, b.body.code].sort(), [200, 2002]);
  const money = await moneyOf(user.id);
  t.is(money.bonusBalance, '100.000000');
  t.is(money.bonusLedger, '100.000000');
});

test('bad input is a 400 naming the field and grants nothing: negative, zero, huge, 7 decimals, no reason, past expiry, multiplier out of range', async (t) => {
  const { user } = await factories.createUser();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ amount: '-10' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ amount: '1000000000000' }, 'amount'],
    [{ amount: '1.0000001' }, 'amount'],
    [{ amount: 'ten' }, 'amount'],
    [{ reason: undefined }, 'reason'],
    [{ reason: ' ' }, 'reason'],
    [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
    [{ expiresAt: 'tomorrow' }, 'expiresAt'],
    [{ wageringMultiplier: '-1' }, 'wageringMultiplier'],
    [{ wageringMultiplier: '1001' }, 'wageringMultiplier'],
    [{ maxBet: '0' }, 'maxBet'],
    [{ maxConversion: '-5' }, 'maxConversion'],
    [{ userId: '12' }, 'userId'],
  ];
  for (const [override, field] of cases) {
    const res = await req('POST', '/bonus/admin/grants', { body: grantBody(user.id, override) });
    t.is(res.status, 400, `${JSON.stringify(override)}: ${res.text}`);
    t.is(res.body.errors?.[0]?.field, field, JSON.stringify(override));
  }
  // A multiplier that makes the wagering larger than a money column holds.
  const huge = await req('POST', '/bonus/admin/grants', { body: grantBody(user.id, { amount: '999999999999', wageringMultiplier: '1000' }) });
  t.is(huge.status, 400, huge.text);
  t.is(huge.body.errors?.[0]?.field, 'wageringMultiplier');
  t.is((await moneyOf(user.id)).bonusRows.length, 0);
});

test("another site's player or grant is not found: the grant (2001), the forfeit (2003) and the player's forfeit of someone else's grant (2003)", async (t) => {
  const otherSite = await factories.createSite();
  const stranger = await factories.createUser({ siteCode: otherSite });
  const res = await req('POST', '/bonus/admin/grants', { body: grantBody(stranger.user.id) });
  t.is(res.body.code, 2001, res.text);
  t.is((await moneyOf(stranger.user.id)).bonusBalance, '0.000000');

  const mine = await req('POST', '/bonus/admin/grants', { body: grantBody(stranger.user.id), site: otherSite });
  t.is(mine.body.code, 200, mine.text);
  const id = mine.body.result.id;
  const fromHere = await req('POST', `/bonus/admin/grants/${id}/forfeit`, { body: { reason: 'not yours' } });
  t.is(fromHere.body.code, 2003, fromHere.text);
  const listed = await req('GET', `/bonus/admin/grants?userId=${stranger.user.id}`);
  t.is(listed.body.result.items.length, 0);

  const thief = await factories.createUser({ siteCode: otherSite });
  const stolen = await player('POST', `/bonus/${id}/forfeit`, thief.token);
  t.is(stolen.body.code, 2003, stolen.text);
  t.is((await grantRow(id)).status, 'active');
});

test('forfeits: the operator with a reason (logged), then again is 2004; the player forfeits their own; a missing reason is a 400', async (t) => {
  const { user, token } = await factories.createUser();
  const g = (await req('POST', '/bonus/admin/grants', { body: grantBody(user.id, { amount: '30' }) })).body.result;
  const noReason = await req('POST', `/bonus/admin/grants/${g.id}/forfeit`, { body: {} });
  t.is(noReason.status, 400);
  t.is(noReason.body.errors[0].field, 'reason');
  const res = await req('POST', `/bonus/admin/grants/${g.id}/forfeit`, { body: { reason: 'abuse' } });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { status: 'forfeited', balance: '0.000000', forfeitedAmount: '30.000000', endReason: 'abuse' });
  const again = await req('POST', `/bonus/admin/grants/${g.id}/forfeit`, { body: { reason: 'abuse' } });
  t.is(again.body.code, 2004);
  const money = await moneyOf(user.id);
  t.is(money.bonusBalance, '0.000000');
  t.is(money.bonusLedger, '0.000000');
  t.deepEqual(
    money.bonusRows.map((r) => r.kind),
    ['bonus-grant', 'bonus-forfeit'],
  );

  const second = (await req('POST', '/bonus/admin/grants', { body: grantBody(user.id, { amount: '7' }) })).body.result;
  const own = await player('POST', `/bonus/${second.id}/forfeit`, token);
  t.is(own.body.code, 200, own.text);
  t.like(own.body.result, { status: 'forfeited', forfeitedAmount: '7.000000' });
  t.is((await player('POST', `/bonus/${second.id}/forfeit`, token)).body.code, 2004);
  const list = await req('GET', `/bonus/admin/grants?userId=${user.id}&status=forfeited`);
  t.is(list.body.result.items.length, 2);
  t.is((await req('GET', `/bonus/admin/grants?userId=${user.id}&status=active`)).body.result.items.length, 0);
  t.is((await req('GET', '/bonus/admin/grants?status=lost')).status, 400);
});

test('an administrator without the bonus module is refused; a player token cannot reach the operator endpoints', async (t) => {
  const { user, token } = await factories.createUser();
  const { token: readOnly } = await factories.createAdmin({ permissions: ['bonus:read'] });
  const write = await req('POST', '/bonus/admin/grants', { body: grantBody(user.id), token: readOnly });
  t.is(write.status, 403);
  const read = await req('GET', '/bonus/admin/grants', { token: readOnly });
  t.is(read.body.code, 200);
  const asPlayer = await req('POST', '/bonus/admin/grants', { body: grantBody(user.id), token });
  t.is(asPlayer.status, 401);
});

test('site settings `bonus`: weights 0 to 100 by game type code, forfeitOnWithdrawal; a weight outside 0-100 or an unknown type is a 400', async (t) => {
  const [config] = await db().query<{ id: number }>('SELECT id FROM site_configs WHERE "siteCode" = $1', { bind: [site], type: QueryTypes.SELECT });
  const path = `/site-config/admin/${config.id}/settings`;
  for (const bad of [
    { contributionWeights: { '2': 101 } },
    { contributionWeights: { '2': -1 } },
    { contributionWeights: { '2': 50.5 } },
    { contributionWeights: { slots: 10 } },
    { forfeitOnWithdrawal: 'yes' },
  ]) {
    const res = await req('PATCH', path, { body: { bonus: bad } });
    t.is(res.status, 400, JSON.stringify(bad));
  }
  const ok = await req('PATCH', path, { body: { bonus: { contributionWeights: { '2': 100, '3': 10 }, forfeitOnWithdrawal: true } } });
  t.is(ok.body.code, 200, ok.text);
  t.deepEqual(ok.body.result.bonus, { contributionWeights: { '2': 100, '3': 10 }, forfeitOnWithdrawal: true });
  const merged = await req('PATCH', path, { body: { bonus: { contributionWeights: { '10': 50 } } } });
  t.deepEqual(merged.body.result.bonus, { contributionWeights: { '2': 100, '3': 10, '10': 50 }, forfeitOnWithdrawal: true });
  await req('PATCH', path, { body: { bonus: { forfeitOnWithdrawal: false } } });
});

test('a promotion rewarding bonus: the claim makes a promotion grant (wagering reward x turnoverMultiplier, the promotion terms), cash unchanged; another while it is active is 2005 and writes nothing', async (t) => {
  const { createPromotion } = await import('../helpers/promotions');
  const { user, token } = await factories.createUser({ balance: '4' });
  const first = await createPromotion({ siteCode: site, rewardAmount: '25', turnoverMultiplier: '8' });
  await first.update({ rewardKind: 'bonus', bonusMaxBet: '3', bonusMaxConversion: '50', bonusValidDays: 10 });
  const second = await createPromotion({ siteCode: site, rewardAmount: '5', turnoverMultiplier: '1' });
  await second.update({ rewardKind: 'bonus' });
  const shown = await player('GET', `/promo/${first.id}`, token);
  t.like(shown.body.result, { rewardKind: 'bonus', bonusMaxBet: '3.000000', bonusMaxConversion: '50.000000', bonusValidDays: 10 });

  const claimed = await player('POST', `/promo/${first.id}/claim`, token);
  t.is(claimed.body.code, 200, claimed.text);
  t.deepEqual(claimed.body.result, { rewardAmount: '25.000000', newBalance: '4.000000' });
  const mine = await player('GET', '/bonus', token);
  t.is(mine.body.result.bonusBalance, '25.000000');
  const [g] = mine.body.result.grants;
  t.like(g, { source: 'promotion', status: 'active', amount: '25.000000', maxBet: '3.000000', maxConversion: '50.000000', reason: `promotion ${first.id}` });
  t.deepEqual(g.progress, { wagered: '0.000000', required: '200.000000', remaining: '200.000000' });
  t.true(Math.abs(new Date(g.expiresAt).getTime() - Date.now() - 10 * 86_400_000) < 60_000);
  const [claim] = await db().query<{ requiredTurnover: string; turnoverCompleted: number; bonusGrantId: string }>(
    'SELECT "requiredTurnover", "turnoverCompleted", "bonusGrantId" FROM promotion_claims WHERE "userId" = $1',
    { bind: [user.id], type: QueryTypes.SELECT },
  );
  t.like(claim, { requiredTurnover: '0.000000', turnoverCompleted: 1, bonusGrantId: String(g.id) });

  const refused = await player('POST', `/promo/${second.id}/claim`, token);
  t.is(refused.body.code, 2005, refused.text);
  const money = await moneyOf(user.id);
  t.is(money.balance, '4.000000');
  t.is(money.bonusBalance, '25.000000');
  t.is(money.bonusLedger, '25.000000');
  const [count] = await db().query<{ n: string }>('SELECT count(*) AS n FROM promotion_claims WHERE "userId" = $1', {
    bind: [user.id],
    type: QueryTypes.SELECT,
  });
  t.is(Number(count.n), 1);
});
