import { welcomeMailReconciler } from '../shared/domain/auth/welcome-reconcile';
import { depositCreditReconciler } from '../shared/domain/deposit/credit';
import { postBetReconciler } from '../shared/domain/post-bet/reconcile';
import { imageReconciler } from '../shared/domain/uploads/processing';
import type { OutboxReconciler } from '../shared/queues/reconcile';

/**
 * Every outbox-driven effect and its reconciler (shared/queues/reconcile.ts): the sweep finds in Postgres
 * the effects whose jobs Redis lost and writes them to the outbox again.
 * - post-bet (settled bet orders): postProcessedAt and countedEffective on the order.
 * - mail `welcome` (registration): welcomeMailAt on the user. The other mail kinds (verification and
 *   withdrawal codes) are passed over: the player asks for a new code.
 * - image (uploaded images): processedAt on the uploaded_images row.
 * - deposit-credit (paid deposit orders): creditedAt on the order.
 * The workers serving outbox-relay run all of them, whichever queues they serve: a reconciler only writes
 * outbox rows, which the relay pushes to the queue's own workers.
 */
export const OUTBOX_RECONCILERS: readonly OutboxReconciler[] = [postBetReconciler, welcomeMailReconciler, imageReconciler, depositCreditReconciler];
