import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnyObject, ObjectSchema } from 'yup';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) or any other document node. */
export type Json = Record<string, unknown>;

/**
 * The JSON Schema of a request schema, from yup's own description. A `mixed()` checked by custom tests
 * (money amounts, locale maps) has no JSON type: its empty `type` list is dropped (any JSON value).
 */
export function jsonSchemaOf(schema: ObjectSchema<AnyObject>): Json {
  return clean(convertSchema(schema) as unknown as Json) as Json;
}

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'type' && Array.isArray(value)) {
      if (value.length === 0) continue;
      out.type = value.length === 1 ? value[0] : value;
      continue;
    }
    out[key] = key === 'default' || key === 'enum' || key === 'const' ? value : clean(value);
  }
  return out;
}

const timestamp = { type: 'integer', description: 'Milliseconds since the Unix epoch' };
const path = { type: 'string', description: 'The request path, with /api, without the query string' };

/** The envelopes every JSON answer of the API is wrapped in (docs/architecture.md, "The request pipeline"). */
export const envelopeSchemas: Record<string, Json> = {
  ResultEnvelope: {
    type: 'object',
    description: 'A successful answer: `result` holds the endpoint\'s value (null when it has none).',
    required: ['code', 'message', 'result', 'timestamp', 'path'],
    properties: {
      code: { const: 200 },
      message: { type: 'string', examples: ['ok'] },
      result: { description: "The endpoint's value" },
      timestamp,
      path,
    },
  },
  ErrorEnvelope: {
    type: 'object',
    description:
      'A refusal: `code` is the HTTP status for generic errors (400, 401, 403, 404, 413, 429, 500, 503) or a business code ' +
      "(HTTP 200); `message` is localized by the `locales` header from the error table (GET /api/common/enums ERROR_CODES).",
    required: ['code', 'message', 'data', 'timestamp', 'path'],
    properties: {
      code: { type: 'integer' },
      message: { type: 'string' },
      data: { type: 'null' },
      errors: {
        type: 'array',
        description: 'Validation failures (400): the field and why',
        items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
      },
      retryAfter: { type: 'integer', description: 'Seconds until the rate limit window ends (429)' },
      requestId: { type: 'string', description: 'The request id of a logged 500' },
      timestamp,
      path,
    },
  },
};

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
