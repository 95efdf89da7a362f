import { config } from '../shared/config';
import { closeDb } from '../shared/db/sequelize';
import { migrate } from '../shared/db/migrator';
import { db } from '../shared/db/sequelize';
import { seedFirstAdmin } from '../shared/db/seeders/seed-admin';
import { seedSite } from '../shared/db/seeders/seed-site';
import { bootServices } from './lib/boot';

/**
 * `npm run seed [siteCode...]`: migrates, then seeds the given sites (default SITE_CODE) and the first
 * administrator. Seeding only fills what a site does not have yet.
 */
async function main() {
  const services = await bootServices('gaming');
  try {
    await migrate(db());
    const sites = process.argv.slice(2).length ? process.argv.slice(2) : [config().siteCode];
    for (const siteCode of sites) {
      const result = await seedSite(siteCode, { assetBaseUrl: config().publicAssetBaseUrl });
      console.log(`${siteCode}: ${result.seeded.length ? result.seeded.join(', ') : 'already seeded'}`);
    }
    const admin = await seedFirstAdmin(config().admin.account, config().admin.password);
    console.log(`administrator "${config().admin.account}": ${admin.created ? 'created' : 'exists, its password left as it was'}`);
  } finally {
    await closeDb();
    await services.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
