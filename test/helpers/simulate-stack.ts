import { startTestStack, type TestStack } from './stack';
import { waitFor } from './wait';

/** Test setup for POST /game/simulate: the stack plus the modules its tests use, and the outbox drain before closing. */

export interface SimulateStack {
  stack: TestStack;
  factories: typeof import('./factories');
  models: typeof import('../../shared/db/models');
  db: typeof import('../../shared/db/sequelize').db;
  simulate: typeof import('../../shared/domain/game');
}

/** Starts the stack with `env`, then imports the app modules. Call in `test.before`. */
export async function startSimulateStack(env: Record<string, string> = {}): Promise<SimulateStack> {
  const stack = await startTestStack(env);
  return {
    stack,
    factories: await import('./factories'),
    models: await import('../../shared/db/models'),
    db: (await import('../../shared/db/sequelize')).db,
    simulate: await import('../../shared/domain/game'),
  };
}

/**
 * Post-bet rows are pushed to BullMQ after commit; waits up to `timeoutMs` for those pushes, then closes
 * the stack. Call in `test.after.always` (either argument may be unset if `test.before` failed).
 */
export async function drainOutboxAndClose(models: SimulateStack['models'] | undefined, stack: TestStack | undefined, timeoutMs: number): Promise<void> {
  await waitFor('outbox pushes', async () => (await models?.OutboxMessage.count({ where: { sentAt: null } })) === 0, timeoutMs).catch(() => undefined);
  await stack?.close();
}
