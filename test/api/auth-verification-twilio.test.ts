import test from 'ava';
import nock from 'nock';
import { User } from '../../shared/db/models';
import { smsMode } from '../../shared/integrations/sms';
import { closeJobWaiters } from '../../shared/queues/wait-for-job';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Mobile verification in twilio mode (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_VERIFY_SERVICE_SID
 * set): the `sms` worker starts a twilio Verify verification, the API checks codes with twilio. twilio
 * is intercepted with nock; every interceptor is matched on the number (each test has its own), so
 * tests running at the same time never take each other's replies.
 */
const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'test-auth-token';
const SERVICE_SID = 'VA00000000000000000000000000000001';
const TWILIO = 'https://verify.twilio.com';
const VERIFICATIONS = `/v2/Services/${SERVICE_SID}/Verifications`;
const CHECK = `/v2/Services/${SERVICE_SID}/VerificationCheck`;

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_VERIFY_SERVICE_SID: SERVICE_SID,
    TRUST_PROXY: 'true',
  });
  workers = startWorkers(['mail', 'sms']);
});
test.after.always(async () => {
  nock.cleanAll();
  await workers?.stop();
  await closeJobWaiters();
  await stack?.close();
});

let counter = 0;
const post = (path: string, token: string, body: unknown): Promise<ApiResponse> =>
  stack.request('POST', `/api/auth/${path}`, { token, body, headers: { 'x-forwarded-for': `10.2.0.${++counter}` } });
/** A national number of its own for each test (Taiwan mobile: 09 + 8 digits). */
const national = () => `09${String(10_000_000 + ++counter * 7919).slice(-8)}`;
const e164 = (n: string) => `+886${n.slice(1)}`;

const verification = (to: string, status: string) => ({
  sid: 'VE00000000000000000000000000000001',
  service_sid: SERVICE_SID,
  account_sid: ACCOUNT_SID,
  to,
  channel: 'sms',
  status,
  valid: status === 'approved',
  amount: null,
  payee: null,
  date_created: '2026-11-22T00:00:00Z',
  date_updated: '2026-11-22T00:00:00Z',
});

const basicAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

/**
 * A JSON reply with an explicit Content-Length. The twilio client sends `Connection: keep-alive`, and
 * nock 14 (@mswjs/interceptors 0.41) writes mocked bodies without a length, so such a request never
 * ends (nock/nock#3001); the explicit length works around it.
 */
function twilioReply(status: number, body: unknown): [number, string, Record<string, string>] {
  const text = JSON.stringify(body);
  return [status, text, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) }];
}

test('the mode is twilio when the three twilio settings are set', (t) => {
  t.is(smsMode(), 'twilio');
});

test('send-verify-mobile starts a twilio verification (To, Channel=sms) and stores only the E.164 number', async (t) => {
  const { user, token } = await createUser();
  const number = national();
  let form: Record<string, string> | undefined;
  const scope = nock(TWILIO, { reqheaders: { authorization: basicAuth } })
    .post(VERIFICATIONS, (body: Record<string, string>) => {
      if (body.To !== e164(number)) return false;
      form = body;
      return true;
    })
    .reply(...twilioReply(201, verification(e164(number), 'pending')));
  const res = await post('send-verify-mobile', token, { mobile: number, country: { label: '886-Taiwan', icon: 'tw' } });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, { sent: true });
  t.true(scope.isDone());
  t.deepEqual(form, { To: e164(number), Channel: 'sms' });
  await user.reload();
  t.is(user.mobileVerifyCode, e164(number));
});

test('send-verify-mobile: a twilio refusal (400) or outage (503) is 2002', async (t) => {
  for (const [status, body] of [
    [400, { code: 60200, message: 'Invalid parameter: To', more_info: 'https://www.twilio.com/docs/errors/60200', status: 400 }],
    [503, { code: 20503, message: 'Service unavailable', status: 503 }],
  ] as const) {
    const { token } = await createUser();
    const number = national();
    const scope = nock(TWILIO)
      .post(VERIFICATIONS, (b: Record<string, string>) => b.To === e164(number))
      .reply(...twilioReply(status, body));
    const res = await post('send-verify-mobile', token, { mobile: number, country: { label: '886-Taiwan' } });
    t.is(res.status, 200);
    t.is(res.body.code, 2002, `${status}: ${res.text}`);
    t.is(res.body.path, '/api/auth/send-verify-mobile');
    t.true(scope.isDone());
  }
});

