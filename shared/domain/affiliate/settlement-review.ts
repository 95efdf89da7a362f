import Decimal from 'decimal.js';
import { db } from '../../db/sequelize';
import { transitionStatus } from '../common/status-transition';
import type { Actor } from '../admin/accounts';
import { recordActorAction } from '../admin/operation-log';
import { moveAffiliateBalance } from '../wallet/affiliate-account';
import { money } from '../wallet/wallet';
import { agentsOf } from './settlement-views/lists';
import { adminSettlementView, settlementColumns, type SettlementRow } from './settlement-views/views';

/**
 * The operators' review of an affiliate settlement (Part B 3, 4.6; permission module `affiliate`):
 * pending or pendingReview moves once to approved or rejected. One transaction holds the conditional
 * UPDATE ... WHERE status IN (pending, pendingReview) RETURNING, for an approved settlement with
 * commission the credit to the agent's affiliate balance (available and totalEarned +totalCommission,
 * key `affiliate:settlement:<id>`), and the operation-log row. Of several operators acting at once one
 * wins; the others wait on the row, then find it reviewed (2002), so the commission is credited once.
 * 2001 for an unknown settlement or another site's. Approved with nothing to pay moves no money.
 */
export type SettlementReviewAction = 'approved' | 'rejected';

const REVIEWABLE = ['pending', 'pendingReview'];

/** POST /affiliate/admin/settlements/:id/review: the reviewed settlement as operators see it; 2001, 2002. */
export async function reviewSettlement(actor: Actor, siteCode: string, id: number, action: SettlementReviewAction, remark: string | null) {
  const row = await db().transaction(async (transaction) => {
    const changed = await transitionStatus<SettlementRow>(transaction, {
      table: 'affiliate_settlements',
      id,
      siteCode,
      from: REVIEWABLE,
      to: action,
      set: 'remark = :remark, "reviewedBy" = :adminId, "reviewedAt" = now()',
      replacements: { remark, adminId: actor.adminId },
      returning: settlementColumns,
      notFound: 'settlement not found',
      notAllowed: 'settlement already reviewed',
    });
    const amount = new Decimal(changed.totalCommission);
    const credited = action === 'approved' && amount.gt(0);
    if (credited) {
      await moveAffiliateBalance(transaction, {
        userId: changed.agentId,
        siteCode: changed.siteCode,
        kind: 'commission',
        available: amount.toFixed(),
        earned: amount.toFixed(),
        idempotencyKey: `affiliate:settlement:${changed.id}`,
        ref: { type: 'affiliate_settlement', id: changed.id },
      });
    }
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: `settlement-${action}`,
      targetId: id,
      summary: `${action} ${changed.periodType} settlement ${id} of agent ${changed.agentId} (${money(amount)} USD)`,
      detail: {
        agentId: changed.agentId,
        periodType: changed.periodType,
        weekStart: changed.weekStart,
        totalCommission: money(amount),
        credited: credited ? money(amount) : money(0),
        from: changed.fromStatus,
        to: action,
        remark,
      },
    });
    return changed;
  });
  const { fromStatus: _from, ...settlement } = row;
  return adminSettlementView(settlement, await agentsOf([settlement]));
}
