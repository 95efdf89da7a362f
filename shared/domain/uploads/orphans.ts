import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { listObjects, removeObject, removeStorageLeftovers } from '../../integrations/storage';
import { IMAGE_FORMATS, IMAGE_KINDS } from './images';

/**
 * Removes stored files that no uploaded_images row owns any more. Files are written before their row
 * commits and removed after the row is gone (shared/domain/uploads/images.ts), so a process killed in
 * between leaves a file nobody points at; it is never the other way round. A file belongs to the row
 * whose storageKey has the same random id (`<visibility>/<kind>/<32 hex>`): the original and its
 * variants (`-1600`, `-thumb`) go together. Only files older than `olderThanMs` (default a day) are
 * considered, so an upload in flight is never touched; leftover `.tmp` files of interrupted writes too.
 * Only the folders of image kinds are looked at (IMAGE_KINDS), and only keys of the upload grammar: other
 * objects (`private/archive/...`) are never the sweep's. Same for both backends (docs/storage.md).
 */
const DAY_MS = 24 * 3600 * 1000;
const FILE = /^([0-9a-f]{32})(-[a-z0-9]{1,20})?\.[a-z0-9]{2,5}$/;
const BATCH = 200;

export interface OrphanSweep {
  scanned: number;
  removed: number;
}

interface Group {
  /** `<visibility>/<kind>/<hex>`, the storage key of the original without its extension. */
  stem: string;
  keys: string[];
}

export async function sweepOrphanUploads(options: { olderThanMs?: number } = {}): Promise<OrphanSweep> {
  const cutoff = new Date(Date.now() - (options.olderThanMs ?? DAY_MS));
  const groups = new Map<string, Group>();
  let scanned = 0;
  for (const visibility of ['private', 'public'] as const) {
    for (const kind of IMAGE_KINDS) {
      for await (const object of listObjects(`${visibility}/${kind}/`)) {
        const match = FILE.exec(object.key.slice(`${visibility}/${kind}/`.length));
        if (!match || object.modifiedAt > cutoff) continue;
        scanned += 1;
        const stem = `${visibility}/${kind}/${match[1]}`;
        const group = groups.get(stem) ?? { stem, keys: [] };
        group.keys.push(object.key);
        groups.set(stem, group);
      }
    }
  }
  const stale: string[] = [];
  const all = [...groups.values()];
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const owned = await ownedStems(batch.map((g) => g.stem));
    for (const group of batch) if (!owned.has(group.stem)) stale.push(...group.keys);
  }
  await Promise.all(stale.map((key) => removeObject(key)));
  const leftovers = await removeStorageLeftovers(cutoff);
  return { scanned: scanned + leftovers, removed: stale.length + leftovers };
}

/** The stems of `stems` that an uploaded_images row still owns (looked up by exact key, on its unique index). */
async function ownedStems(stems: string[]): Promise<Set<string>> {
  const exts = Object.values(IMAGE_FORMATS).map((f) => f.ext);
  const rows = await db().query<{ storageKey: string }>('SELECT "storageKey" FROM uploaded_images WHERE "storageKey" = ANY($1)', {
    bind: [stems.flatMap((stem) => exts.map((ext) => `${stem}.${ext}`))],
    type: QueryTypes.SELECT,
  });
  return new Set(rows.map((r) => r.storageKey.replace(/\.[a-z0-9]+$/, '')));
}
