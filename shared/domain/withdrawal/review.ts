import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import type { WithdrawalStatus } from '../../db/models';
import { type Actor, decideStatus } from '../audit';
import { ledgerKeys, money, moveBalance } from '../wallet';
import { accountsOf, addressesOf, adminView, type WithdrawalRow } from './views';

/**
 * Operators' decisions on a withdrawal (permission module `withdrawal`): review moves a
 * pending withdrawal to approved (nothing moves) or rejected (the hold goes back to balance,
 * `withdrawal:release:<id>`); complete moves an approved one to completed (the hold leaves the account,
 * `withdrawal:payout:<id>`). Each is one conditional UPDATE ... WHERE status = <the state it leaves>
 * RETURNING, the wallet movement and the operation-log row in one transaction: of two operators acting
 * at once one wins, the other waits on the row and then gets 2002, and money moves once. Final states
 * (rejected, completed) never change; 2001 for an unknown withdrawal or another site's.
 */
export type ReviewAction = 'approve' | 'reject';

interface Transition {
  from: WithdrawalStatus;
  to: WithdrawalStatus;
  /** Columns set with the status (SQL, with :adminId and :reason). */
  set: string;
  /** The wallet movement resolving the hold, if any. */
  move?: (row: WithdrawalRow, transaction: Transaction) => Promise<unknown>;
}

const release = (row: WithdrawalRow, transaction: Transaction) =>
  moveBalance(transaction, {
    userId: row.userId,
    amount: new Decimal(row.amount),
    frozenAmount: new Decimal(row.amount).neg(),
    kind: 'withdrawal-release',
    idempotencyKey: ledgerKeys.withdrawalRelease(row.id),
    ref: { type: 'withdrawal', id: row.id },
  });

const payout = (row: WithdrawalRow, transaction: Transaction) =>
  moveBalance(transaction, {
    userId: row.userId,
    amount: '0',
    frozenAmount: new Decimal(row.amount).neg(),
    kind: 'withdrawal-payout',
    idempotencyKey: ledgerKeys.withdrawalPayout(row.id),
    ref: { type: 'withdrawal', id: row.id },
  });

const REVIEWED = `"reviewedBy" = :adminId, "reviewedAt" = now()`;

const TRANSITIONS: Record<ReviewAction | 'complete', Transition> = {
  approve: { from: 'pending', to: 'approved', set: REVIEWED },
  reject: { from: 'pending', to: 'rejected', set: `${REVIEWED}, "rejectReason" = :reason`, move: release },
  complete: { from: 'approved', to: 'completed', set: `"completedBy" = :adminId, "completedAt" = now()`, move: payout },
};

async function applyTransition(actor: Actor, siteCode: string, id: number, action: ReviewAction | 'complete', reason: string | null) {
  const step = TRANSITIONS[action];
  const row = await decideStatus<WithdrawalRow>(
    actor,
    {
      table: 'withdrawals',
      id,
      siteCode,
      from: [step.from],
      to: step.to,
      set: step.set,
      replacements: { adminId: actor.adminId, reason },
      notFound: 'withdrawal.notFound',
      notAllowed: 'withdrawal.statusNotAllowed',
    },
    {
      apply: step.move,
      log: (changed) => ({
        module: 'withdrawal',
        action,
        targetId: id,
        summary: `${action} withdrawal ${id} of user ${changed.userId} (${money(changed.amount)} USD)`,
        detail: {
          userId: changed.userId,
          amount: money(changed.amount),
          from: step.from,
          to: step.to,
          ...(action === 'reject' ? { rejectReason: reason } : {}),
        },
      }),
    },
  );
  const [addresses, accounts] = await Promise.all([addressesOf([row]), accountsOf([row])]);
  return adminView(row, addresses, accounts);
}

/** POST /withdrawal/admin/:id/review: approve or reject (with its reason) a pending withdrawal; 2001, 2002. */
export function reviewWithdrawal(actor: Actor, siteCode: string, id: number, action: ReviewAction, rejectReason: string | null) {
  return applyTransition(actor, siteCode, id, action, action === 'reject' ? rejectReason : null);
}

/** POST /withdrawal/admin/:id/complete: an approved withdrawal's payout is done; 2001, 2002. */
export function completeWithdrawal(actor: Actor, siteCode: string, id: number) {
  return applyTransition(actor, siteCode, id, 'complete', null);
}
