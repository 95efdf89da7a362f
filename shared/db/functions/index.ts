/**
 * The database functions, one source file each (docs/decisions.md, "Database functions as source files"),
 * in the order the migrator applies them (shared/db/function-files.ts). Paths are relative to this
 * folder. Callees come before their callers. Postgres checks a LANGUAGE sql body when it is created, so
 * a sql function must follow every function it calls; a plpgsql body is resolved when it runs, so among
 * plpgsql functions the order is only for reading. A file's trigger is created with its function.
 */
export const FUNCTION_FILES: readonly string[] = [
  'wallet/money-max.sql',
  'wallet/movement-rules.sql',
  'wallet/move-balance.sql',
  'outbox/add-row.sql',
  'games/write-bet-order.sql',
  'games/enqueue-post-bet.sql',
  'games/touch-play-log.sql',
  'providers/effective-bet.sql',
  'games/simulate-round.sql',
  'providers/refuse.sql',
  'providers/begin-call.sql',
  'providers/find-game.sql',
  'providers/was-cancelled.sql',
  'providers/find-bet-call.sql',
  'providers/lock-round-order.sql',
  'providers/lock-order-by-id.sql',
  'providers/new-order.sql',
  'providers/move-money.sql',
  'providers/set-order-totals.sql',
  'providers/add-bet-detail.sql',
  'providers/settle-order.sql',
  'providers/refund-bet.sql',
  'providers/record-call.sql',
  'providers/provx-bet.sql',
  'providers/provx-bet-result.sql',
  'providers/provx-cancel.sql',
  'providers/provx-jackpot.sql',
  'providers/provy-bet.sql',
  'providers/provy-win.sql',
  'providers/provy-cancel.sql',
  'deposits/status-moves.sql',
  'deposits/enqueue-credit.sql',
  'deposits/mark-paid.sql',
  'deposits/apply-callback.sql',
  'users/keep-ledger.sql',
];
