import type { Request, Response } from 'express';
import swaggerUi from 'swagger-ui-express';
import { object, string } from 'yup';
import { NotFoundError } from '../../../shared/errors';
import { endpoint } from '../../http/endpoint';
import { apiDocument } from './document';

/**
 * The API document (OpenAPI 3.1, generated from the endpoint definitions) as JSON, and Swagger UI
 * browsing it: the page at /api/docs/ and its files beside it.
 */
const DOCUMENT_URL = '/api/docs.json';
const PAGE_URL = '/api/docs/';
const UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui-init.js', 'favicon-32x32.png', 'favicon-16x16.png'];

const page = swaggerUi.generateHTML(undefined, { swaggerUrl: DOCUMENT_URL, customSiteTitle: 'Gaming platform API' });
/** swagger-ui-express's init script (pointing at the document) and its static files. */
const [initScript, uiFiles] = swaggerUi.serveFiles(undefined, { swaggerUrl: DOCUMENT_URL });

/** Sends one Swagger UI file through swagger-ui-express's middleware; NotFoundError when it has none. */
function sendUiFile(req: Request, res: Response, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    res.once('finish', () => resolve());
    res.once('close', () => resolve());
    req.url = `/${file}`;
    const notFound = (err?: unknown) => reject(err ?? new NotFoundError(`No file ${file}`));
    initScript(req, res, () => uiFiles(req, res, notFound));
  });
}

export const docsEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/docs.json',
      auth: 'none',
      answer: 'raw',
      result: {
        type: 'object',
        required: ['openapi', 'info', 'paths'],
        properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
        description: 'An OpenAPI 3.1 document',
      },
      summary: 'This API document (OpenAPI 3.1, JSON)',
    },
    async ({ res }) => {
      res.json(await apiDocument());
    },
  ),
  endpoint(
    {
      method: 'get',
      path: '/docs',
      auth: 'none',
      answer: 'raw',
      result: { type: 'string' },
      resultMedia: 'text/html',
      summary: 'The API document in Swagger UI (HTML); /api/docs redirects to /api/docs/',
      codes: [301],
    },
    ({ req, res }) => {
      // The page loads its files relative to itself, so it is served with the trailing slash.
      if (!req.originalUrl.split('?')[0].endsWith('/')) res.redirect(301, PAGE_URL);
      else res.type('html').send(page);
    },
  ),
  endpoint(
    {
      method: 'get',
      path: '/docs/:file',
      auth: 'none',
      answer: 'raw',
      result: { type: 'string', description: 'A CSS, JavaScript or PNG file' },
      resultMedia: '*/*',
      params: object({
        file: string()
          .required()
          .meta({ jsonSchema: { enum: UI_FILES } }),
      }),
      summary: "Swagger UI's files",
    },
    ({ req, res, params }) => {
      if (!UI_FILES.includes(params.file)) throw new NotFoundError(`No file ${params.file}`);
      return sendUiFile(req, res, params.file);
    },
  ),
];
