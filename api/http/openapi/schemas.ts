import { convertSchema } from '@sodaru/yup-to-json-schema';
import arrayConverter from '@sodaru/yup-to-json-schema/dist/converters/array';
import objectConverter from '@sodaru/yup-to-json-schema/dist/converters/object';
import stringConverter from '@sodaru/yup-to-json-schema/dist/converters/string';
import type { Converter, Converters } from '@sodaru/yup-to-json-schema/dist/types';
import type { AnyObject, ObjectSchema, SchemaDescription } from 'yup';
import { STORABLE_TEXT_PATTERN } from '../text';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) or any other document node. */
export type Json = Record<string, unknown>;

/**
 * The JSON Schema of a request schema, from yup's own description. A `mixed()` checked by custom tests
 * (money amounts, locale maps) has no JSON type: its empty `type` list is dropped (any JSON value).
 * The rules every request field follows are said where yup's description cannot say them
 * (requestConverters), so a client generating requests from the document meets them.
 */
export function jsonSchemaOf(schema: ObjectSchema<AnyObject>): Json {
  return storableStrings(clean(convertSchema(schema, { converters: requestConverters as Partial<Converters> as Converters }) as unknown as Json) as Json);
}

/**
 * Every string of a request, wherever it stands (a field, a locale map's texts, an item), holds no NUL
 * and no unpaired surrogate: the edge refuses them (api/http/text.ts), so the document says so. A
 * string with a pattern of its own gets this one beside it (`allOf`); enumerated values need neither.
 */
function storableStrings(node: Json): Json {
  const pending: unknown[] = [node];
  while (pending.length) {
    const item = pending.pop();
    if (Array.isArray(item)) pending.push(...item);
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const schema = item as Json;
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
    if (types.includes('string') && schema.enum === undefined && schema.const === undefined && schema.format !== 'binary') {
      if (schema.pattern === undefined) schema.pattern = STORABLE_TEXT_PATTERN;
      else if (schema.pattern !== STORABLE_TEXT_PATTERN) {
        const others = (schema.allOf as Json[] | undefined) ?? [];
        if (!others.some((o) => o.pattern === STORABLE_TEXT_PATTERN)) schema.allOf = [...others, { pattern: STORABLE_TEXT_PATTERN }];
      }
    }
    for (const [key, value] of Object.entries(schema)) if (key !== 'enum' && key !== 'const' && key !== 'examples' && key !== 'default') pending.push(value);
  }
  return node;
}

type Description = SchemaDescription & { meta?: { jsonSchema?: Json; trimmed?: boolean }; oneOf?: unknown[]; nullable?: boolean; optional?: boolean };
const testNames = (d: SchemaDescription) => new Set(d.tests.map((t) => t.name));

/**
 * A `mixed()` field: the schema it documents itself with (`documentAs` in api/http/schema-helpers.ts),
 * its `oneOf` values as an enum, null added when it is nullable; without either it has no type.
 */
const mixedConverter: Converter = (description) => {
  const d = description as Description;
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
 * A string: a required one is not empty (yup's `required` refuses ""), and a trimmed one (the `text()`
 * family of api/http/schema-helpers.ts) that must not be empty holds a character that is not blank.
 */
const requestStringConverter: Converter = (description, converters) => {
  const d = description as Description;
  const out = stringConverter(description, converters) as Json;
  if (!d.optional && out.minLength === undefined) out.minLength = 1;
  const nonEmpty = typeof out.minLength === 'number' && out.minLength > 0;
  if (!nonEmpty || !d.meta?.trimmed || out.enum || out.const !== undefined) return out as ReturnType<Converter>;
  if (out.pattern === undefined) out.pattern = '\\S';
  else out.allOf = [...((out.allOf as Json[] | undefined) ?? []), { pattern: '\\S' }];
  return out as ReturnType<Converter>;
};

/** An array whose `unique` test refuses repeated items says `uniqueItems`. */
const requestArrayConverter: Converter = (description, converters) => {
  const out = arrayConverter(description, converters) as Json;
  if (testNames(description).has('unique') && out.uniqueItems === undefined) out.uniqueItems = true;
  return out as ReturnType<Converter>;
};

/** An object that refuses keys it does not declare (a `known` or yup's `noUnknown` test) says `additionalProperties: false`. */
const requestObjectConverter: Converter = (description, converters) => {
  const out = objectConverter(description, converters) as Json;
  const names = testNames(description);
  if ((names.has('known') || names.has('noUnknown')) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out as ReturnType<Converter>;
};

const requestConverters = { mixed: mixedConverter, string: requestStringConverter, array: requestArrayConverter, object: requestObjectConverter };

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
          'null, except for a refusal that carries what the client needs to decide again (POST /withdrawal/request 2010: {forfeits, total}, the bonus money a withdrawal would forfeit), ' +
          'and a 503 of a Postgres or Redis outage: {outcome}, `none` when the request changed nothing, `unknown` when it may have (a commit whose answer was lost)',
        properties: { outcome: { enum: ['none', 'unknown'] } },
      },
      errors: {
        type: 'array',
        description: 'Validation failures (400): the field and why',
        items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
      },
      retryAfter: { type: 'integer', description: 'Seconds until the rate limit window ends (429); seconds to wait after a Postgres or Redis outage (503)' },
      requestId: { type: 'string', description: 'The request id of a logged 500' },
      timestamp,
      path,
    },
  },
};

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
