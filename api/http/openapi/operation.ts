import { refusalNumbers, type Endpoint } from '../endpoint';
import { REALITY_CHECK_HEADER_DOCUMENT } from '../reality-check';
import type { RateLimitRule } from '../rate-limit';
import { GENERIC_TEXTS } from '../generic-texts';
import { codeList, codeText, FIRST_BUSINESS_CODE } from './error-codes';
import { envelopeSchemas, jsonSchemaOf, ref, type Json } from './schemas';
import { operationAuth, permissionOf } from './security';

/** `/x/:id` as OpenAPI writes it, `/x/{id}`, under /api (the root endpoint is `/api`). */
export function documentPath(expressPath: string): string {
  return expressPath === '/' ? '/api' : `/api${expressPath.replace(/:(\w+)/g, '{$1}')}`;
}

/** The generic refusals, answered with their HTTP status as error envelopes. */
const GENERIC = [400, 401, 403, 404, 413, 429, 500, 503] as const;

/** The statuses that say when to try again: a rate limit's window, a Postgres or Redis outage. */
const RETRY_AFTER: Partial<Record<(typeof GENERIC)[number], string>> = {
  429: 'Seconds until the rate limit window ends (also `retryAfter` in the body)',
  503:
    'On a Postgres or Redis outage: seconds to wait before repeating the request (also `retryAfter` in the body). ' +
    '`data.outcome` says whether the request may have changed anything: `none` (repeat it) or `unknown` ' +
    '(read the state, or repeat with the same idempotency key, before repeating it)',
};

export const genericResponses: Record<string, Json> = Object.fromEntries(
  GENERIC.map((status) => [
    String(status),
    {
      description: GENERIC_TEXTS[status]['en-US'],
      ...(RETRY_AFTER[status] ? { headers: { 'Retry-After': { description: RETRY_AFTER[status], schema: { type: 'integer', minimum: 1 } } } } : {}),
      content: { 'application/json': { schema: ref('ErrorEnvelope') } },
    },
  ]),
);

const responseRef = (status: number) => ({ $ref: `#/components/responses/${status}` });

const headerRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

function operationId(e: Endpoint): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const words = e.path
    .split('/')
    .filter(Boolean)
    .map((seg) =>
      seg.startsWith(':')
        ? `By${cap(seg.slice(1))}`
        : seg
            .split(/[^A-Za-z0-9]+/)
            .map(cap)
            .join(''),
    );
  return `${e.method}${words.join('') || 'Root'}`;
}

/** A declared link's target as a JSON pointer into the document's paths (`operationRef`). */
export function linkTarget(to: string): { method: string; path: string; pointer: string } {
  const [method, path] = to.split(' ');
  const template = documentPath(path);
  return { method, path: template, pointer: `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}` };
}

function linksOf(e: Endpoint): Json {
  return Object.fromEntries(
    Object.entries(e.links ?? {}).map(([name, link]) => [
      name,
      {
        operationRef: linkTarget(link.to).pointer,
        description: link.description,
        ...(link.parameters ? { parameters: link.parameters } : {}),
        ...(link.requestBody !== undefined ? { requestBody: link.requestBody } : {}),
      },
    ]),
  );
}

function parameters(e: Endpoint): Json[] {
  const out: Json[] = [];
  const pathSchema = e.params ? jsonSchemaOf(e.params) : undefined;
  for (const [, name] of e.path.matchAll(/:(\w+)/g)) {
    const schema = (pathSchema?.properties as Record<string, Json> | undefined)?.[name] ?? { type: 'string' };
    out.push({ name, in: 'path', required: true, schema });
  }
  if (e.query) {
    const query = jsonSchemaOf(e.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, Json> | undefined) ?? {})) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (typeof e.answer === 'object') return out;
  out.push(headerRef('Locales'));
  if (typeof e.auth === 'object' && 'admin' in e.auth) out.push(headerRef('AdminSite'));
  else out.push(headerRef('SiteName'));
  return out;
}

function rateLimits(e: Endpoint): { text: string; list: Json[] } | null {
  const rules = (e.limits ?? []) as unknown as RateLimitRule<never>[];
  if (!rules.length) return null;
  const list = rules.map((r) => ({
    name: r.name,
    limit: r.limit,
    windowSeconds: r.windowSeconds,
    per: r.key === 'ip' ? 'ip' : r.key === 'player' ? 'player' : 'input',
  }));
  return { text: `Rate limits: ${list.map((r) => `${r.name} ${r.limit} per ${r.windowSeconds} s per ${r.per}`).join('; ')}.`, list };
}

