import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { MAX_IMAGE_BYTES, prepareImages, type PreparedImage } from '../../shared/domain/uploads';
import { HttpError } from './errors';

/**
 * The upload step of the pipeline, for endpoints that declare `uploads`: a multipart/form-data body read
 * by multer into memory (never a temporary file), one image per named field, at most 5 MB each. Text
 * fields become the body the endpoint's schema validates; the files are checked and re-encoded by
 * shared/domain/uploads/images.ts once the body is valid. Every refusal is a 400 envelope naming the
 * field; nothing is stored by this step.
 */
export interface UploadSpec {
  /** The file fields, one image each, in the order they are checked. */
  fields: readonly string[];
  /** The file fields a request must carry (a 400 naming the first one missing); the others are optional. */
  required?: readonly string[];
  /** The largest text field, in bytes (default 10 KB): more for operator HTML in several locales. */
  textBytes?: number;
}

/** Text fields of a multipart body: at most this many, of at most this many bytes each. */
const MAX_TEXT_FIELDS = 30;
const MAX_TEXT_BYTES = 10 * 1024;

/**
 * Busboy counts files before multer looks at their field: one file more than the fields lets an extra or
 * unknown field be refused by name; more than that is "too many files".
 */
const parsers = new WeakMap<UploadSpec, ReturnType<multer.Multer['fields']>>();

function parserOf(spec: UploadSpec) {
  let parser = parsers.get(spec);
  if (!parser) {
    parser = multer({
      storage: multer.memoryStorage(),
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: spec.fields.length + 1,
        fields: MAX_TEXT_FIELDS,
        fieldSize: spec.textBytes ?? MAX_TEXT_BYTES,
        parts: spec.fields.length + MAX_TEXT_FIELDS,
      },
    }).fields(spec.fields.map((name) => ({ name, maxCount: 1 })));
    parsers.set(spec, parser);
  }
  return parser;
}

function uploadError(err: unknown, spec: UploadSpec): HttpError {
  const field = err instanceof MulterError ? (err.field ?? 'body') : 'body';
  const refuse = (message: string) => new HttpError(400, `Invalid body: ${message}`, { errors: [{ field, message }] });
  if (!(err instanceof MulterError)) return refuse('the multipart/form-data body could not be read');
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return refuse(`${field} is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
    case 'LIMIT_UNEXPECTED_FILE':
      return spec.fields.includes(field)
        ? refuse(`${field} must be a single file`)
        : refuse(`${field.slice(0, 60)} is not a file field of this endpoint (use ${spec.fields.join(', ')})`);
    case 'LIMIT_FILE_COUNT':
      return refuse(`at most ${spec.fields.length} files`);
    case 'LIMIT_FIELD_VALUE':
      return refuse(`${field} is longer than ${spec.textBytes ?? MAX_TEXT_BYTES} bytes`);
    default:
      return refuse(`too many or malformed parts (${err.code})`);
  }
}

/** Reads a multipart body into `req.body` (text fields) and `req.files`; a request of another type passes untouched. */
export function readUploads(req: Request, res: Response, spec: UploadSpec): Promise<void> {
  return new Promise((resolve, reject) => {
    parserOf(spec)(req, res, (err?: unknown) => (err ? reject(uploadError(err, spec)) : resolve()));
  });
}

/** The uploaded images by field, checked and re-encoded (api/http/uploads.ts has only read them). */
export async function uploadedImages(req: Request, spec: UploadSpec): Promise<Record<string, PreparedImage>> {
  const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
  const missing = spec.required?.find((field) => !files[field]?.[0]);
  if (missing)
    throw new HttpError(400, `Invalid body: ${missing} is required (one image)`, {
      errors: [{ field: missing, message: `${missing} is required (one image)` }],
    });
  const present = spec.fields.flatMap((field) => {
    const file = files[field]?.[0];
    return file ? [{ field, bytes: file.buffer }] : [];
  });
  return prepareImages(present);
}
