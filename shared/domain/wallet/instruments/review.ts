import { Op, type WhereOptions } from 'sequelize';
import { BankCard, CreditCard, CryptoAddress, User } from '../../../db/models';
import { db } from '../../../db/sequelize';
import { Refusal } from '../../../errors';
import { type Actor, recordActorAction } from '../../audit';
import { pageOffset, pagination } from '../../common';
import { adminBankCardView } from './bank-cards';
import { creditCardView } from './credit-cards';
import { cryptoAddressView } from './crypto-addresses';
import { MODEL_OF, STATUS, type Instrument, type InstrumentKind } from './kinds';

/**
 * Operators' review of wallet instruments (permission module `wallet`): pending (0) becomes approved (1)
 * or rejected (2), once. Repeating the review an item already has answers the item unchanged and logs
 * nothing (a double click, a retried request); the other action on a reviewed item, or any review of an
 * item the player deleted, is `instrumentReviewed`: final states never change (a player re-adds the instrument to be
 * reviewed again). Two operators acting at once: one conditional UPDATE wins, the other sees the result.
 */
export type ReviewAction = 'approve' | 'reject';

function adminView(kind: InstrumentKind, row: Instrument, account: string | null) {
  const view =
    kind === 'bank-card'
      ? adminBankCardView(row as BankCard)
      : kind === 'credit-card'
        ? creditCardView(row as CreditCard)
        : cryptoAddressView(row as CryptoAddress);
  return { kind, ...view, account, siteCode: row.siteCode, reviewedBy: row.reviewedBy, reviewedAt: row.reviewedAt, deletedAt: row.deletedAt };
}

async function accountsOf(userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const users = await User.findAll({ where: { id: [...new Set(userIds)] }, attributes: ['id', 'account'] });
  return new Map(users.map((u) => [u.id, u.account]));
}

/** POST /wallet/admin/:kind/:id/review: `instrumentNotFound` (or another site's), `instrumentReviewed` not reviewable. */
export async function reviewInstrument(actor: Actor, siteCode: string, kind: InstrumentKind, id: number, action: ReviewAction, remark: string | null) {
  const model = MODEL_OF[kind] as typeof BankCard;
  const status = action === 'approve' ? STATUS.approved : STATUS.rejected;
  const row = await db().transaction(async (transaction) => {
    const [count, rows] = await model.update(
      { status, remark, reviewedBy: actor.adminId, reviewedAt: new Date() },
      { where: { id, siteCode, status: STATUS.pending, deletedAt: null }, returning: true, transaction },
    );
    if (count === 0) {
      const current = await model.findOne({ where: { id, siteCode }, transaction });
      if (!current) throw new Refusal('wallet.instrumentNotFound');
      if (current.status === status && !current.deletedAt) return current; // the same review again: unchanged
      throw new Refusal('wallet.instrumentReviewed');
    }
    const reviewed = rows[0];
    await recordActorAction(actor, transaction, {
      module: 'wallet',
      action: `${kind}-${action}`,
      targetId: id,
      summary: `${action === 'approve' ? 'approved' : 'rejected'} ${kind} ${id} of user ${reviewed.userId}`,
      detail: { kind, userId: reviewed.userId, status, remark },
    });
    return reviewed;
  });
  const accounts = await accountsOf([row.userId]);
  return adminView(kind, row, accounts.get(row.userId) ?? null);
}

export interface InstrumentFilter {
  kind: InstrumentKind;
  status?: number;
  userId?: number;
  /** Also the rows players deleted (default: live rows only). */
  includeDeleted?: boolean;
  page: number;
  pageSize: number;
}

/** GET /wallet/admin/instruments: one kind's instruments of the site, oldest pending first within the filter (id order). */
export async function listInstruments(siteCode: string, filter: InstrumentFilter) {
  const model = MODEL_OF[filter.kind] as typeof BankCard;
  const where: WhereOptions = { siteCode };
  if (filter.status !== undefined) Object.assign(where, { status: filter.status });
  if (filter.userId !== undefined) Object.assign(where, { userId: filter.userId });
  if (!filter.includeDeleted) Object.assign(where, { deletedAt: { [Op.is]: null } });
  const { rows, count } = await model.findAndCountAll({
    where,
    order: [['id', 'ASC']],
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  const accounts = await accountsOf(rows.map((r) => r.userId));
  return { items: rows.map((r) => adminView(filter.kind, r, accounts.get(r.userId) ?? null)), pagination: pagination(filter.page, filter.pageSize, count) };
}