function envelopeResponses(e: Endpoint): Json {
  const answer = e.answer ?? 'envelope';
  // The codes the endpoint answers: its refusals' numbers, with their texts, and the codes it lists.
  const declared = new Set([...(e.codes ?? []), ...refusalNumbers(e.refusals)]);
  const business = [...declared]
    .filter((c) => c >= FIRST_BUSINESS_CODE)
    .sort((a, b) => a - b)
    .map((c) => codeText(e, c));
  // Every operation may answer 503: a dependency (Postgres, Redis, a mail or SMS vendor) unavailable.
  const statuses = new Set<number>([400, 500, 503, ...[...(e.codes ?? []), ...refusalNumbers(e.refusals)].filter((c) => c < FIRST_BUSINESS_CODE)]);
  if (e.method !== 'get') statuses.add(413);
  if (e.auth !== 'none') statuses.add(401);
  if (permissionOf(e)) statuses.add(403);
  if (e.path.includes(':')) statuses.add(404);
  if (e.limits?.length) statuses.add(429);

  const resultEnvelope = e.result ? resultEnvelopeOf(e.result) : ref('ResultEnvelope');
  const businessError = { allOf: [ref('ErrorEnvelope'), { properties: { code: { enum: business.map((c) => c.code) } } }] };
  const okSchema = business.length ? { oneOf: [resultEnvelope, businessError] } : resultEnvelope;
  const media = e.resultMedia ?? 'application/json';
  // A raw JSON answer of an endpoint with business codes may be their error envelope too (HTTP 200).
  const rawSchema = e.result && media === 'application/json' && business.length ? { oneOf: [e.result, businessError] } : e.result;
  const ok: Json =
    answer === 'raw'
      ? {
          description: 'Answered by the endpoint itself (not the envelope); its errors are error envelopes',
          ...(e.result ? { content: { [media]: { schema: rawSchema } } } : {}),
        }
      : { description: 'The result envelope', content: { 'application/json': { schema: okSchema, ...exampleOf(e) } } };
  if (business.length) {
    ok.description = `${ok.description as string}. Business errors, HTTP 200 with the error envelope:\n\n${codeList(business)}`;
    ok['x-error-codes'] = business;
  }
  // The domain's refusal names behind each number (shared/domain/refusals.ts).
  if (e.refusals && Object.keys(e.refusals).length) {
    ok['x-refusals'] = Object.fromEntries(Object.entries(e.refusals).map(([name, m]) => [name, typeof m === 'number' ? m : m.code]));
  }
  if (e.realityCheck) ok.headers = REALITY_CHECK_HEADER_DOCUMENT;
  if (e.links) ok.links = linksOf(e);
  const responses: Json = { 200: ok };
  for (const status of [...statuses].sort((a, b) => a - b)) {
    responses[String(status)] = genericResponses[String(status)] ? responseRef(status) : { description: `HTTP ${status}` };
  }
  for (const [status, { description, result }] of Object.entries(e.statusResults ?? {})) {
    const envelope = resultEnvelopeOf(result);
    const valued = { ...envelope, properties: { ...(envelope.properties as Json), code: { const: Number(status) } } };
    responses[status] = { description, content: { 'application/json': { schema: { oneOf: [valued, ref('ErrorEnvelope')] } } } };
  }
  return responses;
}

/** An Answerer's responses: its own shape (`result`) for answers and refusals alike. */
function answererResponses(e: Endpoint): Json {
  const schema = e.result ?? { type: 'object' };
  return {
    200: { description: "The integration's own answer shape (not the envelope)", content: { 'application/json': { schema } } },
    default: {
      description:
        "A refusal in the integration's own error shape, with its HTTP status (401 bad signature, 503 not configured, ...); " +
        'a body that is not JSON is refused before the integration reads it, with the error envelope (400, 413, 415)',
      content: { 'application/json': { schema: { anyOf: [schema, ref('ErrorEnvelope')] } } },
    },
  };
}

/** The success envelope with the endpoint's `result` schema in it. */
function resultEnvelopeOf(result: Json): Json {
  const { description: _description, ...envelope } = envelopeSchemas.ResultEnvelope as { description: string; properties: Json };
  return { ...envelope, properties: { ...envelope.properties, result } };
}

/** The answer's example, as a whole envelope. */
function exampleOf(e: Endpoint): Json {
  if (e.examples?.result === undefined) return {};
  return { example: { code: 200, message: 'ok', result: e.examples.result, timestamp: 1767225600000, path: `/api${e.path}` } };
}

/** The OpenAPI operation of one endpoint. */
export function operationOf(e: Endpoint): Json {
  const template = `/api${e.path}`;
  const auth = operationAuth(e);
  const limits = rateLimits(e);
  const operation: Json = {
    operationId: operationId(e),
    tags: [e.path.split('/')[1]?.replace(/\.\w+$/, '') || 'common'],
    summary: e.summary ?? `${e.method.toUpperCase()} ${template}`,
    description: [
      auth.text,
      limits?.text,
      e.bodyLimit ? `A JSON body of at most ${e.bodyLimit / 1024 / 1024} MB (others: HTTP_BODY_LIMIT, 100 KB by default).` : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
    security: auth.security,
    parameters: parameters(e),
    responses: typeof e.answer === 'object' ? answererResponses(e) : envelopeResponses(e),
  };
  const permission = permissionOf(e);
  if (permission) operation['x-permission'] = permission;
  if (limits) operation['x-rate-limits'] = limits.list;
  if (e.bodyLimit) operation['x-body-limit'] = e.bodyLimit;
  if (e.uploads) {
    // Text fields from the body schema, files as binary parts (api/http/uploads.ts).
    const schema = e.body ? jsonSchemaOf(e.body) : { type: 'object', properties: {} };
    const files = Object.fromEntries(
      e.uploads.fields.map((name) => [name, { type: 'string', format: 'binary', description: 'An image (JPEG, PNG, WebP or GIF), at most 5 MB' }]),
    );
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...schema,
            properties: { ...(schema.properties as Json | undefined), ...files },
            required: [...((schema.required as string[] | undefined) ?? []), ...(e.uploads.required ?? [])],
          },
        },
      },
    };
  } else if (e.body) {
    const schema = jsonSchemaOf(e.body);
    operation.requestBody = {
      required: ((schema.required as string[] | undefined) ?? []).length > 0,
      content: { 'application/json': { schema, ...(e.examples?.body !== undefined ? { example: e.examples.body } : {}) } },
    };
  } else if (e.bodyDocument) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: e.bodyDocument } } };
  }
  return operation;
}
