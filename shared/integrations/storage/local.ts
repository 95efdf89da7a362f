import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ListedObject, StorageBackend, StoredObject } from './backend';
import { isObjectKey } from './keys';

/**
 * The local folder (UPLOAD_DIR): a key is a path under it. Writes go to a temporary file renamed into
 * place, so a reader never sees half a file; private files are readable by the service's user only.
 */
export function localBackend(root: string): StorageBackend {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      const mode = key.startsWith('private/') ? 0o600 : 0o644;
      try {
        if (Buffer.isBuffer(body)) await fs.writeFile(temporary, body, { mode });
        else await pipeline(body, createWriteStream(temporary, { mode }));
        await fs.rename(temporary, file);
      } catch (err) {
        await fs.rm(temporary, { force: true });
        throw err;
      }
    },

    async open(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const stat = await handle.stat().catch(async (err) => {
        await handle.close();
        throw err;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream({ autoClose: true }), length: stat.size };
    },

    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    list: (prefix) => walk(root, prefix),

    async removeLeftovers(before) {
      let removed = 0;
      for (const top of ['private', 'public']) {
        for await (const file of files(path.join(root, top))) {
          if (!file.endsWith('.tmp')) continue;
          const stat = await fs.stat(file).catch(() => null);
          if (stat && stat.mtime < before) {
            await fs.rm(file, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}

async function* files(folder: string): AsyncGenerator<string> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** The objects under `prefix` (a folder key ending in `/`, or a key's beginning within its folder). */
async function* walk(root: string, prefix: string): AsyncGenerator<ListedObject> {
  const cut = prefix.lastIndexOf('/');
  const folder = path.join(
    root,
    ...prefix
      .slice(0, cut + 1)
      .split('/')
      .filter(Boolean),
  );
  for await (const file of files(folder)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!key.startsWith(prefix) || !isObjectKey(key)) continue;
    const stat = await fs.stat(file).catch(() => null);
    if (stat) yield { key, modifiedAt: stat.mtime };
  }
}
