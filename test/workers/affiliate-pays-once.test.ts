import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import type { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { reviewSettlement, runAffiliateSettlement } from '../../shared/domain/affiliate';
import { Refusal } from '../../shared/errors';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { createAgent, createMember } from '../helpers/affiliates';
import { bet, program, taipei, type RateRow, type TierRow } from '../helpers/affiliate-settlement';
import { affiliateSums } from '../helpers/affiliate-settlement-rows';
import type { TestStack } from '../helpers/stack';

/**
 * One payout per net loss (docs/affiliates.md, "Which period type pays"): weekly and daily runs settle
 * the same bets, and only the site's paying period type carries money; the other type's settlements are
 * statements that the review refuses (2002, `settlementStatementOnly`). Repeated and concurrent runs, a
 * change of the setting in the middle of a week, the setting's endpoints. Asia/Taipei (UTC+8).
 *
 * Figures: member m (level 1 of A at 30 %, level 2 of U at 12.5 %) loses 300.000015 on Tue 2026-10-13 and
 * 250.37 on Wed 10-14 (week W1 2026-10-12..18): 550.370015 for the week.
 * - A weekly: 550.370015 x 30 / 100 = 165.1110045, rounded half away from zero to 165.111005 (half to
 *   even or truncation would give 165.111004); dailies 90.0000045 -> 90.000005 and 75.111000, which add
 *   up to the same 165.111005.
 * - U weekly: 550.370015 x 12.5 / 100 = 68.796251875 -> 68.796252; dailies 37.500001875 -> 37.500002 and
 *   31.296250, adding up to 68.796252.
 */

let stack: TestStack;
let models: AdminStack['models'];
let factories: AdminStack['factories'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, models, factories, req } = await startAdminStack({ env: { APP_TIMEZONE: 'Asia/Taipei' }, permissions: ['affiliate:read', 'affiliate:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const TIERS: TierRow[] = [['bronze', '0', 0, 1]];
const RATES: RateRow[] = [
  ['bronze', 1, null, '30'],
  ['bronze', 2, null, '12.5'],
];
const W1 = '2026-10-12';
const W2 = '2026-10-19';
const A_WEEK = '165.111005';
const U_WEEK = '68.796252';

interface Site {
  siteCode: string;
  A: User;
  U: User;
  m: User;
}

/** A new site with U <- A <- m, and m's losses of W1 (and, with `w2`, the same losses one week later). */
async function site(w2 = false): Promise<Site> {
  const siteCode = await factories.createSite();
  await program(siteCode, TIERS, RATES);
  const U = (await createAgent({ siteCode })).user;
  const A = (await createAgent({ siteCode, upline: U })).user;
  const m = (await createMember(A)).user;
  for (const [tue, wed] of w2
    ? [
        ['2026-10-13', '2026-10-14'],
        ['2026-10-20', '2026-10-21'],
      ]
    : [['2026-10-13', '2026-10-14']]) {
    await bet(m, { gameType: '2', bet: '300.000015', win: '0', at: taipei(`${tue} 10:00`) });
    await bet(m, { gameType: '2', bet: '250.37', win: '0', at: taipei(`${wed} 22:30`) });
  }
  return { siteCode, A, U, m };
}

const weekly = (siteCode: string, date: string) => runAffiliateSettlement({ periodType: 'weekly', date, siteCode });
const daily = (siteCode: string, date: string) => runAffiliateSettlement({ periodType: 'daily', date, siteCode });
/** Every daily run of W1 (Monday to Sunday), one after the other. */
async function dailiesOfW1(siteCode: string): Promise<void> {
  for (let d = 12; d <= 18; d += 1) await daily(siteCode, `2026-10-${d}`);
}

const actor = (siteCode: string) => ({ adminId: 1, siteCode, meta: { ip: null, userAgent: null, method: 'POST', path: '/test' } });
const settlements = (siteCode: string) => models.AffiliateSettlement.findAll({ where: { siteCode }, order: [['id', 'ASC']], raw: true });
const review = (siteCode: string, id: number, action: 'approved' | 'rejected') =>
  req('POST', `/affiliate/admin/settlements/${id}/review`, { site: siteCode, body: { action } });

/**
 * Approves every settlement of the site (statements included), twice each, all at once; answers, per
 * status before, the distinct pairs of codes one settlement got (e.g. pending: ['200,2002']).
 */
async function approveAll(siteCode: string): Promise<Record<string, string[]>> {
  const rows = await settlements(siteCode);
  const answers = await Promise.all(rows.flatMap((r) => [review(siteCode, r.id, 'approved'), review(siteCode, r.id, 'approved')]));
  const codes: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    const pair = [answers[2 * i].body.code, answers[2 * i + 1].body.code].sort((a, b) => a - b).join();
    codes[r.status] = [...new Set([...(codes[r.status] ?? []), pair])];
  });
  return codes;
}

/** The agent's balance equals its ledger's sums, and is `amount` (available and totalEarned). */
async function paid(t: ExecutionContext, agent: User, amount: string, ledgerRows: number): Promise<void> {
  t.deepEqual(await affiliateSums(agent.id), { available: amount, totalEarned: amount, ledgerAvailable: amount, ledgerEarned: amount, ledgerRows });
}

const figures = (rows: Awaited<ReturnType<typeof settlements>>, agent: User) =>
  rows.filter((r) => r.agentId === agent.id).map((r) => [r.periodType, r.weekStart, r.status, r.totalCommission]);

test('weekly pays (the default): the daily runs over the same bets are statements, refused by the review; the week is paid once', async (t) => {
  const s = await site();
  t.deepEqual((await req('GET', '/affiliate/admin/settlement-settings', { site: s.siteCode })).body.result, {
    payingPeriod: 'weekly',
    negativeCarryOver: true,
  });
  await dailiesOfW1(s.siteCode);
  t.like(await weekly(s.siteCode, W1), { settlementsCreated: 2, totalCommission: '233.907257' });
  const rows = await settlements(s.siteCode);
  t.deepEqual(figures(rows, s.A), [
    ['daily', '2026-10-13', 'statement', '90.000005'],
    ['daily', '2026-10-14', 'statement', '75.111000'],
    ['weekly', W1, 'pending', A_WEEK],
  ]);
  t.deepEqual(figures(rows, s.U), [
    ['daily', '2026-10-13', 'statement', '37.500002'],
    ['daily', '2026-10-14', 'statement', '31.296250'],
    ['weekly', W1, 'pending', U_WEEK],
  ]);

  // A statement is neither approved nor rejected, and moves nothing.
  const statement = rows.find((r) => r.status === 'statement')!;
  for (const action of ['approved', 'rejected'] as const) {
    const res = await review(s.siteCode, statement.id, action);
    t.is(res.body.code, 2002, res.text);
    const refused = await t.throwsAsync(reviewSettlement(actor(s.siteCode), s.siteCode, statement.id, action, null), { instanceOf: Refusal });
    t.is((refused as Refusal).refusal, 'affiliate.settlementStatementOnly');
  }
  t.deepEqual(await approveAll(s.siteCode), { pending: ['200,2002'], statement: ['2002,2002'] });
  await paid(t, s.A, A_WEEK, 1);
  await paid(t, s.U, U_WEEK, 1);
  t.deepEqual((await settlements(s.siteCode)).map((r) => r.status).sort(), ['approved', 'approved', 'statement', 'statement', 'statement', 'statement']);
});

test('daily pays (the setting switched): the dailies pay, the weekly is the statement; the week is paid once', async (t) => {
  const s = await site();
  const res = await req('PATCH', '/affiliate/admin/settlement-settings', { site: s.siteCode, body: { payingPeriod: 'daily' } });
  t.deepEqual(res.body.result, { payingPeriod: 'daily', negativeCarryOver: true }, res.text);
  t.deepEqual((await req('GET', '/affiliate/admin/settlement-settings', { site: s.siteCode })).body.result, { payingPeriod: 'daily', negativeCarryOver: true });
  const log = await models.AdminOperationLog.findOne({ where: { module: 'affiliate', action: 'settlement-settings:update', siteCode: s.siteCode }, raw: true });
  t.deepEqual(log?.detail, { payingPeriod: { from: 'weekly', to: 'daily' } });

  // The weekly run first this time: the week's first run fixes it for daily, from the setting.
  await weekly(s.siteCode, W1);
  await dailiesOfW1(s.siteCode);
  const rows = await settlements(s.siteCode);
  t.deepEqual(figures(rows, s.A), [
    ['weekly', W1, 'statement', A_WEEK],
    ['daily', '2026-10-13', 'pending', '90.000005'],
    ['daily', '2026-10-14', 'pending', '75.111000'],
  ]);
  t.deepEqual(await approveAll(s.siteCode), { pending: ['200,2002'], statement: ['2002,2002'] });
  await paid(t, s.A, A_WEEK, 2);
  await paid(t, s.U, U_WEEK, 2);
});

test('a week keeps the paying period its first run found: a change in the middle of a week applies from the next week', async (t) => {
  const s = await site(true);
  await daily(s.siteCode, '2026-10-13'); // W1 is weekly-paid from here on
  await req('PATCH', '/affiliate/admin/settlement-settings', { site: s.siteCode, body: { payingPeriod: 'daily' } });
  await daily(s.siteCode, '2026-10-14');
  await weekly(s.siteCode, W1);
  await daily(s.siteCode, '2026-10-20'); // W2 is the first week touched after the change: daily-paid
  await daily(s.siteCode, '2026-10-21');
  await weekly(s.siteCode, W2);
  await req('PATCH', '/affiliate/admin/settlement-settings', { site: s.siteCode, body: { payingPeriod: 'weekly' } });
  await weekly(s.siteCode, W2); // a repeat after the switch back changes nothing
  t.deepEqual(figures(await settlements(s.siteCode), s.A), [
    ['daily', '2026-10-13', 'statement', '90.000005'],
    ['daily', '2026-10-14', 'statement', '75.111000'],
    ['weekly', W1, 'pending', A_WEEK],
    ['daily', '2026-10-20', 'pending', '90.000005'],
    ['daily', '2026-10-21', 'pending', '75.111000'],
    ['weekly', W2, 'statement', A_WEEK],
  ]);
  await approveAll(s.siteCode);
  await paid(t, s.A, '330.222010', 3);
  await paid(t, s.U, '137.592504', 3);
});

for (const payingPeriod of ['weekly', 'daily'] as const) {
  test(`${payingPeriod} pays: repeated runs, and weekly and daily runs of the week all at once, still pay once`, async (t) => {
    const s = await site();
    if (payingPeriod === 'daily') await req('PATCH', '/affiliate/admin/settlement-settings', { site: s.siteCode, body: { payingPeriod } });
    const all = () => [
      weekly(s.siteCode, W1),
      daily(s.siteCode, '2026-10-13'),
      daily(s.siteCode, '2026-10-14'),
      weekly(s.siteCode, '2026-10-18'),
      daily(s.siteCode, '2026-10-13'),
    ];
    const first = await Promise.all(all());
    t.is(
      first.reduce((n, r) => n + r.settlementsCreated, 0),
      6,
    );
    const again = await Promise.all([...all(), ...all()]);
    t.is(
      again.reduce((n, r) => n + r.settlementsCreated, 0),
      0,
    );
    const weeks = await db().query(`SELECT "weekStart"::text AS "weekStart", "payingPeriod" FROM affiliate_paying_weeks WHERE "siteCode" = :siteCode`, {
      replacements: { siteCode: s.siteCode },
      type: QueryTypes.SELECT,
    });
    t.deepEqual(weeks, [{ weekStart: W1, payingPeriod }]);
    const statuses = (await settlements(s.siteCode)).map((r) => `${r.periodType}:${r.status}`).sort();
    t.deepEqual(
      statuses,
      payingPeriod === 'weekly'
        ? ['daily:statement', 'daily:statement', 'daily:statement', 'daily:statement', 'weekly:pending', 'weekly:pending']
        : ['daily:pending', 'daily:pending', 'daily:pending', 'daily:pending', 'weekly:statement', 'weekly:statement'],
    );
    await approveAll(s.siteCode);
    await approveAll(s.siteCode);
    const rows = payingPeriod === 'weekly' ? 1 : 2;
    await paid(t, s.A, A_WEEK, rows);
    await paid(t, s.U, U_WEEK, rows);
  });
}

test('the settings endpoints: bad input is a 400 that changes nothing; read-only administrators cannot change them', async (t) => {
  const s = await site();
  const patch = (body: unknown, token?: string) =>
    req('PATCH', '/affiliate/admin/settlement-settings', { site: s.siteCode, body, ...(token ? { token } : {}) });
  for (const body of [
    {},
    { payingPeriod: 'monthly' },
    { payingPeriod: 1 },
    { payingPeriod: null },
    { negativeCarryOver: 'false' },
    { negativeCarryOver: 0 },
    { paying: 'daily' },
  ]) {
    const res = await patch(body);
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
  }
  const reader = await factories.createAdmin({ permissions: ['affiliate:read'] });
  t.is((await patch({ payingPeriod: 'daily' }, reader.token)).status, 403);
  t.deepEqual((await req('GET', '/affiliate/admin/settlement-settings', { site: s.siteCode, token: reader.token })).body.result, {
    payingPeriod: 'weekly',
    negativeCarryOver: true,
  });
  t.is(await models.AdminOperationLog.count({ where: { module: 'affiliate', action: 'settlement-settings:update', siteCode: s.siteCode } }), 0);

  // negativeCarryOver alone, other keys of the site's settings kept; a repeat changes and logs nothing.
  const res = await patch({ negativeCarryOver: false });
  t.deepEqual(res.body.result, { payingPeriod: 'weekly', negativeCarryOver: false }, res.text);
  await patch({ negativeCarryOver: false });
  t.is(await models.AdminOperationLog.count({ where: { module: 'affiliate', action: 'settlement-settings:update', siteCode: s.siteCode } }), 1);
  const config = await models.SiteConfig.findOne({ where: { siteCode: s.siteCode }, raw: true });
  t.deepEqual(config?.settings.affiliate, { negativeCarryOver: false });
  t.truthy(config?.settings.mail, 'the rest of the settings is kept');
});
