import type { NextFunction, Request, Response } from 'express';
import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import { HttpError } from '../../shared/errors';

type Source = 'body' | 'query' | 'params';

/**
 * Validates and casts one part of the request with a yup object schema. Unknown keys are stripped;
 * the first problems are reported by field name in a 400 envelope. The cast value replaces the
 * original (`req.valid.body`, `req.valid.query`, `req.valid.params`).
 */
export function validate(source: Source, schema: ObjectSchema<AnyObject>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const input = req[source] ?? {};
      if (source === 'body' && (typeof input !== 'object' || Array.isArray(input))) {
        throw new HttpError(400, 'The request body must be a JSON object');
      }
      const value = await schema.validate(input, { abortEarly: false, stripUnknown: true });
      req.valid = { ...req.valid, [source]: value };
      next();
    } catch (err) {
      if (err instanceof ValidationError) {
        const fields = err.inner.length ? err.inner : [err];
        const errors = fields.slice(0, 10).map((e) => ({ field: e.path ?? source, message: e.message }));
        next(new HttpError(400, `Invalid ${source}: ${errors.map((e) => e.message).join('; ')}`, { errors }));
      } else if (err instanceof HttpError) {
        next(err);
      } else {
        // A transform that met an input of the wrong shape (e.g. trim() on an array): still bad input.
        next(new HttpError(400, `Invalid ${source}: a field has the wrong type`));
      }
    }
  };
}

declare module 'express-serve-static-core' {
  interface Request {
    valid: { body?: unknown; query?: unknown; params?: unknown };
  }
}

/** Typed access to a validated part: `valid(req, 'body', schema)`. */
export function valid<S extends ObjectSchema<AnyObject>>(req: Request, source: Source, _schema: S): InferType<S> {
  return req.valid?.[source] as InferType<S>;
}
