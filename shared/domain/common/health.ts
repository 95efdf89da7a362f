import { db } from '../../db/sequelize';
import { cache } from '../../redis';

export interface DependencyHealth {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyHealth> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - start) };
  } catch (err) {
    return { ok: false, latencyMs: Math.round(performance.now() - start), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** Reachability of Postgres and Redis, each bounded by a short timeout. */
export async function checkHealth(timeoutMs = 1500) {
  const [postgres, redis] = await Promise.all([
    probe(() => db().query('SELECT 1'), timeoutMs),
    probe(() => cache().ping(), timeoutMs),
  ]);
  return { status: postgres.ok && redis.ok ? ('ok' as const) : ('degraded' as const), postgres, redis };
}
