import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryOptions, Transaction } from 'sequelize';

/**
 * Whether a piece of work (an HTTP request) may have committed anything in Postgres, so that an outage
 * met halfway is never answered as "nothing happened" when something did (docs/decisions/platform.md,
 * "A dependency outage is a 503 that says whether anything may have changed").
 *
 * A statement may commit when it is a COMMIT, or when it runs outside a transaction (autocommit: the
 * one-statement money paths, shared/db/prepared.ts, and any write made without a transaction), unless
 * it is a model's finder, which only reads. The mark
 * is set when such a statement is sent, before its answer: a COMMIT whose answer never came (the
 * connection dropped) may have committed, and only the database knows. Statements inside a
 * transaction that was not committed, and statements that never got a connection, leave no mark: a
 * transaction cut off before its COMMIT is rolled back by the server.
 */
export type CommitOutcome = 'none' | 'unknown';

interface Scope {
  mayHaveCommitted: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` with its own mark (the pipeline runs each request's steps in one). */
export function trackingCommits<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run({ mayHaveCommitted: false }, work);
}

/**
 * Runs bookkeeping that is not the work's effect (a write the request neither waits for nor reports, such
 * as a player's last activity time): its statements leave the work's mark as it was.
 */
export function apartFromCommitMark<T>(bookkeeping: () => Promise<T>): Promise<T> {
  return scopes.run({ mayHaveCommitted: false }, bookkeeping);
}

/** Sets the current work's mark: a statement that may commit is being sent. */
export function markMayCommit(): void {
  const scope = scopes.getStore();
  if (scope) scope.mayHaveCommitted = true;
}

/**
 * `none` when the current work sent nothing that could have committed; `unknown` otherwise, and outside
 * any tracked work (nothing was watched, so nothing can be promised).
 */
export function commitOutcome(): CommitOutcome {
  const scope = scopes.getStore();
  return scope && !scope.mayHaveCommitted ? 'none' : 'unknown';
}

/**
 * Sequelize's `beforeQuery` hook (shared/db/sequelize.ts): it runs once the statement has its
 * connection, right before it is sent. A COMMIT is the transaction-completing statement after
 * `commitTransaction` set `finished` to 'commit' (a ROLLBACK sets 'rollback').
 */
export function noteStatement(options: QueryOptions & { completesTransaction?: boolean; model?: unknown }): void {
  const transaction = options.transaction as (Transaction & { finished?: string }) | null | undefined;
  if (!transaction) {
    // A model's finder (findAll, findOne, findByPk: queryInterface.select) only reads; a raw statement
    // may call a function that writes, so it counts.
    if (!(options.type === 'SELECT' && options.model)) markMayCommit();
  } else if (options.completesTransaction && transaction.finished === 'commit') markMayCommit();
}
