import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { simpleParser } from 'mailparser';
import { closeJobWaiters } from '../../shared/queues/wait-for-job';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { jpegWithExif } from '../helpers/images';
import { giveEmail, giveProfile, PROFILE } from '../helpers/kyc';
import { postMultipart } from '../helpers/multipart';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The operators' KYC review (docs/kyc.md, "Review"): the queue (oldest first; by state, level, player,
 * kind; the site's only), approve with an expiry or reject with a reason, each operation-logged, the
 * player's inbox message and mail; two operators deciding at once: one wins.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let root: AdminStack['root'];
let uploadDir: string;
let mailDir: string;
let workers: RunningWorkers | undefined;
let jpeg: Buffer;

test.before(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-review-'));
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-review-mail-'));
  ({ stack, factories, models, req, root } = await startAdminStack({
    permissions: ['kyc:read', 'kyc:write'],
    env: { UPLOAD_DIR: uploadDir, SMTP_URL: '', MAIL_FROM: '', MAIL_DIR: mailDir, OUTBOX_RELAY_EVERY_MS: '200' },
  }));
  workers = startWorkers(['mail']);
  jpeg = await jpegWithExif();
});
test.after.always(async () => {
  await workers?.stop();
  await closeJobWaiters();
  await stack?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const upload = (token: string, kind: string) =>
  postMultipart(`${stack.baseUrl}/api/kyc/documents`, token, { kind }, { file: { data: jpeg } }).then((res) => {
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.result as { id: number; kind: string };
  });

/** A player of `siteCode` (the default site unless told) with a verified e-mail and a profile: level 1. */
async function levelOnePlayer(siteCode?: string) {
  const made = await factories.createUser({ siteCode });
  await giveEmail(made.user);
  await made.user.update({ locale: 'en-US' });
  const headers = siteCode ? { 'x-site-code': siteCode } : undefined;
  const put = await req('PUT', '/kyc/profile', { token: made.token, body: PROFILE, headers });
  if (put.body.code !== 200) throw new Error(JSON.stringify(put.body));
  return made;
}

const review = (id: number, body: Record<string, unknown>, token?: string) => req('POST', `/kyc/admin/documents/${id}/review`, { body, token });
const logsOf = (targetId: number) => models.AdminOperationLog.findAll({ where: { module: 'kyc', targetId: String(targetId) } });
const tomorrowPlus = (days: number) => new Date(Date.now() + (days + 1) * 86400_000).toISOString().slice(0, 10);

test.serial(
  'the queue: pending documents of the site, oldest first, with the player, level and profile; filters by state, level, kind and player',
  async (t) => {
    const a = await levelOnePlayer();
    const b = await factories.createUser();
    await giveProfile(b.user); // documents need the profile first; without a contact b stays level 0
    const first = await upload(a.token, 'id-front');
    const second = await upload(b.token, 'selfie');
    const third = await upload(a.token, 'id-back');

    const all = await req('GET', '/kyc/admin/queue?pageSize=50');
    t.is(all.body.code, 200);
    const ids = all.body.result.items.map((d: { id: number }) => d.id);
    t.deepEqual(
      ids.filter((id: number) => [first.id, second.id, third.id].includes(id)),
      [first.id, second.id, third.id],
    );
    t.deepEqual(
      [...ids].sort((x: number, y: number) => x - y),
      ids,
      'oldest first',
    );
    const item = all.body.result.items.find((d: { id: number }) => d.id === first.id);
    t.like(item, { userId: a.user.id, account: a.user.account, level: 1, kind: 'id-front', status: 'pending', profile: PROFILE, flagged: false });
    t.regex(item.fileUrl, new RegExp(`/api/kyc/admin/documents/${first.id}/file$`));

    const ofA = await req('GET', `/kyc/admin/queue?userId=${a.user.id}`);
    t.deepEqual(
      ofA.body.result.items.map((d: { id: number }) => d.id),
      [first.id, third.id],
    );
    const levelZero = await req('GET', `/kyc/admin/queue?level=0&pageSize=50`);
    t.true(levelZero.body.result.items.some((d: { id: number }) => d.id === second.id));
    t.false(levelZero.body.result.items.some((d: { id: number }) => d.id === first.id));
    const selfies = await req('GET', `/kyc/admin/queue?kind=selfie&userId=${b.user.id}`);
    t.deepEqual(
      selfies.body.result.items.map((d: { id: number }) => d.id),
      [second.id],
    );
    t.deepEqual((await req('GET', `/kyc/admin/queue?state=approved&userId=${a.user.id}`)).body.result.items, []);
    for (const q of ['state=done', 'level=4', 'level=x', 'kind=passport', 'userId=0', 'pageSize=51'])
      t.is((await req('GET', `/kyc/admin/queue?${q}`)).status, 400, q);

    // Another site's queue does not show them; a site-bound operator of that site sees only its own.
    const site = await factories.createSite();
    const elsewhere = await req('GET', '/kyc/admin/queue?pageSize=50', { site });
    t.false(elsewhere.body.result.items.some((d: { id: number }) => [first.id, second.id, third.id].includes(d.id)));
  },
);

test.serial('approve and reject: the state, the reason, the expiry, the level, the operation log, the inbox message and the mail', async (t) => {
  const p = await levelOnePlayer();
  const front = await upload(p.token, 'id-front');
  const back = await upload(p.token, 'id-back');
  const selfie = await upload(p.token, 'selfie');

  const approved = await review(front.id, { action: 'approve', expiresAt: tomorrowPlus(100) });
  t.is(approved.body.code, 200, JSON.stringify(approved.body));
  t.like(approved.body.result, { id: front.id, status: 'approved', kind: 'id-front', userId: p.user.id, level: 1 });
  t.is(new Date(approved.body.result.expiresAt).toISOString(), `${tomorrowPlus(101)}T00:00:00.000Z`, 'counts through the given day (UTC)');
  const backApproved = await review(back.id, { action: 'approve' });
  t.is(backApproved.body.code, 200);
  const backExpiry = new Date(backApproved.body.result.expiresAt);
  t.true(Math.abs(backExpiry.getTime() - (Date.now() + 730 * 86400_000)) < 60_000, 'without an expiry: the site validity (730 days)');

  const rejected = await review(selfie.id, { action: 'reject', reason: 'Face not visible' });
  t.like(rejected.body.result, { status: 'rejected', reason: 'Face not visible' });
  const status = (await req('GET', '/kyc', { token: p.token })).body.result;
  t.is(status.level, 1);
  t.deepEqual(status.missing, ['selfie']);
  t.like(
    status.documents.find((d: { id: number }) => d.id === selfie.id),
    { status: 'rejected', reason: 'Face not visible' },
  );

  // Resubmission after a rejection, approved: level 2.
  const again = await upload(p.token, 'selfie');
  t.is((await review(again.id, { action: 'approve' })).body.code, 200);
  const two = (await req('GET', '/kyc', { token: p.token })).body.result;
  t.is(two.level, 2);
  t.deepEqual(two.missing, ['address-proof']);

  // Each decision is logged once, by the operator, with what was decided.
  const logs = await logsOf(selfie.id);
  t.is(logs.length, 1);
  t.like(logs[0].get({ plain: true }), { action: 'document-reject', adminId: root.id });
  t.like(logs[0].detail as object, { kind: 'selfie', userId: p.user.id, status: 'rejected', reason: 'Face not visible' });

  // The player's inbox: one message per decision, in the request's locale.
  const inbox = await req('GET', '/inbox?pageSize=50', { token: p.token, headers: { locales: 'en-US' } });
  const titles = inbox.body.result.items.map((m: { title: string }) => m.title);
  t.is(titles.filter((x: string) => x === 'Verification document approved').length, 3);
  t.is(titles.filter((x: string) => x === 'Verification document rejected').length, 1);
  t.true(inbox.body.result.items.some((m: { content: string }) => m.content.includes('Face not visible')));

  // And a mail per decision, sent by the mail worker to the verified address.
  const email = p.user.email!;
  const mails = await waitFor(
    'four decision mails',
    async () => {
      const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
      const parsed = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(mailDir, f)))));
      const mine = parsed.filter((m) => JSON.stringify(m.to ?? '').includes(email));
      return mine.length >= 4 ? mine : null;
    },
    15_000,
  );
  t.true(mails.some((m) => /rejected/.test(m.subject ?? '') && /Face not visible/.test(m.text ?? '')));
  t.is(mails.filter((m) => /approved/.test(m.subject ?? '')).length, 3);
});

