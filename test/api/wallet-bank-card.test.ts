import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { jpegWithExif, png } from '../helpers/images';
import { isStored, storedBytes, storedKeys } from '../helpers/stored-objects';
import { postMultipart, type Part } from '../helpers/multipart';
import type { TestStack } from '../helpers/stack';

/**
 * POST /wallet/bank-card/add (multipart), its list and delete: success shapes, 2001-2004,
 * hostile uploads (spoofed types, garbage, truncated, oversize, extra or unknown files), metadata
 * stripped from what is stored, and who may read the private photos.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let uploadDir: string;
let jpeg: Buffer;

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bank-card-'));
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['wallet:read', 'wallet:write'], env: { UPLOAD_DIR: uploadDir } }));
  jpeg = await jpegWithExif();
});
test.after.always(async () => {
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const FIELDS = { bankCode: '012', bankAccount: '12345678901', branch: 'Main branch', holderName: 'Wang Xiao Ming' };

const postCard = (token: string | null, fields: Record<string, string>, files: Record<string, Part | Part[]>) =>
  postMultipart(`${stack.baseUrl}/api/wallet/bank-card/add`, token, fields, files);

const photos = () => ({ idCardFront: { data: jpeg }, idCardBack: { data: jpeg }, passbookCover: { data: jpeg } });

/** What is stored: the files under UPLOAD_DIR and the uploaded_images rows. */
const stored = async () => ({ files: (await storedKeys()).length, rows: await models.UploadedImage.count() });

async function photo(pathName: string, token?: string, headers: Record<string, string> = {}) {
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

test('add: the answer shows storage keys; the list shows photo URLs of the authenticated endpoint', async (t) => {
  const { user, token } = await factories.createUser();
  const res = await postCard(token, FIELDS, photos());
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const card = res.body.result;
  t.deepEqual(Object.keys(card).sort(), [
    'bankAccount',
    'bankCode',
    'branch',
    'createdAt',
    'holderName',
    'id',
    'idCardBack',
    'idCardFront',
    'passbookCover',
    'remark',
    'status',
    'updatedAt',
    'userId',
  ]);
  t.like(card, { userId: user.id, ...FIELDS, status: 0, remark: null });
  for (const key of ['idCardFront', 'idCardBack', 'passbookCover']) {
    t.regex(card[key], /^private\/bank-card-photo\/[0-9a-f]{32}\.jpg$/);
    t.true(await isStored(card[key]), key);
  }
  t.is(new Set([card.idCardFront, card.idCardBack, card.passbookCover]).size, 3);
  // Each photo has its row (private, owned by the player) and its image job in the outbox.
  const rows = await models.UploadedImage.findAll({ where: { storageKey: [card.idCardFront, card.idCardBack, card.passbookCover] } });
  t.is(rows.length, 3);
  for (const row of rows) t.like(row.get({ plain: true }), { visibility: 'private', kind: 'bank-card-photo', ownerUserId: user.id, format: 'jpeg' });
  const jobs = await models.OutboxMessage.findAll({ where: { queue: 'image' } });
  t.true([card.idCardFront, card.idCardBack, card.passbookCover].every((key) => jobs.some((j) => j.payload.storageKey === key)));

  const list = await req('GET', '/wallet/bank-card/list', { token });
  t.is(list.body.code, 200);
  t.is(list.body.result.length, 1);
  const item = list.body.result[0];
  t.like(item, { id: card.id, ...FIELDS, status: 0 });
  t.regex(item.idCardFront, new RegExp(`^https?://[^/]+/api/wallet/bank-card/${card.id}/photo/idCardFront$`));
  t.regex(item.passbookCover, new RegExp(`/api/wallet/bank-card/${card.id}/photo/passbookCover$`));
  t.false(JSON.stringify(list.body).includes(card.idCardFront), 'the list never shows storage keys');
});

test.serial('2001, 2002, 2003: the first missing photo in that order; nothing stored', async (t) => {
  const { token } = await factories.createUser();
  const before = await stored();
  const cases: Array<[number, Record<string, Part>]> = [
    [2001, { idCardBack: { data: jpeg }, passbookCover: { data: jpeg } }],
    [2001, {}],
    [2002, { idCardFront: { data: jpeg }, passbookCover: { data: jpeg } }],
    [2002, { idCardFront: { data: jpeg } }],
    [2003, { idCardFront: { data: jpeg }, idCardBack: { data: jpeg } }],
  ];
  for (const [code, files] of cases) {
    const res = await postCard(token, FIELDS, files);
    t.is(res.status, 200);
    t.is(res.body.code, code, Object.keys(files).join(','));
    t.is(res.body.data, null);
    t.is(typeof res.body.message, 'string');
    t.is(res.body.path, '/api/wallet/bank-card/add');
  }
  t.deepEqual(await stored(), before);
  t.is(await models.BankCard.count({ where: { userId: (await models.User.findOne({ order: [['id', 'DESC']] }))!.id } }), 0);
});

test.serial('2004: the same bank code and account again; its photos are not kept', async (t) => {
  const { token } = await factories.createUser();
  t.is((await postCard(token, FIELDS, photos())).body.code, 200);
  const before = await stored();
  const again = await postCard(token, { ...FIELDS, branch: 'Other', holderName: 'Someone' }, photos());
  t.is(again.body.code, 2004);
  t.deepEqual(await stored(), before);
  // Another account number, or another player with the same one, is fine.
  t.is((await postCard(token, { ...FIELDS, bankAccount: '99999999' }, photos())).body.code, 200);
  const other = await factories.createUser();
  t.is((await postCard(other.token, FIELDS, photos())).body.code, 200);
});

test.serial('identical adds at once: one card, the others 2004, and only the winner\u2019s photos are kept', async (t) => {
  const { token } = await factories.createUser();
  const before = await stored();
  const results = await Promise.all([1, 2, 3].map(() => postCard(token, { ...FIELDS, bankAccount: '55555555' }, photos())));
  t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2004, 2004]);
  t.deepEqual(await stored(), { files: before.files + 3, rows: before.rows + 3 });
});

