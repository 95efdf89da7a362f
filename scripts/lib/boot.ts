import { ConfigError, config, resetConfig } from '../../shared/config';
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
