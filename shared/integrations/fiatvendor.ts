import { createHmac } from 'node:crypto';
import { config } from '../config';
import { urlUnder } from './json-http';
import { paymentJsonRequest } from './payment-http';

/**
 * Client of the fiat vendor's order API (docs/payments.md). Two calls, JSON both ways:
 *
 *   POST <FIATVENDOR_BASE_URL>/order/atm   {merchant_id, sub_order, order_amount, expected_code, expected_account,
 *                                           product_des, msg, payer_name, payer_mobile, payer_email,
 *                                           add_callback_url, pay_callback_url, check_sum}
 *   POST <FIATVENDOR_BASE_URL>/order/card  the same with user_card_last_value instead of expected_code/account
 *     → 200 {"status": true, "sub_order": "..."}   (status false: the vendor refused the order)
 *
 * `check_sum` signs requests and callbacks alike: lowercase hex HMAC-SHA256 with FIATVENDOR_SECRET over
 * every other field sorted by name, as `name=value` joined with `&`, where a value is the string itself
 * or, for numbers, their JSON text (fiatvendorCheckSum). Time-out per call: FIATVENDOR_HTTP_TIMEOUT_MS.
 */
export interface FiatvendorSettings {
  baseUrl: string;
  secret: string;
  merchantId?: string;
}

/** The vendor's settings when its base URL and secret are set, else null (not configured). */
export function fiatvendorSettings(): FiatvendorSettings | null {
  const { baseUrl, secret, merchantId } = config().integrations.fiatvendor;
  return baseUrl && secret ? { baseUrl, secret, merchantId } : null;
}

/** `name=value` pairs sorted by name and joined with `&`: the text check_sum signs. */
export function checkSumText(fields: ReadonlyArray<readonly [string, string]>): string {
  return [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** check_sum of the fields (name and value text as sent, check_sum itself excluded). */
export function fiatvendorCheckSum(secret: string, fields: ReadonlyArray<readonly [string, string]>): string {
  return createHmac('sha256', secret)
    .update(checkSumText(fields.filter(([name]) => name !== 'check_sum')))
    .digest('hex');
}

/** A request body's fields as the signature reads them: strings as they are, anything else as its JSON text. */
export function signedBody(secret: string, body: Record<string, string | number | undefined>): Record<string, string | number> {
  const fields = Object.entries(body).filter((e): e is [string, string | number] => e[1] !== undefined);
  const text = fields.map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)] as const);
  return { ...Object.fromEntries(fields), check_sum: fiatvendorCheckSum(secret, text) };
}

export type VendorOrderKind = 'atm' | 'card';

/** Creates an order at the vendor and returns its raw reply (PaymentHttpError when it gives none). */
export async function createVendorOrder(
  settings: FiatvendorSettings,
  kind: VendorOrderKind,
  body: Record<string, string | number | undefined>,
): Promise<unknown> {
  return paymentJsonRequest({
    integration: 'fiatvendor',
    method: 'POST',
    url: urlUnder(settings.baseUrl, `/order/${kind}`),
    body: signedBody(settings.secret, { merchant_id: settings.merchantId, ...body }),
    timeoutMs: config().deposits.vendorHttpMs,
  });
}
