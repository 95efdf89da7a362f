import Decimal from 'decimal.js';
import { UniqueConstraintError } from 'sequelize';
import { offerForDeposit } from '../bonus';
import { DepositOrder, type PaymentChannel } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import { createVendorOrder, fiatvendorSettings, type VendorOrderKind } from '../../integrations/fiatvendor';
import { PaymentHttpError } from '../../integrations/payment-http';
import { logger } from '../../logger';
import { checkPlayerOnNationalRegister, requireDepositLevel } from '../kyc';
import { checkDepositOrder } from '../responsible-gaming';
import type { RefusalName } from '../refusals';
import { availableChannels } from './channels';
import { depositRate } from './rates';
import type { PaymentMethod } from './channel-fields';

/**
 * Deposit orders (docs/payments.md, "Creating an order"). The row is written
 * (pending, with the rate it will convert at) BEFORE the vendor is called, so a callback that comes back
 * before the vendor's answer finds its order; if the vendor refuses (`atmOrderRefused`,
 * `cardOrderRefused`), cannot be reached or does not answer within FIATVENDOR_HTTP_TIMEOUT_MS
 * (`atmOrderUnanswered`, `cardOrderUnanswered`), the row becomes failed at once, and a process that
 * dies in between leaves a pending row that the expiry sweep fails. A late payment on such an order is
 * flagged for an operator, never lost.
 *
 * subOrder is unique per site and across sites (vendor callbacks name nothing else). The same player
 * sending the same subOrder again for the same channel, method and amount, while the order is not failed,
 * gets the first answer again (a client retrying after a lost answer); any other reuse is a 400 naming
 * subOrder.
 */

export interface DepositInput {
  channelId?: number;
  /** A deposit offer's code (docs/decisions/bonus.md, "Deposit offers"): its bonus is granted when the deposit is credited. */
  bonusCode?: string;
  /** The offer of bonusCode, found when the order is created. */
  bonusOfferId?: string | null;
  paymentMethod: PaymentMethod;
  subOrder: string;
  orderAmount: string;
  expectedCode?: string;
  expectedAccount?: string;
  userCardLastValue?: string;
  productDes?: string;
  msg?: string;
  payerName?: string;
  payerMobile?: string;
  payerEmail?: string;
}

/** The vendor's refusals of an order, by its kind (an ATM transfer and a card payment are told apart). */
const VENDOR_REFUSALS = {
  atm: { refused: 'deposit.atmOrderRefused', unanswered: 'deposit.atmOrderUnanswered' },
  card: { refused: 'deposit.cardOrderRefused', unanswered: 'deposit.cardOrderUnanswered' },
} as const satisfies Record<VendorOrderKind, { refused: RefusalName; unanswered: RefusalName }>;

export interface CryptoAnswer {
  paymentAddress: string;
  network: string | null;
  currency: string;
  orderAmount: number;
  subOrder: string;
}

/** Where the fiat vendor calls back about an order: the API's two signed callback endpoints (the API builds them). */
export interface VendorCallbackUrls {
  add: string;
  pay: string;
}

/** POST /deposit: a fiat or credit order through the fiat vendor (its raw reply), or a crypto order (the address). */
export async function createDeposit(siteCode: string, userId: number, input: DepositInput, callbacks: VendorCallbackUrls): Promise<unknown> {
  await checkPlayerOnNationalRegister(siteCode, userId);
  const channels = await availableChannels(siteCode, userId);
  const channel = channels.find((c) => c.id === input.channelId);
  const crypto = input.paymentMethod === 'crypto';
  if (!channel) throw new Refusal(crypto ? 'deposit.noUsdtChannel' : 'deposit.channelUnavailable', 'channel not available');
  if (!channel.paymentMethods.includes(input.paymentMethod)) throw new Refusal('deposit.methodNotSupported');
  if (crypto ? channel.code !== 'usdt' : channel.code !== 'fiatvendor') throw new Refusal('deposit.channelUnavailable', 'channel not built for this method');
  if (input.bonusCode) input = { ...input, bonusOfferId: await offerForDeposit(siteCode, userId, input.bonusCode) };
  if (crypto) return createCryptoOrder(siteCode, userId, channel, input);
  if (input.paymentMethod === 'fiat' && (!input.expectedCode || !input.expectedAccount)) {
    throw new InputError(input.expectedCode ? 'expectedAccount' : 'expectedCode', 'is required for fiat deposits');
  }
  return createFiatOrder(siteCode, userId, channel, input, callbacks);
}

/** POST /vendor/fiatvendor/add-atm and add-card: an order on the player's fiat vendor channel (`channelUnavailable` when there is none). */
export async function createVendorDeposit(siteCode: string, userId: number, input: DepositInput, callbacks: VendorCallbackUrls): Promise<unknown> {
  await checkPlayerOnNationalRegister(siteCode, userId);
  const channels = await availableChannels(siteCode, userId);
  const channel = channels.find((c) => c.code === 'fiatvendor' && c.paymentMethods.includes(input.paymentMethod));
  if (!channel || !fiatvendorSettings()) throw new Refusal('deposit.channelUnavailable', 'no fiat vendor channel');
  return createFiatOrder(siteCode, userId, channel, { ...input, channelId: channel.id }, callbacks);
}

