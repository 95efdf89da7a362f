import { ConfigError, config, resetConfig } from '../../shared/config';
import { closeDb } from '../../shared/db/sequelize';
import { ensureServices, type Services } from './services';

/**
 * Finds or starts Postgres and Redis (scripts/lib/services.ts), puts their URLs in the environment
 * where none was given, and validates the configuration. Exits with the config problem named.
 */
export async function bootServices(databaseName: string): Promise<Services> {
  const services = await ensureServices({ databaseName, log: (msg) => console.log(`  ${msg}`) });
  process.env.DATABASE_URL ??= services.databaseUrl;
  process.env.REDIS_URL ??= services.redisUrl;
  resetConfig();
  try {
    config();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await services.stop();
      process.exit(1);
    }
    throw err;
  }
  return services;
}

/** Runs `work` against the database and Redis that bootServices finds, then closes the database and stops what it started. */
export async function withServices<T>(work: () => Promise<T>): Promise<T> {
  const services = await bootServices('gaming');
  try {
    return await work();
  } finally {
    await closeDb();
    await services.stop();
  }
}

/** Runs a command's `main` and exits with its status; an error is printed (its message) and exits `failure`. */
export function exitWith(main: () => Promise<number>, failure = 1): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(failure);
    },
  );
}
