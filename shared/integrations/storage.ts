import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';

/**
 * Where uploaded files live: a local folder (UPLOAD_DIR, default .data/uploads) under random keys
 * `<visibility>/<kind>/<32 hex>.<ext>`. `public/...` files are served by whatever serves
 * PUBLIC_ASSET_BASE_URL (a CDN or web server pointed at `<UPLOAD_DIR>/public`); `private/...` files are
 * read only through the API's authenticated endpoints, never under a public URL. Another backend (an
 * object store) replaces this module behind the same four functions.
 */

export type Visibility = 'private' | 'public';

/** A storage key as this module makes them: nothing that could climb out of the folder. */
const KEY = /^(private|public)\/[a-z0-9-]{1,40}\/[0-9a-f]{32}(-[a-z0-9]{1,20})?\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

function fileOf(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key "${key.slice(0, 80)}"`);
  return path.join(config().uploadDir, ...key.split('/'));
}

/** A fresh random key for a file of `kind` with extension `ext`. */
export function newStorageKey(visibility: Visibility, kind: string, ext: string): string {
  return `${visibility}/${kind}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** A key derived from `key` for a variant of the same file (`-thumb`, `-1600`), with its own extension. */
export function variantKey(key: string, variant: string, ext: string): string {
  return `${key.replace(/\.[a-z0-9]+$/, '')}-${variant}.${ext}`;
}

/** Stores `data` under `key`: written to a temporary file, then renamed, so a reader never sees half a file. */
export async function putObject(key: string, data: Buffer): Promise<void> {
  const file = fileOf(key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  // Private files are readable by the service's own user only.
  await fs.writeFile(temporary, data, { mode: key.startsWith('private/') ? 0o600 : 0o644 });
  try {
    await fs.rename(temporary, file);
  } catch (err) {
    await fs.rm(temporary, { force: true });
    throw err;
  }
}

/** The stored bytes, or null when there is no such file. */
export async function getObject(key: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(fileOf(key));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Removes the file; a missing one is not an error. */
export async function removeObject(key: string): Promise<void> {
  await fs.rm(fileOf(key), { force: true });
}

/** The public URL of a `public/...` key under PUBLIC_ASSET_BASE_URL. */
export function publicObjectUrl(key: string): string {
  if (!key.startsWith('public/')) throw new Error('a private file has no public URL');
  return `${config().publicAssetBaseUrl.replace(/\/+$/, '')}/${key.slice('public/'.length)}`;
}
