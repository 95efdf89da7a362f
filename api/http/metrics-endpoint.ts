import type { NextFunction, Request, Response } from 'express';
import { config } from '../../shared/config';
import { scrapeMetrics } from '../../shared/metrics';
import { isMetricsClient, peerAddress } from '../../shared/metrics-access';
import { HttpError } from './errors';

/**
 * GET /metrics (outside /api): the Prometheus text exposition, for the addresses and ranges of
 * METRICS_ALLOW only (default loopback; shared/metrics-access.ts). The check uses the TCP peer address,
 * never X-Forwarded-For (a client behind a trusted proxy chooses that header's first entry); others get
 * a 403 envelope.
 */
export async function metricsEndpoint(req: Request, res: Response, next: NextFunction): Promise<void> {
  req.ctx.routeTemplate = '/metrics';
  try {
    if (!isMetricsClient(peerAddress(req.socket.remoteAddress), config().metrics.allow))
      throw new HttpError(403, 'Forbidden: metrics are served to METRICS_ALLOW only');
    const { contentType, body } = await scrapeMetrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  } catch (err) {
    next(err);
  }
}