test.serial('bad fields are 400 naming the field, before any photo is stored', async (t) => {
  const { token } = await factories.createUser();
  const before = await stored();
  const cases: Array<[Record<string, string>, string]> = [
    [{ ...FIELDS, bankAccount: '1234567' }, 'bankAccount'],
    [{ ...FIELDS, bankAccount: '1234-5678-90' }, 'bankAccount'],
    [{ ...FIELDS, holderName: 'A' }, 'holderName'],
    [{ ...FIELDS, bankCode: '' }, 'bankCode'],
    [{ bankCode: '012', bankAccount: '12345678', holderName: 'Wang' }, 'branch'],
    [{ ...FIELDS, holderName: 'Wang\u0000Ming' }, 'holderName'],
  ];
  for (const [fields, field] of cases) {
    const res = await postCard(token, fields, photos());
    t.is(res.status, 400, field);
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      JSON.stringify(res.body),
    );
  }
  t.deepEqual(await stored(), before);
});

test.serial('hostile uploads: the bytes decide the type; every refusal is a 400 naming the field and stores nothing', async (t) => {
  const { token } = await factories.createUser();
  const before = await stored();
  const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const html = Buffer.from('<html><body>not an image</body></html>');
  const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]);
  const cases: Array<[string, Record<string, Part | Part[]>, string, RegExp]> = [
    ['spoofed content type', { ...photos(), idCardBack: { data: html, type: 'image/jpeg', name: 'x.jpg' } }, 'idCardBack', /image/],
    ['svg (script inside)', { ...photos(), idCardFront: { data: svg, type: 'image/svg+xml', name: 'x.svg' } }, 'idCardFront', /image/],
    ['truncated jpeg', { ...photos(), passbookCover: { data: truncated } }, 'passbookCover', /damaged/],
    ['empty file', { ...photos(), passbookCover: { data: Buffer.alloc(0) } }, 'passbookCover', /image/],
    ['over 5 MB', { ...photos(), idCardFront: { data: huge } }, 'idCardFront', /5 MB/],
    ['two files in one field', { ...photos(), idCardBack: [{ data: jpeg }, { data: jpeg }] }, 'idCardBack', /single file/],
    ['an unknown file field', { ...photos(), selfie: { data: jpeg } }, 'selfie', /not a file field/],
  ];
  for (const [name, files, field, message] of cases) {
    const res = await postCard(token, FIELDS, files);
    t.is(res.status, 400, name);
    t.is(res.body.code, 400, name);
    t.is(res.body.errors?.[0]?.field, field, name);
    t.regex(res.body.message, message, name);
  }
  // A PNG sent as image/jpeg is accepted and stored as what it is.
  const ok = await postCard(token, FIELDS, { ...photos(), passbookCover: { data: await png(), type: 'image/jpeg', name: 'x.jpg' } });
  t.is(ok.body.code, 200);
  t.regex(ok.body.result.passbookCover, /\.png$/);
  const after = await stored();
  t.deepEqual(after, { files: before.files + 3, rows: before.rows + 3 });
});

