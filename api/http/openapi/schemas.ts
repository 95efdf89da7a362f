import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { Converter, Converters } from '@sodaru/yup-to-json-schema/dist/types';
import type { AnyObject, ObjectSchema, SchemaDescription } from 'yup';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) or any other document node. */
export type Json = Record<string, unknown>;

/**
 * The JSON Schema of a request schema, from yup's own description. A `mixed()` checked by custom tests
 * (money amounts, locale maps) has no JSON type: its empty `type` list is dropped (any JSON value).
 */
export function jsonSchemaOf(schema: ObjectSchema<AnyObject>): Json {
  return clean(convertSchema(schema, { converters: { mixed: mixedConverter } as Partial<Converters> as Converters }) as unknown as Json) as Json;
}

/**
 * A `mixed()` field: the schema it documents itself with (`documentAs` in api/http/schema-helpers.ts),
 * its `oneOf` values as an enum, null added when it is nullable; without either it has no type.
 */
const mixedConverter: Converter = (description) => {
  const d = description as SchemaDescription & { meta?: { jsonSchema?: Json }; oneOf?: unknown[]; nullable?: boolean };
  let out: Json = { ...(d.meta?.jsonSchema ?? {}) };
  const values = (d.oneOf ?? []).filter((v) => v !== null && v !== undefined);
  if (values.length) out.enum = values;
  if (d.nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type)) out.type = [...new Set([...(out.type as string[]), 'null'])];
    else if (Object.keys(out).length) out = { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  return out as ReturnType<Converter>;
};

/**
 * yup's description as a clean JSON Schema: a `type` list of one becomes that type and an empty one
 * (a `mixed()` without `meta({jsonSchema})`) is dropped; literal values (`default`, `enum`, `const`,
 * `examples`) are kept as they are, and an object's own default (yup's map of undefined fields) is
 * dropped. Inside `properties` every key is a field name, so a field named `default` or `type` is a
 * schema like any other.
 */
function clean(node: unknown, fieldMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => clean(n));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (fieldMap) {
      out[key] = clean(value);
      continue;
    }
    if (key === 'type' && Array.isArray(value)) {
      if (value.length === 0) continue;
      out.type = value.length === 1 ? value[0] : value;
      continue;
    }
    if (key === 'default' && value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => v === undefined)) continue;
    if (key === 'default' || key === 'enum' || key === 'const' || key === 'examples' || key === 'example') out[key] = value;
    else out[key] = clean(value, key === 'properties' || key === 'patternProperties' || key === '$defs');
  }
  // yup lists undefined (written null) among the allowed values of an optional field; a value that cannot be null does not.
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v) => v !== undefined && (v !== null || out.type === undefined || types.includes('null')));
  return out;
}

const timestamp = { type: 'integer', description: 'Milliseconds since the Unix epoch' };
const path = { type: 'string', description: 'The request path, with /api, without the query string' };

/** The envelopes every JSON answer of the API is wrapped in (docs/architecture.md, "The request pipeline"). */
export const envelopeSchemas: Record<string, Json> = {
  ResultEnvelope: {
    type: 'object',
    description: "A successful answer: `result` holds the endpoint's value (null when it has none).",
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
      '(HTTP 200); `message` is localized by the `locales` header from the error table (GET /api/common/enums ERROR_CODES).',
    required: ['code', 'message', 'data', 'timestamp', 'path'],
    properties: {
      code: { type: 'integer' },
      message: { type: 'string' },
      data: {
        type: ['object', 'null'],
        description:
          'null, except for a refusal that carries what the client needs to decide again (POST /withdrawal/request 2010: {forfeits, total}, the bonus money a withdrawal would forfeit)',
      },
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
