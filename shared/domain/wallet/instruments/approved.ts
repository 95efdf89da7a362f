import type { Transaction } from 'sequelize';
import { BankCard, CreditCard, CryptoAddress } from '../../../db/models';
import { MODEL_OF, STATUS, type InstrumentKind } from './kinds';

type ApprovedOf<K extends InstrumentKind> = K extends 'bank-card' ? BankCard : K extends 'credit-card' ? CreditCard : CryptoAddress;

/**
 * The player's approved (status 1) instrument of `kind` with this id, or null: for withdrawals (an
 * approved crypto address) and affiliate withdrawals (an approved bank card or crypto address). A deleted
 * instrument, another player's, another site's, or one pending or rejected is null. Pass the caller's
 * transaction to read it there (`lock` to hold it against a concurrent delete or review).
 */
export async function findApprovedInstrument<K extends InstrumentKind>(
  siteCode: string,
  userId: number,
  kind: K,
  id: number,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<ApprovedOf<K> | null> {
  const model = MODEL_OF[kind] as typeof BankCard;
  const row = await model.findOne({
    where: { id, siteCode, userId, status: STATUS.approved, deletedAt: null },
    transaction: options.transaction,
    lock: options.lock && options.transaction ? options.transaction.LOCK.UPDATE : undefined,
  });
  return row as ApprovedOf<K> | null;
}
