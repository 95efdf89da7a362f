import { Op } from 'sequelize';
import { PaymentChannel, PaymentChannelGroup, User } from '../../db/models';
import { Refusal } from '../../errors';
import { pickText, type Locale } from '../../i18n/locales';
import { channelRate, DEFAULT_BANK_CODE, ratesOf } from './rates';

/**
 * A player's payment channels: the channels of the group assigned to the player
 * (users.vendorGroupId), enabled ones only (an operator disabling a channel hides it), by their
 * sortOrder, then in the group's order. Refused: `noChannelGroup` no group assigned; `channelGroupUnavailable` the group is missing,
 * of another site or disabled; `channelMissing` the group names a channel that does not exist in the site.
 */

export interface ChannelView {
  id: number;
  name: string;
  currency: string;
  paymentMethods: Array<'fiat' | 'credit' | 'crypto'>;
  paymentAddress: string | null;
  network?: string | null;
  enabled: number;
}

export interface PlayerChannels {
  group: PaymentChannelGroup;
  channels: PaymentChannel[];
}

/** The player's group and its enabled channels, or one of the channel group refusals above. */
export async function playerChannels(siteCode: string, userId: number): Promise<PlayerChannels> {
  const user = await User.findOne({ where: { id: userId, siteCode }, attributes: ['id', 'vendorGroupId'] });
  if (!user?.vendorGroupId) throw new Refusal('deposit.noChannelGroup');
  const group = await PaymentChannelGroup.findOne({ where: { id: user.vendorGroupId, siteCode } });
  if (!group || group.enabled !== 1) throw new Refusal('deposit.channelGroupUnavailable');
  const ids = Array.isArray(group.channelIds) ? group.channelIds.filter((id) => Number.isSafeInteger(id)) : [];
  const rows = ids.length ? await PaymentChannel.findAll({ where: { siteCode, id: { [Op.in]: ids } } }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (ids.some((id) => !byId.has(id))) throw new Refusal('deposit.channelMissing');
  const inGroupOrder = ids.map((id) => byId.get(id)!).filter((c) => c.enabled === 1);
  // Array.prototype.sort is stable: equal sortOrders keep the group's order.
  return { group, channels: inGroupOrder.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0)) };
}

/** The player's enabled channels; none when the player has no usable group (what deposits need). */
export async function availableChannels(siteCode: string, userId: number): Promise<PaymentChannel[]> {
  try {
    return (await playerChannels(siteCode, userId)).channels;
  } catch (err) {
    if (err instanceof Refusal) return [];
    throw err;
  }
}

export function channelView(channel: PaymentChannel, locale: Locale): ChannelView {
  return {
    id: channel.id,
    name: pickText(channel.name, locale),
    currency: channel.currency,
    paymentMethods: channel.paymentMethods,
    paymentAddress: channel.paymentAddress,
    ...(channel.paymentMethods.includes('crypto') ? { network: channel.network } : {}),
    enabled: channel.enabled,
  };
}

/** GET /vendor/channels: {groupId, groupName, channels}. */
export async function vendorChannels(siteCode: string, userId: number, locale: Locale) {
  const { group, channels } = await playerChannels(siteCode, userId);
  return { groupId: group.id, groupName: pickText(group.groupName, locale), channels: channels.map((c) => channelView(c, locale)) };
}

/** GET /deposit/channels: the same, each channel with its exchangeRate {buy, sell} (units per USD) or null. */
export async function depositChannels(siteCode: string, userId: number, locale: Locale) {
  const { group, channels } = await playerChannels(siteCode, userId);
  const table = await ratesOf(DEFAULT_BANK_CODE);
  return {
    groupId: group.id,
    groupName: pickText(group.groupName, locale),
    channels: channels.map((c) => ({ ...channelView(c, locale), exchangeRate: channelRate(c.currency, table) })),
  };
}