test('stored photos are re-encoded without EXIF or GPS', async (t) => {
  const { token } = await factories.createUser();
  t.truthy((await sharp(jpeg).metadata()).exif, 'the upload carries EXIF');
  t.true(jpeg.includes('secret-owner-copyright'));
  const res = await postCard(token, FIELDS, photos());
  const file = (await storedBytes(res.body.result.idCardFront))!;
  const meta = await sharp(file).metadata();
  t.is(meta.format, 'jpeg');
  t.is(meta.exif, undefined);
  t.is(meta.xmp, undefined);
  t.false(file.includes('secret-owner-copyright'));
  t.false(file.includes('SecretCamera'));
  t.is(meta.width, 64);
});

test('private photos: the owner and administrators with wallet:read only', async (t) => {
  const owner = await factories.createUser();
  const card = (await postCard(owner.token, FIELDS, photos())).body.result;
  const url = `/wallet/bank-card/${card.id}/photo/idCardFront`;
  const adminUrl = `/wallet/admin/bank-card/${card.id}/photo/idCardFront`;
  const original = (await storedBytes(card.idCardFront))!;

  const own = await photo(url, owner.token);
  t.is(own.status, 200);
  t.is(own.headers.get('content-type'), 'image/jpeg');
  t.is(own.headers.get('cache-control'), 'private, no-store');
  t.is(own.headers.get('x-content-type-options'), 'nosniff');
  t.true(own.bytes.equals(original));

  const other = await factories.createUser();
  // A file answer: missing is HTTP 404 with the error envelope (the document keeps 200 for the image).
  const refused = await photo(url, other.token);
  t.is(refused.status, 404);
  t.is(refused.body.code, 404);
  t.is((await photo(url)).status, 401);
  t.is((await photo(url, 'not-a-token')).status, 401);
  t.is((await photo(`/wallet/bank-card/${card.id}/photo/selfie`, owner.token)).status, 400);

  const reader = await factories.createAdmin({ permissions: ['wallet:read'] });
  const listed = await req('GET', `/wallet/admin/instruments?kind=bank-card&userId=${card.userId}`, { token: reader.token });
  t.regex(listed.body.result.items[0].idCardFront, new RegExp(`/api${adminUrl}$`));
  const asAdmin = await photo(adminUrl, reader.token);
  t.is(asAdmin.status, 200);
  t.true(asAdmin.bytes.equals(original));
  const outsider = await factories.createAdmin({ permissions: ['vip:read', 'deposit:read'] });
  t.is((await photo(adminUrl, outsider.token)).status, 403);
  t.is((await photo(adminUrl)).status, 401);
  t.is((await photo(adminUrl, owner.token)).status, 401, 'a player token never opens the administrators’ endpoint');
  t.is((await photo(url, reader.token)).status, 401, 'an administrator token never opens the player endpoint');
  // The administrator looking at another site does not find it.
  const site = await factories.createSite();
  const elsewhere = await photo(adminUrl, reader.token, { 'x-site-code': site });
  t.is(elsewhere.status, 404);
  // No public URL serves it: the storage key is not a route.
  t.is((await photo(`/${card.idCardFront}`, owner.token)).status, 404);
});

