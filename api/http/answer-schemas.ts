import { LOCALES } from '../../shared/i18n/locales';

/**
 * Builders of answer schemas (JSON Schema 2020-12, as OpenAPI 3.1 uses it): what an endpoint declares
 * as its `result` (docs/architecture.md, "Where to add", an endpoint's answer). Plain JSON Schema, so the
 * API document and the tests' response check (test/helpers/contract.ts) read them as they are.
 *
 * An object lists its fields; every field is required unless `optional` names it, and a field that may
 * be null says so with `nullable(...)`. Other fields may appear (a client ignores them): the document
 * promises the fields it names, with their types.
 */
export type JsonSchema = { [key: string]: unknown };

const withDescription = (schema: JsonSchema, description?: string): JsonSchema => (description ? { ...schema, description } : schema);

export const str = (description?: string): JsonSchema => withDescription({ type: 'string' }, description);
export const int = (description?: string): JsonSchema => withDescription({ type: 'integer' }, description);
export const num = (description?: string): JsonSchema => withDescription({ type: 'number' }, description);
export const bool = (description?: string): JsonSchema => withDescription({ type: 'boolean' }, description);
/** A positive integer id. */
export const id = (description?: string): JsonSchema => withDescription({ type: 'integer', minimum: 1 }, description);
/** Exactly this value. */
export const constant = (value: string | number | boolean | null): JsonSchema => ({ const: value });
/** One of these values. */
export const oneOfValues = (values: readonly (string | number)[], description?: string): JsonSchema =>
  withDescription({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values] }, description);
/** Any JSON value (a free-form setting or a third party's data), declared as such. */
export const anyValue = (description: string): JsonSchema => ({ description });
/** A JSON object whose keys are free (a settings map); `values` is the schema of each value. */
export const record = (values: JsonSchema, description?: string): JsonSchema => withDescription({ type: 'object', additionalProperties: values }, description);

/** A money amount as the API answers it: a decimal string with 6 decimals (`money()`), never a float. */
export const money = (description?: string): JsonSchema =>
  withDescription({ type: 'string', pattern: '^-?\\d+\\.\\d{6}$', examples: ['100.000000'] }, description ?? 'Decimal string with 6 decimals');
/** Any decimal string (a rate, a multiplier, a NUMERIC column as Postgres writes it). */
export const decimal = (description?: string): JsonSchema =>
  withDescription({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', examples: ['1.50'] }, description ?? 'Decimal string');
/** An instant as JSON writes a Date: ISO 8601 with a time zone. */
export const dateTime = (description?: string): JsonSchema => withDescription({ type: 'string', format: 'date-time' }, description);
/** A calendar day `YYYY-MM-DD`. */
export const day = (description?: string): JsonSchema => withDescription({ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, description);

/** `schema` or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type === 'string' && !('enum' in schema) && !('const' in schema)) return { ...schema, type: [type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

export const array = (items: JsonSchema, description?: string): JsonSchema => withDescription({ type: 'array', items }, description);

export interface ObjectOptions {
  /** Fields that may be absent. */
  optional?: readonly string[];
  description?: string;
}

/** An object with these fields (all required unless `optional`); other fields may appear. */
export function obj(fields: Record<string, JsonSchema>, options: ObjectOptions = {}): JsonSchema {
  const optional = new Set(options.optional ?? []);
  const required = Object.keys(fields).filter((k) => !optional.has(k));
  return withDescription({ type: 'object', properties: fields, ...(required.length ? { required } : {}) }, options.description);
}

/** A text per locale (`{"en-US": "...", ...}`), as the administrators' views answer them. */
export const localeTexts = (description?: string, locales: readonly string[] = LOCALES): JsonSchema =>
  withDescription({ type: 'object', propertyNames: { enum: [...locales] }, additionalProperties: { type: 'string' } }, description ?? 'A text per locale');

/** The `pagination` of a paged list (shared/domain/common/paging.ts). */
export const pagination = obj({ page: int(), pageSize: int(), total: int(), totalPages: int() });

/** A paged list: `{<rows>: [item], pagination}` (the rows' key is the endpoint's, `list` unless told). */
export const paged = (item: JsonSchema, rows = 'list', extra: Record<string, JsonSchema> = {}): JsonSchema =>
  obj({ [rows]: array(item), pagination, ...extra });

/** An answer with no value: `result` is null. */
export const nothing: JsonSchema = { type: 'null' };
