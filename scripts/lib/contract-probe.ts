import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { operationsOf } from './contract-coverage';

/**
 * The contract probe (docs/architecture.md, "Where to add", an endpoint's answer): requests generated
 * from the API document's own input schemas, each valid by the document, sent to a running API; it
 * counts the ones answered 400 (the server refusing what its document calls valid). Bounded: a few
 * requests per operation, one at a time, to the given base URL only.
 */
type Json = Record<string, unknown>;

export interface ProbeOptions {
  baseUrl: string;
  playerToken: string;
  adminToken: string;
  /**
   * Requests per operation. The first is typical; the others take edge values the document allows
   * (EDGE_STRINGS, a bound of a range, duplicate or many array items, an empty or wider object), as a
   * client generating from the document would.
   */
  perOperation?: number;
  seed?: number;
  /** The site a client names in a site field (siteCode, sourceSiteCode, sites): one it knows. */
  siteCode?: string;
  /**
   * A second site the client knows, named in targetSiteCode (a copy between sites names two). Without
   * one, targetSiteCode is generated like any string and names no site: a business refusal, not a 400.
   */
  otherSiteCode?: string;
}

/** Who sends a request: a player token, an administrator token, or none. */
export type Audience = 'player' | 'administrator' | 'no token';

export interface ProbeReport {
  operations: number;
  sent: number;
  /** Answered 400, or 413 (a body the document allows but the server finds too large). */
  refused400: number;
  /** Requests sent and refused (400 or 413), per audience. */
  audiences: Record<Audience, { sent: number; refused: number }>;
  /**
   * Answers HTTP 200 with a business code (not 200): a refusal for what is stored, such as a record that
   * already exists (docs/architecture.md, "Errors and refusals"). Counted apart: no input schema can
   * foresee them, and they are not 400s.
   */
  businessRefusals: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Requests the generator could not make valid by the document (not sent). */
  notGenerated: number;
  /** Each 400: the operation and the server's reason. */
  refusals: string[];
  skipped: string[];
}

/**
 * Operations left out: writes that would end the probe's own sessions, change its administrator's
 * permissions or its authenticator, signed callbacks (a signature is not in the document's schemas) and
 * the UI's files. Deletes run last, so that they take nothing from the other operations.
 */
const SKIP = [
  /^patch \/api\/admin\/(groups\/)?\{id\}$/,
  /\/logout$/,
  /\/password/,
  /totp/,
  /\/callback\//,
  /^post \/api\/game\/prov[xy]\//,
  /\/docs\//,
  /\/admin\/queues\//,
];

