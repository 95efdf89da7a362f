import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { db } from '../../shared/db/sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { jpegWithExif, png } from '../helpers/images';
import { storedBytes, storedKeys } from '../helpers/stored-objects';
import { approvedDocument, giveEmail, giveProfile, PROFILE, yearsAgo } from '../helpers/kyc';
import { postMultipart, type Part } from '../helpers/multipart';
import type { TestStack } from '../helpers/stack';

/**
 * GET /kyc, PUT /kyc/profile, POST /kyc/documents and the document files (docs/kyc.md): the levels and
 * what is missing, the minimum age (refused and flagged), hostile uploads (polyglots, spoofed types,
 * oversize, no token), metadata stripped, and who may read a document.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let uploadDir: string;
let jpeg: Buffer;

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-'));
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['kyc:read', 'kyc:write'], env: { UPLOAD_DIR: uploadDir } }));
  jpeg = await jpegWithExif();
});
test.after.always(async () => {
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const upload = (token: string | null, kind: string | null, files: Record<string, Part | Part[]>) =>
  postMultipart(`${stack.baseUrl}/api/kyc/documents`, token, kind === null ? {} : { kind }, files);

async function file(pathName: string, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.baseUrl}/api${pathName}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: any;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, body };
}

const stored = async () => ({ files: (await storedKeys()).length, rows: await models.UploadedImage.count() });

test('a new player is level 0 and misses a contact and a profile; with both, level 1 misses the three identity documents', async (t) => {
  const { user, token } = await factories.createUser();
  const fresh = await req('GET', '/kyc', { token });
  t.is(fresh.body.code, 200);
  t.deepEqual(fresh.body.result, { level: 0, missing: ['contact', 'profile'], documents: [], profile: null, frozen: null });

  const put = await req('PUT', '/kyc/profile', { token, body: PROFILE });
  t.is(put.body.code, 200);
  t.like(put.body.result, PROFILE);
  t.deepEqual((await req('GET', '/kyc', { token })).body.result.missing, ['contact'], 'a profile without a verified contact is still level 0');

  await giveEmail(user);
  const one = (await req('GET', '/kyc', { token })).body.result;
  t.is(one.level, 1);
  t.deepEqual(one.missing, ['id-front', 'id-back', 'selfie']);
  t.like(one.profile, PROFILE);

  // A second PUT replaces the profile (nothing pending or approved yet); the country is taken in any case.
  const again = await req('PUT', '/kyc/profile', { token, body: { ...PROFILE, country: 'jp', address: '2 Chome, Tokyo' } });
  t.like(again.body.result, { country: 'JP', address: '2 Chome, Tokyo' });
});

test('the minimum age: 18 by default, at and around the birthday; 21 where the site sets it; under age is refused and flagged', async (t) => {
  const { user, token } = await factories.createUser();
  const justUnder = await req('PUT', '/kyc/profile', { token, body: { ...PROFILE, dateOfBirth: yearsAgo(18, 1) } });
  t.is(justUnder.body.code, 2001);
  t.is(justUnder.body.path, '/api/kyc/profile');
  t.is(
    await db()
      .query(`SELECT 1 FROM kyc_profiles WHERE "userId" = ${user.id}`)
      .then(([rows]) => rows.length),
    0,
    'nothing stored',
  );
  const [flags] = await db().query(`SELECT reason, detail FROM kyc_flags WHERE "userId" = ${user.id}`);
  t.deepEqual(flags, [{ reason: 'under-age', detail: { dateOfBirth: yearsAgo(18, 1), minimumAge: 18 } }]);
  t.is((await req('PUT', '/kyc/profile', { token, body: { ...PROFILE, dateOfBirth: yearsAgo(18) } })).body.code, 200, 'the 18th birthday is today');

  const site = await factories.createSite();
  const config = await models.SiteConfig.findOne({ where: { siteCode: site } });
  const patched = await req('PATCH', `/site-config/admin/${config!.id}/settings`, {
    site,
    body: { minimumAge: 21 },
    token: (await factories.createAdmin()).token,
  });
  t.is(patched.body.code, 200, JSON.stringify(patched.body));
  const other = await factories.createUser({ siteCode: site });
  const headers = { 'x-site-code': site };
  t.is((await req('PUT', '/kyc/profile', { token: other.token, headers, body: { ...PROFILE, dateOfBirth: yearsAgo(20) } })).body.code, 2001);
  t.is((await req('PUT', '/kyc/profile', { token: other.token, headers, body: { ...PROFILE, dateOfBirth: yearsAgo(21, 1) } })).body.code, 2001);
  t.is((await req('PUT', '/kyc/profile', { token: other.token, headers, body: { ...PROFILE, dateOfBirth: yearsAgo(21) } })).body.code, 200);
});

test('profile input: each bad field is a 400 naming it', async (t) => {
  const { token } = await factories.createUser();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...PROFILE, dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
    [{ ...PROFILE, dateOfBirth: '17/05/1990' }, 'dateOfBirth'],
    [{ ...PROFILE, dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    [{ ...PROFILE, dateOfBirth: 19900517 }, 'dateOfBirth'],
    [{ ...PROFILE, country: 'ZZ' }, 'country'],
    [{ ...PROFILE, country: 'Taiwan' }, 'country'],
    [{ ...PROFILE, legalName: 'A' }, 'legalName'],
    [{ ...PROFILE, legalName: 'x'.repeat(101) }, 'legalName'],
    [{ ...PROFILE, legalName: ['Wang'] }, 'legalName'],
    [{ ...PROFILE, address: 'a'.repeat(301) }, 'address'],
    [{ legalName: PROFILE.legalName, dateOfBirth: PROFILE.dateOfBirth, country: 'TW' }, 'address'],
  ];
  for (const [body, field] of cases) {
    const res = await req('PUT', '/kyc/profile', { token, body });
    t.is(res.status, 400, field);
    t.true(JSON.stringify(res.body.errors ?? res.body).includes(field), JSON.stringify(res.body));
  }
  const nul = await req('PUT', '/kyc/profile', { token, body: { ...PROFILE, legalName: 'Wang\u0000Ming' } });
  t.is(nul.status, 400);
  t.is((await req('GET', '/kyc', { token })).body.result.profile, null);
});

test('upload: each kind is stored private, re-encoded without EXIF, pending; the list shows its state and file URL, never the key', async (t) => {
  const { user, token } = await factories.createUser();
  await giveProfile(user); // documents need the profile first
  t.truthy((await sharp(jpeg).metadata()).exif, 'the upload carries EXIF');
  const res = await upload(token, 'id-front', { file: { data: jpeg } });
  t.is(res.body.code, 200, JSON.stringify(res.body));
  const doc = res.body.result;
  t.like(doc, { kind: 'id-front', status: 'pending', reason: null, expiresAt: null });
  t.regex(doc.fileUrl, new RegExp(`/api/kyc/documents/${doc.id}/file$`));
  const [[row]] = (await db().query(`SELECT "storageKey" FROM kyc_documents WHERE id = ${doc.id}`)) as [Array<{ storageKey: string }>, unknown];
  t.regex(row.storageKey, /^private\/kyc-document\/[0-9a-f]{32}\.jpg$/);
  const image = await models.UploadedImage.findOne({ where: { storageKey: row.storageKey } });
  t.like(image?.get({ plain: true }), { kind: 'kyc-document', visibility: 'private', ownerUserId: user.id });
  const bytes = (await storedBytes(row.storageKey))!;
  const meta = await sharp(bytes).metadata();
  t.is(meta.exif, undefined);
  t.false(bytes.includes('secret-owner-copyright'));

  for (const kind of ['id-back', 'selfie', 'address-proof']) t.is((await upload(token, kind, { file: { data: await png() } })).body.code, 200, kind);
  const status = (await req('GET', '/kyc', { token })).body.result;
  t.deepEqual(
    status.documents.map((d: { kind: string }) => d.kind),
    ['address-proof', 'selfie', 'id-back', 'id-front'],
  );
  t.false(JSON.stringify(status).includes(row.storageKey));
  t.is(status.level, 0, 'pending documents make no level');
});

test.serial('one pending document per kind (2001); several uploads of one kind at once: one is kept, the others store nothing', async (t) => {
  const { user, token } = await factories.createUser();
  await giveProfile(user); // documents need the profile first
  t.is((await upload(token, 'selfie', { file: { data: jpeg } })).body.code, 200);
  const again = await upload(token, 'selfie', { file: { data: jpeg } });
  t.is(again.body.code, 2001);
  t.is(again.body.path, '/api/kyc/documents');

  const other = await factories.createUser();
  await giveProfile(other.user);
  const before = await stored();
  const results = await Promise.all([1, 2, 3, 4].map(() => upload(other.token, 'id-back', { file: { data: jpeg } })));
  t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2001, 2001, 2001]);
  const after = await stored();
  t.is(after.rows, before.rows + 1);
  t.is(after.files, before.files + 1);
});

test.serial('hostile uploads: polyglots lose their payload, spoofed and broken files and oversize are 400 naming the field; no token is 401', async (t) => {
  const { user, token } = await factories.createUser();
  await giveProfile(user); // documents need the profile first
  const before = await stored();
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
  const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
  const cases: Array<[string, string | null, Record<string, Part | Part[]>, string, RegExp]> = [
    ['html sent as image/jpeg', 'id-front', { file: { data: html, type: 'image/jpeg', name: 'x.jpg' } }, 'file', /image/],
    ['svg with a script', 'id-front', { file: { data: svg, type: 'image/svg+xml', name: 'x.svg' } }, 'file', /image/],
    ['a pdf', 'address-proof', { file: { data: pdf, type: 'application/pdf', name: 'x.pdf' } }, 'file', /image/],
    ['truncated jpeg', 'selfie', { file: { data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) } }, 'file', /damaged/],
    ['over 5 MB', 'selfie', { file: { data: huge } }, 'file', /5 MB/],
    ['two files', 'selfie', { file: [{ data: jpeg }, { data: jpeg }] }, 'file', /single file/],
    ['another file field', 'selfie', { file: { data: jpeg }, other: { data: jpeg } }, 'other', /not a file field/],
    ['no file', 'selfie', {}, 'file', /required/],
    ['unknown kind', 'passport', { file: { data: jpeg } }, 'kind', /kind must be one of/],
    ['no kind', null, { file: { data: jpeg } }, 'kind', /required/],
  ];
  for (const [name, kind, files, field, message] of cases) {
    const res = await upload(token, kind, files);
    t.is(res.status, 400, name);
    t.is(res.body.errors?.[0]?.field, field, `${name}: ${JSON.stringify(res.body)}`);
    t.regex(res.body.message, message, name);
  }
  t.deepEqual(await stored(), before, 'nothing stored by a refused upload');

  // A JPEG with HTML and a script appended (a JPEG/HTML polyglot) is accepted as the image it decodes to;
  // what is stored and served is re-encoded: the payload is gone.
  const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
  const ok = await upload(token, 'id-front', { file: { data: polyglot, type: 'text/html', name: 'x.html' } });
  t.is(ok.body.code, 200);
  const served = await file(`/kyc/documents/${ok.body.result.id}/file`, token);
  t.is(served.headers.get('content-type'), 'image/jpeg');
  t.false(served.bytes.includes('<script>'));
  t.false(served.bytes.includes('alert('));

  t.is((await upload(null, 'selfie', { file: { data: jpeg } })).status, 401);
  t.is((await upload('not-a-token', 'selfie', { file: { data: jpeg } })).status, 401);
  t.is((await upload((await factories.createAdmin()).token, 'selfie', { file: { data: jpeg } })).status, 401, 'an administrator token is no player');
});

test('document files: the owner and operators with kyc:read of its site only; never cached; another player gets 404 with the error envelope', async (t) => {
  const owner = await factories.createUser();
  await giveProfile(owner.user); // documents need the profile first
  const doc = (await upload(owner.token, 'id-front', { file: { data: jpeg } })).body.result;
  const url = `/kyc/documents/${doc.id}/file`;
  const adminUrl = `/kyc/admin/documents/${doc.id}/file`;

  const own = await file(url, owner.token);
  t.is(own.status, 200);
  t.is(own.headers.get('content-type'), 'image/jpeg');
  t.is(own.headers.get('cache-control'), 'private, no-store');
  t.is(own.headers.get('x-content-type-options'), 'nosniff');
  t.is((await sharp(own.bytes).metadata()).width, 64);

  const other = await factories.createUser();
  const refused = await file(url, other.token);
  t.is(refused.status, 404);
  t.is(refused.body.code, 404);
  t.regex(refused.headers.get('content-type') ?? '', /application\/json/);
  t.is((await file('/kyc/documents/2147483647/file', owner.token)).status, 404, 'a missing id answers the same');
  t.is((await file('/kyc/documents/abc/file', owner.token)).status, 400);
  t.is((await file('/kyc/documents/99999999999/file', owner.token)).status, 400);
  t.is((await file(url)).status, 401);

  const reader = await factories.createAdmin({ permissions: ['kyc:read'] });
  const asAdmin = await file(adminUrl, reader.token);
  t.is(asAdmin.status, 200);
  t.true(asAdmin.bytes.equals(own.bytes));
  t.is(asAdmin.headers.get('cache-control'), 'private, no-store');
  t.is((await file(adminUrl, (await factories.createAdmin({ permissions: ['wallet:read'] })).token)).status, 403);
  t.is((await file(adminUrl, owner.token)).status, 401, 'a player token never opens the operators’ endpoint');
  t.is((await file(url, reader.token)).status, 401, 'an operator token never opens the player endpoint');
  const site = await factories.createSite();
  t.is((await file(adminUrl, reader.token, { 'x-site-code': site })).status, 404, 'another site does not find it');
  // The player of another site with the same id gets nothing either.
  const foreign = await factories.createUser({ siteCode: site });
  t.is((await file(url, foreign.token, { 'x-site-code': site })).status, 404);
});

test('an approved document past its expiry shows as expired and no longer counts; a new one can be uploaded', async (t) => {
  const { user, token } = await factories.createUser();
  await giveEmail(user);
  t.is((await req('PUT', '/kyc/profile', { token, body: PROFILE })).body.code, 200);
  await approvedDocument(user, 'id-front');
  await approvedDocument(user, 'id-back');
  const selfie = await approvedDocument(user, 'selfie', new Date(Date.now() + 1500));
  const before = (await req('GET', '/kyc', { token })).body.result;
  t.is(before.level, 2);
  t.deepEqual(before.missing, ['address-proof']);
  t.is((await req('PUT', '/kyc/profile', { token, body: PROFILE })).body.code, 2002, 'approved documents lock the profile');
  await new Promise((resolve) => setTimeout(resolve, 1600));
  const after = (await req('GET', '/kyc', { token })).body.result;
  t.is(after.level, 1);
  t.deepEqual(after.missing, ['selfie']);
  t.is(after.documents.find((d: { id: number }) => d.id === selfie).status, 'expired');
  t.is((await upload(token, 'selfie', { file: { data: jpeg } })).body.code, 200);
});

test('every KYC endpoint: 401 without a token, 403 for an operator without the kyc permission', async (t) => {
  for (const [method, p] of [
    ['GET', '/kyc'],
    ['PUT', '/kyc/profile'],
    ['GET', '/kyc/documents/1/file'],
  ])
    t.is((await req(method, p, { token: null, body: {} })).status, 401, p);
  const outsider = await factories.createAdmin({ permissions: ['wallet:read', 'wallet:write'] });
  for (const [method, p] of [
    ['GET', '/kyc/admin/queue'],
    ['POST', '/kyc/admin/documents/1/review'],
    ['GET', '/kyc/admin/documents/1/file'],
  ]) {
    t.is((await req(method, p, { token: null, body: { action: 'approve' } })).status, 401, p);
    t.is((await req(method, p, { token: outsider.token, body: { action: 'approve' } })).status, 403, p);
  }
});

test('the profile comes first: an upload without one is 2002; documents already waiting do not stop the first profile, and the player reaches level 2', async (t) => {
  const { user, token } = await factories.createUser();
  await giveEmail(user);
  const refused = await upload(token, 'id-front', { file: { data: jpeg } });
  t.like(refused.body, { code: 2002, path: '/api/kyc/documents', message: '請先填寫身分資料再上傳文件' });
  t.deepEqual((await req('GET', '/kyc', { token })).body.result.documents, []);

  // Documents uploaded before profiles were required (rows as they were left): pending and approved ones.
  const pending = await db()
    .query(
      `INSERT INTO kyc_documents ("siteCode", "userId", kind, "storageKey") VALUES (:siteCode, :userId, 'selfie', 'private/kyc-document/legacy-${user.id}.jpg') RETURNING id`,
      { replacements: { siteCode: user.siteCode, userId: user.id } },
    )
    .then(([rows]) => (rows as Array<{ id: number }>)[0].id);
  await approvedDocument(user, 'id-front');
  await approvedDocument(user, 'id-back');
  t.is((await req('GET', '/kyc', { token })).body.result.level, 0, 'stuck without a profile');

  const put = await req('PUT', '/kyc/profile', { token, body: PROFILE });
  t.is(put.body.code, 200, JSON.stringify(put.body));
  t.is((await req('GET', '/kyc', { token })).body.result.level, 1);
  t.is(
    (await req('PUT', '/kyc/profile', { token, body: { ...PROFILE, address: '9 Other Road, Taipei' } })).body.code,
    2002,
    'once stored, the profile is locked by the documents',
  );

  const review = await req('POST', `/kyc/admin/documents/${pending}/review`, { body: { action: 'approve' } });
  t.is(review.body.code, 200, JSON.stringify(review.body));
  const status = (await req('GET', '/kyc', { token })).body.result;
  t.is(status.level, 2);
  t.deepEqual(status.missing, ['address-proof']);
  t.is((await upload(token, 'address-proof', { file: { data: jpeg } })).body.code, 200, 'with a profile, uploads are taken');
});
