import sharp from 'sharp';
import type { Transaction } from 'sequelize';
import { UploadedImage, type ImageKind } from '../../db/models';
import { InputError } from '../../errors';
import { newStorageKey, putObject, removeObject, type Visibility } from '../../integrations/storage';
import { addToOutbox } from '../../queues/outbox';

/**
 * Uploaded images, for every endpoint that takes them (bank card photos, promotion images): the type is
 * decided by the bytes (sharp's decoder), never by the client's Content-Type or file name; every image
 * is decoded whole and re-encoded, which drops its metadata (EXIF with GPS, XMP, ICC, comments) and
 * refuses truncated or garbage files. Stored under random keys; its row and its `image` job (resized copy
 * and thumbnail) are written in the transaction of the record that uses it.
 */

/** The largest image accepted, in bytes (5 MB each). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A decoded picture no larger than this many pixels (a small file can claim a huge canvas). */
const MAX_PIXELS = 40_000_000;

/** The formats taken and written back, with their file extension and Content-Type. */
export const IMAGE_FORMATS = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

const isImageFormat = (format: string | undefined): format is ImageFormat => format !== undefined && Object.hasOwn(IMAGE_FORMATS, format);

/** An image checked and re-encoded in memory, not stored yet. */
export interface PreparedImage {
  field: string;
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

const NOT_AN_IMAGE = 'must be an image file (JPEG, PNG, WebP or GIF) that is not damaged';

/**
 * Decodes `bytes` whole and re-encodes them in their own format, upright (EXIF orientation applied)
 * and without metadata. Anything else than a complete JPEG, PNG, WebP or GIF is a 400 naming `field`.
 */
export async function prepareImage(field: string, bytes: Buffer): Promise<PreparedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new InputError(field, NOT_AN_IMAGE);
  }
  if (!isImageFormat(format)) throw new InputError(field, NOT_AN_IMAGE);
  try {
    // failOn 'warning' (sharp's default, stated here): a truncated or corrupt file fails instead of
    // being padded with grey. Metadata is not copied unless asked for (keepMetadata), so none is.
    const animated = format === 'gif' || format === 'webp';
    const { data, info } = await sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_PIXELS, animated })
      .rotate()
      .toFormat(format)
      .toBuffer({ resolveWithObject: true });
    return { field, data, format, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw new InputError(field, NOT_AN_IMAGE);
  }
}

/** Prepares each uploaded file (one per field), in field order. */
export async function prepareImages(files: ReadonlyArray<{ field: string; bytes: Buffer }>): Promise<Record<string, PreparedImage>> {
  const out: Record<string, PreparedImage> = {};
  for (const file of files) out[file.field] = await prepareImage(file.field, file.bytes);
  return out;
}

/** The kinds of uploaded images, one storage folder each (`<visibility>/<kind>/`). */
export const IMAGE_KINDS = ['bank-card-photo', 'promo-image', 'kyc-document'] as const satisfies readonly ImageKind[];

export interface ImageOwner {
  kind: ImageKind;
  visibility: Visibility;
  siteCode: string;
  /** The player a private image is served to (besides administrators). */
  ownerUserId: number | null;
}

export interface StoredImage extends PreparedImage {
  storageKey: string;
}

/**
 * Forgets stored images in `transaction` (the change that stops using them): their uploaded_images rows
 * go, and the storage keys of their files (the original, its resized copy and thumbnail) are returned,
 * for `removeStoredFiles` once the transaction committed. An image job that comes later finds no row and
 * stops; the image reconciler owes nothing for a row that is gone.
 */
export async function forgetImages(transaction: Transaction, keys: ReadonlyArray<string | null>): Promise<string[]> {
  const wanted = keys.filter((key): key is string => Boolean(key));
  if (!wanted.length) return [];
  const rows = await UploadedImage.findAll({ where: { storageKey: wanted }, attributes: ['id', 'storageKey', 'resizedKey', 'thumbnailKey'], transaction });
  await UploadedImage.destroy({ where: { storageKey: wanted }, transaction });
  const variants = rows.flatMap((row) => [row.resizedKey, row.thumbnailKey].filter((key): key is string => Boolean(key)));
  return [...wanted, ...variants];
}

/** Removes stored files (after the change that forgot them committed); a missing file is not an error. */
export async function removeStoredFiles(keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => removeObject(key).catch(() => undefined)));
}

/**
 * Writes the prepared images to storage under fresh random keys, then runs `record` (which writes the
 * rows that use them) in `transaction` with their uploaded_images rows and `image` jobs. Nothing is
 * left half-stored: a failure of any write, or of `record`, removes every file written.
 */
export async function storeImages<T>(
  images: readonly PreparedImage[],
  owner: ImageOwner,
  transaction: (work: (t: Transaction) => Promise<T>) => Promise<T>,
  record: (t: Transaction, stored: StoredImage[]) => Promise<T>,
): Promise<T> {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) {
      const storageKey = newStorageKey(owner.visibility, owner.kind, IMAGE_FORMATS[image.format].ext);
      stored.push({ ...image, storageKey });
      await putObject(storageKey, image.data);
    }
    return await transaction(async (t) => {
      for (const image of stored) {
        await UploadedImage.create(
          {
            storageKey: image.storageKey,
            kind: owner.kind,
            visibility: owner.visibility,
            siteCode: owner.siteCode,
            ownerUserId: owner.ownerUserId,
            format: image.format,
            width: image.width,
            height: image.height,
            bytes: image.data.length,
          },
          { transaction: t },
        );
        await addToOutbox(t, 'image', 'resize', { kind: owner.kind, storageKey: image.storageKey });
      }
      return record(t, stored);
    });
  } catch (err) {
    await Promise.all(stored.map((image) => removeObject(image.storageKey).catch(() => undefined)));
    throw err;
  }
}
