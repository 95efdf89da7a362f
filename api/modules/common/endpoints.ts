import { checkHealth } from '../../../shared/domain/common/health';
import { enumsFor } from '../../../shared/domain/common/enums';
import { endpoint } from '../../http/endpoint';
import { envelopePath } from '../../http/envelope';

/** The common endpoints: /api itself, the health check and the enums. */
export const commonEndpoints = [
  endpoint({ method: 'get', path: '/', auth: 'none', summary: 'Hello World!' }, () => 'Hello World!'),
  endpoint(
    { method: 'get', path: '/health', auth: 'none', codes: [503], summary: 'Postgres and Redis reachability and the job schedulers; 503 with the same details when degraded' },
    async ({ req, res }) => {
      const health = await checkHealth();
      if (health.status === 'ok') return health;
      res.status(503).json({ code: 503, message: 'Service degraded', result: health, timestamp: Date.now(), path: envelopePath(req) });
    },
  ),
  endpoint(
    { method: 'get', path: '/common/enums', auth: 'none', summary: 'Enums and localized error texts, cached one hour per language' },
    ({ res, locale }) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.setHeader('Vary', 'locales');
      return enumsFor(locale);
    },
  ),
];
