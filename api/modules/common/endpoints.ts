import { checkHealth, enumsFor } from '../../../shared/domain/common';
import { array, bool, constant, int, obj, oneOfValues, record, str } from '../../http/answer-schemas';
import { endpoint } from '../../http/endpoint';
import { envelopePath } from '../../http/envelope';
import { errorCodesOf } from './error-codes';

const dependency = obj({ ok: bool(), latencyMs: int(), error: str() }, { optional: ['error'] });
/** GET /health's value (shared/domain/common/health.ts); a 503 carries the same value. */
const health = obj({
  status: oneOfValues(['ok', 'degraded']),
  postgres: dependency,
  redis: dependency,
  schedulers: obj(
    { ok: bool(), latencyMs: int(), error: str(), missing: array(str()), unserved: array(str()) },
    { optional: ['error', 'missing', 'unserved'], description: 'The job schedulers: `missing` ones have a worker and no scheduler' },
  ),
});
/** GET /common/enums (shared/domain/common/enums.ts): texts in the `locales` header's language. */
const enums = obj({
  AUTH_ENUM: obj({ RELATED: obj({ LOGIN_LOG: constant('LOGIN_LOG') }), LOGIN_LOG: obj({ ACTION: record(str(), 'Login log action -> its label') }) }),
  ERROR_CODES: record(record(str()), 'Path template (with /api) -> business code -> its text'),
});

/** The common endpoints: /api itself, the health check and the enums. */
export const commonEndpoints = [
  endpoint({ method: 'get', path: '/', auth: 'none', result: { const: 'Hello World!' }, summary: 'Hello World!' }, () => 'Hello World!'),
  endpoint(
    {
      method: 'get',
      path: '/health',
      auth: 'none',
      codes: [503],
      result: health,
      statusResults: { 503: { description: 'Degraded: the same value, with code 503', result: health } },
      summary: 'Postgres and Redis reachability and the job schedulers; 503 with the same details when degraded',
    },
    async ({ req, res }) => {
      const health = await checkHealth();
      if (health.status === 'ok') return health;
      res.status(503).json({ code: 503, message: 'Service degraded', result: health, timestamp: Date.now(), path: envelopePath(req) });
    },
  ),
  endpoint(
    { method: 'get', path: '/common/enums', auth: 'none', result: enums, summary: 'Enums and localized error texts, cached one hour per language' },
    async ({ res, locale }) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.setHeader('Vary', 'locales');
      // The endpoint list holds this endpoint: read it when asked (as the API document does).
      const { endpoints } = await import('../../endpoints');
      return enumsFor(locale, () => errorCodesOf(endpoints, locale));
    },
  ),
];
