/**
 * The edge's own refusals, with their HTTP status: validation 400, permission 403, route 404, body 413,
 * rate limit 429. Its message is looked up under path '*' unless `detail` gives the precise reason;
 * `extra` adds envelope fields (`errors`, `retryAfter`). The domain never throws it (shared/errors.ts).
 */
export { HttpError } from '../../shared/errors';
