import { QueryTypes, type Transaction } from 'sequelize';
import { logger } from '../logger';
import { db } from './sequelize';

/**
 * A transaction on a raw pg client borrowed from Sequelize's pool (the same pool, so the API never
 * holds more connections than DB_POOL_MAX). For hot paths whose statements are hand-written SQL
 * anyway: it skips Sequelize's per-query work (about a tenth of a simulate round's API CPU).
 *
 * The shared money and outbox code (wallet, outbox, play log) takes either kind: `Tx`.
 */
interface PgClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export class PgTransaction {
  private readonly hooks: Array<() => void> = [];

  constructor(private readonly client: PgClient) {}

  async query<T extends object>(text: string, bind: unknown[] = []): Promise<T[]> {
    return (await this.client.query(text, bind)).rows as T[];
  }

  /** Runs `fn` once the transaction has committed (never after a rollback). */
  afterCommit(fn: () => void): void {
    this.hooks.push(fn);
  }

  /** @internal After COMMIT: a failing hook is logged, never turned into a failure of what committed. */
  committed(): void {
    for (const fn of this.hooks) {
      try {
        fn();
      } catch (err) {
        logger().error({ err }, 'after-commit hook failed');
      }
    }
  }
}

/** A Sequelize transaction or a raw one. */
export type Tx = Transaction | PgTransaction;

/** Runs one statement with positional ($1...) parameters in `tx` (or on its own) and returns its rows. */
export async function selectRows<T extends object>(tx: Tx | null | undefined, text: string, bind: unknown[]): Promise<T[]> {
  if (tx instanceof PgTransaction) return tx.query<T>(text, bind);
  return db().query<T>(text, { bind, type: QueryTypes.SELECT, transaction: tx ?? undefined });
}

/**
 * BEGIN, `fn`, COMMIT on one pooled connection; ROLLBACK when `fn` throws (its error is rethrown).
 * After-commit hooks run once COMMIT has succeeded.
 */
export async function withPgTransaction<T>(fn: (tx: PgTransaction) => Promise<T>): Promise<T> {
  const manager = db().connectionManager;
  const client = (await manager.getConnection({ type: 'write' })) as unknown as PgClient;
  try {
    const tx = new PgTransaction(client);
    await client.query('BEGIN', []);
    let value: T;
    try {
      value = await fn(tx);
    } catch (err) {
      await client.query('ROLLBACK', []).catch(() => undefined);
      throw err;
    }
    await client.query('COMMIT', []);
    tx.committed();
    return value;
  } finally {
    manager.releaseConnection(client as never);
  }
}

/** True for a pg error of the given SQLSTATE, raw or as Sequelize wraps it (`parent`). */
export function isPgError(err: unknown, sqlState: string): boolean {
  const e = err as { code?: string; parent?: { code?: string } } | null;
  return e?.code === sqlState || e?.parent?.code === sqlState;
}
