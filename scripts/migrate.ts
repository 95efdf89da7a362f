import { closeDb, db } from '../shared/db/sequelize';
import { migrate } from '../shared/db/migrator';
import { bootServices } from './lib/boot';

/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded default). */
async function main() {
  const services = await bootServices('gaming');
  try {
    const applied = await migrate(db());
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
  } finally {
    await closeDb();
    await services.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
