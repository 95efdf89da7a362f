import Decimal from 'decimal.js';
import { config } from '../../config';
import { ExchangeRateSnapshot } from '../../db/models';
import { Refusal } from '../../errors';
import { exchangeRateBaseUrl, fetchRates, type RawRates } from '../../integrations/exchange-rate';
import { logger } from '../../logger';
import { cache } from '../../redis';

/**
 * Exchange rates (docs/payments.md, "Exchange rates"). A rate is how many units of a currency
 * one US dollar buys, per bank (default `twbk`). Fetched from the exchange-rate integration, cached in
 * Redis for EXCHANGE_RATE_CACHE_S; every good answer is also kept in Postgres (exchange_rate_snapshots),
 * so when the service is down, slow or not configured, and Redis has forgotten its cache, the last good
 * rates still answer. With none at all: `rateUnknown`, here and when an order needs a rate.
 */
export const DEFAULT_BANK_CODE = 'twbk';
/** A bank code: 2 to 20 lowercase letters or digits, starting with a letter. */
export const BANK_CODE = /^[a-z][a-z0-9]{1,19}$/;
/** Decimals of a stored rate (NUMERIC(18,10)). */
export const RATE_SCALE = 10;
const MAX_RATE = new Decimal('99999999.9999999999');

export interface Rate {
  buy: string;
  sell: string;
}
export interface RateTable {
  time: string;
  rates: Record<string, Rate>;
}

const cacheKey = (bankCode: string) => `cache:deposit:rates:${bankCode}`;

function rateValue(value: unknown): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,8}(\.\d+)?$/.test(text)) return null;
  const d = new Decimal(text).toDecimalPlaces(RATE_SCALE, Decimal.ROUND_HALF_UP);
  return d.gt(0) && d.lte(MAX_RATE) ? d.toFixed() : null;
}

/** The service's answer as a rate table, or null when it is not one (base other than USD, no usable rate). */
export function parseRates(raw: RawRates): RateTable | null {
  if (raw.base !== undefined && raw.base !== 'USD') return null;
  if (!raw.rates || typeof raw.rates !== 'object' || Array.isArray(raw.rates)) return null;
  const rates: Record<string, Rate> = {};
  for (const [currency, entry] of Object.entries(raw.rates as Record<string, unknown>)) {
    if (!/^[A-Z]{3,5}$/.test(currency) || !entry || typeof entry !== 'object') continue;
    const buy = rateValue((entry as Record<string, unknown>).buy);
    const sell = rateValue((entry as Record<string, unknown>).sell);
    if (buy && sell) rates[currency] = { buy, sell };
  }
  if (!Object.keys(rates).length) return null;
  const time = typeof raw.time === 'string' && raw.time.length <= 40 ? raw.time : new Date().toISOString();
  return { time, rates };
}

async function cached(bankCode: string): Promise<RateTable | null> {
  try {
    const hit = await cache().get(cacheKey(bankCode));
    return hit ? (JSON.parse(hit) as RateTable) : null;
  } catch (err) {
    logger().warn({ err, bankCode }, 'exchange-rate cache unreadable');
    return null;
  }
}

/** Banks whose last good rates are kept: bank codes come from anonymous queries, so the table is bounded. */
export const MAX_KEPT_BANKS = 100;

async function keep(bankCode: string, table: RateTable): Promise<void> {
  const known = (await ExchangeRateSnapshot.count({ where: { bankCode } })) > 0;
  if (known || bankCode === DEFAULT_BANK_CODE || (await ExchangeRateSnapshot.count()) < MAX_KEPT_BANKS) {
    await ExchangeRateSnapshot.upsert({ bankCode, rateTime: table.time, rates: table.rates, fetchedAt: new Date() });
  }
  await cache()
    .set(cacheKey(bankCode), JSON.stringify(table), 'EX', config().deposits.exchangeRateCacheS)
    .catch((err) => logger().warn({ err, bankCode }, 'exchange-rate cache not written'));
}

async function lastGood(bankCode: string): Promise<RateTable | null> {
  const row = await ExchangeRateSnapshot.findByPk(bankCode);
  return row ? { time: row.rateTime, rates: row.rates } : null;
}

/**
 * The rates of a bank: Redis, else the service (kept in Redis and Postgres), else the last good rates;
 * null when there are none.
 */
export async function ratesOf(bankCode = DEFAULT_BANK_CODE): Promise<RateTable | null> {
  const hit = await cached(bankCode);
  if (hit) return hit;
  const baseUrl = exchangeRateBaseUrl();
  if (baseUrl) {
    try {
      const table = parseRates(await fetchRates(baseUrl, bankCode));
      if (table) {
        await keep(bankCode, table);
        return table;
      }
      logger().warn({ bankCode }, 'exchange-rate answer has no usable rates; using the last good ones');
    } catch (err) {
      logger().warn({ err: (err as Error).message, bankCode }, 'exchange rates unavailable; using the last good ones');
    }
  }
  return lastGood(bankCode);
}

/** GET /deposit/exchange-rate: {time, base: 'USD', <currency>: {buy, sell}} (numbers), one currency or all. */
export async function exchangeRateView(bankCode: string | undefined, currency: string | undefined): Promise<Record<string, unknown>> {
  const bank = bankCode ?? DEFAULT_BANK_CODE;
  if (!BANK_CODE.test(bank)) throw new Refusal('deposit.bankCodeFormat');
  const table = await ratesOf(bank);
  if (!table) throw new Refusal('deposit.rateUnknown', 'no exchange rates available');
  const wanted = currency ? [currency] : Object.keys(table.rates).sort();
  const view: Record<string, unknown> = { time: table.time, base: 'USD' };
  for (const code of wanted) {
    const rate = code === 'USDT' ? usdtRate(table) : table.rates[code];
    if (!rate) throw new Refusal('deposit.rateUnknown', `no rate for ${code}`);
    view[code] = { buy: Number(rate.buy), sell: Number(rate.sell) };
  }
  return view;
}

/** USDT: the service's USDT rate when it gives one, else 1 USD per USDT. */
function usdtRate(table: RateTable | null): Rate {
  return table?.rates.USDT ?? { buy: '1', sell: '1' };
}

/**
 * The rate a deposit in `currency` converts at (units per USD): the `sell` rate, the one at which the
 * bank sells dollars for the currency (docs/payments.md); USD is 1; null when there is none.
 */
export async function depositRate(currency: string): Promise<string | null> {
  if (currency === 'USD') return '1';
  const table = await ratesOf(DEFAULT_BANK_CODE);
  if (currency === 'USDT') return usdtRate(table).sell;
  return table?.rates[currency]?.sell ?? null;
}

/** A channel's rate as the deposit channel list shows it: {buy, sell} numbers, or null. */
export function channelRate(currency: string, table: RateTable | null): { buy: number; sell: number } | null {
  const rate = currency === 'USDT' ? usdtRate(table) : currency === 'USD' ? { buy: '1', sell: '1' } : table?.rates[currency];
  return rate ? { buy: Number(rate.buy), sell: Number(rate.sell) } : null;
}
