import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import type { AffiliateWithdrawalStatus } from '../../../db/models';
import { type Actor, decideStatus } from '../../audit';
import { ledgerKeys, money, moveAffiliateBalance } from '../../wallet';
import { adminContextOf, adminView, type AffiliateWithdrawalRow } from './views';

/**
 * Operators' decisions on a commission withdrawal (permission module `affiliate`): review
 * moves a pending withdrawal to approved (nothing moves) or rejected (frozen back to available,
 * `affiliate:withdrawal:release:<id>`); complete moves an approved one to completed (frozen to
 * totalWithdrawn, `affiliate:withdrawal:payout:<id>`). Each is one conditional UPDATE ... WHERE status =
 * <the state it leaves> RETURNING, the movement of the affiliate account and the operation-log row in one
 * transaction: of two operators acting at once one wins, the other waits on the row and then gets `withdrawalStatusNotAllowed`,
 * and money moves once. Final states (rejected, completed) never change; another site's withdrawal is
 * not found (`withdrawalNotFound`). The remark is kept on review (either action); complete keeps it.
 */
export type AffiliateReviewAction = 'approved' | 'rejected';

interface Transition {
  from: AffiliateWithdrawalStatus;
  to: AffiliateWithdrawalStatus;
  /** Columns set with the status (SQL, with :adminId and :remark). */
  set: string;
  move?: (row: AffiliateWithdrawalRow, transaction: Transaction) => Promise<unknown>;
}

const release = (row: AffiliateWithdrawalRow, transaction: Transaction) =>
  moveAffiliateBalance(transaction, {
    userId: row.agentId,
    siteCode: row.siteCode,
    kind: 'withdrawal-release',
    available: new Decimal(row.amount).toFixed(),
    frozen: new Decimal(row.amount).neg().toFixed(),
    idempotencyKey: ledgerKeys.affiliateWithdrawalRelease(row.id),
    ref: { type: 'affiliate-withdrawal', id: row.id },
  });

const payout = (row: AffiliateWithdrawalRow, transaction: Transaction) =>
  moveAffiliateBalance(transaction, {
    userId: row.agentId,
    siteCode: row.siteCode,
    kind: 'withdrawal-payout',
    frozen: new Decimal(row.amount).neg().toFixed(),
    withdrawn: new Decimal(row.amount).toFixed(),
    idempotencyKey: ledgerKeys.affiliateWithdrawalPayout(row.id),
    ref: { type: 'affiliate-withdrawal', id: row.id },
  });

const REVIEWED = `"reviewedBy" = :adminId, "reviewedAt" = now(), remark = :remark`;

const TRANSITIONS: Record<AffiliateReviewAction | 'complete', Transition> = {
  approved: { from: 'pending', to: 'approved', set: REVIEWED },
  rejected: { from: 'pending', to: 'rejected', set: REVIEWED, move: release },
  complete: { from: 'approved', to: 'completed', set: `"completedBy" = :adminId, "completedAt" = now()`, move: payout },
};

async function applyTransition(actor: Actor, siteCode: string, id: number, action: AffiliateReviewAction | 'complete', remark: string | null) {
  const step = TRANSITIONS[action];
  return decideStatus<AffiliateWithdrawalRow>(
    actor,
    {
      table: 'affiliate_withdrawals',
      id,
      siteCode,
      from: [step.from],
      to: step.to,
      set: step.set,
      replacements: { adminId: actor.adminId, remark },
      notFound: 'affiliate.withdrawalNotFound',
      notAllowed: 'affiliate.withdrawalStatusNotAllowed',
    },
    {
      apply: step.move,
      log: (changed) => ({
        module: 'affiliate',
        action: `withdrawal-${action}`,
        targetId: id,
        summary: `${action} commission withdrawal ${id} of agent ${changed.agentId} (${money(changed.amount)} USD)`,
        detail: {
          agentId: changed.agentId,
          amount: money(changed.amount),
          method: changed.method,
          targetId: changed.targetId,
          from: step.from,
          to: step.to,
          remark: changed.remark,
        },
      }),
    },
  );
}

/** POST /affiliate/admin/withdrawals/:id/review: approve or reject a pending commission withdrawal. */
export async function reviewAffiliateWithdrawal(actor: Actor, siteCode: string, id: number, action: AffiliateReviewAction, remark: string | null) {
  const row = await applyTransition(actor, siteCode, id, action, remark);
  return adminView(row, await adminContextOf([row]));
}

/** POST /affiliate/admin/withdrawals/:id/complete: an approved withdrawal is paid out; {id, status}. */
export async function completeAffiliateWithdrawal(actor: Actor, siteCode: string, id: number) {
  const row = await applyTransition(actor, siteCode, id, 'complete', null);
  return { id: Number(row.id), status: row.status };
}
