import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { agentWithCommission } from '../helpers/affiliate-money';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';
import { CODE, readyPlayer } from '../helpers/withdrawals';

/**
 * `npm run audit:verify` reconciles the state with the chains (docs/audit-chains.md, "State against the
 * chains"): after real activity (bets, a deposit, a withdrawal hold, an agent's commission and its
 * withdrawal hold, exclusions) it reports no problem; a balance, a frozen balance, a hold's status, an
 * agent's balance or an exclusion's end changed directly in SQL is named by table, id, field, expected
 * and found, and the script exits 1.
 */

let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];
let db: SimulateStack['db'];
let verify: typeof import('../../shared/domain/audit');

test.before(async () => {
  ({ stack, factories, models, db } = await startSimulateStack());
  verify = await import('../../shared/domain/audit');
});
test.after.always(async () => {
  await drainOutboxAndClose(models, stack, 5000);
});

const exec = (text: string, replacements: Record<string, unknown> = {}) => db().query(text, { replacements });
const one = async <T extends object>(text: string, replacements: Record<string, unknown> = {}) =>
  (await db().query<T>(text, { replacements, type: QueryTypes.SELECT }))[0];

async function runScript(): Promise<{ code: number; stdout: string }> {
  const root = path.join(__dirname, '..', '..');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import=tsx', path.join(root, 'scripts', 'audit-verify.ts')], { cwd: root, env: process.env }, (err, stdout) =>
      resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout }),
    );
  });
}

const stateOf = (report: Awaited<ReturnType<typeof verify.verifyChains>>) =>
  report.problems
    .filter((p) => p.kind === 'state')
    .map(({ state }) => ({ table: state!.table, id: state!.id, field: state!.field, expected: state!.expected, found: state!.found }));

interface Activity {
  player: number;
  withdrawer: number;
  withdrawalId: number;
  agent: number;
  agentWithdrawalId: number;
  excluded: number;
}
let activity: Activity;

test.serial('real activity (bets, a deposit, a withdrawal hold, an agent balance and its hold, exclusions): no problem, exit 0', async (t) => {
  const { user, token } = await factories.createUser({ balance: '100' });
  for (let i = 0; i < 3; i += 1) {
    const res = await stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 1, betAmount: 1 } });
    t.is(res.body.code, 200, res.text);
  }
  const order = await models.DepositOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    channelId: 1,
    channelCode: 'usdt',
    currency: 'USDT',
    subOrder: `SO${randomBytes(8).toString('hex')}`,
    orderAmount: '25',
    paymentMethod: 'crypto',
    status: 'paid',
    exchangeRate: '1',
    payAmount: '25',
    usdAmount: '25',
    request: {},
    paidAt: new Date(),
  });
  const { creditDeposit } = await import('../../shared/domain/deposit');
  t.like(await creditDeposit(Number(order.id)), { credited: true });

  const ready = await readyPlayer({ balance: '50' });
  const held = await stack.request('POST', '/api/withdrawal/request', {
    token: ready.token,
    body: { amount: '20', cryptoAddressId: ready.address.id, verifyCode: CODE },
  });
  t.is(held.body.code, 200, held.text);
  const withdrawal = await one<{ id: number }>('SELECT id FROM withdrawals WHERE "userId" = :u', { u: ready.user.id });

  const agent = await agentWithCommission('100');
  const agentHeld = await stack.request('POST', '/api/affiliate/withdrawals/request', {
    token: agent.token,
    body: { amount: 30, method: 'crypto', targetId: agent.address.id },
  });
  t.is(agentHeld.body.code, 200, agentHeld.text);
  const agentWithdrawal = await one<{ id: number }>('SELECT id FROM affiliate_withdrawals WHERE "agentId" = :u', { u: agent.user.id });

  const excluded = await factories.createUser({ balance: '10' });
  t.is((await stack.request('POST', '/api/responsible-gaming/cooling-off', { token: excluded.token, body: { days: 1 } })).body.code, 200);
  t.is((await stack.request('POST', '/api/responsible-gaming/self-exclusion', { token: excluded.token, body: { months: 12 } })).body.code, 200);

  activity = {
    player: user.id,
    withdrawer: ready.user.id,
    withdrawalId: withdrawal.id,
    agent: agent.user.id,
    agentWithdrawalId: agentWithdrawal.id,
    excluded: excluded.user.id,
  };
  const report = await verify.verifyChains();
  t.deepEqual(report.problems, [], verify.verifyReportText(report));
  const run = await runScript();
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /OK: every chain holds .*balances, holds and exclusions agree with them/);
});