/** A 1x1 PNG: what a multipart file field of the document (an image) gets. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A generated multipart body as a browser form sends it: files as images, objects as JSON texts, the rest as text. */
function formOf(schema: Json, payload: Json): FormData {
  const props = (schema.properties as Record<string, Json> | undefined) ?? {};
  const form = new FormData();
  for (const [name, value] of Object.entries(payload)) {
    if (props[name]?.format === 'binary') form.append(name, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${name}.png`);
    else form.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return form;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Strings a document-driven client tries where the document allows them: empty and blank, NUL and an
 * unpaired surrogate, an http URL, impossible dates and colours, a wrong card expiry, long text.
 */
const EDGE_STRINGS = ['', ' ', 'a\u0000b', 'a\ud800b', 'http://example.com/a.png', '0000-00-00', '2026-02-30', 'rgba(nonsense)', '99/99', '0', '0.000000'];

/** Items an array gets when the document does not bound it: past any body limit. */
const MANY_ITEMS = 20_000;

const STRING_CANDIDATES = [
  'probe1',
  'Probe text',
  '2026-01-15',
  '2026-01-15T10:00:00Z',
  // A client drawing dates knows no "now": one in the future beside one in the past.
  '2031-06-15',
  '2031-06-15T10:00:00Z',
  '#1a2b3c',
  '12.5',
  '100',
  '1',
  'A1B2',
  'probe@example.com',
  'https://example.com/a.png',
  'USD',
  'en-US',
  'TRC20',
  'TXYZabcdefghijkmnopqrstuvwxyz12345',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '123456',
  '0912345678',
  '+886912345678',
];

export async function runProbe(doc: Json, options: ProbeOptions): Promise<ProbeReport> {
  const ajv = new Ajv2020({ strict: false, validateFormats: true });
  addFormats(ajv);
  const rand = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const compiled = new WeakMap<Json, (value: unknown) => boolean>();
  const valid = (schema: Json, value: unknown) => {
    let check = compiled.get(schema);
    if (!check) {
      try {
        const validate = ajv.compile(schema);
        check = (v) => validate(v) as boolean;
      } catch {
        check = () => false;
      }
      compiled.set(schema, check);
    }
    return check(value);
  };
  const asString = new WeakMap<Json, Json>();
  const stringSchema = (schema: Json): Json => {
    let s = asString.get(schema);
    if (!s) asString.set(schema, (s = { ...schema, type: 'string' }));
    return s;
  };

  /** Whether this value takes an edge the document allows (half the time, in the edge requests). */
  let edges = false;
  const edge = () => edges && rand() < 0.5;

  /**
   * A rule JSON Schema cannot state, which the document names in `x-rule` beside the field's description
   * (docs/decisions/platform.md, "The document states every rule a request alone can break"), rules joined
   * by `;`: `future` (an instant or day after now), `after:<field>` and `not-before:<field>` (later than a
   * sibling field), `within-days:<n>` (at most n days after that field). A client reading it keeps it.
   */
  function ruled(schema: Json, sibling: Json): unknown {
    const rules = String(schema['x-rule'] ?? '')
      .split(';')
      .map((r) => r.trim());
    const day = schema.format === 'date';
    const within = Number(rules.find((r) => r.startsWith('within-days:'))?.slice('within-days:'.length) ?? 400);
    const later = (from: number) => new Date(from + (1 + Math.floor(rand() * Math.min(within - 1, 400))) * 86_400_000).toISOString();
    const shaped = (iso: string) => (day ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, 'Z'));
    if (rules.includes('future')) return shaped(later(Date.now()));
    const order = rules.find((r) => r.startsWith('after:') || r.startsWith('not-before:'));
    if (order) {
      const from = Date.parse(String(sibling[order.slice(order.indexOf(':') + 1)] ?? ''));
      return shaped(later(Number.isNaN(from) ? Date.now() : from));
    }
    return undefined;
  }

  function generate(schema: Json | undefined, depth = 0, name = ''): unknown {
    if (!schema || depth > 6) return 'probe';
    if (options.siteCode && /^(siteCode|sourceSiteCode|sites)$/.test(name) && valid(schema, options.siteCode)) return options.siteCode;
    if (options.otherSiteCode && name === 'targetSiteCode' && valid(schema, options.otherSiteCode)) return options.otherSiteCode;
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return pick((schema.enum as unknown[]).filter((v) => v !== null));
    for (const key of ['oneOf', 'anyOf'] as const) {
      const options = schema[key] as Json[] | undefined;
      if (options?.length) {
        const choice = generate(options.find((o) => o.type !== 'null') ?? options[0], depth + 1);
        return choice;
      }
    }
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t && t !== 'null') as string[];
    const type = types[0] ?? (schema.properties ? 'object' : 'string');
    if (type === 'string') {
      const odd = edge() ? EDGE_STRINGS.filter((c) => valid(stringSchema(schema), c)) : [];
      if (typeof schema.maxLength === 'number' && schema.maxLength <= 10_000 && edge()) odd.push('é'.repeat(schema.maxLength));
      if (odd.length) return pick(odd);
      const fits = STRING_CANDIDATES.filter((c) => valid(stringSchema(schema), c));
      if (fits.length) return pick(fits);
      const min = (schema.minLength as number | undefined) ?? 1;
      return 'a'.repeat(Math.max(min, 1));
    }
    if ((type === 'integer' || type === 'number') && edge()) {
      const bounds = [
        schema.minimum,
        schema.maximum,
        typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (type === 'integer' ? 1 : 0.01) : undefined,
      ];
      const fits = bounds.filter((b): b is number => typeof b === 'number' && valid(schema, b));
      if (fits.length) return pick(fits);
    }
    if (type === 'integer' || type === 'number') {
      const min = Math.max((schema.minimum as number | undefined) ?? 0, (schema.exclusiveMinimum as number | undefined) ?? -Infinity);
      const max = (schema.maximum as number | undefined) ?? min + 100;
      const low = Math.ceil(min === 0 && (schema.exclusiveMinimum as number | undefined) === 0 ? 1 : min);
      return Math.min(low + Math.floor(rand() * Math.min(10, Math.max(1, max - low + 1))), max);
    }
    if (type === 'boolean') return rand() < 0.5;
    if (type === 'array') {
      let count = Math.max((schema.minItems as number | undefined) ?? 1, 1);
      if (edge()) count = Math.max(count, Math.min((schema.maxItems as number | undefined) ?? MANY_ITEMS, MANY_ITEMS));
      const items = [] as unknown[];
      const first = generate(schema.items as Json, depth + 1, name);
      const twice = !schema.uniqueItems && edge();
      // Many items, or items twice: copies of the first; otherwise each its own.
      for (let i = 0; i < count; i++) items.push(i === 0 || twice || count > 50 ? first : generate(schema.items as Json, depth + 1, name));
      if (twice && count < 2 && (schema.maxItems === undefined || (schema.maxItems as number) >= 2)) items.push(first);
      return schema.uniqueItems ? [...new Set(items.map((i) => JSON.stringify(i)))].map((i) => JSON.parse(i) as unknown) : items;
    }
    if (type === 'object') {
      const props = (schema.properties as Record<string, Json> | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: Json = {};
      for (const [name, prop] of Object.entries(props)) if (required.has(name) || rand() < 0.5) out[name] = generate(prop, depth + 1, name);
      for (const [name, prop] of Object.entries(props)) if (name in out && prop['x-rule'] !== undefined) out[name] = ruled(prop, out) ?? out[name];
      const names = (schema.propertyNames as Json | undefined)?.enum as string[] | undefined;
      const open = schema.additionalProperties !== false && !schema.unevaluatedProperties;
      if (names?.length && !Object.keys(props).length && !(edge() && (schema.minProperties ?? 0) === 0)) {
        out[pick(names)] = generate(schema.additionalProperties as Json, depth + 1);
      } else if (open && !names && edge()) {
        out.probeExtra = typeof schema.additionalProperties === 'object' ? generate(schema.additionalProperties as Json, depth + 1) : 'x';
      }
      return out;
    }
    return 'probe';
  }

  const audiences = (): ProbeReport['audiences'] => ({
    player: { sent: 0, refused: 0 },
    administrator: { sent: 0, refused: 0 },
    'no token': { sent: 0, refused: 0 },
  });
  const report: ProbeReport = {
    operations: 0,
    sent: 0,
    refused400: 0,
    audiences: audiences(),
    businessRefusals: 0,
    statuses: {},
    notGenerated: 0,
    refusals: [],
    skipped: [],
  };
  const perOperation = options.perOperation ?? 5;
  const operations = operationsOf(doc).sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
  for (const { id, method, path, operation } of operations) {
    const label = `${method} ${path}`;
    const params = ((operation.parameters as Json[] | undefined) ?? []).filter((p) => !('$ref' in p));
    const body = (operation.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content;
    // A stream (Server-Sent Events) never ends by itself: a request to one would wait for good.
    const streams = Object.keys(((operation.responses as Json | undefined)?.['200'] as { content?: Json } | undefined)?.content ?? {}).includes(
      'text/event-stream',
    );
    if (streams || SKIP.some((re) => re.test(label)) || (body && !body['application/json'] && !body['multipart/form-data'])) {
      report.skipped.push(label);
      continue;
    }
    if (!params.length && !body) continue;
    report.operations += 1;
    const security = JSON.stringify(operation.security ?? []);
    const audience: Audience = security.includes('adminBearer') ? 'administrator' : security.includes('playerBearer') ? 'player' : 'no token';
    const token = audience === 'administrator' ? options.adminToken : audience === 'player' ? options.playerToken : undefined;
    for (let n = 0; n < perOperation; n++) {
      edges = n > 0;
      let url = path;
      const query = new URLSearchParams();
      let ok = true;
      const values: Json = {};
      for (const p of params) if (p.required || rand() >= 0.5) values[p.name as string] = generate(p.schema as Json, 0, p.name as string);
      for (const p of params)
        if ((p.name as string) in values && (p.schema as Json)['x-rule'] !== undefined)
          values[p.name as string] = ruled(p.schema as Json, values) ?? values[p.name as string];
      for (const p of params) {
        if (!((p.name as string) in values)) continue;
        const value = values[p.name as string];
        if (!valid(p.schema as Json, value)) ok = false;
        if (p.in === 'path') url = url.replace(`{${p.name as string}}`, encodeURIComponent(String(value)));
        else if (p.in === 'query') query.set(p.name as string, String(value));
      }
      const multipart = !body?.['application/json'] && body?.['multipart/form-data'] ? body['multipart/form-data'].schema : undefined;
      const bodySchema = body?.['application/json']?.schema ?? multipart;
      const payload = bodySchema ? generate(bodySchema) : undefined;
      if (bodySchema && !valid(bodySchema, payload)) ok = false;
      if (!ok) {
        report.notGenerated += 1;
        continue;
      }
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined && !multipart) headers['content-type'] = 'application/json';
      const qs = query.toString();
      const res = await fetch(`${options.baseUrl}${url}${qs ? `?${qs}` : ''}`, {
        method: method.toUpperCase(),
        headers,
        body: payload === undefined ? undefined : multipart ? formOf(multipart, payload as Json) : JSON.stringify(payload),
        redirect: 'manual',
      });
      const text = await res.text();
      report.sent += 1;
      report.audiences[audience].sent += 1;
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
      if (res.status === 200 && businessCodeOf(text) !== undefined) report.businessRefusals += 1;
      if (res.status === 400 || res.status === 413) {
        report.refused400 += 1;
        report.audiences[audience].refused += 1;
        let reason = text.slice(0, 300);
        try {
          const parsed = JSON.parse(text) as { message?: string; errors?: { field: string; message: string }[] };
          reason = parsed.errors?.map((e) => e.message).join('; ') ?? parsed.message ?? reason;
        } catch {
          // not JSON: keep the text
        }
        report.refusals.push(`${res.status} ${id} ${label}: ${reason} (sent ${JSON.stringify(payload ?? Object.fromEntries(query)).slice(0, 200)})`);
      }
    }
  }
  return report;
}

/** The envelope's business code of an HTTP 200 answer, when it is a refusal (not 200). */
function businessCodeOf(text: string): number | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'number' && code !== 200 ? code : undefined;
  } catch {
    return undefined; // a raw answer
  }
}

/** The probe's figure in one paragraph. */
export function describeProbe(r: ProbeReport): string {
  const share = r.sent ? ((100 * r.refused400) / r.sent).toFixed(2) : '0';
  const statuses = Object.entries(r.statuses)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const audiences = Object.entries(r.audiences)
    .map(([who, a]) => `${who} ${a.refused} of ${a.sent} (${a.sent ? ((100 * a.refused) / a.sent).toFixed(2) : '0'} %)`)
    .join(', ');
  return `${r.sent} schema-valid requests to ${r.operations} operations: ${r.refused400} answered 400 or 413 (${share} %; ${audiences}). ${r.businessRefusals} answered 200 with a business refusal (a record that exists, an id of no record). Statuses: ${statuses}. Not generated: ${r.notGenerated}. Skipped operations: ${r.skipped.length}.`;
}
