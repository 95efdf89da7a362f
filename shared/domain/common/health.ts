import { db } from '../../db/sequelize';
import { schedulesReport, type SchedulesReport } from '../../queues/schedules';
import { cache } from '../../redis';

export interface DependencyHealth {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** The job schedulers (shared/queues/schedules.ts): not ok while one is missing, or when Redis did not say. */
export type SchedulersHealth = DependencyHealth & Partial<SchedulesReport>;

async function timed<T>(check: () => Promise<T>, timeoutMs: number): Promise<{ value?: T; health: DependencyHealth }> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { value, health: { ok: true, latencyMs: Math.round(performance.now() - start) } };
  } catch (err) {
    return { health: { ok: false, latencyMs: Math.round(performance.now() - start), error: (err as Error).message } };
  } finally {
    clearTimeout(timer);
  }
}

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyHealth> {
  return (await timed(check, timeoutMs)).health;
}

async function schedulers(timeoutMs: number): Promise<SchedulersHealth> {
  const { value, health } = await timed(() => schedulesReport(), timeoutMs);
  if (!value) return health;
  return { ...health, ok: value.missing.length === 0, ...value };
}

/**
 * Reachability of Postgres and Redis, and the job schedulers Redis should hold, each bounded by a short
 * timeout. A scheduler is missing when a worker of its queue is connected and Redis does not hold it
 * (docs/decisions/platform.md, "Job schedulers come back after Redis").
 */
export async function checkHealth(timeoutMs = 1500) {
  const [postgres, redis, jobSchedulers] = await Promise.all([
    probe(() => db().query('SELECT 1'), timeoutMs),
    probe(() => cache().ping(), timeoutMs),
    schedulers(timeoutMs),
  ]);
  const status = postgres.ok && redis.ok && jobSchedulers.ok ? ('ok' as const) : ('degraded' as const);
  return { status, postgres, redis, schedulers: jobSchedulers };
}
