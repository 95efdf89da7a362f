import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { createDepositor, DEPOSIT_ENV, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { moneyOf } from '../helpers/bonus';
import type { TestStack } from '../helpers/stack';

/**
 * Deposit offers (docs/decisions/bonus.md, "Deposit offers"): the operators' offers (bad percent, dates,
 * a code taken), a deposit opting in with bonusCode (unknown, another site's, used twice), and the grant
 * made when the deposit is credited: percent of the deposit up to the cap, once per player and offer, only
 * for a qualifying deposit.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let req: AdminRequest;
let db: typeof import('../../shared/db/sequelize').db;
let deposit: typeof import('../../shared/domain/deposit');
let site: string;

test.before(async () => {
  ({ stack, factories, req } = await startAdminStack({ env: DEPOSIT_ENV, headers: { locales: 'en-US' } }));
  db = (await import('../../shared/db/sequelize')).db;
  deposit = await import('../../shared/domain/deposit');
  site = await factories.createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

const day = 86_400_000;
const offerBody = (overrides: Record<string, unknown> = {}) => ({
  code: unique('OFF'),
  name: 'Welcome match',
  percent: '50',
  maxBonus: '40',
  minDeposit: '10',
  qualifying: 'first',
  wageringMultiplier: '20',
  maxBet: '4',
  maxConversion: '100',
  validDays: 7,
  startsAt: new Date(Date.now() - day).toISOString(),
  endsAt: new Date(Date.now() + day).toISOString(),
  ...overrides,
});

/** A crypto order with `bonusCode`, then paid and credited as the worker credits it. */
async function depositWith(token: string, amount: string, bonusCode?: string) {
  const channel = await usdtChannel(site);
  const subOrder = unique();
  const res = await stack.request('POST', '/api/deposit', {
    token,
    body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: amount, ...(bonusCode ? { bonusCode } : {}) },
    headers: { locales: 'en-US' },
  });
  return { res, subOrder };
}

async function payAndCredit(subOrder: string, usd: string) {
  const [order] = await db().query<{ id: string }>(
    `UPDATE deposit_orders SET status = 'paid', "usdAmount" = $2, "paidAt" = now() WHERE "subOrder" = $1 RETURNING id`,
    { bind: [subOrder, usd], type: QueryTypes.SELECT },
  );
  return deposit.creditDeposit(Number(order.id));
}

test.serial('offers: created, listed and changed by operators (logged); bad percent, dates, missing deposit number and a taken code are refused', async (t) => {
  const made = await req('POST', '/bonus/admin/offers', { body: offerBody({ code: 'WELCOME50' }), site });
  t.is(made.body.code, 200, made.text);
  t.like(made.body.result, { code: 'WELCOME50', percent: '50.00', maxBonus: '40.000000', qualifying: 'first', depositNumber: null, enabled: true });
  for (const [bad, field] of [
    [{ percent: '0' }, 'percent'],
    [{ percent: '1000.01' }, 'percent'],
    [{ maxBonus: '-1' }, 'maxBonus'],
    [{ endsAt: new Date(Date.now() - 2 * day).toISOString() }, 'endsAt'],
    [{ qualifying: 'nth' }, 'depositNumber'],
    [{ qualifying: 'second' }, 'qualifying'],
    [{ wageringMultiplier: '5000' }, 'wageringMultiplier'],
  ] as const) {
    const res = await req('POST', '/bonus/admin/offers', { body: offerBody(bad), site });
    t.is(res.status, 400, `${JSON.stringify(bad)} ${res.text}`);
    t.is(res.body.errors[0].field, field);
  }
  t.is((await req('POST', '/bonus/admin/offers', { body: offerBody({ code: 'WELCOME50' }), site })).body.code, 2005);
  const patched = await req('PATCH', `/bonus/admin/offers/${made.body.result.id}`, { body: { percent: 75, enabled: false }, site });
  t.is(patched.body.code, 200, patched.text);
  t.like(patched.body.result, { percent: '75.00', enabled: false });
  const early = await req('PATCH', `/bonus/admin/offers/${made.body.result.id}`, { body: { endsAt: new Date(Date.now() - 3 * day).toISOString() }, site });
  t.is(early.status, 400);
  t.is((await req('PATCH', `/bonus/admin/offers/${made.body.result.id}`, { body: { percent: 10 } })).body.code, 2006); // another site
  const list = await req('GET', '/bonus/admin/offers', { site });
  t.true(list.body.result.some((o: { code: string }) => o.code === 'WELCOME50'));
});

test.serial('a deposit with a bonus code: the grant at the credit (percent up to the cap), once; an unknown, disabled or used code is refused', async (t) => {
  const offer = (await req('POST', '/bonus/admin/offers', { body: offerBody(), site })).body.result;
  const { token, user } = await createDepositor({ siteCode: site });
  t.is((await depositWith(token, '100', 'NO-SUCH-CODE')).res.body.code, 2007);
  const first = await depositWith(token, '100', offer.code.toLowerCase());
  t.is(first.res.body.code, 200, first.res.text);
  const credited = await payAndCredit(first.subOrder, '100');
  t.true(credited.credited);
  const money = await moneyOf(user.id);
  t.is(money.balance, '100.000000');
  t.is(money.bonusBalance, '40.000000'); // 50 % of 100 capped at 40
  const [grant] = await db().query<Record<string, string>>('SELECT * FROM bonus_grants WHERE "userId" = $1', { bind: [user.id], type: QueryTypes.SELECT });
  t.like(grant, { source: 'deposit-offer', offerId: String(offer.id), status: 'active' });
  t.is(Number(grant.wageringRequired), 800);
  // The code again: refused at the order (used), and a credit of an order that named it grants nothing more.
  t.is((await depositWith(token, '50', offer.code)).res.body.code, 2008);

  const disabled = (await req('POST', '/bonus/admin/offers', { body: offerBody({ enabled: false }), site })).body.result;
  t.is((await depositWith(token, '50', disabled.code)).res.body.code, 2007);
  const elsewhere = await factories.createSite();
  const foreign = (await req('POST', '/bonus/admin/offers', { body: offerBody(), site: elsewhere })).body.result;
  t.is((await depositWith(token, '50', foreign.code)).res.body.code, 2007);
});

test.serial('a first-deposit offer on a second deposit, or a deposit below its minimum, is credited without a grant', async (t) => {
  const offer = (await req('POST', '/bonus/admin/offers', { body: offerBody({ minDeposit: '30' }), site })).body.result;
  const { token, user } = await createDepositor({ siteCode: site });
  const small = await depositWith(token, '20', offer.code);
  t.is(small.res.body.code, 200);
  const second = await depositWith(token, '100', offer.code);
  t.is(second.res.body.code, 200);
  t.true((await payAndCredit(small.subOrder, '20')).credited);
  t.true((await payAndCredit(second.subOrder, '100')).credited);
  const money = await moneyOf(user.id);
  t.is(money.balance, '120.000000');
  t.is(money.bonusBalance, '0.000000');
  t.is(money.bonusRows.length, 0);
});
