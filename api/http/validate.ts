import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import { HttpError } from './errors';

export type Source = 'body' | 'query' | 'params';

/**
 * Validates and casts one part of the request with a yup object schema. Unknown keys are stripped;
 * the first problems (at most 10) are reported by field name in a 400 envelope:
 * `{message: 'Invalid body: ...', errors: [{field, message}]}`.
 */
export async function validInput<S extends ObjectSchema<AnyObject>>(source: Source, schema: S, input: unknown): Promise<InferType<S>> {
  const value = input ?? {};
  if (source === 'body' && (typeof value !== 'object' || Array.isArray(value))) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  try {
    return (await schema.validate(value, { abortEarly: false, stripUnknown: true })) as InferType<S>;
  } catch (err) {
    if (err instanceof ValidationError) {
      const fields = err.inner.length ? err.inner : [err];
      const errors = fields.slice(0, 10).map((e) => ({ field: e.path ?? source, message: e.message }));
      throw new HttpError(400, `Invalid ${source}: ${errors.map((e) => e.message).join('; ')}`, { errors });
    }
    // A transform that met an input of the wrong shape (e.g. trim() on an array): still bad input.
    throw new HttpError(400, `Invalid ${source}: a field has the wrong type`);
  }
}
