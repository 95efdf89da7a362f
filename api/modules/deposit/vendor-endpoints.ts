import { createVendorDeposit, fiatvendorAddCallback, fiatvendorPayCallback, usdtPayCallback, vendorChannels } from '../../../shared/domain/deposit';
import { depositProtectionCodes } from '../responsible-gaming/refusal-codes';
import { endpoint } from '../../http/endpoint';
import { FIAT_CALLBACK_PATHS, fiatCallbackUrls } from './vendor-callback-urls';
import { depositCreatePerUser } from './limits';
import { paymentChannelAdminEndpoints } from './vendor-admin-routes';
import { constant, obj, str } from '../../http/answer-schemas';
import { acknowledge, fiatvendorCheck, signedFields, usdtCheck } from './vendor-callback-auth';
import { addAtmBody, addCardBody } from './vendor-schemas';
import { KYC_GATE_REFUSALS } from '../kyc/gate-refusals';
import { nationalRegisterCodes } from '../risk/refusal-codes';
import * as answers from './vendor-answers';

/**
 * /vendor: the player's channels, the fiat vendor's ATM and card orders, the three
 * vendor callbacks (signed, answered `{received: true}`; vendor-callback-auth.ts) and the administrators'
 * channels and groups (vendor-admin-routes.ts). Rules live in
 * shared/domain/deposit/.
 */
/** A fiat vendor order's refusals; a missing exchange rate numbered as on POST /deposit. */
const orderRefusals = {
  ...KYC_GATE_REFUSALS,
  ...depositProtectionCodes,
  ...nationalRegisterCodes,
  'deposit.channelUnavailable': 2001,
  'deposit.rateUnknown': 2005,
} as const;

/** The callbacks' answer once recorded (vendor-callback-auth.ts, `acknowledge`). */
const received = obj({ received: constant(true) });

const checkSum = str('hex(HMAC-SHA256(secret, the other top-level fields sorted by name as `name=value` joined with `&`, values as sent))');
/** The fields the callbacks read (shared/domain/deposit/callbacks.ts); the vendor may send more, kept with the callback. */
const fiatAddCallbackBody = obj(
  {
    sub_order: str('Our order number (at most 64 characters)'),
    receiving_code: str('ATM orders: the bank code, 3 to 7 digits, as a JSON string'),
    receiving_account: str('ATM orders: the account to pay, digits, as a JSON string'),
    expire_date: str('ATM orders: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`'),
    check_sum: checkSum,
  },
  { optional: ['receiving_code', 'receiving_account', 'expire_date'], description: "The fiat vendor's add callback (other fields are kept as sent)" },
);
const fiatPayCallbackBody = obj(
  {
    sub_order: str('Our order number (at most 64 characters)'),
    pay_amount: { type: ['string', 'number'], description: 'The amount paid, a decimal (taken as sent)' },
    pay_time: str('When it was paid (at most 40 characters)'),
    check_sum: checkSum,
  },
  { optional: ['pay_time'], description: "The fiat vendor's pay callback (other fields are kept as sent)" },
);
const usdtPayCallbackBody = obj(
  {
    subOrder: str('Our order number (at most 64 characters)'),
    txHash: str("The transfer's hash (at most 128 characters), paid once"),
    payAmount: { type: ['string', 'number'], description: 'The amount paid, a decimal (taken as sent)' },
    payTime: str('When it was paid (at most 40 characters)'),
  },
  { optional: ['payTime'], description: 'The USDT payment callback, signed with X-Timestamp and X-Signature (other fields are kept as sent)' },
);

export const vendorEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/vendor/channels',
      result: answers.getVendorChannels,
      auth: 'player',
      refusals: { 'deposit.noChannelGroup': 2001, 'deposit.channelGroupUnavailable': 2002, 'deposit.channelMissing': 2003 },
      summary: "The player's payment channel group and its channels",
    },
    ({ site, player, locale }) => vendorChannels(site, player.id, locale),
  ),
  endpoint(
    {
      method: 'post',
      path: '/vendor/fiatvendor/add-atm',
      realityCheck: 'header',
      result: answers.postVendorFiatvendorAddAtm,
      auth: 'player',
      body: addAtmBody,
      limits: [depositCreatePerUser],
      refusals: { ...orderRefusals, 'deposit.atmOrderRefused': 2002, 'deposit.atmOrderUnanswered': 2003 },
      summary: "An ATM transfer order at the fiat vendor (the vendor's raw reply)",
    },
    ({ site, player, body }) => createVendorDeposit(site, player.id, { ...body, paymentMethod: 'fiat' }, fiatCallbackUrls()),
  ),
  endpoint(
    {
      method: 'post',
      path: '/vendor/fiatvendor/add-card',
      realityCheck: 'header',
      result: answers.postVendorFiatvendorAddAtm,
      auth: 'player',
      body: addCardBody,
      limits: [depositCreatePerUser],
      refusals: { ...orderRefusals, 'deposit.cardOrderRefused': 2002, 'deposit.cardOrderUnanswered': 2003 },
      summary: "A card payment order at the fiat vendor (the vendor's raw reply)",
    },
    ({ site, player, body }) => createVendorDeposit(site, player.id, { ...body, paymentMethod: 'credit' }, fiatCallbackUrls()),
  ),
  endpoint(
    {
      method: 'post',
      path: FIAT_CALLBACK_PATHS.add,
      auth: { signature: fiatvendorCheck },
      answer: 'raw',
      bodyDocument: fiatAddCallbackBody,
      result: received,
      summary: 'Fiat vendor: the order was created (signed by check_sum)',
    },
    async ({ req, res }) => {
      await fiatvendorAddCallback(signedFields(req), req.body);
      acknowledge(res);
    },
  ),
  endpoint(
    {
      method: 'post',
      path: FIAT_CALLBACK_PATHS.pay,
      auth: { signature: fiatvendorCheck },
      answer: 'raw',
      bodyDocument: fiatPayCallbackBody,
      result: received,
      summary: 'Fiat vendor: the order was paid (signed by check_sum)',
    },
    async ({ req, res }) => {
      await fiatvendorPayCallback(signedFields(req), req.body);
      acknowledge(res);
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/vendor/usdt/callback/pay',
      auth: { signature: usdtCheck },
      answer: 'raw',
      bodyDocument: usdtPayCallbackBody,
      result: received,
      // The contract lists 2001/2002 for this path, with POST /deposit's texts for these two refusals; a signed
      // callback is always acknowledged instead (an order without a live channel is recorded and flagged), and
      // POST /deposit (crypto) answers them.
      refusals: { 'deposit.noUsdtChannel': 2001, 'deposit.noPaymentAddress': 2002 },
      summary: 'USDT: a payment to a channel address (X-Timestamp, X-Signature); always {received: true} once signed',
    },
    async ({ req, res }) => {
      await usdtPayCallback(signedFields(req), req.body);
      acknowledge(res);
    },
  ),
  ...paymentChannelAdminEndpoints,
];
