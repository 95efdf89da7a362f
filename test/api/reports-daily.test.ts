import { spawnSync } from 'node:child_process';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { createBetOrder, insertBetOrder } from '../helpers/bets';
import { providerCall, providerEnv, uniqueId } from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';
import { CODE, readyPlayer } from '../helpers/withdrawals';

/**
 * Operator reporting (docs/reports.md): activity written through the API and the domain (simulate
 * rounds, a provx bet left open, a credited deposit, a withdrawal requested and refused, a VIP rebate
 * for an earlier day) is folded by the rollup job and read back through /reports/admin: the figures, the
 * groupings, the end-of-day funds, the returns, the CSV and its formula rule, and the verification.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let site: string;
let today: string;
let fold: () => Promise<number>;
let verify: typeof import('../../shared/domain/reports').verifyReports;
let dbq: <T extends object>(sql: string, replacements?: Record<string, unknown>) => Promise<T[]>;

const expected = { stakes: new Decimal(0), wins: new Decimal(0), bets: 0 };
let rebateDay: string;
let rebateAmount: string;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ env: providerEnv() }));
  const reports = await import('../../shared/domain/reports');
  fold = reports.foldReportDeltas;
  verify = reports.verifyReports;
  const { db } = await import('../../shared/db/sequelize');
  dbq = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) => db().query<T>(sql, { replacements, type: QueryTypes.SELECT });
  site = await factories.createSite();
  today = new Date().toISOString().slice(0, 10); // the site's zone is UTC unless set
  await seedActivity();
});
test.after.always(async () => {
  await stack?.close();
});

const daily = (query: string, site_ = site) => req('GET', `/reports/admin/daily?${query}`, { site: site_ });

async function seedActivity() {
  // Two simulate rounds and a provx bet left open.
  const a = await factories.createUser({ siteCode: site, balance: '100' });
  for (const betAmount of [5, 7.5]) {
    const res = await stack.request('POST', '/api/game/simulate', {
      token: a.token,
      body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount },
      headers: { locales: 'en-US' },
    });
    if (res.body.code !== 200) throw new Error(res.text);
    expected.stakes = expected.stakes.plus(betAmount);
    expected.wins = expected.wins.plus(res.body.result.winAmount);
    expected.bets++;
  }
  const b = await factories.createUser({ siteCode: site, balance: '50' });
  const bet = await providerCall(stack, 'provx', 'Bet', {
    transactionId: uniqueId('bet'),
    roundId: uniqueId('round'),
    userId: b.user.id,
    gameCode: 'provx-slot-01',
    amount: '10',
  });
  if (bet.body.status !== 'OK') throw new Error(bet.text);
  expected.stakes = expected.stakes.plus(10);
  expected.bets++;

  // A paid deposit, credited.
  await factories.paidDeposit(b.user, '40');
  const order = await models.DepositOrder.findOne({ where: { userId: b.user.id } });
  const { creditDeposit } = await import('../../shared/domain/deposit');
  await creditDeposit(Number(order!.id));

  // A withdrawal requested, then refused by an operator.
  const w = await readyPlayer({ siteCode: site, balance: '30' });
  const requested = await stack.request('POST', '/api/withdrawal/request', {
    token: w.token,
    body: { amount: '20', cryptoAddressId: w.address.id, verifyCode: CODE },
  });
  if (requested.body.code !== 200) throw new Error(requested.text);
  const refused = await req('POST', `/withdrawal/admin/${requested.body.result.id}/review`, { site, body: { action: 'reject', rejectReason: 'test' } });
  if (refused.body.code !== 200) throw new Error(refused.text);

  // An agent's commission credited to its affiliate account.
  const agent = await factories.createUser({ siteCode: site });
  const { moveAffiliateBalance } = await import('../../shared/domain/wallet');
  const { db } = await import('../../shared/db/sequelize');
  await db().transaction((transaction) =>
    moveAffiliateBalance(transaction, {
      userId: agent.user.id,
      siteCode: site,
      kind: 'commission',
      available: '12',
      earned: '12',
      idempotencyKey: `test:commission:${agent.user.id}`,
    }),
  );

  // A VIP rebate paid today for a day two days back (the rebate's own day, in APP_TIMEZONE).
  rebateDay = new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
  await models.VipRebate.bulkCreate([{ siteCode: site, level: 1, gameType: 'slot', rebateRate: '1.00' }]);
  const v = await factories.createUser({ siteCode: site });
  await models.User.update({ vipLevel: '1' }, { where: { id: v.user.id } });
  await createBetOrder(v.user, { gameType: '2', betAmount: '300', at: `${rebateDay}T04:00:00.000Z` });
  const { settleDailyRebate } = await import('../../shared/domain/vip');
  await settleDailyRebate({ siteCode: site, day: rebateDay });
  const [paid] = await dbq<{ amount: string }>(`SELECT amount::TEXT FROM game_transactions WHERE "userId" = :id AND kind = 'rebate'`, { id: v.user.id });
  rebateAmount = new Decimal(paid.amount).toFixed(6);
  await fold();
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(6);

function ok(t: ExecutionContext, res: ApiResponse) {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, 200, res.text);
  return res.body.result;
}

test('the day shows play, money in and out, players and end-of-day funds', async (t) => {
  const result = ok(t, await daily(`from=${today}&to=${today}`));
  t.is(result.rows.length, 1);
  const row = result.rows[0];
  const users = await dbq<{ n: string; cash: string; frozen: string }>(
    `SELECT count(*)::TEXT AS n, sum(balance)::TEXT AS cash, sum("frozenBalance")::TEXT AS frozen FROM users WHERE "siteCode" = :site AND "createdAt" >= :today`,
    { site, today },
  );
  t.like(row, {
    day: today,
    stakes: money(expected.stakes),
    bets: expected.bets,
    wins: money(expected.wins),
    ggr: money(expected.stakes.minus(expected.wins)),
    depositCount: 1,
    depositAmount: '40.000000',
    withdrawalsRequestedCount: 1,
    withdrawalsRequested: '20.000000',
    withdrawalsRefusedCount: 1,
    withdrawalsRefused: '20.000000',
    withdrawalsPaid: '0.000000',
    registrations: Number(users[0].n),
    activePlayers: 2,
    depositors: 1,
    firstDepositors: 1,
    playerCash: money(users[0].cash),
    playerFrozen: '0.000000',
    openBets: '10.000000',
    openBetCount: 1,
    affiliateCommission: '12.000000',
    agentCash: '12.000000',
    agentFrozen: '0.000000',
  });
  t.is(row.ngr, money(new Decimal(row.ggr).minus(12)), 'NGR is GGR less the costs');
  // The rebate's bet order is a round of its own day, not today's.
  t.is(row.rounds, 3);

  const funds = ok(t, await req('GET', `/reports/admin/player-funds?date=${today}`, { site }));
  t.like(funds, { date: today, playerCash: row.playerCash, playerFrozen: '0.000000', openBets: '10.000000', openBetCount: 1 });
});

test('grouped by game type, provider and payment method', async (t) => {
  const byProvider = ok(t, await daily(`from=${today}&to=${today}&groupBy=provider`));
  const provx = byProvider.rows.find((r: { group: { code: string } }) => r.group.code === 'provx');
  t.like(provx, { day: today, stakes: '10.000000', bets: 1, rounds: 1 });
  const total = byProvider.rows.reduce((s: Decimal, r: { stakes: string }) => s.plus(r.stakes), new Decimal(0));
  t.is(money(total), money(expected.stakes), 'the groups add up to the day');

  const byType = ok(t, await daily(`from=${today}&to=${today}&groupBy=gameType`));
  t.true(byType.rows.every((r: { group: { code: string; name: string } }) => r.group.code !== '' && r.group.name !== ''));
  const byMethod = ok(t, await daily(`from=${today}&to=${today}&groupBy=paymentMethod`));
  t.deepEqual(
    byMethod.rows.map((r: Record<string, unknown>) => [r.group, r.depositCount, r.depositAmount]),
    [[{ code: 'crypto:usdt', name: 'crypto / usdt' }, 1, '40.000000']],
  );
});

test('a rebate paid today for an earlier day lands on that day and lowers its NGR', async (t) => {
  const result = ok(t, await daily(`from=${rebateDay}&to=${rebateDay}`));
  t.like(result.rows[0], { day: rebateDay, vipRebates: rebateAmount, ngr: money(new Decimal(rebateAmount).neg()), rounds: 1 });
  t.true(new Decimal(rebateAmount).gt(0));
  const todayRow = ok(t, await daily(`from=${today}&to=${today}`)).rows[0];
  t.is(todayRow.vipRebates, '0.000000');
});

test.serial("a late provx result for an earlier day's round corrects that day, and today's open bets", async (t) => {
  const day = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
  const { user } = await factories.createUser({ siteCode: site, balance: '1' });
  // The round was opened on `day` (its order as the bet left it), and its result arrives today.
  const round = await insertBetOrder(user, { betAmount: '4', settled: false, withResult: false, betDatetime: new Date(`${day}T10:00:00Z`) });
  await fold();
  const before = ok(t, await daily(`from=${day}&to=${day}`)).rows[0];
  t.like(before, { wins: '0.000000', rounds: 1, openBetCount: 1, openBets: '4.000000' });
  const result = await providerCall(stack, 'provx', 'BetResult', {
    transactionId: uniqueId('res'),
    roundId: round.gameNumber,
    userId: user.id,
    gameCode: 'provx-slot-01',
    winAmount: '6.5',
  });
  t.is(result.body.status, 'OK', result.text);
  await fold();
  const after = ok(t, await daily(`from=${day}&to=${day}`)).rows[0];
  t.like(after, { wins: '6.500000', ggr: '-6.500000', rounds: 1, openBetCount: 1 }, "the day's own end-of-day open bets stay as they were");
  const now = ok(t, await req('GET', `/reports/admin/player-funds?date=${today}`, { site }));
  t.is(now.openBetCount, 1, "only today's open provx bet is still open");
});

test('the returns read the same rollup', async (t) => {
  const month = today.slice(0, 7);
  const mt = ok(t, await req('GET', `/reports/admin/returns/mt-monthly?month=${month}`, { site }));
  t.is(mt.month, month);
  t.is(mt.playerFunds.openBets, '10.000000');
  t.true(mt.notHeld.length > 0);
  const q = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
  const uk = ok(t, await req('GET', `/reports/admin/returns/uk-quarterly?quarter=${q}`, { site }));
  t.is(uk.quarter, q);
  t.true(uk.activeAccounts >= 2);
});

test('CSV: a header row, numbers as numbers (negative too), text cells starting with a formula character made inert', async (t) => {
  await models.GameTypeConfig.update({ label: { 'en-US': '=HYPERLINK("http://x.test","a")' } }, { where: { siteCode: site, gameType: 9 } });
  const res = await stack.request('GET', `/api/reports/admin/daily?from=${today}&to=${today}&groupBy=gameType&format=csv`, {
    token: (await factories.createAdmin({ permissions: ['reports:read'] })).token,
    headers: { 'x-site-code': site },
  });
  t.is(res.status, 200);
  t.regex(String(res.headers.get('content-type')), /^text\/csv/);
  const lines = res.text.split('\r\n');
  t.is(lines[0], 'day,groupCode,groupName,stakes,bets,wins,jackpots,ggr,rounds');
  t.true(
    lines.some((l) => l.includes(`,"'=HYPERLINK(""http://x.test"",""a"")",`)),
    res.text,
  );
  const negative = await stack.request('GET', `/api/reports/admin/daily?from=${rebateDay}&to=${rebateDay}&format=csv`, {
    token: (await factories.createAdmin({ permissions: ['reports:read'] })).token,
    headers: { 'x-site-code': site },
  });
  const [header, row] = negative.text.split('\r\n');
  const ngr = row.split(',')[header.split(',').indexOf('ngr')];
  t.is(ngr, money(new Decimal(rebateAmount).neg()), 'a negative number is not prefixed');
});

// Serial (run before the others): it changes a stored cell for a moment.
test.serial('verification: a clean range passes, a planted difference is named', async (t) => {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  t.deepEqual(await verify({ from, to: today, siteCode: site }), []);
  await dbq(
    `UPDATE report_daily SET amount = amount + 1 WHERE "siteCode" = :site AND day = :today AND dimension = 'provider' AND "groupCode" = 'provx' AND figure = 'stakes' RETURNING 1`,
    { site, today },
  );
  const found = await verify({ from, to: today, siteCode: site });
  t.is(found.length, 1);
  t.like(found[0], {
    siteCode: site,
    day: today,
    dimension: 'provider',
    groupCode: 'provx',
    figure: 'stakes',
    rollup: { amount: '11.000000' },
    raw: { amount: '10.000000' },
  });
  const script = runVerifyScript(['--from', from, '--to', today, '--site', site]);
  t.is(script.status, 1, script.stderr);
  t.true(script.stdout.includes(`${site} ${today} provider=provx stakes: rollup 11.000000 (1), raw tables 10.000000 (1)`), script.stdout);
  await dbq(
    `UPDATE report_daily SET amount = amount - 1 WHERE "siteCode" = :site AND day = :today AND dimension = 'provider' AND "groupCode" = 'provx' AND figure = 'stakes' RETURNING 1`,
    { site, today },
  );
  t.deepEqual(await verify({ from, to: today, siteCode: site }), []);
  t.is(runVerifyScript(['--from', from, '--to', today, '--site', site]).status, 0);
});

/** `npm run reports:verify` against this file's database. */
function runVerifyScript(args: string[]) {
  const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  return spawnSync(tsx, [path.join(__dirname, '..', '..', 'scripts', 'reports-verify.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: stack.databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test("permissions: another site's administrator is refused, an administrator without `reports` too", async (t) => {
  const other = await factories.createSite();
  const bound = await factories.createAdmin({ permissions: ['reports:read'] });
  await bound.admin.update({ sites: [other] });
  const foreign = await req('GET', `/reports/admin/daily?from=${today}&to=${today}`, { token: bound.token, site });
  t.is(foreign.status, 403, foreign.text);
  const own = await req('GET', `/reports/admin/daily?from=${today}&to=${today}`, { token: bound.token });
  t.is(ok(t, own).siteCode, other);
  t.is(own.body.result.rows[0].stakes, '0.000000', "its own site's figures only");
  const none = await factories.createAdmin({ permissions: ['kyc:read'] });
  t.is((await req('GET', `/reports/admin/daily?from=${today}&to=${today}`, { token: none.token, site })).status, 403);
  t.is((await req('GET', `/reports/admin/daily?from=${today}&to=${today}`, { token: null, site })).status, 401);
});

test('bad input is a 400 naming the field', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['/reports/admin/daily?from=2026-02-30&to=2026-03-01', /from/],
    ['/reports/admin/daily?from=nope&to=2026-03-01', /from/],
    ['/reports/admin/daily?from=2026-03-02&to=2026-03-01', /to must not be before from/],
    ['/reports/admin/daily?from=2025-01-01&to=2026-03-01', /at most 400 days/],
    ['/reports/admin/daily?from=2026-03-01', /to is required/],
    ['/reports/admin/daily?from=2026-03-01&to=2026-03-01&groupBy=country', /groupBy/],
    ['/reports/admin/daily?from=2026-03-01&to=2026-03-01&format=xls', /format/],
    ['/reports/admin/player-funds?date=yesterday', /date/],
    ['/reports/admin/returns/uk-quarterly?quarter=2026-Q5', /quarter/],
    ['/reports/admin/returns/mt-monthly?month=2026-13', /month/],
  ];
  for (const [path, message] of cases) {
    const res = await req('GET', path, { site });
    t.is(res.status, 400, `${path}: ${res.text}`);
    t.regex(res.body.message, message, path);
  }
  t.is((await req('GET', '/reports/admin/daily?from=2025-02-01&to=2026-03-07', { site })).status, 200, '400 days is allowed');
  const unknown = await req('GET', '/reports/admin/daily?from=2026-03-01&to=2026-03-01', { site: 'nosuchsite' });
  t.is(unknown.status, 400, unknown.text);
});
