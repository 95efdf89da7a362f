import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The API document as the tests' contract (docs/architecture.md, "Where to add", an endpoint's answer):
 * every JSON answer the shared test client (stack.ts `request`) receives is checked against the schema
 * the document gives its operation and status, and an answer that leaves it throws, naming the
 * operation. The document is built once per test process from the endpoint declarations.
 */
type Json = Record<string, unknown>;

const DOC_ID = 'https://contract.test/api';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

interface Operation {
  id: string;
  method: string;
  template: string;
  segments: (string | null)[];
  responses: Json;
}

interface Contract {
  operations: Operation[];
  componentResponses: Json;
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
}

let contract: Contract | undefined;

/** `#/components/schemas/X` as a reference into the schema registered under DOC_ID. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${DOC_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`
        : rebase(value);
  }
  return out;
}

async function load(): Promise<Contract> {
  if (contract) return contract;
  const { buildApiDocument } = await import('../../api/http/openapi');
  const { endpoints } = await import('../../api/endpoints');
  const doc = buildApiDocument(endpoints) as { paths: Record<string, Json>; components: { schemas: Json; responses: Json } };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, $defs: rebase(doc.components.schemas) as Json });
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const segments = template
        .split('/')
        .slice(1)
        .map((s) => (s.startsWith('{') ? null : s));
      operations.push({ id: (op as Json).operationId as string, method, template, segments, responses: (op as Json).responses as Json });
    }
  }
  contract = { operations, componentResponses: doc.components.responses, ajv, compiled: new Map() };
  return contract;
}

/** The operation that answers a request: the most specific matching path (a literal beats a parameter), as the route table decides. */
function operationOf(c: Contract, method: string, path: string): Operation | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const given = trimmed.split('/').slice(1);
  const matches = c.operations.filter(
    (o) => o.method === method && o.segments.length === given.length && o.segments.every((s, i) => s === null || s === given[i]),
  );
  const rank = (o: Operation) => o.segments.map((s) => (s === null ? '1' : '0')).join('');
  return matches.sort((a, b) => rank(a).localeCompare(rank(b)))[0];
}

/** The response the document gives for a status of an operation (its `default` when the status is not listed), references followed. */
function responseOf(c: Contract, op: Operation, status: number): Json | undefined {
  const response = (op.responses[String(status)] ?? op.responses.default) as Json | undefined;
  const ref = response?.$ref as string | undefined;
  return ref ? (c.componentResponses[ref.slice('#/components/responses/'.length)] as Json) : response;
}

function validatorFor(c: Contract, op: Operation, status: number): ValidateFunction | null {
  const key = `${op.id} ${status}`;
  if (c.compiled.has(key)) return c.compiled.get(key) ?? null;
  const schema = (responseOf(c, op, status)?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
  const validate = schema ? c.ajv.compile(rebase(schema) as Json) : null;
  if (validate) c.compiled.set(key, validate);
  return validate;
}

/** The media types the document lists for a status of an operation; null when it lists neither the status nor a default. */
function mediaOf(c: Contract, op: Operation, status: number): string[] | null {
  const response = responseOf(c, op, status);
  return response ? Object.keys((response.content as Json | undefined) ?? {}) : null;
}

/**
 * Throws when an answer to `method path` leaves its operation's document: a status the document does
 * not list, a JSON answer where the status lists only other media (an error envelope where an image is
 * documented), or a JSON answer outside the schema given for its status. Answers outside /api are not
 * checked here.
 */
export async function checkAnswer(method: string, url: string, status: number, contentType: string | null, body: unknown): Promise<void> {
  const path = url.split('?')[0];
  if (!path.startsWith('/api')) return;
  const c = await load();
  const op = operationOf(c, method.toLowerCase(), path);
  // Bull Board's own pages and JSON API live under /api/admin/queues outside the document (only its login
  // and logout are operations); a parameter template such as /api/admin/{id} does not describe them.
  if (!op || (path.startsWith('/api/admin/queues') && op.template !== path)) return;
  // A 405 answers the path, which declares other methods: no operation of this method stands behind it.
  if (status === 405) return;
  const media = mediaOf(c, op, status);
  const where = `${op.id} (${method.toUpperCase()} ${op.template}), HTTP ${status}`;
  if (media === null) throw new Error(`The answer of ${where} leaves the API document: the status is not among its responses`);
  if (body === undefined || !contentType?.includes('json')) return;
  if (media.length && !media.some((m) => m.includes('json'))) {
    throw new Error(`The answer of ${where} leaves the API document: JSON where it lists ${media.join(', ')}\nanswer: ${JSON.stringify(body).slice(0, 500)}`);
  }
  const validate = validatorFor(c, op, status);
  if (!validate || validate(body)) return;
  const errors = c.ajv.errorsText(validate.errors, { dataVar: 'answer', separator: '; ' }).slice(0, 1500);
  throw new Error(
    `The answer of ${op.id} (${method.toUpperCase()} ${op.template}), HTTP ${status}, leaves the API document: ${errors}\nanswer: ${JSON.stringify(body).slice(0, 1500)}`,
  );
}
