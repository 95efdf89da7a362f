import { codeMailReconciler, welcomeMailReconciler } from '../shared/domain/auth';
import { depositCreditReconciler } from '../shared/domain/deposit';
import { kycDecisionMailReconciler } from '../shared/domain/kyc';
import { postBetReconciler } from '../shared/domain/post-bet';
import { imageReconciler } from '../shared/domain/uploads';
import { queueReconciler, type OutboxReconciler } from '../shared/queues/reconcile';

/**
 * Every outbox-driven effect and its reconciler (shared/queues/reconcile.ts), one per queue: the sweep
 * finds in Postgres the effects whose jobs Redis lost and writes them to the outbox again.
 * - post-bet (settled bet orders): postProcessedAt and countedEffective on the order.
 * - mail `welcome` (registration): welcomeMailAt on the user.
 * - mail `verify-email` and `withdrawal-code` (the code mails): the latest version's doneAt in
 *   code_mail_outcomes; older versions are passed over.
 * - mail `kyc-decision` (an operator's decision on a KYC document): mailedAt on the document.
 * - image (uploaded images): processedAt on the uploaded_images row.
 * - deposit-credit (paid deposit orders): creditedAt on the order.
 * The workers serving outbox-relay run all of them, whichever queues they serve: a reconciler only writes
 * outbox rows, which the relay pushes to the queue's own workers.
 */
export const OUTBOX_RECONCILERS: readonly OutboxReconciler[] = [
  postBetReconciler,
  queueReconciler(welcomeMailReconciler, codeMailReconciler, kycDecisionMailReconciler),
  imageReconciler,
  depositCreditReconciler,
];
