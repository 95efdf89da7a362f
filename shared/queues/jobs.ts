import type { JobHandler } from './job-handler';
import { relayOutbox } from './outbox';

/** The `outbox-relay` queue: a sweep on demand; the workers also sweep on a timer (workers/main.ts). */
export const outboxRelayJob: JobHandler<'outbox-relay'> = async () => relayOutbox();
