import { BankCard, CreditCard, CryptoAddress, type InstrumentStatus } from '../../../db/models';
import { Refusal } from '../../../errors';
import type { RefusalName } from '../../refusals';

/**
 * The three kinds of player wallet instruments and what they share: the review status
 * (0 pending, 1 approved, 2 rejected), the remark of the review, and a delete that keeps the row hidden
 * ("deletedAt"), so later withdrawals can still name the instrument.
 */
export const INSTRUMENT_KINDS = ['bank-card', 'credit-card', 'crypto-address'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

export const STATUS = { pending: 0, approved: 1, rejected: 2 } as const satisfies Record<string, InstrumentStatus>;

export type Instrument = BankCard | CreditCard | CryptoAddress;

export const MODEL_OF = { 'bank-card': BankCard, 'credit-card': CreditCard, 'crypto-address': CryptoAddress } as const;

/** The fields every instrument answers with. */
export function baseView(row: Instrument) {
  return { id: row.id, userId: row.userId, status: row.status, remark: row.remark, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/**
 * DELETE of a player's own live instrument: the row stays, hidden from the player's lists; its photos
 * stay too (an operator may still need them). Another player's id, another site's, or one already
 * deleted is not found (`notFound`).
 */
export async function deleteOwnInstrument(kind: InstrumentKind, siteCode: string, userId: number, id: number, notFound: RefusalName): Promise<null> {
  const model = MODEL_OF[kind] as typeof BankCard;
  const [count] = await model.update({ deletedAt: new Date() }, { where: { id, siteCode, userId, deletedAt: null } });
  if (count === 0) throw new Refusal(notFound);
  return null;
}

/** The player's live instruments of one kind, newest first. */
export function ownInstruments<M extends typeof BankCard | typeof CreditCard | typeof CryptoAddress>(
  model: M,
  siteCode: string,
  userId: number,
): Promise<InstanceType<M>[]> {
  return (model as typeof BankCard).findAll({ where: { siteCode, userId, deletedAt: null }, order: [['id', 'DESC']] }) as Promise<InstanceType<M>[]>;
}
