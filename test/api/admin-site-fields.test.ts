import test from 'ava';
import type { AnyObject, ObjectSchema, Schema } from 'yup';
import type { Endpoint } from '../../api/http/endpoint';
import { apiRequester, startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Every input field of an administrator endpoint that names a site, found from the endpoint declarations
 * (api/endpoints.ts) by its name (`siteCode`, `...SiteCode`) or its schema (a site code's pattern, a
 * known-site test), is checked against a site-bound administrator's sites (docs/architecture.md, "The
 * request pipeline", step 5): naming another site is the 403 site refusal, written to the operation log
 * with the field; naming its own site passes that check. A field added to a declaration is covered here
 * without touching this file.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: ReturnType<typeof apiRequester>;
let endpoints: readonly Endpoint[];
let SITE_CODE_PATTERN: RegExp;
let own: string;
let other: string;

test.before(async () => {
  ({ stack, factories, models } = await startAdminStack());
  req = apiRequester(stack);
  ({ endpoints } = await import('../../api/endpoints'));
  ({ SITE_CODE_PATTERN } = await import('../../shared/domain/common'));
  own = await factories.createSite();
  other = await factories.createSite();
});
test.after.always(async () => {
  await stack?.close();
});

type Part = 'body' | 'query' | 'params';
interface SiteField {
  method: string;
  path: string;
  part: Part;
  /** The field's path in its input, dotted for nested objects (`items[].siteCode`). */
  field: string;
  endpoint: Endpoint;
}

const isAdmin = (e: Endpoint) => typeof e.auth === 'object' && 'admin' in e.auth;

/** Whether a string field names a site: by its name, or by its schema's tests (a site code's pattern, a known site). */
function namesSite(name: string, schema: Schema): boolean {
  if (/(^s|S)iteCode$/.test(name)) return true;
  const described = schema.describe() as { type: string; tests: Array<{ name?: string; params?: { regex?: RegExp } }> };
  if (described.type !== 'string') return false;
  return described.tests.some((t) => t.name === 'site' || (t.name === 'matches' && t.params?.regex?.source === SITE_CODE_PATTERN.source));
}

/** The fields of an object schema naming a site, nested objects and arrays of objects included. */
function siteFieldsOf(schema: ObjectSchema<AnyObject>, prefix = ''): string[] {
  const found: string[] = [];
  for (const [name, field] of Object.entries(schema.fields as Record<string, Schema>)) {
    const inner = (field as Schema & { innerType?: Schema }).innerType;
    if (field.type === 'object') found.push(...siteFieldsOf(field as ObjectSchema<AnyObject>, `${prefix}${name}.`));
    else if (inner?.type === 'object') found.push(...siteFieldsOf(inner as ObjectSchema<AnyObject>, `${prefix}${name}[].`));
    else if (namesSite(name, field)) found.push(`${prefix}${name}`);
  }
  return found;
}

function declaredSiteFields(): SiteField[] {
  const fields: SiteField[] = [];
  for (const e of endpoints.filter(isAdmin)) {
    for (const part of ['body', 'query', 'params'] as const) {
      const schema = e[part];
      if (schema) for (const field of siteFieldsOf(schema)) fields.push({ method: e.method.toUpperCase(), path: e.path, part, field, endpoint: e });
    }
  }
  return fields;
}

const label = (f: SiteField) => `${f.method} ${f.path} ${f.part}.${f.field}`;
/** A path with every parameter an id that names no row (the site check comes before any lookup). */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '999999999');

/** A site-bound administrator (every permission, bound to `own` only). */
async function boundAdmin() {
  const made = await factories.createAdmin();
  await made.admin.update({ sites: [own] });
  return made;
}

const siteRefusals = (adminId: number) => models.AdminOperationLog.findAll({ where: { adminId, module: 'admin-site' }, order: [['id', 'ASC']] });

test('the declarations name their site fields where the pipeline checks them: top-level body fields or the siteCode query', (t) => {
  const fields = declaredSiteFields();
  const labels = fields.map(label);
  // The walk finds what the declarations are known to hold (so a broken walk cannot pass with nothing).
  for (const known of [
    'POST /game/admin/copy-site-data body.sourceSiteCode',
    'POST /game/admin/copy-site-data body.targetSiteCode',
    'POST /site-config/admin body.siteCode',
    'POST /site-config/admin body.copyFrom',
    'POST /game/admin/providers body.siteCode',
    'PATCH /game/admin/type-configs/:id body.siteCode',
  ]) {
    t.true(labels.includes(known), `${known} is found; found: ${labels.join(', ')}`);
  }
  for (const f of fields) {
    // The pipeline reads a body's top-level fields, and the site of a query from `siteCode` only; a site
    // in a path parameter, a nested field or a multipart body would reach the handler unchecked.
    t.not(f.part, 'params', `${label(f)}: a site in a path parameter is not checked`);
    t.false(f.field.includes('.'), `${label(f)}: a nested site field is not checked`);
    if (f.part === 'query') t.is(f.field, 'siteCode', `${label(f)}: only the siteCode query names the administrator's site`);
    if (f.part === 'body') t.falsy(f.endpoint.uploads, `${label(f)}: a multipart body's site field is not covered here`);
  }
});

test('a site-bound administrator naming another site in any site field is refused (403, logged with the field); its own site passes the check', async (t) => {
  const fields = declaredSiteFields().filter((f) => !f.field.includes('.') && f.part !== 'params');
  t.true(fields.length >= 8, fields.map(label).join(', '));
  const { admin, token } = await boundAdmin();
  let refused = 0;

  for (const f of fields) {
    const siblings = declaredSiteFields().filter((s) => s.endpoint === f.endpoint && s.part === f.part);
    // Every site field of the input names the administrator's own site; the one under test names `site`.
    const input = (site: string) => Object.fromEntries(siblings.map((s) => [s.field, s.field === f.field ? site : own]));
    const send = (site: string) => {
      if (f.part === 'query') return req(f.method, `${concrete(f.path)}?${new URLSearchParams(input(site))}`, { token });
      return req(f.method, `${concrete(f.path)}`, { token, body: input(site) });
    };

    const foreign = await send(other);
    t.is(foreign.status, 403, `${label(f)} naming another site: ${foreign.text}`);
    t.is(foreign.body?.code, 403, label(f));
    const where = f.part === 'body' ? ` in ${f.field}` : '';
    t.regex(String(foreign.body?.message), new RegExp(`site "${other}"${where} is not one of your sites`), label(f));
    const logged = await siteRefusals(admin.id);
    refused += 1;
    t.is(logged.length, refused, `${label(f)}: the refusal is written to the operation log`);
    t.like(logged.at(-1)?.get({ plain: true }), { siteCode: other, method: f.method }, label(f));
    if (f.part === 'body') t.like(logged.at(-1)?.detail, { site: other, field: f.field }, label(f));

    const mine = await send(own);
    t.not(mine.status, 403, `${label(f)} naming its own site passes the site check: ${mine.text}`);
    t.notRegex(String(mine.body?.message), /not one of your sites/, label(f));
    t.is((await siteRefusals(admin.id)).length, refused, `${label(f)}: its own site writes no refusal`);
  }
});
