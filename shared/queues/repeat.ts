import { logger } from '../logger';

/**
 * Runs `work` again and again, one run at a time: the first after `firstAfterMs`, each next one `everyMs`
 * after the last ended. A failure is logged and the next run comes as usual (`work` may log its own,
 * more precise, first). Answers the stop function: no run starts after it is called, and it waits for
 * the run in progress.
 */
export function repeatEvery(everyMs: number, work: () => Promise<unknown>, firstAfterMs = everyMs): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = work()
      .catch((err) => logger().warn({ err }, 'a repeated task failed; it runs again at its next turn'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  let timer = setTimeout(tick, firstAfterMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