test.serial(
  'review input: reject needs a reason, expiresAt must be a future date and is for approvals only; another site\u2019s or a missing document is 2001',
  async (t) => {
    const p = await levelOnePlayer();
    const doc = await upload(p.token, 'address-proof');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'reject' }, 'reason'],
      [{ action: 'reject', reason: '' }, 'reason'],
      [{ action: 'reject', reason: 'x'.repeat(301) }, 'reason'],
      [{ action: 'approve', expiresAt: '2020-01-01' }, 'expiresAt'],
      [{ action: 'approve', expiresAt: new Date().toISOString().slice(0, 10) }, 'expiresAt'],
      [{ action: 'approve', expiresAt: '2030-02-30' }, 'expiresAt'],
      [{ action: 'reject', reason: 'blurred', expiresAt: tomorrowPlus(10) }, 'expiresAt'],
      [{ action: 'accept' }, 'action'],
      [{}, 'action'],
    ];
    for (const [body, field] of cases) {
      const res = await review(doc.id, body);
      t.is(res.status, 400, JSON.stringify(body));
      t.true(JSON.stringify(res.body).includes(field), JSON.stringify(res.body));
    }
    t.is((await review(2147483647, { action: 'approve' })).body.code, 2001);
    t.is((await req('POST', '/kyc/admin/documents/abc/review', { body: { action: 'approve' } })).status, 400);
    const site = await factories.createSite();
    t.is((await req('POST', `/kyc/admin/documents/${doc.id}/review`, { site, body: { action: 'approve' } })).body.code, 2001);
    const reader = await factories.createAdmin({ permissions: ['kyc:read'] });
    t.is((await review(doc.id, { action: 'approve' }, reader.token)).status, 403, 'kyc:read cannot decide');
    t.is((await logsOf(doc.id)).length, 0);
    t.is((await review(doc.id, { action: 'approve' })).body.code, 200);
    t.is((await review(doc.id, { action: 'approve' })).body.code, 2002, 'a decided document is not decided again');
    t.is((await review(doc.id, { action: 'reject', reason: 'changed my mind' })).body.code, 2002);
  },
);

