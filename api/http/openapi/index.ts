import { LOCALES } from '../../../shared/i18n/locales';
import type { Endpoint } from '../endpoint';
import { documentPath, genericResponses, linkTarget, operationOf } from './operation';
import { envelopeSchemas, type Json } from './schemas';
import { cookieScheme, securitySchemes } from './security';

/**
 * The API document (OpenAPI 3.1), generated from the endpoint definitions (api/endpoints.ts): one
 * operation per endpoint with its authentication, input schemas (from yup), answer envelope, generic
 * refusals and business error codes with the texts of the refusals behind them.
 */
export function buildApiDocument(endpoints: readonly Endpoint[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemes: Record<string, Json> = { ...securitySchemes };
  const ids = new Set<string>();
  for (const e of endpoints) {
    const operation = operationOf(e);
    let id = operation.operationId as string;
    for (let n = 2; ids.has(id); n += 1) id = `${operation.operationId as string}${n}`;
    ids.add(id);
    operation.operationId = id;
    (paths[documentPath(e.path)] ??= {})[e.method] = operation;
    if (typeof e.auth === 'object' && 'admin' in e.auth && e.auth.cookie) {
      const { name, scheme } = cookieScheme(e.auth.cookie);
      schemes[name] = scheme;
    }
  }
  // A link names a declared operation; one to nothing is a bug of its declaration.
  for (const e of endpoints) {
    for (const [name, link] of Object.entries(e.links ?? {})) {
      const { method, path } = linkTarget(link.to);
      if (!paths[path]?.[method]) throw new Error(`link ${name} of ${e.method} ${e.path} names ${link.to}, which no endpoint declares`);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gaming platform API',
      version: '1.0.0',
      description:
        'Every JSON answer is an envelope: `{code: 200, message, result, timestamp, path}` on success, ' +
        '`{code, message, data: null, timestamp, path}` on refusal. Business refusals (codes 1000 and up) are answered with ' +
        'HTTP 200; generic ones (400, 401, 403, 404, 413, 429, 500, 503) with that HTTP status. Texts follow the `locales` ' +
        "header. Provider callbacks answer in their provider's own shape.",
    },
    servers: [{ url: '/', description: 'This server (paths start with /api)' }],
    paths,
    components: {
      schemas: envelopeSchemas,
      responses: genericResponses,
      parameters: {
        Locales: { name: 'locales', in: 'header', required: false, description: 'Language of the answer texts', schema: { enum: [...LOCALES] } },
        SiteName: {
          name: 'site-name',
          in: 'header',
          required: false,
          description: "Site of the request (else the player token's, else SITE_CODE)",
          schema: { type: 'string' },
        },
        AdminSite: {
          name: 'x-site-code',
          in: 'header',
          required: false,
          description: "The administrator's site filter (or the siteCode query); all sites when absent",
          schema: { type: 'string' },
        },
      },
      securitySchemes: schemes,
    },
  };
}
