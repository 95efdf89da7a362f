import {
  createDeposit,
  depositCallbackHistory,
  depositChannels,
  type DepositStatus,
  exchangeRateView,
  listPlayerDeposits,
  listSiteDeposits,
  type PaymentMethod,
  playerDeposit,
  type Resolution,
  resolveFlaggedDeposit,
} from '../../../shared/domain/deposit';
import { depositProtectionCodes } from '../responsible-gaming/refusal-codes';
import { endpoint } from '../../http/endpoint';
import { fiatCallbackUrls } from './vendor-callback-urls';
import { depositCreatePerUser, exchangeRatePerIp } from './limits';
import { adminOrdersQuery, depositBody, exchangeRateQuery, orderIdParams, ordersQuery, resolveBody, subOrderParams } from './schemas';
import { KYC_GATE_REFUSALS } from '../kyc/gate-refusals';
import { nationalRegisterCodes } from '../risk/refusal-codes';
import * as answers from './answers';
import { vendorEndpoints } from './vendor-endpoints';

/**
 * /deposit: exchange rates (public), the player's deposit channels, orders, order list and one order;
 * then the operators' (permission module `deposit`; every write operation-logged): the site's orders,
 * an order's callback history, the resolution of a flagged order. Rules live in shared/domain/deposit/.
 */
const admin = { admin: 'deposit' } as const;
/** The player's channel group refusals, numbered as on GET /vendor/channels. */
const channelGroup = {
  'deposit.noChannelGroup': 2001,
  'deposit.channelGroupUnavailable': 2002,
  'deposit.channelMissing': 2003,
} as const;

/** The /vendor endpoints (channels, the fiat vendor's orders and the vendors' signed callbacks) come first. */
export const depositEndpoints = [
  ...vendorEndpoints,
  endpoint(
    {
      method: 'get',
      path: '/deposit/exchange-rate',
      result: answers.getDepositExchangeRate,
      auth: 'none',
      query: exchangeRateQuery,
      limits: [exchangeRatePerIp],
      refusals: { 'deposit.bankCodeFormat': 2001, 'deposit.rateUnknown': { code: 2002, wording: 'ratesUnreadable' } },
      summary: 'Exchange rates against USD (one currency or all) of a bank',
    },
    ({ query }) => exchangeRateView(query.bankCode, query.currency),
  ),
  endpoint(
    {
      method: 'get',
      path: '/deposit/channels',
      result: answers.getDepositChannels,
      auth: 'player',
      refusals: channelGroup,
      summary: "The player's deposit channels with their exchange rates",
    },
    ({ site, player, locale }) => depositChannels(site, player.id, locale),
  ),
  endpoint(
    {
      method: 'post',
      path: '/deposit',
      realityCheck: 'header',
      links: {
        order: {
          to: 'get /deposit/orders/:subOrder',
          parameters: { subOrder: '$response.body#/result/subOrder' },
          description: "The order's status, until it is paid",
        },
      },
      result: answers.postDeposit,
      examples: {
        body: { channelId: 3, paymentMethod: 'crypto', subOrder: 'D20260101A1', orderAmount: '100' },
        result: { paymentAddress: 'TXYZabcdefghijkmnopqrstuvwxyz12345', network: 'TRC20', currency: 'USDT', orderAmount: 100, subOrder: 'D20260101A1' },
      },
      auth: 'player',
      body: depositBody,
      limits: [depositCreatePerUser],
      refusals: {
        ...depositProtectionCodes,
        'deposit.noUsdtChannel': 2001,
        'deposit.noPaymentAddress': 2002,
        'deposit.methodNotSupported': 2004,
        'deposit.rateUnknown': 2005,
        'deposit.channelUnavailable': { code: 2006, wording: 'notOpenYet' },
        // A fiat or credit order the vendor refuses or does not answer, numbered as on add-atm and add-card.
        'deposit.atmOrderRefused': 2002,
        'deposit.atmOrderUnanswered': 2003,
        'deposit.cardOrderRefused': 2002,
        'deposit.cardOrderUnanswered': 2003,
        'bonus.offerNotFound': 2007,
        'bonus.offerUsed': 2008,
        ...KYC_GATE_REFUSALS,
        ...nationalRegisterCodes,
      },
      summary:
        "A deposit order: the fiat vendor's reply, or the crypto address to pay; bonusCode opts into a deposit offer (2007 no such offer running, 2008 already used), granted when the deposit is credited",
    },
    ({ site, player, body }) => createDeposit(site, player.id, { ...body, paymentMethod: body.paymentMethod as PaymentMethod }, fiatCallbackUrls()),
  ),
  endpoint(
    {
      method: 'get',
      path: '/deposit/orders',
      result: answers.getDepositOrders,
      auth: 'player',
      query: ordersQuery,
      summary: "The player's deposit orders, newest first",
    },
    ({ site, player, query, locale }) =>
      listPlayerDeposits(
        site,
        player.id,
        { page: query.page, pageSize: query.pageSize, status: query.status as DepositStatus | undefined, startDate: query.startDate, endDate: query.endDate },
        locale,
      ),
  ),
  endpoint(
    {
      method: 'get',
      path: '/deposit/orders/:subOrder',
      result: answers.getDepositOrdersBySubOrder,
      auth: 'player',
      params: subOrderParams,
      refusals: { 'deposit.orderNotFound': 2001 },
      summary: "One of the player's deposit orders by its subOrder (an ATM order: where to pay and until when)",
    },
    ({ site, player, params, locale }) => playerDeposit(site, player.id, params.subOrder, locale),
  ),
  endpoint(
    {
      method: 'get',
      path: '/deposit/admin/orders',
      result: answers.getDepositAdminOrders,
      auth: admin,
      query: adminOrdersQuery,
      summary: "The site's deposit orders with filters (flagged=1: awaiting an operator)",
    },
    ({ site, query, locale }) => listSiteDeposits(site, { ...query, status: query.status as DepositStatus | undefined }, locale),
  ),
  endpoint(
    {
      method: 'get',
      path: '/deposit/admin/orders/:id/callbacks',
      result: answers.getDepositAdminOrdersByIdCallbacks,
      auth: admin,
      params: orderIdParams,
      refusals: { 'deposit.orderNotFound': 2001 },
      summary: "A deposit order's vendor callbacks, oldest first",
    },
    ({ site, params }) => depositCallbackHistory(site, params.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/deposit/admin/orders/:id/resolve',
      result: answers.postDepositAdminOrdersByIdResolve,
      auth: admin,
      params: orderIdParams,
      body: resolveBody,
      refusals: {
        'deposit.orderNotFound': 2001,
        'deposit.notAwaitingResolution': 2002,
        'deposit.nothingPaid': 2002,
        'deposit.statusMoveNotAllowed': 2002,
        ...KYC_GATE_REFUSALS,
        'responsible-gaming.depositLimit': depositProtectionCodes['responsible-gaming.depositLimit'],
      },
      summary: 'Resolve a flagged deposit order: credit it (if the KYC gate and the deposit limit allow what was paid) or fail it, with a reason',
    },
    ({ actor, site, params, body, locale }) => resolveFlaggedDeposit(actor, site, params.id, body.action as Resolution, body.reason, locale),
  ),
];
