import { vendorChannels } from '../../../shared/domain/deposit/channels';
import { fiatvendorAddCallback, fiatvendorPayCallback, usdtPayCallback } from '../../../shared/domain/deposit/callbacks';
import { createVendorDeposit } from '../../../shared/domain/deposit/orders';
import { endpoint } from '../../http/endpoint';
import { depositCreatePerUser } from '../deposit/limits';
import { acknowledge, fiatvendorCheck, signedFields, usdtCheck } from './callback-auth';
import { addAtmBody, addCardBody } from './schemas';

/**
 * /vendor (Part B 4.2): the player's channels, the fiat vendor's ATM and card orders, and the three
 * vendor callbacks (signed, answered `{received: true}`; callback-auth.ts). Rules live in
 * shared/domain/deposit/.
 */
export const paymentVendorEndpoints = [
  endpoint(
    { method: 'get', path: '/vendor/channels', auth: 'player', codes: [2001, 2002, 2003], summary: "The player's payment channel group and its channels" },
    ({ site, player, locale }) => vendorChannels(site, player.id, locale),
  ),
  endpoint(
    { method: 'post', path: '/vendor/fiatvendor/add-atm', auth: 'player', body: addAtmBody, limits: [depositCreatePerUser], codes: [2001, 2002, 2003], summary: "An ATM transfer order at the fiat vendor (the vendor's raw reply)" },
    ({ site, player, body }) => createVendorDeposit(site, player.id, { ...body, paymentMethod: 'fiat' }, 'add-atm'),
  ),
  endpoint(
    { method: 'post', path: '/vendor/fiatvendor/add-card', auth: 'player', body: addCardBody, limits: [depositCreatePerUser], codes: [2001, 2002, 2003], summary: "A card payment order at the fiat vendor (the vendor's raw reply)" },
    ({ site, player, body }) => createVendorDeposit(site, player.id, { ...body, paymentMethod: 'credit' }, 'add-card'),
  ),
  endpoint(
    { method: 'post', path: '/vendor/fiatvendor/callback/add', auth: { signature: fiatvendorCheck }, answer: 'raw', summary: 'Fiat vendor: the order was created (signed by check_sum)' },
    async ({ req, res }) => {
      await fiatvendorAddCallback(signedFields(req), req.body);
      acknowledge(res);
    },
  ),
  endpoint(
    { method: 'post', path: '/vendor/fiatvendor/callback/pay', auth: { signature: fiatvendorCheck }, answer: 'raw', summary: 'Fiat vendor: the order was paid (signed by check_sum)' },
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
      // The spec lists 2001/2002 here: a signed callback is always acknowledged; POST /deposit (crypto) answers them.
      codes: [2001, 2002],
      summary: 'USDT: a payment to a channel address (X-Timestamp, X-Signature); always {received: true} once signed',
    },
    async ({ req, res }) => {
      await usdtPayCallback(signedFields(req), req.body);
      acknowledge(res);
    },
  ),
];
