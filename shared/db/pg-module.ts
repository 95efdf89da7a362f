import pg from 'pg';

/**
 * The pg driver Sequelize uses (its `dialectModule`), with one change: every Client listens for 'error'
 * from birth. Sequelize attaches its listener only once `connect` has resolved; a server that ends a
 * connection right after it became ready (pg_terminate_backend, a restart, a fail-over) sends the
 * ready message and the error in one packet, and pg emits the error before that listener exists: an
 * uncaught exception that stopped the process. This listener marks the connection invalid as
 * Sequelize's own does (`_invalid`), so the pool discards it instead of lending it again.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {
      (this as { _invalid?: boolean })._invalid = true;
    });
  }
}

export const pgModule: typeof pg = Object.assign(Object.create(pg) as typeof pg, { Client: GuardedClient });
