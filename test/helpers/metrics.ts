import { resetConfig } from '../../shared/config';

/** Reading a Prometheus scrape in tests, and running a check with another METRICS_ALLOW. */

/** The value of one sample line `name{labels} value`, or undefined when the scrape has no such series. */
export function sample(scrape: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of scrape.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const present = (m[2] ?? '').split(/,(?=\w+=")/);
    if (wanted.every((w) => present.includes(w))) return Number(m[3]);
  }
  return undefined;
}

/** Runs `fn` with METRICS_ALLOW set to `allow` (the config read again), then puts it back. */
export async function withMetricsAllow<T>(allow: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.METRICS_ALLOW;
  process.env.METRICS_ALLOW = allow;
  resetConfig();
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.METRICS_ALLOW;
    else process.env.METRICS_ALLOW = before;
    resetConfig();
  }
}
