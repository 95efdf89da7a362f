import type { Transaction } from 'sequelize';
import { PaymentChannel, PaymentChannelGroup, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { LOCALES, LOCALE_CURRENCY, type Locale, type LocaleText } from '../../i18n/locales';
import { type Actor, changesOf } from '../audit';
import { pickChannelGroup } from './default-group';
import { logChannelAction } from './channel-admin';
import { fitsGroupCurrency } from './channel-fields';

/**
 * The administrators' payment channel groups of a site and a player's group (docs/payments.md, "Payment
 * channels through the API"). A group serves the locales whose currency it has: a new player (and a
 * player logging out, unless an operator chose the player's group) gets the enabled group of the
 * locale's currency with the smallest id. Each write
 * runs in one transaction with its operation-log row (module `payment-channel`).
 */

export interface AdminGroupView {
  id: number;
  siteCode: string;
  groupName: Partial<LocaleText>;
  currency: string;
  /** The group's channels, in the group's order. */
  channelIds: number[];
  enabled: number;
  /** The locales whose currency the group has. */
  servesLocales: Locale[];
  /** The locales whose new players get this group (it is the enabled one with the smallest id of the currency). */
  assignedToNewPlayersOf: Locale[];
  createdAt: Date;
  updatedAt: Date;
}

function groupAdminView(g: PaymentChannelGroup, siteGroups: PaymentChannelGroup[]): AdminGroupView {
  const servesLocales = LOCALES.filter((l) => LOCALE_CURRENCY[l] === g.currency);
  const picked = siteGroups.filter((s) => s.enabled === 1 && s.currency === g.currency).sort((a, b) => a.id - b.id)[0];
  return {
    id: g.id,
    siteCode: g.siteCode,
    groupName: g.groupName ?? {},
    currency: g.currency,
    channelIds: Array.isArray(g.channelIds) ? g.channelIds : [],
    enabled: Number(g.enabled),
    servesLocales,
    assignedToNewPlayersOf: picked?.id === g.id ? servesLocales : [],
    createdAt: g.createdAt as Date,
    updatedAt: g.updatedAt as Date,
  };
}

const groupsOf = (siteCode: string, transaction?: Transaction) => PaymentChannelGroup.findAll({ where: { siteCode }, order: [['id', 'ASC']], transaction });

/** GET /vendor/admin/groups: every group of the site, by id. */
export async function listAdminGroups(siteCode: string): Promise<AdminGroupView[]> {
  const groups = await groupsOf(siteCode);
  return groups.map((g) => groupAdminView(g, groups));
}

export interface GroupInput {
  groupName?: Partial<LocaleText>;
  currency?: string;
  channelIds?: number[];
  enabled?: number;
}

const groupNotFound = () => new Refusal('deposit.channelGroupNotFound', 'payment channel group not found');

/** Refused when a channel id is not a channel of the site (`groupChannelUnknown`) or a fiat channel of another currency (`groupChannelCurrency`). */
async function checkGroupChannels(siteCode: string, currency: string, channelIds: number[], transaction: Transaction): Promise<void> {
  if (channelIds.length === 0) return;
  const channels = await PaymentChannel.findAll({ where: { siteCode, id: channelIds }, attributes: ['id', 'code', 'currency'], transaction });
  const byId = new Map(channels.map((c) => [c.id, c]));
  const unknown = channelIds.find((id) => !byId.has(id));
  if (unknown !== undefined) throw new Refusal('deposit.groupChannelUnknown', `${unknown} is not a payment channel of the site`);
  const misfit = channels.find((c) => !fitsGroupCurrency(c, currency));
  if (misfit)
    throw new Refusal(
      'deposit.groupChannelCurrency',
      `channel ${misfit.id} is a ${misfit.currency} fiat channel; a ${currency} group takes fiat channels of its own currency`,
    );
}

/** The site's groups after a write, for the answer's view. */
async function writtenView(row: PaymentChannelGroup, transaction: Transaction): Promise<AdminGroupView> {
  return groupAdminView(row, await groupsOf(row.siteCode, transaction));
}

/** POST /vendor/admin/groups: `groupChannelUnknown`, `groupChannelCurrency`. */
export async function createAdminGroup(
  actor: Actor,
  siteCode: string,
  input: GroupInput & { groupName: Partial<LocaleText>; currency: string },
): Promise<AdminGroupView> {
  return db().transaction(async (transaction) => {
    const channelIds = input.channelIds ?? [];
    await checkGroupChannels(siteCode, input.currency, channelIds, transaction);
    const row = await PaymentChannelGroup.create(
      { siteCode, groupName: input.groupName, currency: input.currency, channelIds, enabled: input.enabled ?? 1 },
      { transaction },
    );
    const view = await writtenView(row, transaction);
    await logChannelAction(actor, siteCode, transaction, {
      action: 'create-group',
      targetId: row.id,
      summary: `created payment channel group ${row.id} (${row.currency})`,
      detail: view,
    });
    return view;
  });
}

/** PATCH /vendor/admin/groups/:id (partial): `channelGroupNotFound`, `groupChannelUnknown`, `groupChannelCurrency`; channelIds replace the group's list. */
export async function updateAdminGroup(actor: Actor, siteCode: string, id: number, input: GroupInput): Promise<AdminGroupView> {
  return db().transaction(async (transaction) => {
    const row = await PaymentChannelGroup.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw groupNotFound();
    const before = await writtenView(row, transaction);
    const { changes, values } = changesOf(before as unknown as Record<string, unknown>, { ...input });
    if (Object.keys(values).length === 0) return before;
    await checkGroupChannels(
      siteCode,
      (values.currency as string | undefined) ?? row.currency,
      (values.channelIds as number[] | undefined) ?? before.channelIds,
      transaction,
    );
    await row.update(values, { transaction });
    await logChannelAction(actor, siteCode, transaction, {
      action: 'update-group',
      targetId: row.id,
      summary: `updated payment channel group ${row.id}`,
      detail: { changes },
    });
    return writtenView(row, transaction);
  });
}

export interface PlayerGroupView {
  userId: number;
  vendorGroupId: number | null;
  /** 1: an operator chose the group and logouts keep it; 0: the locale's currency picks it. */
  vendorGroupLocked: number;
}

/**
 * PUT /vendor/admin/users/:id/group: moves a player of the site to another enabled group of the site
 * (`playerNotFound`, `channelGroupNotFound`, `channelGroupDisabled`) and marks the group as chosen by an
 * operator (`vendorGroupLocked`), so the player's logouts keep it (logout.ts) until an operator moves the
 * player again. `groupId: null` hands the player back to the automatic choice: the group of the locale's
 * currency now (pickChannelGroup), matched again at each logout. One operation-log row when something
 * changed.
 */
export async function movePlayerToGroup(actor: Actor, siteCode: string, userId: number, groupId: number | null): Promise<PlayerGroupView> {
  return db().transaction(async (transaction) => {
    const user = await User.findOne({
      where: { id: userId, siteCode },
      attributes: ['id', 'locale', 'vendorGroupId', 'vendorGroupLocked'],
      transaction,
      lock: transaction.LOCK.NO_KEY_UPDATE,
    });
    if (!user) throw new Refusal('deposit.playerNotFound', 'player not found');
    let to: number | null;
    if (groupId === null) {
      to = await pickChannelGroup(siteCode, user.locale, transaction);
    } else {
      const group = await PaymentChannelGroup.findOne({ where: { id: groupId, siteCode }, attributes: ['id', 'enabled'], transaction });
      if (!group) throw groupNotFound();
      if (group.enabled !== 1) throw new Refusal('deposit.channelGroupDisabled', 'group disabled');
      to = group.id;
    }
    const locked = groupId === null ? 0 : 1;
    const from = user.vendorGroupId;
    const wasLocked = Number(user.vendorGroupLocked);
    if (from !== to || wasLocked !== locked) {
      await User.update({ vendorGroupId: to, vendorGroupLocked: locked }, { where: { id: user.id }, transaction });
      await logChannelAction(actor, siteCode, transaction, {
        action: 'move-player',
        targetId: user.id,
        summary:
          groupId === null
            ? `returned player ${user.id} to the automatic payment channel group (${to ?? 'none'})`
            : `moved player ${user.id} to payment channel group ${to}`,
        detail: { vendorGroupId: { from, to }, vendorGroupLocked: { from: wasLocked, to: locked } },
      });
    }
    return { userId: user.id, vendorGroupId: to, vendorGroupLocked: locked };
  });
}
