import Decimal from 'decimal.js';
import { Op } from 'sequelize';
import { PaymentChannel, type DepositOrder } from '../../db/models';
import { pickText, type Locale } from '../../i18n/locales';
import { money } from '../wallet';
import { keptPayee, type AtmPayee } from './payee';
import { RATE_SCALE } from './rates';

/**
 * A deposit order as a player sees it; callbackData and the vendor's data are never shown, except where to
 * pay an ATM order (`payee`, on fiat orders only: null until the vendor's add callback names it).
 */
export interface DepositOrderView {
  id: number;
  channelName: string;
  currency: string;
  subOrder: string;
  orderAmount: number;
  paymentMethod: string;
  status: string;
  payAmount: number | null;
  payTime: string | null;
  usdAmount: string | null;
  exchangeRate: string;
  createdAt: Date;
  updatedAt: Date;
  payee?: AtmPayee | null;
}

export type OrderRow = Pick<
  DepositOrder,
  | 'id'
  | 'channelId'
  | 'currency'
  | 'subOrder'
  | 'orderAmount'
  | 'paymentMethod'
  | 'status'
  | 'payAmount'
  | 'payTime'
  | 'usdAmount'
  | 'exchangeRate'
  | 'createdAt'
  | 'updatedAt'
> & { /** The vendor's add callback as kept in callbackData (ORDER_COLUMNS); read only for the payee. */ addCallback: unknown };

/** The localized names of the orders' channels, by channel id. */
export async function channelNames(rows: ReadonlyArray<{ channelId: number }>, locale: Locale): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.channelId))];
  const channels = ids.length ? await PaymentChannel.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'name'] }) : [];
  return new Map(channels.map((c) => [c.id, pickText(c.name, locale)]));
}

export function orderView(row: OrderRow, names: Map<number, string>): DepositOrderView {
  return {
    id: Number(row.id),
    channelName: names.get(row.channelId) ?? '',
    currency: row.currency,
    subOrder: row.subOrder,
    orderAmount: Number(row.orderAmount),
    paymentMethod: row.paymentMethod,
    status: row.status,
    payAmount: row.payAmount === null ? null : Number(row.payAmount),
    payTime: row.payTime,
    usdAmount: row.usdAmount === null ? null : money(row.usdAmount),
    exchangeRate: new Decimal(row.exchangeRate).toFixed(RATE_SCALE),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.paymentMethod === 'fiat' ? { payee: keptPayee(row.addCallback) } : {}),
  };
}
