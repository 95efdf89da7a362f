import express, { type Express } from 'express';
import { config } from '../shared/config';
import { db } from '../shared/db/sequelize';
import { accessLog } from './http/access-log';
import { requestContext, resolveSite } from './http/context';
import { errorMapper, notFound } from './http/error-mapper';
import { adminQueueRoutes } from './modules/admin-queues/routes';
import { adminRoutes } from './modules/admin/routes';
import { betRecordRoutes } from './modules/bet-record/routes';
import { gameRoutes } from './modules/game/routes';
import { liveSportsRoutes } from './modules/live-sports/routes';
import { missionRoutes } from './modules/mission/routes';
import { rankingRoutes } from './modules/ranking/routes';
import { vipRoutes } from './modules/vip/routes';
import { commonRoutes } from './modules/common/routes';
import { endpoints } from './endpoints';
import { mountEndpoints } from './http/pipeline';

/** Builds the Express app (no listen): the HTTP edge of ARCHITECTURE.md section 1. */
export function buildApp(): Express {
  db(); // registers the models before any request uses them
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config().http.trustProxy);
  app.set('query parser', 'simple');
  // JSON answers behind Bearer tokens: no conditional GETs, so no body hash per response (docs/decisions.md).
  app.set('etag', false);

  app.use(requestContext);
  app.use(accessLog);
  app.use(
    express.json({
      limit: config().http.bodyLimit,
      type: ['application/json', 'application/*+json'],
      // The exact bytes, for the provider callbacks' HMAC signatures (api/modules/game/provider-signature.ts).
      verify: (req, _res, buf) => {
        req.rawBody = buf;
      },
    }),
  );
  app.use(resolveSite);

  const api = express.Router();
  // Bull Board is its own app under /admin/queues, mounted before /admin/:id can match it.
  api.use('/admin/queues', adminQueueRoutes());
  mountEndpoints(api, endpoints);
  api.use(commonRoutes);
  api.use('/admin', adminRoutes);
  api.use('/game', gameRoutes);
  api.use('/bet-record', betRecordRoutes);
  api.use('/ranking', rankingRoutes);
  api.use('/vip', vipRoutes);
  api.use('/mission', missionRoutes);
  api.use('/live-sports', liveSportsRoutes);
  app.use('/api', api);

  app.use(notFound);
  app.use(errorMapper);
  return app;
}
