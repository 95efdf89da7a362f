import Decimal from 'decimal.js';
import { AffiliateSettlement } from '../../db/models';
import { Refusal } from '../../errors';
import { type Actor, decideStatus } from '../audit';
import { ledgerKeys, money, moveAffiliateBalance } from '../wallet';
import { agentsOf } from './settlement-views/lists';
import { adminSettlementView, settlementColumns, type SettlementRow } from './settlement-views/views';

/**
 * The operators' review of an affiliate settlement (permission module `affiliate`):
 * pending or pendingReview moves once to approved or rejected. One transaction holds the conditional
 * UPDATE ... WHERE status IN (pending, pendingReview) RETURNING, for an approved settlement with
 * commission the credit to the agent's affiliate balance (available and totalEarned +totalCommission,
 * key `affiliate:settlement:<id>`), and the operation-log row. Of several operators acting at once one
 * wins; the others wait on the row, then find it reviewed (`settlementReviewed`), so the commission is credited once.
 * `settlementNotFound` for an unknown settlement or another site's. Approved with nothing to pay moves no money.
 * A statement (the period type that does not pay its week, docs/affiliates.md "Which period type pays") is
 * never reviewed: the conditional UPDATE, in the credit's transaction, moves only pending and
 * pendingReview rows, so a statement moves nothing and is answered `settlementStatementOnly`.
 */
export type SettlementReviewAction = 'approved' | 'rejected';

const REVIEWABLE = ['pending', 'pendingReview'];

/** The refusal for a settlement that did not move: `settlementStatementOnly` when it is a statement, else the one given. */
async function refusalFor(err: unknown, siteCode: string, id: number): Promise<unknown> {
  if (!(err instanceof Refusal) || err.refusal !== 'affiliate.settlementReviewed') return err;
  const row = await AffiliateSettlement.findOne({ where: { id, siteCode }, attributes: ['status'], raw: true });
  return row?.status === 'statement' ? new Refusal('affiliate.settlementStatementOnly', `settlement ${id}`) : err;
}

/** POST /affiliate/admin/settlements/:id/review: the reviewed settlement as operators see it. */
export async function reviewSettlement(actor: Actor, siteCode: string, id: number, action: SettlementReviewAction, remark: string | null) {
  /** The commission an approval credits: nothing for a rejection or an empty settlement. */
  const creditOf = (row: SettlementRow) => (action === 'approved' ? Decimal.max(new Decimal(row.totalCommission), 0) : new Decimal(0));
  const decided = decideStatus<SettlementRow>(
    actor,
    {
      table: 'affiliate_settlements',
      id,
      siteCode,
      from: REVIEWABLE,
      to: action,
      set: 'remark = :remark, "reviewedBy" = :adminId, "reviewedAt" = now()',
      replacements: { remark, adminId: actor.adminId },
      returning: settlementColumns,
      notFound: 'affiliate.settlementNotFound',
      notAllowed: 'affiliate.settlementReviewed',
    },
    {
      apply: async (changed, transaction) => {
        const amount = creditOf(changed);
        if (amount.isZero()) return;
        await moveAffiliateBalance(transaction, {
          userId: changed.agentId,
          siteCode: changed.siteCode,
          kind: 'commission',
          available: amount.toFixed(),
          earned: amount.toFixed(),
          idempotencyKey: ledgerKeys.affiliateSettlement(changed.id),
          ref: { type: 'affiliate_settlement', id: changed.id },
        });
      },
      log: (changed) => ({
        module: 'affiliate',
        action: `settlement-${action}`,
        targetId: id,
        summary: `${action} ${changed.periodType} settlement ${id} of agent ${changed.agentId} (${money(changed.totalCommission)} USD)`,
        detail: {
          agentId: changed.agentId,
          periodType: changed.periodType,
          weekStart: changed.weekStart,
          totalCommission: money(changed.totalCommission),
          credited: money(creditOf(changed)),
          from: changed.fromStatus,
          to: action,
          remark,
        },
      }),
    },
  );
  const row = await decided.catch(async (err: unknown) => {
    throw await refusalFor(err, siteCode, id);
  });
  const { fromStatus: _from, ...settlement } = row;
  return adminSettlementView(settlement, await agentsOf([settlement]));
}
