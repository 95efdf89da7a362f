import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler } from 'express';
import { config } from '../../shared/config';
import { contentTypeOf, isStorageKey, openObject } from '../../shared/integrations/storage';

/**
 * GET /assets/<kind>/<file>: the public uploads (promotion images) for a stack without a CDN, with
 * PUBLIC_ASSET_BASE_URL set to `<this API's origin>/assets` (docs/decisions/uploads.md). Keys are random
 * and never rewritten, so answers may be cached for good. Local storage: the folder `<UPLOAD_DIR>/public`
 * (private files live beside it, not in it). S3 storage: the object `public/<kind>/<file>`, streamed
 * from the bucket; only keys of the upload grammar under `public/`, so nothing private is reachable.
 * Anything else goes on to the 404.
 */
export function publicAssets(): RequestHandler {
  const cache = { immutable: true, maxAge: '365d' } as const;
  if (config().storage.backend === 'local') {
    return express.static(path.join(config().uploadDir, 'public'), { index: false, dotfiles: 'deny', redirect: false, ...cache });
  }
  return async (req, res, next) => {
    const key = `public${req.path}`;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isStorageKey(key)) return next();
    try {
      const object = await openObject(key);
      if (!object) return next();
      res.status(200);
      res.setHeader('Content-Type', contentTypeOf(key));
      res.setHeader('Content-Length', String(object.length));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      if (req.method === 'HEAD') {
        object.body.destroy();
        res.end();
        return;
      }
      await pipeline(object.body, res);
    } catch (err) {
      if (res.headersSent) res.destroy();
      else next(err);
    }
  };
}
