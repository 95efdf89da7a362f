import { newIncarnation } from '../shared/queues/incarnation';
import { exitWith, withServices } from './lib/boot';

/**
 * `npm run db:new-incarnation`: gives the database a new incarnation (shared/queues/incarnation.ts), so
 * the outbox job ids it makes from now on are new to Redis, and the workers sweep the outbox reconcilers
 * at once. A step of the restore procedure (docs/operations.md, "Backup, restore and the drill") for a
 * restore that keeps the database's identity (a volume snapshot of the same cluster): run it after the
 * restore and before starting the API and the workers. Harmless when not needed.
 */
async function main(): Promise<number> {
  const { id, previousId } = await newIncarnation();
  process.stdout.write(`database incarnation ${id}${previousId ? ` (was ${previousId})` : ''}\n`);
  return 0;
}

exitWith(() => withServices(main));
