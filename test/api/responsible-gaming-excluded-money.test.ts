import { randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { DepositOrder, PromotionClaim, type User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { creditDeposit } from '../../shared/domain/deposit';
import { addMissionDepositProgress } from '../../shared/domain/mission';
import { moveBalance } from '../../shared/domain/wallet';
import { createAdmin, createSite, paidDeposit } from '../helpers/factories';
import { createPromotion, ledgerMatches } from '../helpers/promotions';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { balancesAndLedger, readyPlayer } from '../helpers/withdrawals';

/**
 * What an excluded player may and may not get (docs/decisions/responsible-gaming.md, "An excluded player's money: the cash
 * is withdrawable, rewards are forfeited or withheld"): a cooling-off or self-exclusion forfeits the
 * promotion rewards whose turnover is open (a `promo-forfeit` row of the player's ledger, never below 0)
 * and waives the withdrawal's turnover rule (2008, 2009), which still refuses without an exclusion;
 * mission and promotion claims refuse an excluded player (4101, 4102), also when the exclusion starts
 * while they run.
 */
let stack: TestStack;
let site: string;
let adminToken: string;
test.before(async () => {
  stack = await startTestStack({ RATE_LIMIT_PROMO_CLAIM_PER_USER: '1000' });
  site = await createSite();
  adminToken = (await createAdmin()).token;
});
test.after.always(async () => {
  await stack?.close();
});

const api = (method: string, path: string, token: string, body?: unknown) =>
  stack.request(method, `/api${path}`, { token, body, headers: { 'site-name': site, locales: 'en-US' } });
const withdraw = (token: string, addressId: number, amount: string) =>
  api('POST', '/withdrawal/request', token, { amount, cryptoAddressId: addressId, verifyCode: '482916' });
const missionClaim = (token: string, id: number) => api('POST', `/mission/${id}/claim`, token);
const promoClaim = (token: string, id: number) => api('POST', `/promo/${id}/claim`, token);

function code(t: ExecutionContext, res: ApiResponse, expected: number): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, expected, res.text);
}

/** A deposit of `usd` paid and credited through the deposit worker's function (a `deposit` ledger row). */
async function creditedDeposit(user: User, usd: string): Promise<void> {
  await paidDeposit(user, usd);
  const order = await DepositOrder.findOne({ where: { userId: user.id, creditedAt: null }, order: [['id', 'DESC']] });
  if (!(await creditDeposit(Number(order!.id))).credited) throw new Error('deposit not credited');
}

/** The player's wallet history as an operator reads it (GET /admin/users/:userId/ledger), newest first. */
async function walletHistory(userId: number): Promise<Array<{ kind: string; amount: string; balanceAfter: string; refType: string | null }>> {
  const res = await stack.request('GET', `/api/admin/users/${userId}/ledger?pageSize=50`, { token: adminToken, headers: { 'x-site-code': site } });
  if (res.body.code !== 200) throw new Error(res.text);
  return res.body.result.items;
}

