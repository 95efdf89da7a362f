import {
  createAdminChannel,
  createAdminGroup,
  listAdminChannels,
  listAdminGroups,
  movePlayerToGroup,
  updateAdminChannel,
  updateAdminGroup,
} from '../../../shared/domain/deposit';
import { endpoint } from '../../http/endpoint';
import { createChannelBody, createGroupBody, idParams, playerGroupBody, updateChannelBody, updateGroupBody } from './vendor-admin-schemas';
import * as answers from './vendor-answers';

/**
 * Administrator endpoints of payment channels and groups, permission module `payment-channel`
 * (docs/payments.md, "Payment channels through the API"). The site is the administrator's
 * (`x-site-code` or `siteCode`); a group, channel or player of another site is not found. Every write
 * is operation-logged. Rules live in shared/domain/deposit/ (channel-admin.ts, group-admin.ts).
 */
const auth = { admin: 'payment-channel' } as const;
/** A group's channels that are not the site's (2002) or fiat channels of another currency (2003), on its POST and its PATCH. */
const groupChannelRefusals = { 'deposit.groupChannelUnknown': 2002, 'deposit.groupChannelCurrency': 2003 } as const;

export const paymentChannelAdminEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/vendor/admin/groups',
      result: answers.getVendorAdminGroups,
      auth,
      summary: "The site's payment channel groups, with the locales each serves",
    },
    ({ site }) => listAdminGroups(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/vendor/admin/groups',
      result: answers.postVendorAdminGroups,
      auth,
      body: createGroupBody,
      refusals: groupChannelRefusals,
      summary: "Create a payment channel group (2002 a channel that is not the site's, 2003 a fiat channel of another currency)",
    },
    ({ actor, site, body }) => createAdminGroup(actor, site, body),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/vendor/admin/groups/:id',
      result: answers.postVendorAdminGroups,
      auth,
      params: idParams,
      body: updateGroupBody,
      refusals: { 'deposit.channelGroupNotFound': 2001, ...groupChannelRefusals },
      summary: 'Update a payment channel group (partial; channelIds replace its list; 2002, 2003 as on create)',
    },
    ({ actor, site, params, body }) => updateAdminGroup(actor, site, params.id, body),
  ),
  endpoint(
    {
      method: 'get',
      path: '/vendor/admin/channels',
      result: answers.getVendorAdminChannels,
      auth,
      summary: "The site's payment channels, by sortOrder, each with the groups that list it",
    },
    ({ site }) => listAdminChannels(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/vendor/admin/channels',
      result: answers.postVendorAdminChannels,
      auth,
      body: createChannelBody,
      refusals: { 'deposit.channelKeyTaken': 2002 },
      summary: 'Create a payment channel (fiatvendor or usdt; the receiving address is checked against the network)',
    },
    ({ actor, site, body }) => createAdminChannel(actor, site, body),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/vendor/admin/channels/:id',
      result: answers.postVendorAdminChannels,
      auth,
      params: idParams,
      body: updateChannelBody,
      refusals: { 'deposit.paymentChannelNotFound': 2001, 'deposit.channelKeyTaken': 2002, 'deposit.channelListedByGroup': 2003 },
      summary:
        'Update a payment channel (partial): receiving address, network, names, enabled, sortOrder... (2003 a group listing the fiat channel serves another currency)',
    },
    ({ actor, site, params, body }) => updateAdminChannel(actor, site, params.id, body),
  ),
  endpoint(
    {
      method: 'put',
      path: '/vendor/admin/users/:id/group',
      result: answers.putVendorAdminUsersByIdGroup,
      auth,
      params: idParams,
      body: playerGroupBody,
      refusals: { 'deposit.playerNotFound': 2001, 'deposit.channelGroupNotFound': 2002, 'deposit.channelGroupDisabled': 2003 },
      summary: "Move a player to an enabled payment channel group of the site, kept across logouts (groupId null: back to the locale's group)",
    },
    ({ actor, site, params, body }) => movePlayerToGroup(actor, site, params.id, body.groupId),
  ),
];
