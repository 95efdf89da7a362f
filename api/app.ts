import express, { type Express } from 'express';
import { config } from '../shared/config';
import { db } from '../shared/db/sequelize';
import { accessLog } from './http/access-log';
import { requestContext, resolveSite } from './http/context';
import { errorMapper, notFound } from './http/error-mapper';
import { adminQueueRoutes } from './modules/admin/queues-routes';
import { providerFallbacks } from './modules/providers/fallbacks';
import { endpoints } from './endpoints';
import { mountEndpoints } from './http/pipeline';
import { jsonBody } from './http/body';
import { metricsEndpoint } from './http/metrics-endpoint';
import { noSniff } from './http/no-sniff';
import { publicAssets } from './http/public-assets';

/** Builds the Express app (no listen): the HTTP edge of docs/architecture.md, "The shape". */
export function buildApp(): Express {
  db(); // registers the models before any request uses them
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config().http.trustProxy);
  app.set('query parser', 'simple');
  // JSON answers behind Bearer tokens: no conditional GETs, so no body hash per response (docs/decisions/platform.md).
  app.set('etag', false);

  app.use(noSniff);
  app.use(requestContext);
  app.use(accessLog);
  // An endpoint with its own body limit reads its body first; the parser after it then finds it read.
  for (const e of endpoints) if (e.bodyLimit) app[e.method](`/api${e.path}`, jsonBody(e.bodyLimit));
  app.use(jsonBody());
  app.use(resolveSite);

  const api = express.Router();
  // Bull Board is its own app under /admin/queues, mounted before /admin/:id can match it.
  api.use('/admin/queues', adminQueueRoutes());
  mountEndpoints(api, endpoints);
  api.use('/game', providerFallbacks);
  app.use('/api', api);
  // Prometheus, outside /api, for METRICS_ALLOW only (docs/decisions/platform.md, "Metrics"); after /api, so API
  // requests do not try to match it.
  app.get('/metrics', metricsEndpoint);
  // Public uploads (promotion images) for a stack without a CDN, from either storage backend.
  app.use('/assets', publicAssets());

  app.use(notFound);
  app.use(errorMapper);
  return app;
}
