import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { StoredObject } from '../../../shared/integrations/storage';

/**
 * Answers an identity photo's bytes, streamed from storage (the local folder or the bucket, never a
 * public URL: docs/decisions/uploads.md): never cached by a browser or a proxy, never sniffed as another
 * type, shown inline. A storage failure midway cuts the answer short (its Content-Length is not met).
 */
export async function sendPhoto(res: Response, photo: StoredObject & { contentType: string }): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', photo.contentType);
  res.setHeader('Content-Length', String(photo.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', 'inline');
  await pipeline(photo.body, res);
}
