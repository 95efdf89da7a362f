import { AccessDeniedError, ConnectionError, InvalidConnectionError } from 'sequelize';

/** The dependencies whose outage a request can meet: answered 503 with Retry-After (api/http/error-mapper.ts). */
export type Dependency = 'postgres' | 'redis';

/**
 * Postgres error codes that mean the server cannot serve this connection now, not that the statement is
 * wrong: class 08 (connection exception), admin or crash shutdown and "cannot connect now" (57P01,
 * 57P02, 57P03: the database system is starting up or shutting down), too many connections (53300).
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** What the pg driver and the sockets say when a connection is lost or cannot be made (no SQLSTATE). */
const PG_LOST = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection timed out)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** ioredis' errors of a connection that is down, and Redis' own replies of a server that cannot serve now. */
const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError']);
const REDIS_LOST =
  /^(Connection is closed|Stream isn't writeable|Command timed out|None of startup nodes is available|Failed to refresh slots cache|Reached the max retries per request limit|LOADING |CLUSTERDOWN |TRYAGAIN |MASTERDOWN )/;

interface Inner {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  parent?: unknown;
  original?: unknown;
  cause?: unknown;
}

/**
 * The dependency an error says is unavailable (Postgres or Redis down, restarting, refusing connections,
 * or a connection lost mid-statement), or null for any other error. Looks through the wrappers
 * (Sequelize's `parent`/`original`, `cause`) a few levels deep. A refused login (AccessDeniedError) or a
 * malformed connection setting is a configuration fault, not an outage: null.
 */
export function unavailableDependency(err: unknown, depth = 0): Dependency | null {
  if (!err || typeof err !== 'object' || depth > 3) return null;
  if (err instanceof AccessDeniedError || err instanceof InvalidConnectionError) return null;
  if (err instanceof ConnectionError) return 'postgres';
  const e = err as Inner;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.code === 'string' ? e.code : '';
  if (REDIS_ERROR_NAMES.has(name) || REDIS_LOST.test(message)) return 'redis';
  if (PG_UNAVAILABLE.test(code) || PG_LOST.test(message)) return 'postgres';
  for (const inner of [e.parent, e.original, e.cause]) {
    if (inner && inner !== err) {
      const found = unavailableDependency(inner, depth + 1);
      if (found) return found;
    }
  }
  // A bare socket error names no server; it is reported under Postgres, the one every request needs
  // (only the logs read the name: the answer is the same 503).
  if (SOCKET_CODES.has(code)) return 'postgres';
  return null;
}