test.serial('each kind of state changed in SQL is named (table, id, field, expected, found), exit 1; put back, no problem', async (t) => {
  const a = activity;
  t.truthy(a, 'the activity of the first test');
  const before = {
    player: await one<{ balance: string }>('SELECT balance::TEXT AS balance FROM users WHERE id = :id', { id: a.player }),
    withdrawer: await one<{ balance: string; frozen: string }>('SELECT balance::TEXT AS balance, "frozenBalance"::TEXT AS frozen FROM users WHERE id = :id', {
      id: a.withdrawer,
    }),
    agent: await one<{ available: string; frozen: string }>(
      'SELECT available::TEXT AS available, frozen::TEXT AS frozen FROM affiliate_accounts WHERE "userId" = :id',
      { id: a.agent },
    ),
    excluded: await one<{ self: Date }>('SELECT "selfExcludedUntil" AS self FROM rg_accounts WHERE "userId" = :id', { id: a.excluded }),
  };
  t.is(before.withdrawer.frozen, '20.000000');
  t.is(before.agent.frozen, '30.000000');
  const plus = (money: string, n: number) => (Number(money) + n).toFixed(6);

  // A player's balance, raised behind the wallet.
  await exec('UPDATE users SET balance = balance + 5000 WHERE id = :id', { id: a.player });
  // A withdrawal hold: the request's status moved to rejected without the release.
  await exec(`UPDATE withdrawals SET status = 'rejected' WHERE id = :id`, { id: a.withdrawalId });
  // An agent's available balance raised, and its commission withdrawal completed without the payout.
  await exec('UPDATE affiliate_accounts SET available = available + 10 WHERE "userId" = :id', { id: a.agent });
  await exec(`UPDATE affiliate_withdrawals SET status = 'completed' WHERE id = :id`, { id: a.agentWithdrawalId });
  // A self-exclusion ended early, and a cooling-off that no history row explains.
  await exec(`UPDATE rg_accounts SET "selfExcludedUntil" = '2020-01-01T00:00:00Z' WHERE "userId" = :id`, { id: a.excluded });
  const stranger = await factories.createUser();
  await exec(`INSERT INTO rg_accounts ("userId", "siteCode", "coolingOffUntil") VALUES (:id, :site, '2030-01-01T00:00:00Z')`, {
    id: stranger.user.id,
    site: stranger.user.siteCode,
  });

  const report = await verify.verifyChains();
  t.false(report.ok);
  t.deepEqual(stateOf(report), [
    { table: 'users', id: String(a.player), field: 'balance', expected: before.player.balance, found: plus(before.player.balance, 5000) },
    { table: 'users', id: String(a.withdrawer), field: 'frozenBalance', expected: '0.000000', found: '20.000000' },
    { table: 'affiliate_accounts', id: String(a.agent), field: 'available', expected: before.agent.available, found: plus(before.agent.available, 10) },
    { table: 'affiliate_accounts', id: String(a.agent), field: 'frozen', expected: '0.000000', found: '30.000000' },
    {
      table: 'rg_accounts',
      id: String(a.excluded),
      field: 'selfExcludedUntil',
      expected: before.excluded.self.toISOString(),
      found: '2020-01-01T00:00:00.000Z',
    },
    { table: 'rg_accounts', id: String(stranger.user.id), field: 'coolingOffUntil', expected: null, found: '2030-01-01T00:00:00.000Z' },
  ]);
  t.is(report.problems.filter((p) => p.kind !== 'state').length, 0, verify.verifyReportText(report));
  const run = await runScript();
  t.is(run.code, 1, run.stdout);
  t.regex(
    run.stdout,
    new RegExp(
      `state +users ${a.player} balance: expected ${before.player.balance} \\(the balanceAfter of game_transactions row \\d+\\), found ${plus(before.player.balance, 5000)}`,
    ),
  );
  t.regex(
    run.stdout,
    new RegExp(`state +users ${a.withdrawer} frozenBalance: expected 0.000000 \\(the sum of the pending and approved withdrawals\\), found 20.000000`),
  );
  t.regex(run.stdout, new RegExp(`state +rg_accounts ${stranger.user.id} coolingOffUntil: expected null \\(no cooling-off in rg_history\\)`));

  // A frozen balance changed: it differs from the ledger's last row and from the open holds.
  await exec(`UPDATE withdrawals SET status = 'pending' WHERE id = :id`, { id: a.withdrawalId });
  await exec('UPDATE users SET "frozenBalance" = "frozenBalance" + 1 WHERE id = :id', { id: a.withdrawer });
  t.deepEqual(
    stateOf(await verify.verifyChains()).filter((p) => p.id === String(a.withdrawer)),
    [
      { table: 'users', id: String(a.withdrawer), field: 'frozenBalance', expected: '20.000000', found: '21.000000' },
      { table: 'users', id: String(a.withdrawer), field: 'frozenBalance', expected: '20.000000', found: '21.000000' },
    ],
  );

  // Put back: no problem.
  await exec('UPDATE users SET balance = balance - 5000 WHERE id = :id', { id: a.player });
  await exec('UPDATE users SET "frozenBalance" = "frozenBalance" - 1 WHERE id = :id', { id: a.withdrawer });
  await exec('UPDATE affiliate_accounts SET available = available - 10 WHERE "userId" = :id', { id: a.agent });
  await exec(`UPDATE affiliate_withdrawals SET status = 'pending' WHERE id = :id`, { id: a.agentWithdrawalId });
  await exec(`UPDATE rg_accounts SET "selfExcludedUntil" = :self WHERE "userId" = :id`, { id: a.excluded, self: before.excluded.self });
  await exec('DELETE FROM rg_accounts WHERE "userId" = :id', { id: stranger.user.id });
  const after = await verify.verifyChains();
  t.deepEqual(after.problems, [], verify.verifyReportText(after));
});
