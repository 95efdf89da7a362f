import { Router } from 'express';
import { checkHealth } from '../../../shared/domain/common/health';
import { enumsFor } from '../../../shared/domain/common/enums';
import { route } from '../../http/envelope';

export const commonRoutes = Router();

commonRoutes.get('/', route(() => 'Hello World!'));

/** 200 when Postgres and Redis answer; 503 with the same details when either does not. */
commonRoutes.get(
  '/health',
  route(async (req, res) => {
    const health = await checkHealth();
    if (health.status === 'ok') return health;
    res.status(503).json({ code: 503, message: 'Service degraded', result: health, timestamp: Date.now(), path: req.originalUrl.split('?')[0] });
  }),
);

commonRoutes.get(
  '/common/enums',
  route(async (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Vary', 'locales');
    return enumsFor(req.ctx.locale);
  }),
);
