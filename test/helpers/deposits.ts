import { randomBytes } from 'node:crypto';
import nock from 'nock';
import { PaymentChannel, User } from '../../shared/db/models';
import { pickChannelGroup } from '../../shared/domain/deposit';
import { providerSignatureOf } from '../../api/modules/providers/signature';
import { fiatvendorCheckSum } from '../../shared/integrations/fiatvendor';
import { rawJsonFields } from '../../shared/integrations/json-fields';
import { cache } from '../../shared/redis';
import { createUser } from './factories';
import type { ApiResponse, TestStack } from './stack';

/** Deposit test setup: settings, a player with a channel group, vendor and rate interceptors, signed callbacks. */
export const FIATVENDOR = 'http://fiatvendor.test';
export const RATES = 'http://rates.test';
export const FIATVENDOR_SECRET = 'fiat-secret-for-tests';
export const USDT_SECRET = 'usdt-secret-for-tests';
export const USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export const DEPOSIT_ENV = {
  FIATVENDOR_BASE_URL: FIATVENDOR,
  FIATVENDOR_SECRET,
  FIATVENDOR_MERCHANT_ID: 'm-1',
  USDT_CALLBACK_SECRET: USDT_SECRET,
  EXCHANGE_RATE_BASE_URL: RATES,
  FIATVENDOR_HTTP_TIMEOUT_MS: '400',
  EXCHANGE_RATE_HTTP_TIMEOUT_MS: '400',
  OUTBOX_RELAY_EVERY_MS: '200',
};

export const unique = (prefix = 'SO') => `${prefix}${randomBytes(6).toString('hex')}`;

/** A player of the site with the group of its locale's currency (zh-TW: the TWD group, fiat vendor and USDT). */
export async function createDepositor(options: { siteCode?: string; locale?: string } = {}) {
  const made = await createUser({ siteCode: options.siteCode });
  const vendorGroupId = await pickChannelGroup(made.user.siteCode, options.locale ?? 'zh-TW');
  await User.update({ vendorGroupId, locale: options.locale ?? 'zh-TW' }, { where: { id: made.user.id } });
  return made;
}

/** Gives the site's USDT channels an address (seeded without one); returns the TRC20 channel. */
export async function usdtChannel(siteCode: string): Promise<PaymentChannel> {
  await PaymentChannel.update({ paymentAddress: USDT_ADDRESS }, { where: { siteCode, code: 'usdt' } });
  return (await PaymentChannel.findOne({ where: { siteCode, key: 'usdt-trc20' } }))!;
}

export async function fiatChannel(siteCode: string): Promise<PaymentChannel> {
  return (await PaymentChannel.findOne({ where: { siteCode, key: 'fiatvendor-twd' } }))!;
}

/** The rate service answering `rates` for `bank` (`times` calls). */
export function nockRates(rates: Record<string, { buy: number | string; sell: number | string }>, { bank = 'twbk', times = 1 } = {}) {
  return nock(RATES).get('/rates').query({ bank }).times(times).reply(200, { time: '2026-11-25T06:00:00Z', base: 'USD', rates });
}

/** A JSON body text signed with check_sum (appended last), computed over the text's own tokens. */
export function fiatSigned(text: string, secret = FIATVENDOR_SECRET): string {
  const sum = fiatvendorCheckSum(secret, rawJsonFields(text)!);
  return `${text.replace(/\}\s*$/, '')},"check_sum":"${sum}"}`;
}

export function fiatPayText(subOrder: string, payAmount: string, extra = ''): string {
  return `{"sub_order":"${subOrder}","pay_amount":${payAmount},"pay_time":"2026-11-25 14:00:00","payment_account":"00012345678","expected_code":"004","expected_account":"12345678901234","vertify_pay_account":1,"vertify_pay_amount":1${extra}}`;
}

export function fiatAddText(subOrder: string, amount: string): string {
  return `{"sub_order":"${subOrder}","expire_date":"2026-11-28","order_amount":${amount},"receiving_code":"004","receiving_account":"99912345678"}`;
}

/** Headers signing a USDT callback body now. */
export function usdtHeaders(body: string, { secret = USDT_SECRET, timestamp = String(Math.floor(Date.now() / 1000)) } = {}) {
  return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': providerSignatureOf(secret, timestamp, body) };
}

export function postFiatCallback(stack: TestStack, kind: 'add' | 'pay', text: string): Promise<ApiResponse> {
  return stack.request('POST', `/api/vendor/fiatvendor/callback/${kind}`, { rawBody: text, headers: { 'content-type': 'application/json' } });
}

export function postUsdtCallback(stack: TestStack, body: Record<string, unknown>): Promise<ApiResponse> {
  const text = JSON.stringify(body);
  return stack.request('POST', '/api/vendor/usdt/callback/pay', { rawBody: text, headers: usdtHeaders(text) });
}

/** The default bank's rates as cached: TWD sells at `sell` per USD (the rate new orders take). */
export async function cacheTwdRate(sell: string): Promise<void> {
  await cache().set('cache:deposit:rates:twbk', JSON.stringify({ time: 't', rates: { TWD: { buy: '31.5', sell } } }));
}

/** Before each test: no interceptor left over, and the default bank's rates cached (TWD sells at 32 per USD). */
export async function resetDepositMocks(): Promise<void> {
  nock.cleanAll();
  await cacheTwdRate('32');
}
