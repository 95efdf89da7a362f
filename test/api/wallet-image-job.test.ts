import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Job } from 'bullmq';
import sharp from 'sharp';
import { startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';
import { postMultipart } from '../helpers/multipart';
import { isStored, removeStored, storedBytes } from '../helpers/stored-objects';
import { waitFor } from '../helpers/wait';
import type { RunningWorkers } from '../../workers/main';

/**
 * The `image` worker behind uploads: a bank card's photos get a resized copy and a thumbnail through the
 * outbox; a repeated job changes nothing; a job Redis lost is found again in Postgres by the reconciler.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let workers: RunningWorkers | undefined;
let uploadDir: string;

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-image-job-'));
  ({ stack, factories, models } = await startAdminStack({ env: { UPLOAD_DIR: uploadDir } }));
  const { startWorkers } = await import('../../workers/main');
  workers = startWorkers(['image']);
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const FIELDS = { bankCode: '700', bankAccount: '000123456789', branch: 'Xinyi', holderName: 'Lee Da' };

async function addCard(token: string, image: Buffer) {
  const photo = { data: image };
  const res = await postMultipart(`${stack.baseUrl}/api/wallet/bank-card/add`, token, FIELDS, { idCardFront: photo, idCardBack: photo, passbookCover: photo });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.result as { id: number; idCardFront: string; idCardBack: string; passbookCover: string };
}

const processed = (storageKey: string) =>
  waitFor(`image ${storageKey} to be processed`, async () => {
    const row = await models.UploadedImage.findOne({ where: { storageKey } });
    return row?.processedAt ? row : undefined;
  });

async function settled(job: Job): Promise<string> {
  return waitFor(`job ${job.id} to finish`, async () => {
    const state = await job.getState();
    return state === 'completed' || state === 'failed' ? state : undefined;
  });
}

test.serial('the photos get a resized copy (1600 px) and a WebP thumbnail (320 px); the owner can ask for the thumbnail', async (t) => {
  const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 10, g: 120, b: 10 } } })
    .jpeg()
    .toBuffer();
  const { token } = await factories.createUser();
  const card = await addCard(token, big);
  for (const key of [card.idCardFront, card.idCardBack, card.passbookCover]) {
    const row = await processed(key);
    t.regex(row.resizedKey ?? '', /-1600\.jpg$/);
    t.regex(row.thumbnailKey ?? '', /-thumb\.webp$/);
    t.true(row.resizedKey!.startsWith('private/bank-card-photo/'));
    const resized = await sharp((await storedBytes(row.resizedKey!))!).metadata();
    t.deepEqual([resized.format, resized.width, resized.height], ['jpeg', 1600, 800]);
    const thumb = await sharp((await storedBytes(row.thumbnailKey!))!).metadata();
    t.deepEqual([thumb.format, thumb.width, thumb.height], ['webp', 320, 160]);
  }
  const res = await fetch(`${stack.baseUrl}/api/wallet/bank-card/${card.id}/photo/idCardBack?size=thumbnail`, {
    headers: { authorization: `Bearer ${token}` },
  });
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/webp');
  t.is((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width, 320);
});

test.serial('a repeated job changes nothing; a job for an unknown image fails once without retries', async (t) => {
  const { token } = await factories.createUser();
  const card = await addCard(
    token,
    await sharp({ create: { width: 40, height: 40, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer(),
  );
  const first = await processed(card.idCardFront);
  const { queue } = await import('../../shared/queues/queues');
  const again = await queue('image').add('resize', { kind: 'bank-card-photo', storageKey: card.idCardFront });
  t.is(await settled(again), 'completed');
  t.deepEqual((await queue('image').getJob(again.id as string))?.returnvalue, { skipped: 'already processed' });
  const row = await models.UploadedImage.findOne({ where: { storageKey: card.idCardFront } });
  t.deepEqual(row?.processedAt, first.processedAt);
  // Small images are not enlarged.
  t.is((await sharp((await storedBytes(row!.resizedKey!))!).metadata()).width, 40);

  const unknown = await queue('image').add('resize', { kind: 'bank-card-photo', storageKey: `private/bank-card-photo/${'0'.repeat(32)}.jpg` });
  t.is(await settled(unknown), 'failed');
  t.is((await queue('image').getJob(unknown.id as string))?.attemptsMade, 1);
});

test.serial('a job lost by Redis: the reconciler finds the unprocessed image in Postgres and the worker makes its copies again', async (t) => {
  const { token } = await factories.createUser();
  const card = await addCard(
    token,
    await sharp({ create: { width: 50, height: 30, channels: 3, background: 'black' } })
      .png()
      .toBuffer(),
  );
  const row = await processed(card.passbookCover);
  await waitFor('the outbox rows to be sent', async () => (await models.OutboxMessage.count({ where: { queue: 'image', sentAt: null } })) === 0);
  // As if the job had been lost before it ran: no effect in Postgres, no copies in storage.
  await removeStored(row.thumbnailKey!);
  await removeStored(row.resizedKey!);
  await row.update({ processedAt: null, thumbnailKey: null, resizedKey: null });
  const { reconcileOutbox } = await import('../../shared/queues/reconcile');
  const { imageReconciler } = await import('../../shared/domain/uploads');
  const swept = await reconcileOutbox(imageReconciler, { afterMs: 0 });
  t.true(swept.redelivered >= 1);
  const again = await processed(card.passbookCover);
  t.true(await isStored(again.thumbnailKey!));
  t.true(await isStored(again.resizedKey!));
  // A second sweep finds nothing owed.
  await waitFor('the rewritten row to be sent', async () => (await models.OutboxMessage.count({ where: { queue: 'image', sentAt: null } })) === 0);
  t.is((await reconcileOutbox(imageReconciler, { afterMs: 0 })).redelivered, 0);
});
