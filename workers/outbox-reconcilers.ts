import { postBetReconciler } from '../shared/domain/post-bet/reconcile';
import type { OutboxReconciler } from '../shared/queues/reconcile';

/**
 * Every outbox-driven effect and its reconciler (shared/queues/reconcile.ts): the sweep finds in Postgres
 * the effects whose jobs Redis lost and writes them to the outbox again.
 * - post-bet (settled bet orders): postProcessedAt and countedEffective on the order.
 * - mail `welcome` (registration): sent or skipped by its processor, but it leaves no mark in Postgres;
 *   it needs one of its own (a sent-at on the user) before it can have a reconciler.
 */
export const OUTBOX_RECONCILERS: readonly OutboxReconciler[] = [postBetReconciler];