test('send-verify-mobile: a number used by another account is 2001 and twilio is not called', async (t) => {
  const number = national();
  const { user: other } = await createUser();
  await other.update({ mobile: e164(number) });
  const { user, token } = await createUser();
  // No interceptor: a call to twilio would fail (network closed) and answer 2002, not 2001.
  const res = await post('send-verify-mobile', token, { mobile: number, country: { label: '886-Taiwan' } });
  t.is(res.body.code, 2001);
  await user.reload();
  t.is(user.mobileVerifyCode, null);
});

async function pendingUser(): Promise<{ user: User; token: string; number: string }> {
  const { user, token } = await createUser();
  const number = national();
  await user.update({ mobileVerifyCode: e164(number) });
  return { user, token, number };
}

test('check-verify-mobile: twilio approves → mobile set to E.164, record cleared', async (t) => {
  const { user, token, number } = await pendingUser();
  let form: Record<string, string> | undefined;
  const scope = nock(TWILIO, { reqheaders: { authorization: basicAuth } })
    .post(CHECK, (body: Record<string, string>) => {
      if (body.To !== e164(number)) return false;
      form = body;
      return true;
    })
    .reply(...twilioReply(200, verification(e164(number), 'approved')));
  const res = await post('check-verify-mobile', token, { mobile: number, code: '482913' });
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result, null);
  t.true(scope.isDone());
  t.deepEqual(form, { To: e164(number), Code: '482913' });
  await user.reload();
  t.is(user.mobile, e164(number));
  t.is(user.mobileVerifyCode, null);
});

test('check-verify-mobile: a wrong code (pending), an expired verification (404) or too many attempts (429) are 2002', async (t) => {
  for (const [status, body] of [
    [200, verification('', 'pending')],
    [404, { code: 20404, message: 'The requested resource was not found', status: 404 }],
    [429, { code: 60202, message: 'Max check attempts reached', status: 429 }],
  ] as const) {
    const { user, token, number } = await pendingUser();
    const scope = nock(TWILIO)
      .post(CHECK, (b: Record<string, string>) => b.To === e164(number))
      .reply(...twilioReply(status, body));
    const res = await post('check-verify-mobile', token, { mobile: number, code: '482913' });
    t.is(res.body.code, 2002, `${status}: ${res.text}`);
    t.true(scope.isDone());
    await user.reload();
    t.is(user.mobile, null);
    t.is(user.mobileVerifyCode, e164(number));
  }
});

test('check-verify-mobile: another number than the pending one is 2002 without asking twilio', async (t) => {
  const { token } = await pendingUser();
  const res = await post('check-verify-mobile', token, { mobile: '0900000001', code: '482913' });
  t.is(res.body.code, 2002);
});

test('check-verify-mobile: twilio down (500) is a 503 envelope, the record is kept', async (t) => {
  const { user, token, number } = await pendingUser();
  const scope = nock(TWILIO)
    .post(CHECK, (b: Record<string, string>) => b.To === e164(number))
    .reply(...twilioReply(500, { code: 20500, message: 'Internal error', status: 500 }));
  const res = await post('check-verify-mobile', token, { mobile: number, code: '482913' });
  t.is(res.status, 503, res.text);
  t.is(res.body.code, 503);
  t.true(scope.isDone());
  await user.reload();
  t.is(user.mobileVerifyCode, e164(number));
});

test('check-verify-mobile: nothing on record is 2001', async (t) => {
  const { token } = await createUser();
  t.is((await post('check-verify-mobile', token, { mobile: national(), code: '482913' })).body.code, 2001);
});

test('send then check: the whole flow against twilio', async (t) => {
  const { user, token } = await createUser();
  const number = national();
  const scope = nock(TWILIO)
    .post(VERIFICATIONS, (b: Record<string, string>) => b.To === e164(number) && b.Channel === 'sms')
    .reply(...twilioReply(201, verification(e164(number), 'pending')))
    .post(CHECK, (b: Record<string, string>) => b.To === e164(number) && b.Code === '771204')
    .reply(...twilioReply(200, verification(e164(number), 'approved')));
  t.is((await post('send-verify-mobile', token, { mobile: number, country: { label: '+886-Taiwan' } })).body.code, 200);
  t.is((await post('check-verify-mobile', token, { mobile: e164(number), code: '771204' })).body.code, 200);
  t.true(scope.isDone());
  await user.reload();
  t.is(user.mobile, e164(number));
});
