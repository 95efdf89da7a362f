import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { png } from '../helpers/images';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The upload mechanism shared by bank cards and promotions (shared/domain/uploads/images.ts,
 * shared/integrations/storage.ts): public images under PUBLIC_ASSET_BASE_URL, and nothing half-stored
 * when the record that uses the images fails.
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

const files = () => (fs.readdirSync(uploadDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadDir, f)).isFile());

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
  t.true(fs.existsSync(path.join(uploadDir, key)));
  t.is(publicObjectUrl(key), `https://cdn.example.test/assets/${key.slice('public/'.length)}`);
  t.like((await UploadedImage.findOne({ where: { storageKey: key } }))?.get({ plain: true }), { visibility: 'public', kind: 'promo-image', ownerUserId: null });
  t.is(await OutboxMessage.count({ where: { queue: 'image' } }), 1);
});

test.serial('a failing record: every file written is removed, no row and no job remain', async (t) => {
  const { prepareImage, storeImages } = await import('../../shared/domain/uploads');
  const { db } = await import('../../shared/db/sequelize');
  const { OutboxMessage, UploadedImage } = await import('../../shared/db/models');
  const before = { files: files().length, rows: await UploadedImage.count(), jobs: await OutboxMessage.count() };
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
  t.deepEqual({ files: files().length, rows: await UploadedImage.count(), jobs: await OutboxMessage.count() }, before);
});

test('storage keys cannot leave the folder; private files have no public URL', async (t) => {
  const { getObject, putObject, publicObjectUrl, isStorageKey } = await import('../../shared/integrations/storage');
  for (const key of ['../etc/passwd', 'private/x/../../a.png', '/abs/a.png', 'public/promo-image/abc.png', 'private/kind/' + 'a'.repeat(32) + '.png/..']) {
    t.false(isStorageKey(key), key);
    await t.throwsAsync(getObject(key));
    await t.throwsAsync(putObject(key, Buffer.from('x')));
  }
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

test.serial('the orphan sweep removes old files no row owns (with their variants and stale .tmp files), and keeps owned, recent ones', async (t) => {
  const { prepareImage, storeImages } = await import('../../shared/domain/uploads');
  const { processImage } = await import('../../shared/domain/uploads');
  const { sweepOrphanUploads } = await import('../../shared/domain/uploads/orphans');
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
  const recentOrphan = await store();
  await db().query('DELETE FROM uploaded_images WHERE "storageKey" = $1', { bind: [recentOrphan] });
  const tmp = path.join(uploadDir, 'public', 'promo-image', 'abc.png.123.deadbeef.tmp');
  fs.writeFileSync(tmp, 'half');
  const stem = (key: string) => key.replace(/\.[a-z]+$/, '');
  const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  for (const file of files()) {
    if (!file.includes(path.basename(stem(recentOrphan)))) fs.utimesSync(path.join(uploadDir, file), old, old);
  }
  const before = files();
  t.is(before.filter((f) => f.includes(path.basename(stem(orphan)))).length, 3, 'the orphan and its two variants');

  const result = await sweepOrphanUploads();
  const after = files();
  t.is(result.removed, 4);
  t.false(after.some((f) => f.includes(path.basename(stem(orphan)))));
  t.false(fs.existsSync(tmp));
  t.is(after.filter((f) => f.includes(path.basename(stem(owned)))).length, 3, 'an owned image keeps its original and variants');
  t.true(
    after.some((f) => f.includes(path.basename(stem(recentOrphan)))),
    'a file younger than a day may still be in flight',
  );
  t.deepEqual(await sweepOrphanUploads(), { scanned: result.scanned - 4, removed: 0 });
});
