import type { Readable } from 'node:stream';
import { config, type Config, type S3Settings } from '../../config';
import type { ListedObject, StorageBackend, StoredObject } from './backend';
import { checkedKey, contentTypeOf } from './keys';
import { localBackend } from './local';
import { s3Backend } from './s3';

/**
 * Where stored files live (docs/storage.md): the local folder UPLOAD_DIR (the default), or an
 * S3-compatible bucket (STORAGE_BACKEND=s3), behind the same functions. Keys are
 * `<private|public>/<folder>/...` (keys.ts). `public/...` objects are served under PUBLIC_ASSET_BASE_URL;
 * `private/...` objects are read only by the API's authenticated endpoints (streamed through the API)
 * and by jobs, never under a public URL, whichever the backend.
 *
 * For any private object by key (an archive job's files, `private/archive/...`):
 *   putObject(key, Buffer | Readable)  -> Promise<void>       (replaces; a stream may be of any size)
 *   openObject(key)                    -> Promise<{ body: Readable; length: number } | null>
 *   getObject(key)                     -> Promise<Buffer | null>   (small objects only: read whole)
 *   removeObject(key)                  -> Promise<void>        (a missing object is not an error)
 *   listObjects(prefix)                -> AsyncIterable<{ key; modifiedAt }>
 */
export type { ListedObject, StoredObject } from './backend';
export { contentTypeOf, isObjectKey, isStorageKey, newStorageKey, variantKey, type Visibility } from './keys';

let current: { backend: StorageBackend; of: Config } | undefined;

/** The backend of the current configuration (made again after resetConfig changed it). */
function backend(): StorageBackend {
  const settings = config();
  if (current?.of !== settings) {
    const { storage, uploadDir } = settings;
    current = { backend: storage.backend === 's3' ? s3Backend(storage.s3) : localBackend(uploadDir), of: settings };
  }
  return current.backend;
}

/** Stores `data` under `key`, replacing what was there: a reader sees the old bytes or the whole new ones, never half. */
export async function putObject(key: string, data: Buffer | Readable): Promise<void> {
  await backend().put(checkedKey(key), data, contentTypeOf(key));
}

/** The stored object as a stream with its length, or null when there is none. Consume or destroy the stream. */
export async function openObject(key: string): Promise<StoredObject | null> {
  return backend().open(checkedKey(key));
}

/** The stored bytes, read whole, or null when there is no such object. */
export async function getObject(key: string): Promise<Buffer | null> {
  const object = await openObject(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Removes the object; a missing one is not an error. */
export async function removeObject(key: string): Promise<void> {
  await backend().remove(checkedKey(key));
}

/** The objects whose keys start with `prefix` (`public/promo-image/`), with their last change, in no set order. */
export function listObjects(prefix: string): AsyncIterable<ListedObject> {
  if (!/^(private|public)\/([a-z0-9][a-z0-9._-]{0,99}\/){0,7}[a-z0-9._-]{0,100}$/.test(prefix))
    throw new Error(`invalid storage prefix "${prefix.slice(0, 80)}"`);
  return backend().list(prefix);
}

/** Removes what interrupted writes left before `before` (the local folder's `.tmp` files); how many. */
export async function removeStorageLeftovers(before: Date): Promise<number> {
  return backend().removeLeftovers(before);
}

/**
 * Reads one listing page under `private/` of the S3 bucket of `settings` (npm run doctor): throws what the
 * server answered (no such bucket, refused credentials, unreachable). Writes nothing.
 */
export async function probeS3(settings: S3Settings): Promise<void> {
  for await (const object of s3Backend(settings).list('private/')) if (object) break;
}

/** The public URL of a `public/...` key under PUBLIC_ASSET_BASE_URL. */
export function publicObjectUrl(key: string): string {
  if (!key.startsWith('public/')) throw new Error('a private file has no public URL');
  return `${config().publicAssetBaseUrl.replace(/\/+$/, '')}/${key.slice('public/'.length)}`;
}
