import { UnrecoverableError } from 'bullmq';
import sharp from 'sharp';
import { QueryTypes, type Transaction } from 'sequelize';
import { UploadedImage } from '../../db/models';
import { db } from '../../db/sequelize';
import { getObject, putObject, variantKey } from '../../integrations/storage';
import { addToOutbox } from '../../queues/outbox';
import type { OutboxRow, OutboxReconciler } from '../../queues/reconcile';
import { IMAGE_FORMATS, type ImageFormat } from './images';

/**
 * The `image` job: a stored image gets a resized copy (at most RESIZED px on its longer side, never
 * enlarged, same format) and a WebP thumbnail (at most THUMBNAIL px), stored under keys derived from its
 * own (`-1600`, `-thumb`) with the same visibility. Exactly once in effect: "processedAt" is set when both
 * are stored, and a job for an image already processed does nothing; a repeated job rewrites the same two
 * keys with the same bytes.
 */
export const RESIZED = 1600;
export const THUMBNAIL = 320;

export type ImageJobResult = { skipped: 'already processed' } | { resizedKey: string; thumbnailKey: string };

export async function processImage(storageKey: string): Promise<ImageJobResult> {
  const image = await UploadedImage.findOne({ where: { storageKey } });
  if (!image) throw new UnrecoverableError(`no uploaded image ${storageKey.slice(0, 120)}`);
  if (image.processedAt) return { skipped: 'already processed' };
  const original = await getObject(storageKey);
  if (!original) throw new UnrecoverableError(`the file of ${storageKey} is missing from storage`);
  const format = image.format as ImageFormat;
  const resizedKey = variantKey(storageKey, String(RESIZED), IMAGE_FORMATS[format].ext);
  const thumbnailKey = variantKey(storageKey, 'thumb', 'webp');
  const inside = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });
  const [resized, thumbnail] = await Promise.all([
    sharp(original).resize(inside(RESIZED)).toFormat(format).toBuffer(),
    sharp(original).resize(inside(THUMBNAIL)).webp().toBuffer(),
  ]);
  await putObject(resizedKey, resized);
  await putObject(thumbnailKey, thumbnail);
  await UploadedImage.update({ resizedKey, thumbnailKey, processedAt: new Date() }, { where: { id: image.id, processedAt: null } });
  return { resizedKey, thumbnailKey };
}

/**
 * The image effect looked up in Postgres for `image` outbox rows whose jobs were sent a while ago
 * (shared/queues/reconcile.ts): an image whose row still has no "processedAt" gets its job again.
 */
export const imageReconciler: OutboxReconciler = {
  queue: 'image',
  async redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number> {
    const keys = [...new Set(rows.map((row) => row.payload.storageKey).filter((key): key is string => typeof key === 'string'))];
    if (!keys.length) return 0;
    const owing = await db().query<{ storageKey: string; kind: UploadedImage['kind'] }>(
      `SELECT "storageKey", kind FROM uploaded_images WHERE "storageKey" IN (:keys) AND "processedAt" IS NULL ORDER BY id`,
      { replacements: { keys }, type: QueryTypes.SELECT, transaction },
    );
    for (const image of owing) await addToOutbox(transaction, 'image', 'resize', { kind: image.kind, storageKey: image.storageKey });
    return owing.length;
  },
};