test.serial('operators deciding at once: exactly one wins; one log row, one inbox message, one mail row', async (t) => {
  const p = await levelOnePlayer();
  const doc = await upload(p.token, 'id-front');
  const operators = await Promise.all(Array.from({ length: 6 }, () => factories.createAdmin({ permissions: ['kyc:read', 'kyc:write'] })));
  const results = await Promise.all(
    operators.map((op, i) => review(doc.id, i % 2 ? { action: 'approve' } : { action: 'reject', reason: `reason ${i}` }, op.token)),
  );
  const codes = results.map((r) => r.body.code);
  t.is(codes.filter((c) => c === 200).length, 1, JSON.stringify(codes));
  t.is(codes.filter((c) => c === 2002).length, operators.length - 1);
  const winner = results.find((r) => r.body.code === 200)!.body.result;
  const logs = await logsOf(doc.id);
  t.is(logs.length, 1);
  t.is(logs[0].action, `document-${winner.status === 'approved' ? 'approve' : 'reject'}`);
  t.is(await models.InboxMessage.count({ where: { sourceKey: `kyc:${doc.id}` } }), 1);
  const mailRows = await models.OutboxMessage.findAll({ where: { queue: 'mail', name: 'kyc-decision' } });
  t.is(mailRows.filter((o) => o.payload.documentId === doc.id).length, 1);
  const status = (await req('GET', '/kyc', { token: p.token })).body.result;
  t.is(status.documents.find((d: { id: number }) => d.id === doc.id).status, winner.status);
});

test.serial('a site-bound operator: another site named is a 403; its own site does not find the other site\u2019s document (2001)', async (t) => {
  const p = await levelOnePlayer();
  const doc = await upload(p.token, 'selfie');
  const own = await factories.createSite();
  const bound = await factories.createAdmin({ permissions: ['kyc:read', 'kyc:write'] });
  await bound.admin.update({ sites: [own] });
  const defaultSite = p.user.siteCode;
  t.is((await req('GET', '/kyc/admin/queue', { token: bound.token, site: defaultSite })).status, 403);
  t.is((await req('POST', `/kyc/admin/documents/${doc.id}/review`, { token: bound.token, site: defaultSite, body: { action: 'approve' } })).status, 403);
  const res = await req('POST', `/kyc/admin/documents/${doc.id}/review`, { token: bound.token, body: { action: 'approve' } });
  t.is(res.body.code, 2001, res.text);
  const file = await fetch(`${stack.baseUrl}/api/kyc/admin/documents/${doc.id}/file`, { headers: { authorization: `Bearer ${bound.token}` } });
  t.is(file.status, 404);
  t.is(((await file.json()) as { code: number }).code, 404);
  t.deepEqual((await req('GET', '/kyc/admin/queue', { token: bound.token })).body.result.items, []);
  t.is((await logsOf(doc.id)).length, 0);
});