/** The earlier answer for a repeated subOrder of the same request, else the 400 naming subOrder. */
async function repeated(siteCode: string, userId: number, channel: PaymentChannel, input: DepositInput): Promise<unknown> {
  const first = await DepositOrder.findOne({ where: { subOrder: input.subOrder } });
  const same =
    first &&
    first.siteCode === siteCode &&
    first.userId === userId &&
    first.channelId === channel.id &&
    first.paymentMethod === input.paymentMethod &&
    new Decimal(first.orderAmount).eq(input.orderAmount) &&
    first.status !== 'failed';
  if (!first || !same) throw new InputError('subOrder', 'is already used by another order');
  return first.paymentMethod === 'crypto' ? cryptoAnswer(first) : first.vendorReply;
}

async function orderRate(currency: string): Promise<string> {
  const rate = await depositRate(currency);
  if (!rate) throw new Refusal('deposit.rateUnknown', `no exchange rate for ${currency}`);
  return rate;
}

/**
 * Inserts the pending order; null when its subOrder is taken. In the insert's transaction, in the lock
 * order (the player's row, then the protection row): the KYC deposit gate (docs/kyc.md, "Gates"), then
 * player protection's check (exclusions, deposit limits: checkDepositOrder). A repeated subOrder is
 * answered before either, so a repeat is never counted twice against a limit.
 */
async function insertOrder(
  fields: Partial<DepositOrder> & { siteCode: string; userId: number; subOrder: string; orderAmount: string; exchangeRate: string },
): Promise<DepositOrder | null> {
  if (await DepositOrder.findOne({ where: { subOrder: fields.subOrder }, attributes: ['id'] })) return null;
  try {
    return await db().transaction(async (transaction) => {
      await requireDepositLevel(transaction, fields);
      await checkDepositOrder(transaction, fields.userId, fields.orderAmount, fields.exchangeRate);
      return DepositOrder.create({ status: 'pending', ...fields }, { transaction });
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) return null;
    throw err;
  }
}

function cryptoAnswer(order: DepositOrder): CryptoAnswer {
  return {
    paymentAddress: order.paymentAddress ?? '',
    network: order.network,
    currency: order.currency,
    orderAmount: Number(order.orderAmount),
    subOrder: order.subOrder,
  };
}

async function createCryptoOrder(siteCode: string, userId: number, channel: PaymentChannel, input: DepositInput): Promise<CryptoAnswer | unknown> {
  if (!channel.paymentAddress) throw new Refusal('deposit.noPaymentAddress');
  const exchangeRate = await orderRate(channel.currency);
  const order = await insertOrder({
    ...baseFields(siteCode, userId, channel, input),
    exchangeRate,
    paymentAddress: channel.paymentAddress,
    network: channel.network,
  });
  if (!order) return repeated(siteCode, userId, channel, input);
  return cryptoAnswer(order);
}

function baseFields(siteCode: string, userId: number, channel: PaymentChannel, input: DepositInput) {
  const { payerName, payerMobile, payerEmail, productDes, msg, expectedCode, expectedAccount, userCardLastValue } = input;
  return {
    siteCode,
    userId,
    channelId: channel.id,
    channelCode: channel.code,
    currency: channel.currency,
    subOrder: input.subOrder,
    orderAmount: input.orderAmount,
    paymentMethod: input.paymentMethod,
    bonusOfferId: input.bonusOfferId ?? null,
    request: { payerName, payerMobile, payerEmail, productDes, msg, expectedCode, expectedAccount, userCardLastValue },
  };
}

/** A JSON number when the amount's number prints back the same, else its decimal string. */
function amountValue(amount: string): number | string {
  const n = Number(amount);
  return String(n) === amount ? n : amount;
}

async function createFiatOrder(
  siteCode: string,
  userId: number,
  channel: PaymentChannel,
  input: DepositInput,
  callbacks: VendorCallbackUrls,
): Promise<unknown> {
  const settings = fiatvendorSettings();
  if (!settings) throw new Refusal('deposit.channelUnavailable', 'fiat vendor not configured');
  const exchangeRate = await orderRate(channel.currency);
  const order = await insertOrder({ ...baseFields(siteCode, userId, channel, input), exchangeRate });
  if (!order) return repeated(siteCode, userId, channel, input);

  const kind: VendorOrderKind = input.paymentMethod === 'credit' ? 'card' : 'atm';
  const refusals = VENDOR_REFUSALS[kind];
  let reply: unknown;
  try {
    reply = await createVendorOrder(settings, kind, {
      sub_order: input.subOrder,
      order_amount: amountValue(input.orderAmount),
      ...(kind === 'atm' ? { expected_code: input.expectedCode, expected_account: input.expectedAccount } : { user_card_last_value: input.userCardLastValue }),
      product_des: input.productDes,
      msg: input.msg,
      payer_name: input.payerName,
      payer_mobile: input.payerMobile,
      payer_email: input.payerEmail,
      add_callback_url: callbacks.add,
      pay_callback_url: callbacks.pay,
    });
  } catch (err) {
    if (!(err instanceof PaymentHttpError)) throw err;
    await failOrder(order, `vendor-${err.kind}`, null);
    throw new Refusal(refusals.unanswered, err.message);
  }
  const accepted = !!reply && typeof reply === 'object' && (reply as { status?: unknown }).status === true;
  if (!accepted) {
    logger().warn({ depositOrderId: order.id, reply }, 'fiat vendor refused the order');
    await failOrder(order, 'vendor-refused', reply);
    throw new Refusal(refusals.refused);
  }
  await DepositOrder.update({ vendorReply: reply }, { where: { id: order.id } });
  return reply;
}

/** A pending order the vendor did not take: failed, unless a callback moved it on meanwhile (states never go back). */
async function failOrder(order: DepositOrder, reason: string, reply: unknown): Promise<void> {
  await DepositOrder.update({ status: 'failed', failReason: reason, vendorReply: reply ?? null }, { where: { id: order.id, status: 'pending' } });
}
