import test, { type ExecutionContext } from 'ava';
import { DepositOrder } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { creditDeposit } from '../../shared/domain/deposit';
import { expireDeposits } from '../../shared/domain/deposit/expiry';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { createDepositor, DEPOSIT_ENV, postUsdtCallback, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * An operator's credit of a flagged deposit order (docs/decisions/deposit.md, "An operator's credit of a flagged
 * deposit asks the rules a new order would"): a late payment of an expired order and a paid amount that
 * differs are credited only when the deposit limit and the KYC deposit gate allow what was paid (else
 * 4104, 2301, and the order stays flagged, waiting), a late credit counts against the limit of the day it
 * is credited, and an exclusion does not keep the player's money from the balance (it cannot be bet).
 */
let stack: TestStack;
let req: AdminRequest;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let site: string;
test.before(async () => {
  ({ stack, req, factories, models } = await startAdminStack({
    permissions: ['deposit:read', 'deposit:write'],
    env: { ...DEPOSIT_ENV, DEPOSIT_EXPIRE_AFTER_MINUTES: '60' },
    headers: { locales: 'en-US' },
  }));
  site = await factories.createSite();
  await resetDepositMocks();
});
test.after.always(async () => {
  await stack?.close();
});

const player = (token: string, method: string, path: string, body?: unknown) =>
  stack.request(method, `/api${path}`, { token, body, headers: { 'site-name': site, locales: 'en-US' } });

async function order(token: string, amount: string): Promise<DepositOrder> {
  const subOrder = unique();
  const channel = await usdtChannel(site);
  const res = await player(token, 'POST', '/deposit', { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: amount });
  if (res.body.code !== 200) throw new Error(res.text);
  return (await DepositOrder.findOne({ where: { subOrder } }))!;
}

/** An order of `amount` made `daysAgo` days ago, expired by the sweep, then paid late: flagged `late-payment`. */
async function latePaid(token: string, amount: string, daysAgo = 0): Promise<DepositOrder> {
  const made = await order(token, amount);
  await db().query(`UPDATE deposit_orders SET "createdAt" = now() - make_interval(days => :days, mins => 90) WHERE id = :id`, {
    replacements: { id: made.id, days: daysAgo },
  });
  await expireDeposits();
  await postUsdtCallback(stack, { subOrder: made.subOrder, payAmount: amount, txHash: unique('0x'), payTime: 'now' });
  const flagged = (await DepositOrder.findByPk(made.id))!;
  if (flagged.flag !== 'late-payment') throw new Error(`not flagged: ${flagged.status} ${flagged.flag}`);
  return flagged;
}

async function paid(token: string, amount: string): Promise<void> {
  const made = await order(token, amount);
  await postUsdtCallback(stack, { subOrder: made.subOrder, payAmount: amount, txHash: unique('0x'), payTime: 'now' });
  await creditDeposit(Number(made.id));
}

const resolve = (id: string | number, action: 'credit' | 'fail') =>
  req('POST', `/deposit/admin/orders/${id}/resolve`, { site, body: { action, reason: 'checked with the chain' } });
const balanceOf = async (userId: number) => (await models.User.findByPk(userId))!.balance;

function code(t: ExecutionContext, res: ApiResponse, expected: number): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, expected, res.text);
}

async function dayLimit(t: ExecutionContext, token: string, amount: string): Promise<void> {
  code(t, await player(token, 'PUT', '/responsible-gaming/limits', { type: 'deposit', period: 'day', amount }), 200);
}

test.serial('a late payment that would pass the deposit limit is not credited (4104): the order waits flagged; failing it records the refund', async (t) => {
  const { user, token } = await createDepositor({ siteCode: site });
  await dayLimit(t, token, '100');
  const late = await latePaid(token, '80');
  await paid(token, '90'); // the expired order did not count: 90 fits
  const res = await resolve(late.id, 'credit');
  code(t, res, 4104);
  t.is(res.body.message, 'This deposit would exceed your deposit limit');
  t.like((await DepositOrder.findByPk(late.id))!.get({ plain: true }), { status: 'failed', flag: 'late-payment', resolution: null, usdAmount: null });
  t.is(await balanceOf(user.id), '90.000000');
  // The operator pays it back: failed with the reason, what was paid kept on the order.
  code(t, await resolve(late.id, 'fail'), 200);
  t.like((await DepositOrder.findByPk(late.id))!.get({ plain: true }), { status: 'failed', resolution: 'fail', payAmount: '80.000000' });
});

test.serial("a late payment credited today counts against today's deposit limit, though its order was made days ago", async (t) => {
  const { user, token } = await createDepositor({ siteCode: site });
  await dayLimit(t, token, '100');
  const late = await latePaid(token, '30', 3);
  code(t, await resolve(late.id, 'credit'), 200);
  t.like(await creditDeposit(Number(late.id)), { credited: true, usdAmount: '30.000000' });
  t.is(await balanceOf(user.id), '30.000000');
  const channel = await usdtChannel(site);
  code(t, await player(token, 'POST', '/deposit', { channelId: channel.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '80' }), 4104);
  code(t, await player(token, 'POST', '/deposit', { channelId: channel.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '70' }), 200);
});

test.serial('a paid amount above the order that takes lifetime deposits past the KYC threshold is not credited unverified (2301)', async (t) => {
  const { user, token } = await createDepositor({ siteCode: site });
  const made = await order(token, '1500');
  await postUsdtCallback(stack, { subOrder: made.subOrder, payAmount: '2500', txHash: unique('0x'), payTime: 'now' });
  t.is((await DepositOrder.findByPk(made.id))!.flag, 'amount-mismatch');
  code(t, await resolve(made.id, 'credit'), 2301);
  t.like((await DepositOrder.findByPk(made.id))!.get({ plain: true }), { status: 'pending', resolution: null });
  t.is(await balanceOf(user.id), '0.000000');
});

test.serial("an excluded player's late payment is credited: the money is the player's, new deposits stay refused", async (t) => {
  const { user, token } = await createDepositor({ siteCode: site });
  const late = await latePaid(token, '25');
  code(t, await player(token, 'POST', '/responsible-gaming/cooling-off', { days: 7 }), 200);
  code(t, await resolve(late.id, 'credit'), 200);
  t.like(await creditDeposit(Number(late.id)), { credited: true });
  t.is(await balanceOf(user.id), '25.000000');
  const channel = await usdtChannel(site);
  code(t, await player(token, 'POST', '/deposit', { channelId: channel.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '10' }), 4102);
});
