import { startWorkers, type RunningWorkers } from '../../workers/main';
import { startTestStack, type TestStack } from './stack';

/** The VIP settlement workers' test stack. */

/**
 * The stack in Asia/Taipei (UTC+8: a day runs from 16:00 UTC of the day before to 16:00 UTC) with the
 * vip-rebate and vip-relegation workers running. Call in `test.before`; `close` in `test.after.always`.
 */
export async function startVipWorkerStack(): Promise<{ stack: TestStack; workers: RunningWorkers; close: () => Promise<void> }> {
  const stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
  let workers: RunningWorkers;
  try {
    workers = startWorkers(['vip-rebate', 'vip-relegation']);
  } catch (err) {
    await stack.close();
    throw err;
  }
  return {
    stack,
    workers,
    close: async () => {
      await workers.stop();
      await stack.close();
    },
  };
}
