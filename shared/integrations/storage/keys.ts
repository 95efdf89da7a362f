import { randomBytes } from 'node:crypto';

/**
 * Storage keys. Every object lives under `private/` (read only through the API's authenticated
 * endpoints, or by jobs) or `public/` (served under PUBLIC_ASSET_BASE_URL). Uploaded images have random
 * keys `<visibility>/<kind>/<32 hex>[-<variant>].<ext>`; other objects (archives, exports) any key of
 * the object grammar below, under a folder of their own (`private/archive/...`).
 */

export type Visibility = 'private' | 'public';

/** An uploaded image's key as newStorageKey and variantKey make them. */
const UPLOAD_KEY = /^(private|public)\/[a-z0-9-]{1,40}\/[0-9a-f]{32}(-[a-z0-9]{1,20})?\.[a-z0-9]{2,5}$/;

/**
 * Any object's key: `private/` or `public/`, then 1 to 8 segments of lower-case letters, digits, `.`,
 * `_` and `-`, each starting with a letter or digit (so no `.` or `..` segment), at most 512 characters,
 * never ending in `.tmp` (the local folder's half-written files; docs/storage.md).
 */
const OBJECT_KEY = /^(private|public)(\/[a-z0-9][a-z0-9._-]{0,99}){1,8}$/;

/** An uploaded image's key (the grammar the orphan sweep and /assets accept). */
export function isStorageKey(key: string): boolean {
  return UPLOAD_KEY.test(key);
}

/** A key the storage functions take: an uploaded image's, or any object's under the grammar above. */
export function isObjectKey(key: string): boolean {
  return typeof key === 'string' && key.length <= 512 && OBJECT_KEY.test(key) && !key.endsWith('.tmp');
}

/** Throws on anything else than an object key: a key never climbs out of its folder or bucket prefix. */
export function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new Error(`invalid storage key "${String(key).slice(0, 80)}"`);
  return key;
}

/** A fresh random key for a file of `kind` with extension `ext`. */
export function newStorageKey(visibility: Visibility, kind: string, ext: string): string {
  return `${visibility}/${kind}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** A key derived from `key` for a variant of the same file (`-thumb`, `-1600`), with its own extension. */
export function variantKey(key: string, variant: string, ext: string): string {
  return `${key.replace(/\.[a-z0-9]+$/, '')}-${variant}.${ext}`;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  gz: 'application/gzip',
  json: 'application/json',
};

/** The Content-Type an object is stored with, from its extension (application/octet-stream otherwise). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[/\.([a-z0-9]+)$/.exec(key)?.[1] ?? ''] ?? 'application/octet-stream';
}
