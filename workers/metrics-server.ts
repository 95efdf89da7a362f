import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { config } from '../shared/config';
import { logger } from '../shared/logger';
import { scrapeMetrics } from '../shared/metrics';
import { isMetricsClient, peerAddress } from '../shared/metrics-access';

/**
 * The metrics of a separate workers process (WORKER_METRICS_PORT): GET /metrics answers this process's
 * registry (shared/metrics.ts) to the TCP peers in METRICS_ALLOW, as the API's endpoint does; a refused
 * peer gets 403, any other request 404, a failed scrape 500 (logged, no stack in the answer). Under
 * `npm start` the API's endpoint serves the one registry and this server is not started.
 */
export interface MetricsServer {
  host: string;
  port: number;
  close: () => Promise<void>;
}

function answer(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ code: status, message, data: null }));
}

async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return answer(res, 404, 'Not Found');
  if (!isMetricsClient(peerAddress(req.socket.remoteAddress), config().metrics.allow)) {
    return answer(res, 403, 'Forbidden: metrics are served to METRICS_ALLOW only');
  }
  try {
    const { contentType, body } = await scrapeMetrics();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    res.end(body);
  } catch (err) {
    logger().warn({ err }, 'metrics scrape failed');
    if (!res.headersSent) answer(res, 500, 'Internal Server Error');
    else res.destroy();
  }
}

/** Listens on `port` (0: any free one) of `host`; resolves once listening, rejects when it cannot. */
export function startMetricsServer(port: number, host = config().host): Promise<MetricsServer> {
  const server = http.createServer((req, res) => void serve(req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', (err) => logger().warn({ err }, 'metrics server error'));
      const address = server.address() as AddressInfo;
      logger().info({ host, port: address.port }, 'worker metrics listening');
      resolve({
        host,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
