import fs from 'node:fs/promises';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { IMAGE_FORMATS } from './images';

/**
 * Removes stored files that no uploaded_images row owns any more. Files are written before their row
 * commits and removed after the row is gone (shared/domain/uploads/images.ts), so a process killed in
 * between leaves a file nobody points at; it is never the other way round. A file belongs to the row
 * whose storageKey has the same random id (`<visibility>/<kind>/<32 hex>`): the original and its
 * variants (`-1600`, `-thumb`) go together. Only files older than `olderThanMs` (default a day) are
 * considered, so an upload in flight is never touched; leftover `.tmp` files of interrupted writes too.
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
  files: string[];
}

export async function sweepOrphanUploads(options: { olderThanMs?: number } = {}): Promise<OrphanSweep> {
  const root = config().uploadDir;
  const cutoff = Date.now() - (options.olderThanMs ?? DAY_MS);
  const groups = new Map<string, Group>();
  const stale: string[] = [];
  let scanned = 0;
  for (const visibility of ['private', 'public']) {
    for (const kind of await subfolders(path.join(root, visibility))) {
      const folder = path.join(root, visibility, kind);
      for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
        const file = path.join(folder, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
        scanned += 1;
        if (name.endsWith('.tmp')) {
          stale.push(file);
          continue;
        }
        const match = FILE.exec(name);
        if (!match) continue;
        const stem = `${visibility}/${kind}/${match[1]}`;
        const group = groups.get(stem) ?? { stem, files: [] };
        group.files.push(file);
        groups.set(stem, group);
      }
    }
  }
  const all = [...groups.values()];
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const owned = await ownedStems(batch.map((g) => g.stem));
    for (const group of batch) if (!owned.has(group.stem)) stale.push(...group.files);
  }
  await Promise.all(stale.map((file) => fs.rm(file, { force: true })));
  return { scanned, removed: stale.length };
}

async function subfolders(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && /^[a-z0-9-]{1,40}$/.test(e.name)).map((e) => e.name);
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
