import { anyValue, array, constant, dateTime, decimal, int, type JsonSchema, nullable, num, obj, paged, str } from '../../http/answer-schemas';
import { playerChannelFields } from './vendor-answers';

/**
 * The answers of the deposit endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** A currency's buy and sell rates against USD. */
const buySell = obj({ buy: num(), sell: num() });

/** A player's deposit order; the administrators' view adds the player, the payment's trace and the resolution. */
const orderFields = {
  id: int(),
  channelName: str(),
  currency: str(),
  subOrder: str(),
  orderAmount: num(),
  paymentMethod: str(),
  status: str(),
  payAmount: nullable(num()),
  payTime: nullable(str()),
  usdAmount: nullable(decimal()),
  exchangeRate: str(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  payee: nullable(obj({ bankCode: str(), account: str(), expireDate: nullable(str()) })),
};
const order = obj(orderFields, { optional: ['payee'] });
const adminOrder = obj(
  {
    userId: int(),
    txHash: nullable(str()),
    failReason: nullable(str()),
    flag: nullable(str()),
    flaggedAt: nullable(dateTime()),
    resolution: nullable(str()),
    resolutionReason: nullable(str()),
    resolvedBy: nullable(num()),
    resolvedAt: nullable(dateTime()),
    paidAt: nullable(dateTime()),
    creditedAt: nullable(dateTime()),
    ...orderFields,
  },
  { optional: ['payee'] },
);

/** `time` and `base`, then one entry per currency code with its buy and sell rates against USD (shared/domain/deposit/rates.ts). */
export const getDepositExchangeRate: JsonSchema = {
  ...obj({ time: str('When the rates were published'), base: constant('USD') }),
  additionalProperties: buySell,
};

export const getDepositChannels = obj({
  groupId: int(),
  groupName: str(),
  channels: array(obj({ exchangeRate: nullable(buySell), ...playerChannelFields }, { optional: ['network'] })),
});

/** A crypto order: where to pay; a fiat order: the fiat vendor's reply as it came (shared/domain/deposit/orders.ts). */
export const postDeposit = {
  anyOf: [
    obj(
      { paymentAddress: str(), network: nullable(str()), currency: str(), orderAmount: num(), subOrder: str() },
      { description: 'A crypto order: the address to pay, its network, currency and amount' },
    ),
    anyValue("A fiat order: the fiat vendor's reply, as it came"),
  ],
};

export const getDepositOrders = paged(order, 'items');

export const getDepositOrdersBySubOrder = order;

export const getDepositAdminOrders = paged(adminOrder, 'items');

export const getDepositAdminOrdersByIdCallbacks = array(anyValue('Free-form object'));

export const postDepositAdminOrdersByIdResolve = adminOrder;
