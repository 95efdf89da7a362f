import type { Response } from 'express';

/**
 * Answers an identity photo's bytes: never cached by a browser or a proxy, never sniffed as another type,
 * shown inline.
 */
export function sendPhoto(res: Response, photo: { data: Buffer; contentType: string }): void {
  res.status(200);
  res.setHeader('Content-Type', photo.contentType);
  res.setHeader('Content-Length', String(photo.data.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', 'inline');
  res.end(photo.data);
}
