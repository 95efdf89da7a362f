import type { Readable } from 'node:stream';

/** What one storage backend does (local.ts, s3.ts); keys are checked before they get here (keys.ts). */
export interface StorageBackend {
  /** Stores the bytes under `key`, replacing what was there; a reader sees the old object or the whole new one. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object as a stream with its length, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: `public/promo-image/`), in no set order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Removes what interrupted writes left behind before `before`; how many. */
  removeLeftovers(before: Date): Promise<number>;
}

export interface StoredObject {
  body: Readable;
  length: number;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}
