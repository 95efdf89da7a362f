import type { Client, QueryResultRow } from 'pg';
import { DatabaseError, ForeignKeyConstraintError, UniqueConstraintError } from 'sequelize';
import { config } from '../config';
import { markMayCommit } from './commit-outcome';
import { logger } from '../logger';
import { db } from './sequelize';

/**
 * One statement as a named prepared statement, on a connection of Sequelize's own pool: Postgres parses
 * and plans the statement once per connection instead of on every call, and the call skips Sequelize's
 * query path. For the one-statement money paths, each a database function called thousands of times a
 * second with the same text (the provider callbacks, simulate); docs/decisions/platform.md, "The one-statement
 * money paths are prepared statements". `name` must be the same for the same `text`.
 *
 * Errors come back as db().query's do: a unique-key violation as UniqueConstraintError, a foreign-key
 * violation as ForeignKeyConstraintError, any other database error as DatabaseError, each with the
 * driver's error in `original` (its code, message and detail), so callers read a refusal the same way on
 * either path.
 *
 * With DB_PREPARED_STATEMENTS=false the same statement goes unnamed (parsed on every call): a
 * transaction-pooling PgBouncer older than 1.21 hands each call to any server connection, where a name
 * parsed on another is unknown (docs/scaling.md, "PgBouncer").
 */
export async function preparedRows<T extends QueryResultRow>(name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  const pool = db().connectionManager;
  const client = (await pool.getConnection({ type: 'write' })) as unknown as Client;
  try {
    if (logger().isLevelEnabled('trace')) logger().trace({ sql: text, prepared: name }, 'sql');
    const named = config().dbPreparedStatements ? { name } : {};
    // An autocommit statement (the money paths' functions): from here it may commit, answered or not.
    markMayCommit();
    return (await client.query<T>({ ...named, text, values: [...values] })).rows;
  } catch (err) {
    throw asSequelizeError(err);
  } finally {
    pool.releaseConnection(client as never);
  }
}

function asSequelizeError(err: unknown): unknown {
  if (!(err instanceof Error) || typeof (err as { code?: unknown }).code !== 'string') return err;
  const original = err as Error & { code: string; sql?: string; parameters?: unknown };
  if (original.code === '23505') return new UniqueConstraintError({ parent: original, original, message: original.message } as never);
  if (original.code === '23503') return new ForeignKeyConstraintError({ parent: original } as never);
  return new DatabaseError(original as never);
}
