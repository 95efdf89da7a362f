import { HttpError } from './errors';

/** NUL, or a UTF-16 surrogate without its pair: text Postgres cannot store (or stores mangled). */
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What the API document says of every request string (api/http/openapi/schemas.ts): no NUL and no
 * unpaired surrogate. JSON Schema patterns are read as Unicode regular expressions, where a surrogate
 * range matches only a surrogate without its pair, so an emoji passes.
 */
export const STORABLE_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** The path (`a.b[2]`) of the first string, or object key, holding unstorable text; null when there is none. */
export function findUnstorableText(value: unknown): string | null {
  // Iterative: a 100 KB body can nest thousands deep.
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length) {
    const [item, path] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return path || 'value';
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => pending.push([v, `${path}[${i}]`]));
    } else if (item !== null && typeof item === 'object') {
      for (const [k, v] of Object.entries(item)) {
        const at = path ? `${path}.${k}` : k;
        if (UNSTORABLE.test(k)) return at;
        pending.push([v, at]);
      }
    }
  }
  return null;
}

/**
 * Refuses input holding text Postgres cannot store, for every endpoint and every part of the request:
 * a 400 naming the field, before any schema or handler sees it.
 */
export function refuseUnstorableText(source: 'body' | 'query' | 'params', value: unknown): void {
  const field = findUnstorableText(value);
  if (field === null) return;
  const message = `${field} contains a character that cannot be stored (NUL or an unpaired surrogate)`;
  throw new HttpError(400, `Invalid ${source}: ${message}`, { errors: [{ field, message }] });
}