test('delete: another player\u2019s id is not found; the card leaves the list; its photos stay for administrators; re-adding is allowed', async (t) => {
  const { token } = await factories.createUser();
  const card = (await postCard(token, FIELDS, photos())).body.result;
  const other = await factories.createUser();
  const notMine = await req('DELETE', `/wallet/bank-card/${card.id}`, { token: other.token });
  t.is(notMine.body.code, 2001);
  t.is(notMine.body.path, `/api/wallet/bank-card/${card.id}`);
  t.is((await req('DELETE', '/wallet/bank-card/2147483647', { token })).body.code, 2001);
  t.is((await req('DELETE', '/wallet/bank-card/abc', { token })).status, 400);

  const del = await req('DELETE', `/wallet/bank-card/${card.id}`, { token });
  t.is(del.body.code, 200);
  t.is(del.body.result, null);
  t.is((await req('DELETE', `/wallet/bank-card/${card.id}`, { token })).body.code, 2001, 'deleted twice');
  t.deepEqual((await req('GET', '/wallet/bank-card/list', { token })).body.result, []);
  t.is((await photo(`/wallet/bank-card/${card.id}/photo/idCardBack`, token)).status, 404);
  t.is(
    (
      await photo(`/wallet/admin/bank-card/${card.id}/photo/idCardBack`, undefined, {
        authorization: `Bearer ${(await factories.createAdmin({ permissions: ['wallet:read'] })).token}`,
      })
    ).status,
    200,
  );
  // The row is kept (for history), and the same card can be added again.
  t.truthy((await models.BankCard.findByPk(card.id))?.deletedAt);
  const again = await postCard(token, FIELDS, photos());
  t.is(again.body.code, 200);
  t.not(again.body.result.id, card.id);
});

test('every wallet player endpoint: 401 without a player token', async (t) => {
  const { token: adminToken } = await factories.createAdmin();
  for (const [method, p] of [
    ['POST', '/wallet/bank-card/add'],
    ['GET', '/wallet/bank-card/list'],
    ['DELETE', '/wallet/bank-card/1'],
    ['POST', '/wallet/credit-card/add'],
    ['GET', '/wallet/credit-card/list'],
    ['DELETE', '/wallet/credit-card/1'],
    ['POST', '/wallet/crypto-address/add'],
    ['GET', '/wallet/crypto-address/list'],
    ['DELETE', '/wallet/crypto-address/1'],
  ]) {
    for (const token of [null, adminToken]) {
      const res = await req(method, p, { token, body: {} });
      t.is(res.status, 401, `${method} ${p}`);
      t.is(res.body.message, 'Unauthorized');
    }
  }
  const res = await postCard(null, FIELDS, photos());
  t.is(res.status, 401);
});

test('the API document shows the bank card upload as multipart/form-data with three binary files', async (t) => {
  const docRes = await req('GET', '/docs.json', { token: null });
  t.is(docRes.status, 200, docRes.text.slice(0, 300));
  const doc = docRes.body;
  const op = doc.paths['/api/wallet/bank-card/add'].post;
  const schema = op.requestBody.content['multipart/form-data'].schema;
  for (const f of ['idCardFront', 'idCardBack', 'passbookCover']) t.like(schema.properties[f], { type: 'string', format: 'binary' });
  for (const f of ['bankCode', 'bankAccount', 'branch', 'holderName']) t.truthy(schema.properties[f], f);
  t.deepEqual(
    op.responses['200']['x-error-codes'].map((c: { code: number }) => c.code),
    [2001, 2002, 2003, 2004],
  );
  t.truthy(doc.paths['/api/wallet/admin/{kind}/{id}/review'].post);
});
