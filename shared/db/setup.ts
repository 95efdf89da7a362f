import { config } from '../config';
import { migrate } from './migrator';
import { seedFirstAdmin } from './seeders/seed-admin';
import { seedSite } from './seeders/seed-site';
import { db } from './sequelize';

/** Migrates, then seeds the default site and the first administrator (all idempotent). */
export async function prepareDatabase(): Promise<{ migrations: string[]; seeded: string[]; adminCreated: boolean }> {
  const migrations = await migrate(db());
  const site = await seedSite(config().siteCode, { assetBaseUrl: config().publicAssetBaseUrl });
  const admin = await seedFirstAdmin(config().admin.account, config().admin.password);
  return { migrations, seeded: site.seeded, adminCreated: admin.created };
}
