import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The storage functions (shared/integrations/storage) for any private object by key, as an archive job
 * uses them: whole objects in and out (also streams larger than one S3 part), replaced, listed, removed.
 * Runs on the local folder in `npm test` and on a real S3-compatible server in `npm run test:s3`, where
 * it also checks that the objects are in the bucket under the file's key prefix and not on disk.
 */

let stack: TestStack;
let uploadDir: string;
const s3 = process.env.STORAGE_BACKEND === 's3';

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  stack = await startTestStack({ UPLOAD_DIR: uploadDir });
});
test.after.always(async () => {
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** What the bucket itself holds under `name` (S3 only), read with the SDK beside the application. */
async function inBucket(name: string): Promise<Buffer | null> {
  const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: process.env.S3_ENDPOINT,
    region: process.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY! },
  });
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: process.env.S3_BUCKET, Key: name }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch (err) {
    if ((err as Error).name === 'NoSuchKey') return null;
    throw err;
  } finally {
    client.destroy();
  }
}

test.serial('a private object by key: stored whole, read back, replaced, removed; a missing one is null and removing it again is fine', async (t) => {
  const { getObject, openObject, putObject, removeObject } = await import('../../shared/integrations/storage');
  const key = 'private/archive/2026-01/bet_orders.jsonl.gz';
  t.is(await getObject(key), null);
  t.is(await openObject(key), null);

  const first = randomBytes(1000);
  await putObject(key, first);
  t.deepEqual(await getObject(key), first);
  const opened = await openObject(key);
  t.is(opened?.length, 1000);
  const chunks: Buffer[] = [];
  for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
  t.deepEqual(Buffer.concat(chunks), first);

  if (s3) {
    t.deepEqual(await inBucket(`${process.env.S3_KEY_PREFIX}${key}`), first, 'in the bucket under this file’s key prefix');
    t.false(fs.existsSync(path.join(uploadDir, key)), 'not on the local disk');
  } else {
    t.is(fs.statSync(path.join(uploadDir, key)).mode & 0o777, 0o600, 'a private file is readable by the service only');
  }

  const second = Buffer.from('the second version');
  await putObject(key, second);
  t.deepEqual(await getObject(key), second, 'replaced');

  await removeObject(key);
  t.is(await getObject(key), null);
  await t.notThrowsAsync(removeObject(key));
  if (s3) t.is(await inBucket(`${process.env.S3_KEY_PREFIX}${key}`), null);
});

test.serial('a stream of unknown length larger than one S3 part is stored whole', async (t) => {
  const { getObject, putObject, removeObject } = await import('../../shared/integrations/storage');
  const key = 'private/archive/2026-02/game_transactions.jsonl.gz';
  const parts = Array.from({ length: 10 }, () => randomBytes(1024 * 1024));
  await putObject(key, Readable.from(parts));
  const back = await getObject(key);
  t.is(back?.length, 10 * 1024 * 1024);
  // Buffer.equals: ava's deepEqual would format 10 MB byte by byte.
  t.true(back?.equals(Buffer.concat(parts)));
  await removeObject(key);
});

test.serial('listing: the objects under a prefix with their last change, nothing of another prefix', async (t) => {
  const { listObjects, putObject, removeObject } = await import('../../shared/integrations/storage');
  const keys = ['private/archive/2026-03/a.gz', 'private/archive/2026-03/b.gz', 'private/archive/2026-04/c.gz'];
  const since = Date.now() - 2_000;
  for (const key of keys) await putObject(key, Buffer.from(key));
  const listed = [];
  for await (const object of listObjects('private/archive/2026-03/')) listed.push(object);
  t.deepEqual(listed.map((o) => o.key).sort(), keys.slice(0, 2));
  t.true(listed.every((o) => o.modifiedAt.getTime() >= since && o.modifiedAt.getTime() <= Date.now() + 1_000));
  const all = [];
  for await (const object of listObjects('private/archive/')) all.push(object.key);
  t.deepEqual(all.sort(), keys);
  t.throws(() => listObjects('../'));
  t.throws(() => listObjects('private/../'));
  for (const key of keys) await removeObject(key);
});

test.serial('/assets answers a public upload from the backend in use, and nothing private', async (t) => {
  const { putObject, removeObject } = await import('../../shared/integrations/storage');
  const publicKey = `public/promo-image/${'1'.repeat(32)}.webp`;
  const privateKey = `private/promo-image/${'2'.repeat(32)}.webp`;
  await putObject(publicKey, Buffer.from('public bytes'));
  await putObject(privateKey, Buffer.from('private bytes'));
  const res = await fetch(`${stack.baseUrl}/assets/promo-image/${'1'.repeat(32)}.webp`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/webp');
  t.is(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  t.is(await res.text(), 'public bytes');
  for (const probe of [`/assets/../private/promo-image/${'2'.repeat(32)}.webp`, `/assets/%2e%2e/private/promo-image/${'2'.repeat(32)}.webp`]) {
    const answer = await fetch(`${stack.baseUrl}${probe}`);
    t.is(answer.status, 404, probe);
    t.false((await answer.text()).includes('private bytes'), probe);
  }
  await removeObject(publicKey);
  await removeObject(privateKey);
  t.is((await fetch(`${stack.baseUrl}/assets/promo-image/${'1'.repeat(32)}.webp`)).status, 404, 'gone once removed');
});
