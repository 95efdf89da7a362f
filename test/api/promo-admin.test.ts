import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { jpegWithExif, png } from '../helpers/images';
import { isStored, storedKeys } from '../helpers/stored-objects';
import { sendMultipart, type Part } from '../helpers/multipart';
import type { TestStack } from '../helpers/stack';

/**
 * The administrators' promotion endpoints (POST, PATCH, DELETE /promo, GET /promo/admin/list): multipart
 * with images, sanitized HTML, validation of every field, images replaced and removed, the operation
 * log, permissions (promo:read, promo:write; player tokens refused) and another site's promotions.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let root: AdminStack['root'];
let uploadDir: string;
let jpeg: Buffer;
let site: string;

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-admin-'));
  ({ stack, factories, models, req, root } = await startAdminStack({
    permissions: ['promo:read', 'promo:write'],
    env: { UPLOAD_DIR: uploadDir, PUBLIC_ASSET_BASE_URL: 'https://cdn.example.com/assets' },
  }));
  jpeg = await jpegWithExif();
  site = await factories.createSite();
});
test.after.always(async () => {
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const FIELDS = {
  title: JSON.stringify({ 'en-US': 'Deposit bonus', 'zh-TW': '存款禮' }),
  content: JSON.stringify({ 'en-US': '<p onclick="x()">Deposit <b>100</b><script>alert(1)</script></p><a href="javascript:alert(1)">go</a>' }),
  actionHtml: '<a href="https://example.com/join" target="_blank">Join</a><iframe src="https://evil"></iframe>',
  startTime: '2026-01-01T00:00:00Z',
  endTime: '2099-01-01T00:00:00Z',
  tag: 'deposit',
  conditionType: 'deposit_threshold',
  conditionValue: '100',
  rewardAmount: '25.5',
  maxClaims: '100',
  turnoverMultiplier: '3.5',
};

const send = (
  method: string,
  url: string,
  fields: Record<string, string>,
  files: Record<string, Part | Part[]> = {},
  token: string | null = root.token,
  siteCode = site,
) => sendMultipart(method, `${stack.baseUrl}/api${url}`, token, fields, files, { 'x-site-code': siteCode });
const create = (fields: Record<string, string> = FIELDS, files: Record<string, Part | Part[]> = {}, token?: string | null, siteCode?: string) =>
  send('POST', '/promo', fields, files, token === undefined ? root.token : token, siteCode);
const keyOf = (url: string) => `public/${url.slice('https://cdn.example.com/assets/'.length)}`;

test('POST /promo (multipart): stored with sanitized HTML and public image URLs; players see it; operation-logged', async (t) => {
  const res = await create(FIELDS, { imgPc: { data: jpeg }, imgMobile: { data: await png() } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const p = res.body.result;
  t.like(p, {
    title: { 'en-US': 'Deposit bonus', 'zh-TW': '存款禮' },
    startTime: '2026-01-01T00:00:00.000Z',
    endTime: '2099-01-01T00:00:00.000Z',
    tag: 'deposit',
    enabled: 1,
    conditionType: 'deposit_threshold',
    conditionValue: '100',
    rewardAmount: '25.500000',
    maxClaims: 100,
    claimedCount: 0,
    turnoverMultiplier: '3.50',
    isActive: true,
  });
  t.is(p.content['en-US'], '<p>Deposit <b>100</b></p><a rel="noopener noreferrer">go</a>');
  t.is(p.actionHtml, '<a href="https://example.com/join" target="_blank" rel="noopener noreferrer">Join</a>');
  t.regex(p.imgPc, /^https:\/\/cdn\.example\.com\/assets\/promo-image\/[0-9a-f]{32}\.jpg$/);
  t.regex(p.imgMobile, /^https:\/\/cdn\.example\.com\/assets\/promo-image\/[0-9a-f]{32}\.png$/);
  t.true(await isStored(keyOf(p.imgPc)));
  const rows = await models.UploadedImage.findAll({ where: { storageKey: [keyOf(p.imgPc), keyOf(p.imgMobile)] } });
  t.is(rows.length, 2);
  for (const row of rows) t.like(row.get({ plain: true }), { kind: 'promo-image', visibility: 'public', siteCode: site, ownerUserId: null });

  const seen = await stack.request('GET', `/api/promo/${p.id}`, { headers: { 'site-name': site, locales: 'en-US' } });
  t.like(seen.body.result, { id: p.id, title: 'Deposit bonus', imgPc: p.imgPc, content: p.content['en-US'] });
  const log = await models.AdminOperationLog.findOne({ where: { module: 'promo', action: 'create', targetId: String(p.id) } });
  t.truthy(log);
  t.is(log!.siteCode, site);
  t.is(log!.adminId, root.id);
});

test('POST /promo as JSON, with defaults: enabled 1, maxClaims 0, multiplier 0, no images', async (t) => {
  const res = await req('POST', '/promo', {
    site,
    body: {
      title: { 'en-US': 'VIP gift' },
      content: { 'en-US': 'Hi' },
      startTime: '2026-01-01',
      endTime: '2099-01-01',
      conditionType: 'vip_level',
      conditionValue: '5',
      rewardAmount: 10,
    },
  });
  t.is(res.body.code, 200);
  t.like(res.body.result, { enabled: 1, maxClaims: 0, turnoverMultiplier: '0.00', conditionValue: '5', imgPc: null, imgMobile: null, tag: '', actionHtml: '' });
  const first = await req('POST', '/promo', {
    site,
    body: {
      title: { 'en-US': 'First' },
      content: { 'en-US': 'Hi' },
      startTime: '2026-01-01',
      endTime: '2099-01-01',
      conditionType: 'first_deposit',
      conditionValue: '77',
      rewardAmount: '1',
    },
  });
  t.is(first.body.result.conditionValue, '0');
});

test('POST /promo: every field validated with a 400 naming it', async (t) => {
  const cases: Array<[string, Record<string, string>]> = [
    ['title', { title: 'not json' }],
    ['title', { title: '{}' }],
    ['title', { title: JSON.stringify({ 'xx-XX': 'a' }) }],
    ['title', { title: JSON.stringify({ 'en-US': 'a\u0000b' }) }],
    ['content', { content: '[1,2]' }],
    ['startTime', { startTime: 'yesterday' }],
    ['endTime', { endTime: '2026-13-45T00:00:00Z' }],
    ['endTime', { startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' }],
    ['conditionType', { conditionType: 'birthday' }],
    ['conditionValue', { conditionValue: 'lots' }],
    ['conditionValue', { conditionType: 'vip_level', conditionValue: '2.5' }],
    ['conditionValue', { conditionType: 'vip_level', conditionValue: '100000' }],
    ['rewardAmount', { rewardAmount: '0' }],
    ['rewardAmount', { rewardAmount: '-5' }],
    ['rewardAmount', { rewardAmount: '1e308' }],
    ['rewardAmount', { rewardAmount: '9999999999999' }],
    ['rewardAmount', { rewardAmount: '1.1234567' }],
    ['maxClaims', { maxClaims: '-1' }],
    ['maxClaims', { maxClaims: '99999999999' }],
    ['maxClaims', { maxClaims: '1.5' }],
    ['turnoverMultiplier', { turnoverMultiplier: '-1' }],
    ['turnoverMultiplier', { turnoverMultiplier: '123456789' }],
    ['enabled', { enabled: '2' }],
    ['tag', { tag: 'x'.repeat(51) }],
  ];
  for (const [field, change] of cases) {
    const res = await create({ ...FIELDS, ...change });
    t.is(res.status, 400, `${field} ${JSON.stringify(change)}`);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field}: ${JSON.stringify(res.body.errors)}`,
    );
  }
  const missing = await create({ tag: 'x' });
  t.is(missing.status, 400);
  for (const field of ['title', 'content', 'startTime', 'endTime', 'conditionType', 'rewardAmount'])
    t.true(
      missing.body.errors.some((e: { field: string }) => e.field === field),
      field,
    );
  // A JSON body with wrong types.
  const json = await req('POST', '/promo', { site, body: { ...FIELDS, title: ['a'], rewardAmount: { a: 1 }, maxClaims: '1x' } });
  t.is(json.status, 400);
  t.is(await models.Promotion.count({ where: { siteCode: site, tag: 'x' } }), 0);
});

test.serial('POST /promo: hostile uploads are refused and nothing is stored', async (t) => {
  const before = { files: (await storedKeys()).length, rows: await models.UploadedImage.count(), promos: await models.Promotion.count() };
  const cases: Array<Record<string, Part | Part[]>> = [
    { imgPc: { data: Buffer.from('<?php echo 1; ?>'), type: 'image/jpeg' } },
    { imgPc: { data: jpeg.subarray(0, 200) } },
    { imgPc: { data: Buffer.alloc(5 * 1024 * 1024 + 1, 1) } },
    { imgPc: [{ data: jpeg }, { data: jpeg }] },
    { avatar: { data: jpeg } },
  ];
  for (const files of cases) {
    const res = await create(FIELDS, files);
    t.is(res.status, 400, Object.keys(files).join());
    t.is(res.body.code, 400);
  }
  // A valid image with an invalid field: the image is not kept either.
  t.is((await create({ ...FIELDS, rewardAmount: '0' }, { imgPc: { data: jpeg } })).status, 400);
  t.deepEqual({ files: (await storedKeys()).length, rows: await models.UploadedImage.count(), promos: await models.Promotion.count() }, before);
});

test('PATCH /promo/:id: fields and one image; the replaced image is removed, the other kept', async (t) => {
  const made = (await create(FIELDS, { imgPc: { data: jpeg }, imgMobile: { data: jpeg } })).body.result;
  const res = await send(
    'PATCH',
    `/promo/${made.id}`,
    { tag: 'summer', enabled: '0', title: JSON.stringify({ 'en-US': 'Summer' }) },
    { imgPc: { data: await png() } },
  );
  t.is(res.body.code, 200);
  const p = res.body.result;
  t.like(p, { tag: 'summer', enabled: 0, title: { 'en-US': 'Summer' }, imgMobile: made.imgMobile, rewardAmount: '25.500000', isActive: false });
  t.not(p.imgPc, made.imgPc);
  t.regex(p.imgPc, /\.png$/);
  t.false(await isStored(keyOf(made.imgPc)), 'old imgPc removed');
  t.is(await models.UploadedImage.count({ where: { storageKey: keyOf(made.imgPc) } }), 0);
  t.true(await isStored(keyOf(made.imgMobile)), 'imgMobile kept');
  t.true(await isStored(keyOf(p.imgPc)));
  // JSON patch, end before the stored start: 400 on endTime; nothing at all: 400.
  t.is((await req('PATCH', `/promo/${made.id}`, { site, body: { endTime: '2025-01-01T00:00:00Z' } })).status, 400);
  t.is((await req('PATCH', `/promo/${made.id}`, { site, body: {} })).status, 400);
  t.is((await req('PATCH', `/promo/${made.id}`, { site, body: { conditionType: 'vip_level', conditionValue: 'x' } })).status, 400);
  const vip = await req('PATCH', `/promo/${made.id}`, { site, body: { conditionType: 'vip_level', conditionValue: '4', maxClaims: 0 } });
  t.like(vip.body.result, { conditionType: 'vip_level', conditionValue: '4', maxClaims: 0 });
  t.truthy(await models.AdminOperationLog.findOne({ where: { module: 'promo', action: 'update', targetId: String(made.id) } }));
  // 2001: missing, or another site's.
  t.is((await req('PATCH', '/promo/99999999', { site, body: { tag: 'a' } })).body.code, 2001);
  t.is((await req('PATCH', `/promo/${made.id}`, { site: await factories.createSite(), body: { tag: 'a' } })).body.code, 2001);
});

test.serial('PATCH /promo/:id: maxClaims below the claims made is 2002 and changes nothing; 0 or the count itself is fine', async (t) => {
  const made = (await create(FIELDS, { imgPc: { data: jpeg } })).body.result;
  await models.Promotion.update({ claimedCount: 3 }, { where: { id: made.id } });
  const before = { files: (await storedKeys()).length, images: await models.UploadedImage.count() };
  const below = await req('PATCH', `/promo/${made.id}`, { site, body: { maxClaims: 2, tag: 'less' }, headers: { locales: 'en-US' } });
  t.is(below.status, 200);
  t.is(below.body.code, 2002);
  t.is(below.body.data, null);
  t.is(below.body.path, `/api/promo/${made.id}`);
  t.is(below.body.message, 'The claim limit cannot be below the claims already made');
  // With a new image: the refusal keeps neither the image nor the fields.
  const multipart = await sendMultipart(
    'PATCH',
    `${stack.baseUrl}/api/promo/${made.id}`,
    root.token,
    { maxClaims: '1' },
    { imgPc: { data: await png() } },
    { 'x-site-code': site, locales: 'en-US' },
  );
  t.is(multipart.body.code, 2002);
  t.is(multipart.body.message, 'The claim limit cannot be below the claims already made');
  t.deepEqual({ files: (await storedKeys()).length, images: await models.UploadedImage.count() }, before);
  const row = await models.Promotion.findByPk(made.id);
  t.like(row?.get({ plain: true }), { maxClaims: 100, claimedCount: 3, tag: 'deposit' });
  t.is(await models.AdminOperationLog.count({ where: { module: 'promo', action: 'update', targetId: String(made.id) } }), 0);

  t.like((await req('PATCH', `/promo/${made.id}`, { site, body: { maxClaims: 3 } })).body, { code: 200, result: { maxClaims: 3 } });
  t.like((await req('PATCH', `/promo/${made.id}`, { site, body: { maxClaims: 0 } })).body, { code: 200, result: { maxClaims: 0 } });
});

test('DELETE /promo/:id: the promotion and its stored images go, its claims stay; 2001 after', async (t) => {
  const made = (await create(FIELDS, { imgPc: { data: jpeg } })).body.result;
  const { user } = await factories.createUser({ siteCode: site });
  await models.PromotionClaim.create({
    siteCode: site,
    userId: user.id,
    promoId: made.id,
    promoTitle: made.title,
    rewardAmount: '1',
    requiredTurnover: '0',
    turnoverCompleted: 1,
  });
  t.is((await req('DELETE', `/promo/${made.id}`, { site: await factories.createSite() })).body.code, 2001, "another site's");
  const res = await req('DELETE', `/promo/${made.id}`, { site });
  t.is(res.body.code, 200);
  t.is(res.body.result, null);
  t.false(await isStored(keyOf(made.imgPc)));
  t.is(await models.UploadedImage.count({ where: { storageKey: keyOf(made.imgPc) } }), 0);
  t.is(await models.PromotionClaim.count({ where: { promoId: made.id } }), 1);
  t.is((await req('DELETE', `/promo/${made.id}`, { site })).body.code, 2001);
  t.is((await stack.request('GET', `/api/promo/${made.id}`, { headers: { 'site-name': site } })).body.code, 2001);
  t.truthy(await models.AdminOperationLog.findOne({ where: { module: 'promo', action: 'delete', targetId: String(made.id) } }));
});

test('GET /promo/admin/list: every promotion of the site with stored maps; filters', async (t) => {
  const own = await factories.createSite();
  await create({ ...FIELDS, enabled: '0', tag: 'draft' }, {}, undefined, own);
  await create({ ...FIELDS, tag: 'live' }, {}, undefined, own);
  const res = await req('GET', '/promo/admin/list', { site: own });
  t.is(res.body.code, 200);
  t.is(res.body.result.pagination.total, 2);
  t.deepEqual(res.body.result.items[0].title, { 'en-US': 'Deposit bonus', 'zh-TW': '存款禮' });
  t.deepEqual(
    (await req('GET', '/promo/admin/list?enabled=0', { site: own })).body.result.items.map((p: { tag: string }) => p.tag),
    ['draft'],
  );
  t.deepEqual(
    (await req('GET', '/promo/admin/list?tag=live', { site: own })).body.result.items.map((p: { tag: string }) => p.tag),
    ['live'],
  );
  // Players never see the disabled draft.
  t.is((await stack.request('GET', '/api/promo', { headers: { 'site-name': own } })).body.result.pagination.total, 1);
});

test('permissions: promo:read may list but not write; a player token and no token are 401', async (t) => {
  const reader = await factories.createAdmin({ permissions: ['promo:read'] });
  const outsider = await factories.createAdmin({ permissions: ['mission:write'] });
  const { token: playerToken } = await factories.createUser({ siteCode: site });
  const made = (await create()).body.result;
  t.is((await req('GET', '/promo/admin/list', { site, token: reader.token })).body.code, 200);
  t.is((await req('GET', '/promo/admin/list', { site, token: outsider.token })).status, 403);
  for (const token of [reader.token, outsider.token]) {
    t.is((await create(FIELDS, {}, token)).status, 403);
    t.is((await send('PATCH', `/promo/${made.id}`, { tag: 'x' }, {}, token)).status, 403);
    t.is((await req('DELETE', `/promo/${made.id}`, { site, token })).status, 403);
  }
  t.is((await create(FIELDS, {}, playerToken)).status, 401);
  t.is((await create(FIELDS, {}, null)).status, 401);
  t.is((await req('DELETE', `/promo/${made.id}`, { site, token: playerToken })).status, 401);
  t.is((await models.Promotion.findByPk(made.id))!.tag, 'deposit');
});
