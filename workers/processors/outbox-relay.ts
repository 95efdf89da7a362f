import { relayOutbox } from '../../shared/queues/outbox';
import type { Processor } from './types';

/** A sweep on demand; the workers also sweep on a timer (workers/main.ts). */
export const processOutboxRelay: Processor<'outbox-relay'> = async () => relayOutbox();
