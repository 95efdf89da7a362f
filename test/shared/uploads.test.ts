import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { png } from '../helpers/images';
import { startTestStack, type TestStack } from '../helpers/stack';
import { isStored, storedKeys } from '../helpers/stored-objects';

/**
 * The upload mechanism shared by bank cards and promotions (shared/domain/uploads/images.ts,
 * shared/integrations/storage): public images under PUBLIC_ASSET_BASE_URL, and nothing half-stored
 * when the record that uses the images fails. With either backend (`npm run test:s3` runs it on S3).
 */

let stack: TestStack;
let uploadDir: string;

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  stack = await startTestStack({ UPLOAD_DIR: uploadDir, PUBLIC_ASSET_BASE_URL: 'https://cdn.example.test/assets/' });
});
test.after.always(async () => {
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const local = () => process.env.STORAGE_BACKEND !== 's3';

test.serial('a public image: stored under public/, its URL under PUBLIC_ASSET_BASE_URL, its row and image job written', async (t) => {
  const { prepareImage, storeImages } = await import('../../shared/domain/uploads');
  const { publicObjectUrl } = await import('../../shared/integrations/storage');
  const { db } = await import('../../shared/db/sequelize');
  const { OutboxMessage, UploadedImage } = await import('../../shared/db/models');
  const image = await prepareImage('imgPc', await png(40, 20));
  t.like(image, { format: 'png', width: 40, height: 20 });
  const key = await storeImages<string>(
    [image],
    { kind: 'promo-image', visibility: 'public', siteCode: 'default', ownerUserId: null },
    (work) => db().transaction(work),
    async (_t, stored) => stored[0].storageKey,
  );
  t.regex(key, /^public\/promo-image\/[0-9a-f]{32}\.png$/);
  t.true(await isStored(key));
  t.is(publicObjectUrl(key), `https://cdn.example.test/assets/${key.slice('public/'.length)}`);
  t.like((await UploadedImage.findOne({ where: { storageKey: key } }))?.get({ plain: true }), { visibility: 'public', kind: 'promo-image', ownerUserId: null });
  t.is(await OutboxMessage.count({ where: { queue: 'image' } }), 1);
});

test.serial('a failing record: every file written is removed, no row and no job remain', async (t) => {
  const { prepareImage, storeImages } = await import('../../shared/domain/uploads');
  const { db } = await import('../../shared/db/sequelize');
  const { OutboxMessage, UploadedImage } = await import('../../shared/db/models');
  const before = { files: (await storedKeys()).length, rows: await UploadedImage.count(), jobs: await OutboxMessage.count() };
  const images = [await prepareImage('a', await png()), await prepareImage('b', await png())];
  const err = await t.throwsAsync(
    storeImages(
      images,
      { kind: 'bank-card-photo', visibility: 'private', siteCode: 'default', ownerUserId: null },
      (work) => db().transaction(work),
      async () => {
        throw new Error('the record was refused');
      },
    ),
  );
  t.is(err?.message, 'the record was refused');
  t.deepEqual({ files: (await storedKeys()).length, rows: await UploadedImage.count(), jobs: await OutboxMessage.count() }, before);
});

test('storage keys cannot leave the folder or the bucket prefix; private files have no public URL', async (t) => {
  const { getObject, putObject, removeObject, publicObjectUrl, isStorageKey, isObjectKey } = await import('../../shared/integrations/storage');
  for (const key of [
    '../etc/passwd',
    'private/x/../../a.png',
    '/abs/a.png',
    'private/kind/' + 'a'.repeat(32) + '.png/..',
    'private/./a.png',
    'private//a.png',
    'other/a.png',
    'private/a.png.123.abcd.tmp',
    'private/A.png',
    'private/a\u0000.png',
    'private/' + 'a/'.repeat(10) + 'b',
  ]) {
    t.false(isStorageKey(key), key);
    t.false(isObjectKey(key), key);
    await t.throwsAsync(getObject(key));
    await t.throwsAsync(putObject(key, Buffer.from('x')));
    await t.throwsAsync(removeObject(key));
  }
  t.false(isStorageKey('public/promo-image/abc.png'), 'not an upload key (no random id)');
  t.true(isObjectKey('public/promo-image/abc.png'), 'but an object key');
  t.throws(() => publicObjectUrl(`private/bank-card-photo/${'a'.repeat(32)}.jpg`));
});

test('the API serves public uploads under /assets; private files, folders and paths out of the folder are not found', async (t) => {
  const { putObject } = await import('../../shared/integrations/storage');
  const publicKey = `public/promo-image/${'b'.repeat(32)}.png`;
  const privateKey = `private/bank-card-photo/${'c'.repeat(32)}.jpg`;
  const bytes = await png(8, 8);
  await putObject(publicKey, bytes);
  await putObject(privateKey, Buffer.from('identity document'));

  const res = await fetch(`${stack.baseUrl}/assets/${publicKey.slice('public/'.length)}`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/png');
  t.regex(res.headers.get('cache-control') ?? '', /immutable/);
  t.deepEqual(Buffer.from(await res.arrayBuffer()), bytes);

  for (const probe of [
    `/assets/../private/${privateKey.slice('private/'.length)}`,
    `/assets/%2e%2e/private/${privateKey.slice('private/'.length)}`,
    '/assets/promo-image/',
    '/assets/promo-image',
    `/assets/${'d'.repeat(32)}.png`,
  ]) {
    const answer = await fetch(`${stack.baseUrl}${probe}`, { redirect: 'manual' });
    t.is(answer.status, 404, probe);
    t.false((await answer.text()).includes('identity document'), probe);
  }
});

test.serial(
  'the orphan sweep removes old files no row owns (with their variants and stale .tmp files), and keeps owned, recent ones and other objects',
  async (t) => {
    const { prepareImage, storeImages } = await import('../../shared/domain/uploads');
    const { processImage } = await import('../../shared/domain/uploads');
    const { sweepOrphanUploads } = await import('../../shared/domain/uploads/orphans');
    const { putObject } = await import('../../shared/integrations/storage');
    const { db } = await import('../../shared/db/sequelize');
    const owner = { kind: 'promo-image', visibility: 'public', siteCode: 'default', ownerUserId: null } as const;
    const store = async () =>
      storeImages<string>(
        [await prepareImage('imgPc', await png(40, 20))],
        owner,
        (work) => db().transaction(work),
        async (_t, stored) => stored[0].storageKey,
      );
    const owned = await store();
    await processImage(owned);
    // A crash after the files were written but before the row committed: files with no row.
    const orphan = await store();
    await processImage(orphan);
    await db().query('DELETE FROM uploaded_images WHERE "storageKey" = $1', { bind: [orphan] });
    // An object that is no upload (an archive's file) and a file of the upload grammar in an archive folder: never the sweep's.
    const archive = 'private/archive/2026-01/game_transactions.jsonl.gz';
    const lookalike = `private/archive/${'e'.repeat(32)}.png`;
    await putObject(archive, Buffer.from('archived'));
    await putObject(lookalike, Buffer.from('archived too'));
    const tmp = path.join(uploadDir, 'public', 'promo-image', 'abc.png.123.deadbeef.tmp');
    if (local()) fs.writeFileSync(tmp, 'half');
    // The sweep leaves what is younger than its age: everything above is made older than the one stored next.
    // (An S3 server keeps whole seconds: the wait covers them.)
    await new Promise((r) => setTimeout(r, 4_000));
    const recentOrphan = await store();
    await db().query('DELETE FROM uploaded_images WHERE "storageKey" = $1', { bind: [recentOrphan] });
    const stem = (key: string) => key.replace(/\.[a-z]+$/, '');
    const before = await storedKeys();
    t.is(before.filter((k) => k.startsWith(stem(orphan))).length, 3, 'the orphan and its two variants');

    const result = await sweepOrphanUploads({ olderThanMs: 2_500 });
    const after = await storedKeys();
    t.is(result.removed, local() ? 4 : 3);
    t.false(after.some((k) => k.startsWith(stem(orphan))));
    if (local()) t.false(fs.existsSync(tmp));
    t.is(after.filter((k) => k.startsWith(stem(owned))).length, 3, 'an owned image keeps its original and variants');
    t.true(
      after.some((k) => k.startsWith(stem(recentOrphan))),
      'a file younger than the age may still be in flight',
    );
    t.true(after.includes(archive) && after.includes(lookalike), "objects outside the image folders are not the sweep's");
    t.deepEqual(await sweepOrphanUploads({ olderThanMs: 2_500 }), { scanned: result.scanned - result.removed, removed: 0 });
  },
);
