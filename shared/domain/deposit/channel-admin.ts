import { randomBytes } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { PaymentChannel, PaymentChannelGroup } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { type Actor, changesOf, recordAdminAction } from '../audit';
import { uniqueAs } from '../common';
import { checkChannelFields, fitsGroupCurrency, type ChannelCode, type PaymentMethod } from './channel-fields';

/**
 * The administrators' payment channels of a site (docs/payments.md, "Payment channels through the
 * API"), permission module `payment-channel`. Each write runs in one transaction with its operation-log
 * row. Channels and groups are not cached: GET /vendor/channels and POST /deposit read them from Postgres,
 * so a change is seen by the next request. A channel is never deleted (orders name it): it is disabled,
 * which refuses new orders while its open orders still complete (the callbacks name the order, not the
 * channel).
 */

export const CHANNEL_LOG_MODULE = 'payment-channel';

export interface ChannelLogEntry {
  action: string;
  targetId: number;
  summary: string;
  detail: unknown;
}

/** The operation-log row (module `payment-channel`) of a write, in the write's transaction. */
export function logChannelAction(actor: Actor, siteCode: string, transaction: Transaction, entry: ChannelLogEntry): Promise<void> {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: CHANNEL_LOG_MODULE, ...entry }, { transaction });
}

export interface AdminChannelView {
  id: number;
  siteCode: string;
  key: string;
  code: ChannelCode;
  name: Partial<LocaleText>;
  currency: string;
  paymentMethods: PaymentMethod[];
  paymentAddress: string | null;
  network: string | null;
  enabled: number;
  sortOrder: number;
  /** The site's groups that list the channel. */
  groupIds: number[];
  createdAt: Date;
  updatedAt: Date;
}

function channelAdminView(c: PaymentChannel, groups: PaymentChannelGroup[]): AdminChannelView {
  return {
    id: c.id,
    siteCode: c.siteCode,
    key: c.key,
    code: c.code,
    name: c.name ?? {},
    currency: c.currency,
    paymentMethods: c.paymentMethods,
    paymentAddress: c.paymentAddress,
    network: c.network,
    enabled: Number(c.enabled),
    sortOrder: c.sortOrder,
    groupIds: groups.filter((g) => Array.isArray(g.channelIds) && g.channelIds.includes(c.id)).map((g) => g.id),
    createdAt: c.createdAt as Date,
    updatedAt: c.updatedAt as Date,
  };
}

const siteGroups = (siteCode: string, transaction?: Transaction) => PaymentChannelGroup.findAll({ where: { siteCode }, order: [['id', 'ASC']], transaction });

/** GET /vendor/admin/channels: every channel of the site, by sortOrder then id. */
export async function listAdminChannels(siteCode: string): Promise<AdminChannelView[]> {
  const [channels, groups] = await Promise.all([
    PaymentChannel.findAll({
      where: { siteCode },
      order: [
        ['sortOrder', 'ASC'],
        ['id', 'ASC'],
      ],
    }),
    siteGroups(siteCode),
  ]);
  return channels.map((c) => channelAdminView(c, groups));
}

export interface ChannelInput {
  key?: string;
  code?: ChannelCode;
  name?: Partial<LocaleText>;
  currency?: string;
  paymentMethods?: PaymentMethod[];
  paymentAddress?: string | null;
  network?: string | null;
  enabled?: number;
  sortOrder?: number;
}

const keyTaken = () => new Refusal('deposit.channelKeyTaken', 'channel key taken');
const channelNotFound = () => new Refusal('deposit.paymentChannelNotFound', 'payment channel not found');

/** POST /vendor/admin/channels: `channelKeyTaken` when the key is the site's already (default key: `<code>-<random>`). */
export async function createAdminChannel(
  actor: Actor,
  siteCode: string,
  input: ChannelInput & { code: ChannelCode; name: Partial<LocaleText>; currency: string; paymentMethods: PaymentMethod[] },
): Promise<AdminChannelView> {
  const fields = {
    code: input.code,
    currency: input.currency,
    paymentMethods: input.paymentMethods,
    network: input.network ?? null,
    paymentAddress: input.paymentAddress ?? null,
  };
  checkChannelFields(fields);
  const key = input.key ?? `${input.code}-${randomBytes(4).toString('hex')}`;
  return uniqueAs(keyTaken, () =>
    db().transaction(async (transaction) => {
      if (await PaymentChannel.findOne({ where: { siteCode, key }, attributes: ['id'], transaction })) throw keyTaken();
      const row = await PaymentChannel.create(
        { siteCode, key, name: input.name, ...fields, enabled: input.enabled ?? 1, sortOrder: input.sortOrder ?? 0 },
        { transaction },
      );
      const view = channelAdminView(row, []);
      await logChannelAction(actor, siteCode, transaction, {
        action: 'create-channel',
        targetId: row.id,
        summary: `created payment channel ${key}`,
        detail: view,
      });
      return view;
    }),
  );
}

/**
 * PATCH /vendor/admin/channels/:id (partial; the kind `code` is fixed at creation): `paymentChannelNotFound`,
 * `channelKeyTaken`; the channel with its changes is checked as a whole, and a fiat channel's currency must
 * stay the one of the groups that list it (`channelListedByGroup`).
 */
export async function updateAdminChannel(actor: Actor, siteCode: string, id: number, input: ChannelInput): Promise<AdminChannelView> {
  return uniqueAs(keyTaken, () =>
    db().transaction(async (transaction) => {
      const row = await PaymentChannel.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw channelNotFound();
      const groups = await siteGroups(siteCode, transaction);
      const before = channelAdminView(row, groups);
      const { changes, values } = changesOf(before as unknown as Record<string, unknown>, { ...input, code: undefined });
      if (Object.keys(values).length === 0) return before;
      const next = { ...before, ...values } as AdminChannelView;
      checkChannelFields(next);
      const misfit = groups.find((g) => before.groupIds.includes(g.id) && !fitsGroupCurrency(next, g.currency));
      if (misfit) throw new Refusal('deposit.channelListedByGroup', `group ${misfit.id} lists the channel and serves ${misfit.currency}`);
      if (values.key !== undefined && (await PaymentChannel.findOne({ where: { siteCode, key: values.key as string }, attributes: ['id'], transaction })))
        throw keyTaken();
      await row.update(values, { transaction });
      await logChannelAction(actor, siteCode, transaction, {
        action: 'update-channel',
        targetId: row.id,
        summary: `updated payment channel ${row.key}`,
        detail: { changes },
      });
      return channelAdminView(row, groups);
    }),
  );
}
