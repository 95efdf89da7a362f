import { createServer, type Server } from 'node:http';
import { config } from '../shared/config';
import { closeDb } from '../shared/db/sequelize';
import { logger } from '../shared/logger';
import { settlePlayLogWrites } from '../shared/domain/game';
import { settleOutboxPushes } from '../shared/queues/outbox';
import { closeQueues } from '../shared/queues/queues';
import { closeJobWaiters } from '../shared/queues/wait-for-job';
import { closeRedis } from '../shared/redis';
import { startPublisher, startStreams } from '../shared/domain/events';
import { buildApp } from './app';
import { streamHooks } from './modules/events/endpoints';

/**
 * Starts the API on HOST (loopback unless set) and PORT; resolves once it listens. The returned function
 * closes it gracefully.
 */
export async function startApi(port = config().port, host = config().host): Promise<{ server: Server; port: number; host: string; stop: () => Promise<void> }> {
  const app = buildApp();
  const server = createServer(app).listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  logger().info({ host, port: actualPort }, 'api listening');
  // Live events (docs/events.md): this process's open streams, and its share of publishing the feed.
  const stopStreams = startStreams(streamHooks);
  const stopPublisher = config().events.publisher ? startPublisher() : async () => undefined;
  return {
    server,
    port: actualPort,
    host,
    stop: async () => {
      // Open event streams never go idle: they end first (their clients reconnect to another process).
      await stopPublisher();
      await stopStreams();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
    },
  };
}

/** Closes the process-wide connections (after the HTTP server and workers have stopped). */
export async function closeConnections(): Promise<void> {
  await settleOutboxPushes();
  await settlePlayLogWrites();
  await closeJobWaiters();
  await closeQueues();
  await closeRedis();
  await closeDb();
}

if (require.main === module) {
  startApi()
    .then(({ stop }) => {
      const shutdown = async (signal: string) => {
        logger().info({ signal }, 'api shutting down');
        await stop();
        await closeConnections();
        process.exit(0);
      };
      process.once('SIGINT', () => void shutdown('SIGINT'));
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
    })
    .catch((err) => {
      // eslint-disable-next-line no-console -- the API did not start (the logger may be what failed): say why on stderr
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
