import { config } from '../config';
import { urlUnder } from './json-http';
import { paymentJsonRequest } from './payment-http';

/**
 * Client of the exchange-rate service behind GET /deposit/exchange-rate (docs/payments.md):
 *
 *   GET <EXCHANGE_RATE_BASE_URL>/rates?bank=<bankCode>
 *     → 200 {"time": "2026-11-25T06:00:00Z", "base": "USD",
 *            "rates": {"TWD": {"buy": 31.42, "sell": 31.92}, "USDT": {"buy": "0.9990", "sell": "1.0010"}, ...}}
 *
 * A rate is how many units of the currency one US dollar buys; buy and sell are JSON numbers or decimal
 * strings. The domain (shared/domain/deposit/rates.ts) validates the answer; this client only fetches it.
 * Time-out per call: EXCHANGE_RATE_HTTP_TIMEOUT_MS (default 5 s).
 */
export interface RawRates {
  time?: unknown;
  base?: unknown;
  rates?: unknown;
}

/** The base URL, or null when the integration is not configured. */
export function exchangeRateBaseUrl(): string | null {
  return config().integrations.exchangeRate.baseUrl ?? null;
}

/** The service's answer for one bank (PaymentHttpError when it gives none). */
export async function fetchRates(baseUrl: string, bankCode: string): Promise<RawRates> {
  const url = urlUnder(baseUrl, '/rates');
  url.searchParams.set('bank', bankCode);
  const body = await paymentJsonRequest({ integration: 'exchange-rate', method: 'GET', url, timeoutMs: config().deposits.exchangeRateHttpMs });
  return (body && typeof body === 'object' ? body : {}) as RawRates;
}