async function missionIds(): Promise<number[]> {
  const rows = await db().query<{ id: number }>(`SELECT id FROM missions WHERE "siteCode" = :site AND category = 'deposit' AND tier IN (1, 2) ORDER BY id`, {
    replacements: { site },
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => r.id);
}

test.serial('a self-exclusion forfeits the open promotion reward (a ledger row) and the rest can be withdrawn; without one 2008 and 2009 refuse', async (t) => {
  const promo = await createPromotion({ siteCode: site, rewardAmount: '30', turnoverMultiplier: '5' });
  const { user, token, address } = await readyPlayer({ siteCode: site, balance: '0' });
  await creditedDeposit(user, '100');
  code(t, await promoClaim(token, promo.id), 200);
  t.is((await balancesAndLedger(user.id)).balance, '130.000000');
  // Not excluded: the promotion's turnover (2008), then the deposit's (2009) refuse.
  code(t, await withdraw(token, address.id, '50'), 2008);
  const depositOnly = await readyPlayer({ siteCode: site, balance: '0' });
  await creditedDeposit(depositOnly.user, '40');
  code(t, await withdraw(depositOnly.token, depositOnly.address.id, '40'), 2009);

  const excluded = await api('POST', '/responsible-gaming/self-exclusion', token, { months: 6 });
  code(t, excluded, 200);
  const [forfeit] = await walletHistory(user.id);
  t.like(forfeit, { kind: 'promo-forfeit', amount: '-30.000000', balanceAfter: '100.000000', refType: 'promotion-claim' });
  const claim = await PromotionClaim.findOne({ where: { userId: user.id } });
  t.like(claim!.get({ plain: true }), { turnoverCompleted: 1, forfeitedAmount: '30.000000' });
  t.truthy(claim!.forfeitLedgerId);
  const status = await api('GET', '/withdrawal/turnover-status', token);
  t.like(status.body.result, { canWithdraw: true, promo: { pendingCount: 0 }, deposit: { completed: false } });
  // The cash balance is withdrawn although the deposit's turnover never completed.
  const ok = await withdraw(token, address.id, '100');
  code(t, ok, 200);
  t.like(await balancesAndLedger(user.id), { balance: '0.000000', frozen: '100.000000', ledger: '0.000000', ledgerFrozen: '100.000000' });
  // Another player's cooling-off (by an operator) waives it too.
  const admin = await stack.request('PUT', `/api/responsible-gaming/admin/players/${depositOnly.user.id}/exclusion`, {
    token: adminToken,
    headers: { 'x-site-code': site },
    body: { kind: 'cooling-off', until: new Date(Date.now() + 7 * 86_400_000).toISOString(), reason: 'player asked by phone' },
  });
  code(t, admin, 200);
  code(t, await withdraw(depositOnly.token, depositOnly.address.id, '40'), 200);
});

test.serial('a cooling-off forfeits no more than the balance: the reward of 30 with 5 left takes 5, and the balance stays at 0', async (t) => {
  const promo = await createPromotion({ siteCode: site, rewardAmount: '30', turnoverMultiplier: '2' });
  const { user, token } = await readyPlayer({ siteCode: site, balance: '0' });
  code(t, await promoClaim(token, promo.id), 200);
  await db().transaction((transaction) =>
    moveBalance(transaction, { userId: user.id, amount: '-25', kind: 'adjustment', idempotencyKey: `test:spent:${user.id}` }),
  );
  code(t, await api('POST', '/responsible-gaming/cooling-off', token, { days: 7 }), 200);
  const [forfeit] = await walletHistory(user.id);
  t.like(forfeit, { kind: 'promo-forfeit', amount: '-5.000000', balanceAfter: '0.000000' });
  const claim = await PromotionClaim.findOne({ where: { userId: user.id } });
  t.is(claim!.get('forfeitedAmount'), '5.000000');
  t.true(await ledgerMatches(user.id));
  // A second exclusion (extending it) takes nothing more.
  code(t, await api('POST', '/responsible-gaming/self-exclusion', token, { months: 6 }), 200);
  t.is((await walletHistory(user.id)).filter((row) => row.kind === 'promo-forfeit').length, 1);
});

test.serial('an excluded player claims no mission reward (4101, 4102) and nothing is paid or written', async (t) => {
  const [daily] = await missionIds();
  for (const [path, body, expected] of [
    ['/responsible-gaming/self-exclusion', { months: 6 }, 4101],
    ['/responsible-gaming/cooling-off', { days: 1 }, 4102],
  ] as const) {
    const { user, token } = await readyPlayer({ siteCode: site, balance: '10' });
    await db().transaction((tx) => addMissionDepositProgress(tx, user.id, '5000', `dep-${randomBytes(6).toString('hex')}`));
    code(t, await api('POST', path, token, body), 200);
    code(t, await missionClaim(token, daily), expected);
    t.is((await balancesAndLedger(user.id)).balance, '10.000000');
    const [{ n }] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM mission_claims WHERE "userId" = :id', {
      replacements: { id: user.id },
      type: QueryTypes.SELECT,
    });
    t.is(n, 0);
  }
});

test.serial(
  'claims waiting on an exclusion that is starting (its transaction holds the player row) are refused once it commits, and pay nothing',
  async (t) => {
    const [daily] = await missionIds();
    const promo = await createPromotion({ siteCode: site, rewardAmount: '7' });
    const { user, token } = await readyPlayer({ siteCode: site, balance: '10' });
    await db().transaction((tx) => addMissionDepositProgress(tx, user.id, '5000', `dep-${randomBytes(6).toString('hex')}`));
    const holder = new Client({ connectionString: stack.databaseUrl });
    await holder.connect();
    try {
      // An exclusion starting as every exclusion starts: the player's row, then the protection row.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
      await holder.query('SELECT rg_account($1)', [user.id]);
      await holder.query(`UPDATE rg_accounts SET "selfExcludedUntil" = now() + interval '6 months' WHERE "userId" = $1`, [user.id]);
      const claims = [missionClaim(token, daily), promoClaim(token, promo.id)];
      await new Promise((r) => setTimeout(r, 500));
      await holder.query('COMMIT');
      for (const res of await Promise.all(claims)) code(t, res, 4101);
    } finally {
      await holder.end();
    }
    t.is((await balancesAndLedger(user.id)).balance, '10.000000');
  },
);

test.serial('a promotion claim committing while a self-exclusion waits for the player row: the exclusion forfeits that reward too', async (t) => {
  const holder = new Client({ connectionString: stack.databaseUrl });
  await holder.connect();
  // A backend of this database waiting for a lock while running `statement` (the workers' own waits do not count).
  const waitingIn = async (statement: string): Promise<void> => {
    for (let i = 0; i < 500; i += 1) {
      // pg_stat_activity is read once per transaction, and the holder is in one: take a fresh look each time.
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await holder.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1 AND pid <> pg_backend_pid()`,
        [`%${statement}%`],
      );
      if (rows.length) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`nothing waits in ${statement}`);
  };
  const outcomes: number[] = [];
  try {
    for (let round = 0; round < 3; round += 1) {
      const promo = await createPromotion({ siteCode: site, rewardAmount: '7', turnoverMultiplier: '3' });
      const { user, token } = await readyPlayer({ siteCode: site, balance: '10' });
      // The player's row is held; the claim (its row inserted, not committed) waits in its wallet move, then
      // the exclusion (its claims locked: none seen) waits for the row. When the holder lets go, Postgres may
      // hand the row to either (the claim's key-share lock on the row lets the exclusion through): the claim
      // is paid and then forfeited by the exclusion, or refused after it. Either way nothing stays open.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
      const claim = promoClaim(token, promo.id);
      await waitingIn('wallet_move');
      const exclusion = api('POST', '/responsible-gaming/self-exclusion', token, { months: 6 });
      await waitingIn(`SELECT id FROM users WHERE id IN (${user.id}) ORDER BY id FOR NO KEY UPDATE`);
      await holder.query('COMMIT');
      const claimed = await claim;
      code(t, await exclusion, 200);
      t.true([200, 4101].includes(claimed.body.code), claimed.text);
      outcomes.push(claimed.body.code);
      t.is(await PromotionClaim.count({ where: { userId: user.id, turnoverCompleted: 0 } }), 0, 'no reward stays open');
      t.is((await balancesAndLedger(user.id)).balance, '10.000000');
      t.deepEqual(
        (await walletHistory(user.id)).map((row) => [row.kind, row.amount]),
        claimed.body.code === 200
          ? [
              ['promo-forfeit', '-7.000000'],
              ['promo-reward', '7.000000'],
              ['adjustment', '10.000000'],
            ]
          : [['adjustment', '10.000000']],
      );
      t.true(await ledgerMatches(user.id));
    }
  } finally {
    await holder.end();
  }
  t.log(
    `claims paid then forfeited: ${outcomes.filter((c) => c === 200).length} of 3, refused after the exclusion: ${outcomes.filter((c) => c === 4101).length}`,
  );
});

test.serial(
  'a self-exclusion racing mission and promotion claims: every claim is paid before it or refused after it, open promotion rewards end forfeited, the ledger holds',
  async (t) => {
    const ids = await missionIds();
    const promos = await Promise.all([1, 2, 3].map(() => createPromotion({ siteCode: site, rewardAmount: '7', turnoverMultiplier: '3' })));
    for (let round = 0; round < 3; round += 1) {
      const { user, token } = await readyPlayer({ siteCode: site, balance: '10' });
      await db().transaction((tx) => addMissionDepositProgress(tx, user.id, '5000', `dep-${randomBytes(6).toString('hex')}`));
      const claims = [...ids.map((id) => missionClaim(token, id)), ...promos.map((p) => promoClaim(token, p.id))];
      const exclusion = api('POST', '/responsible-gaming/self-exclusion', token, { months: 6 });
      const answers = await Promise.all([...claims, exclusion]);
      code(t, answers[answers.length - 1], 200);
      for (const res of answers.slice(0, -1)) t.true([200, 4101].includes(res.body.code), res.text);
      // Any promotion reward paid before the exclusion was forfeited by it; none is still open.
      const open = await PromotionClaim.count({ where: { userId: user.id, turnoverCompleted: 0 } });
      t.is(open, 0);
      const paid = await db().query<{ kind: string; total: string }>(
        `SELECT kind, sum(amount)::text AS total FROM game_transactions WHERE "userId" = :id AND kind IN ('promo-reward', 'promo-forfeit') GROUP BY kind`,
        { replacements: { id: user.id }, type: QueryTypes.SELECT },
      );
      const total = paid.reduce((sum, row) => sum + Number(row.total), 0);
      t.is(total, 0);
      t.true(await ledgerMatches(user.id));
      // After it, nothing pays.
      code(t, await missionClaim(token, ids[0]), 4101);
    }
  },
);
