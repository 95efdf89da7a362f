import { randomInt } from 'node:crypto';
import test from 'ava';
import bcrypt from 'bcrypt';
import { generate } from 'otplib';
import { User } from '../../shared/db/models';
import { callingCodeFromLabel, samePendingNumber, toE164 } from '../../shared/domain/auth/phone-numbers';
import { CODE_BLACKLIST, generateVerificationCode, isWeakCode } from '../../shared/domain/auth';
import { createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Verification endpoints without outside services: codes, mobile in development mode (twilio not
 * configured), TOTP, passwords, guards, validation and rate limits. E-mail: auth-verification-email;
 * twilio mode: auth-verification-twilio.
 */
let stack: TestStack;
test.before(async () => {
  // TRUST_PROXY: each test gives its own client IP (X-Forwarded-For), so the per-IP limit is per test.
  stack = await startTestStack({ TRUST_PROXY: 'true' });
});
test.after.always(async () => {
  await stack?.close();
});

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function post(path: string, token: string | undefined, body?: unknown, ip = freshIp()): Promise<ApiResponse> {
  return stack.request('POST', `/api/auth/${path}`, { token, body, headers: { 'x-forwarded-for': ip } });
}

function isBiz(t: { is: (a: unknown, b: unknown, m?: string) => void }, res: ApiResponse, code: number, path: string) {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, code, res.text);
  t.is(res.body.data, null);
  t.is(res.body.path, `/api/auth/${path}`);
}

// ------------------------------------------------------------------------------------------------
// Codes

const RUNS = ['012345', '123456', '234567', '345678', '456789', '987654', '876543', '765432', '654321', '543210'];

test('the code generator draws 6 digits, never all-equal, a run or a blacklisted code', (t) => {
  const seen = new Set<string>();
  for (let i = 0; i < 50_000; i += 1) {
    const code = generateVerificationCode();
    t.regex(code, /^\d{6}$/);
    if (new Set(code).size === 1) t.fail(`all-equal ${code}`);
    if (RUNS.includes(code)) t.fail(`run ${code}`);
    if (CODE_BLACKLIST.has(code)) t.fail(`blacklisted ${code}`);
    seen.add(code);
  }
  // Uniform over a large space: 50 000 draws give almost as many distinct codes.
  t.true(seen.size > 48_000, String(seen.size));
});

test('weak codes: all-equal, runs, repeated blocks, palindromes and the blacklist are refused; leading zeros are kept', (t) => {
  for (let d = 0; d <= 9; d += 1) t.true(isWeakCode(String(d).repeat(6)));
  for (const run of RUNS) t.true(isWeakCode(run), run);
  for (const code of ['112233', '121212', '123123', '520520', '666888', '123321', '147258', '890123']) t.true(isWeakCode(code), code);
  for (const code of ['12345', '1234567', 'abcdef', '12 345']) t.true(isWeakCode(code), code);
  for (const code of ['193847', '502938', '071364']) t.false(isWeakCode(code), code);
  // A draw of 42 becomes 000042; a weak draw is replaced by the next one.
  const draws = [123456, 111111, 42];
  t.is(
    generateVerificationCode(() => draws.shift() as number),
    '000042',
  );
  t.is(generateVerificationCode(() => randomInt(0, 1_000_000)).length, 6);
});

// ------------------------------------------------------------------------------------------------
// Mobile numbers

test('E.164 assembly: calling code from the label, separators and one leading 0 dropped', (t) => {
  t.is(callingCodeFromLabel('886-Taiwan'), '886');
  t.is(callingCodeFromLabel('+66-Thailand'), '66');
  t.is(callingCodeFromLabel('1-United States'), '1');
  t.is(callingCodeFromLabel('Taiwan'), null);
  t.is(callingCodeFromLabel('88612-X'), null);
  t.is(toE164('0912345678', '886'), '+886912345678');
  t.is(toE164('912 345-678', '886'), '+886912345678');
  t.is(toE164('(02) 1234 5678', '66'), '+66212345678');
  t.is(toE164('+84901234567', '886'), '+84901234567');
  t.is(toE164('09ab', '886'), null);
  t.is(toE164('0912345678901234', '886'), null); // more than 15 digits
  t.true(samePendingNumber('0912345678', '+886912345678'));
  t.true(samePendingNumber('912345678', '+886912345678'));
  t.true(samePendingNumber('+886912345678', '+886912345678'));
  t.true(samePendingNumber('886912345678', '+886912345678'));
  t.false(samePendingNumber('0912345679', '+886912345678'));
  t.false(samePendingNumber('678', '+886912345678'));
});

test('send-verify-mobile (development mode) stores <e164>|<code>; check with it sets the mobile and clears the code', async (t) => {
  const { user, token } = await createUser();
  const sent = await post('send-verify-mobile', token, { mobile: '0912345678', country: { label: '886-Taiwan', icon: 'tw' } });
  t.is(sent.status, 200);
  t.deepEqual(sent.body.result, { sent: true });
  await user.reload();
  t.regex(user.mobileVerifyCode ?? '', /^\+886912345678\|\d{6}$/);
  const code = (user.mobileVerifyCode as string).split('|')[1];
  t.false(isWeakCode(code));
  t.is(user.mobile, null);

  isBiz(
    t,
    await post('check-verify-mobile', token, {
      mobile: '0912345678',
      code: code === '999999' ? '999998' : String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    }),
    2002,
    'check-verify-mobile',
  );
  isBiz(t, await post('check-verify-mobile', token, { mobile: '0987654321', code }), 2002, 'check-verify-mobile');

  const ok = await post('check-verify-mobile', token, { mobile: '0912345678', code });
  t.is(ok.body.code, 200, ok.text);
  t.is(ok.body.result, null);
  await user.reload();
  t.is(user.mobile, '+886912345678');
  t.is(user.mobileVerifyCode, null);
  // The record is used up: nothing on record any more.
  isBiz(t, await post('check-verify-mobile', token, { mobile: '0912345678', code }), 2001, 'check-verify-mobile');
});

test('check-verify-mobile without a send is 2001', async (t) => {
  const { token } = await createUser();
  isBiz(t, await post('check-verify-mobile', token, { mobile: '0912345678', code: '193847' }), 2001, 'check-verify-mobile');
});

test('send-verify-mobile: 2001 when another account of the site has the number; the same user may resend', async (t) => {
  const { user: other } = await createUser();
  await other.update({ mobile: '+66812345678' });
  const { user, token } = await createUser();
  isBiz(t, await post('send-verify-mobile', token, { mobile: '0812345678', country: { label: '66-Thailand' } }), 2001, 'send-verify-mobile');
  await user.reload();
  t.is(user.mobileVerifyCode, null);

  // The owner itself may ask again (e.g. a new code for its own number), and resend.
  const first = await post('send-verify-mobile', token, { mobile: '0822222222', country: { label: '66-Thailand' } });
  t.is(first.body.code, 200);
  const second = await post('send-verify-mobile', token, { mobile: '0822222222', country: { label: '66-Thailand' } });
  t.is(second.body.code, 200);
  await user.reload();
  t.regex(user.mobileVerifyCode ?? '', /^\+66822222222\|\d{6}$/);
  const ownerToken = (await createUser()).token;
  t.is((await post('send-verify-mobile', ownerToken, { mobile: '+66822222222' })).body.code, 200, 'pending numbers do not block others');
});

test('send-verify-mobile without a country uses the calling code of the player locale; a + number is taken as international', async (t) => {
  const { user, token } = await createUser(); // locale zh-TW
  t.is((await post('send-verify-mobile', token, { mobile: '0933000111', country: null })).body.code, 200);
  await user.reload();
  t.true(user.mobileVerifyCode?.startsWith('+886933000111|'));
  t.is((await post('send-verify-mobile', token, { mobile: '+84 90 123 4567' })).body.code, 200);
  await user.reload();
  t.true(user.mobileVerifyCode?.startsWith('+84901234567|'));
});

test('send-verify-mobile: a bad number or label is a 400 naming the field', async (t) => {
  const { token } = await createUser();
  const label = await post('send-verify-mobile', token, { mobile: '0912345678', country: { label: 'Taiwan' } });
  t.is(label.status, 400);
  t.is(label.body.errors[0].field, 'country.label');
  const letters = await post('send-verify-mobile', token, { mobile: '09-CALL-ME' });
  t.is(letters.status, 400);
  t.is(letters.body.errors[0].field, 'mobile');
  const short = await post('send-verify-mobile', token, { mobile: '09' });
  t.is(short.status, 400);
  t.is(short.body.errors[0].field, 'mobile');
  const long = await post('send-verify-mobile', token, { mobile: '1'.repeat(41) });
  t.is(long.status, 400);
});

test('check-verify-mobile: 2001 when another account verified the number meanwhile', async (t) => {
  const { user, token } = await createUser();
  await post('send-verify-mobile', token, { mobile: '0955000111', country: { label: '886-Taiwan' } });
  await user.reload();
  const code = (user.mobileVerifyCode as string).split('|')[1];
  const { user: other } = await createUser();
  await other.update({ mobile: '+886955000111' });
  const res = await post('check-verify-mobile', token, { mobile: '0955000111', code });
  isBiz(t, res, 2001, 'check-verify-mobile');
  await user.reload();
  t.is(user.mobile, null);
});

// ------------------------------------------------------------------------------------------------
// TOTP

/** Waits while the clock is within 3 s of a 30-second boundary, so a test's step does not roll over. */
async function awayFromStepBoundary(): Promise<number> {
  for (;;) {
    const now = Date.now() / 1000;
    const into = now % 30;
    if (into > 2 && into < 27) return Math.floor(now);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('generate-totp-auth answers a base32 secret and a PNG data URL, replaces the secret and disables TOTP; an enabled authenticator is replaced only with a current code (switching it off needs one)', async (t) => {
  const { user, token } = await createUser();
  const OLD_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  await user.update({ totpAuthSecret: OLD_SECRET, totpAuthEnabled: 1 });
  const without = await post('generate-totp-auth', token);
  t.is(without.body.code, 2020, without.text);
  t.is(without.body.result, undefined);
  const current = await generate({ secret: OLD_SECRET });
  const wrong = await post('generate-totp-auth', token, { code: current === '000000' ? '111111' : '000000' });
  t.is(wrong.body.code, 2021, wrong.text);
  await user.reload();
  t.is(user.totpAuthSecret, OLD_SECRET);
  t.is(user.totpAuthEnabled, 1);
  const now = await awayFromStepBoundary();
  const res = await post('generate-totp-auth', token, { code: await generate({ secret: OLD_SECRET, epoch: now }) });
  t.is(res.body.code, 200, res.text);
  const { secret, qrCode } = res.body.result;
  t.regex(secret, /^[A-Z2-7]{32}$/);
  t.regex(qrCode, /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  const png = Buffer.from(qrCode.split(',')[1], 'base64');
  t.is(png.subarray(1, 4).toString('ascii'), 'PNG');
  await user.reload();
  t.is(user.totpAuthSecret, secret);
  t.is(user.totpAuthEnabled, 0);
  const again = await post('generate-totp-auth', token);
  t.not(again.body.result.secret, secret);
});

test('enable-totp-auth: 2001 without a secret; 2002 wrong code; codes of the previous, current and next step accepted, two steps away refused', async (t) => {
  const { user, token } = await createUser();
  isBiz(t, await post('enable-totp-auth', token, { code: '193847' }), 2001, 'enable-totp-auth');
  const { secret } = (await post('generate-totp-auth', token)).body.result;

  const now = await awayFromStepBoundary();
  const at = (offset: number) => generate({ secret, epoch: now + offset });
  const current = await at(0);
  const near = [await at(-30), current, await at(30)];
  // (A far code equal to a near one by chance, 1 in 10^6, would be valid: skip it.)
  const far = [await at(-60), await at(60)].filter((c) => !near.includes(c));
  for (const code of far) isBiz(t, await post('enable-totp-auth', token, { code }), 2002, 'enable-totp-auth');
  await user.reload();
  t.is(user.totpAuthEnabled, 0);

  for (const offset of [-30, 0, 30]) {
    await user.update({ totpAuthEnabled: 0 });
    const res = await post('enable-totp-auth', token, { code: await at(offset) });
    t.is(res.body.code, 200, `offset ${offset}: ${res.text}`);
    t.deepEqual(res.body.result, { affected: 1 });
    await user.reload();
    t.is(user.totpAuthEnabled, 1);
  }
  // A new secret turns TOTP off again and the old codes stop working.
  await post('generate-totp-auth', token);
  isBiz(t, await post('enable-totp-auth', token, { code: current }), 2002, 'enable-totp-auth');
});

test('enable-totp-auth refuses malformed codes with 400', async (t) => {
  const { token } = await createUser();
  for (const code of ['12345', '1234567', 'abcdef', 123456, null]) {
    const res = await post('enable-totp-auth', token, { code });
    t.is(res.status, 400, JSON.stringify(code));
    t.is(res.body.errors[0].field, 'code');
  }
});

// ------------------------------------------------------------------------------------------------
// Passwords

test('edit-password: 2002 mismatch, 2001 wrong current password, success keeps the token valid', async (t) => {
  const { user, token, password } = await createUser();
  isBiz(t, await post('edit-password', token, { password, newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' }), 2002, 'edit-password');
  isBiz(
    t,
    await post('edit-password', token, { password: 'not-my-password', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }),
    2001,
    'edit-password',
  );
  await user.reload();
  t.true(await bcrypt.compare(password, user.password));

  const ok = await post('edit-password', token, { password, newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' });
  t.is(ok.body.code, 200, ok.text);
  t.deepEqual(ok.body.result, { affected: 1 });
  await user.reload();
  t.true(user.password.startsWith('$2b$10$'), 'bcrypt cost 10');
  t.true(await bcrypt.compare('new-pass-1', user.password));
  t.is(user.tokenVersion, 0);
  // The same token still opens player endpoints.
  const after = await post('edit-password', token, { password: 'new-pass-1', newPassword: 'new-pass-2', confirmPassword: 'new-pass-2' });
  t.is(after.body.code, 200);
});

test('edit-password: an account without a password (third-party login) can never match', async (t) => {
  const { user, token } = await createUser();
  await user.update({ password: '' });
  isBiz(t, await post('edit-password', token, { password: 'anything', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }), 2001, 'edit-password');
});

test('set-password: only when the stored password is empty; 2002 values differ; 2003 already set', async (t) => {
  const { user, token } = await createUser();
  isBiz(t, await post('set-password', token, { newPassword: 'secret-1', confirmPassword: 'secret-1' }), 2003, 'set-password');

  await user.update({ password: '' });
  isBiz(t, await post('set-password', token, { newPassword: 'secret-1', confirmPassword: 'secret-2' }), 2002, 'set-password');
  const ok = await post('set-password', token, { newPassword: 'secret-1', confirmPassword: 'secret-1' });
  t.is(ok.body.code, 200, ok.text);
  t.is(ok.body.result, null);
  await user.reload();
  t.true(await bcrypt.compare('secret-1', user.password));
  t.true(user.password.startsWith('$2b$10$'));
  isBiz(t, await post('set-password', token, { newPassword: 'secret-3', confirmPassword: 'secret-3' }), 2003, 'set-password');
});

test('password bodies: too short, too long, wrong types are 400', async (t) => {
  const { token, password } = await createUser();
  const short = await post('set-password', token, { newPassword: '12345', confirmPassword: '12345' });
  t.is(short.status, 400);
  t.deepEqual(short.body.errors.map((e: { field: string }) => e.field).sort(), ['confirmPassword', 'newPassword']);
  t.is((await post('edit-password', token, { password, newPassword: 'x'.repeat(73), confirmPassword: 'x'.repeat(73) })).status, 400);
  t.is((await post('edit-password', token, { password, newPassword: 1234567, confirmPassword: 1234567 })).status, 400);
  t.is((await post('edit-password', token, { newPassword: 'abcdefg', confirmPassword: 'abcdefg' })).body.errors[0].field, 'password');
});

// ------------------------------------------------------------------------------------------------
// Guards, validation, limits

const ENDPOINTS = [
  'send-verify-email',
  'check-verify-email',
  'send-verify-mobile',
  'check-verify-mobile',
  'generate-totp-auth',
  'enable-totp-auth',
  'edit-password',
  'set-password',
];

test('every verification endpoint needs a player token (401)', async (t) => {
  for (const path of ENDPOINTS) {
    const res = await post(path, undefined, {});
    t.is(res.status, 401, path);
    t.is(res.body.code, 401);
    t.is(res.body.message, 'Unauthorized');
    const bad = await post(path, 'not-a-token', {});
    t.is(bad.status, 401, path);
  }
});

test('bad input is a 400 naming the field, never a 500', async (t) => {
  const { token } = await createUser();
  const bodies: unknown[] = [{}, { email: 12, code: [], mobile: {}, country: 'x', newPassword: null }, { email: 'x'.repeat(5000) }, ['array']];
  for (const path of ENDPOINTS.filter((p) => p !== 'generate-totp-auth')) {
    for (const body of bodies) {
      const res = await post(path, token, body);
      t.is(res.status, 400, `${path} ${JSON.stringify(body).slice(0, 40)}: ${res.text}`);
      t.is(res.body.code, 400);
      t.notRegex(res.text, /Error:|\\n\s*at |stack/);
    }
  }
  const malformed = await stack.request('POST', '/api/auth/check-verify-email', {
    token,
    rawBody: '{"code":',
    headers: { 'content-type': 'application/json' },
  });
  t.is(malformed.status, 400);
});

test('send-verify-mobile: 5 per 10 minutes per user (429 with Retry-After)', async (t) => {
  const { token } = await createUser();
  for (let i = 0; i < 5; i += 1) {
    t.is((await post('send-verify-mobile', token, { mobile: '0912000111', country: { label: '886-Taiwan' } })).status, 200);
  }
  const limited = await post('send-verify-mobile', token, { mobile: '0912000111', country: { label: '886-Taiwan' } });
  t.is(limited.status, 429);
  t.is(limited.body.code, 429);
  t.truthy(Number(limited.headers.get('retry-after')) > 0);
  // Another player is not affected.
  const other = await createUser();
  t.is((await post('send-verify-mobile', other.token, { mobile: '0912000222', country: { label: '886-Taiwan' } })).status, 200);
});

test('send-verify-mobile: 20 per hour per IP, whatever the player', async (t) => {
  const ip = freshIp();
  for (let i = 0; i < 20; i += 1) {
    const { token } = await createUser();
    t.is((await post('send-verify-mobile', token, { mobile: `09120${String(i).padStart(5, '0')}` }, ip)).status, 200);
  }
  const { token } = await createUser();
  t.is((await post('send-verify-mobile', token, { mobile: '0912999999' }, ip)).status, 429);
  t.is((await post('send-verify-mobile', token, { mobile: '0912999999' })).status, 200, 'another IP is not affected');
});

test('check-verify-mobile is limited per user too (20 per 10 minutes)', async (t) => {
  const { token } = await createUser();
  for (let i = 0; i < 20; i += 1) {
    t.is((await post('check-verify-mobile', token, { mobile: '0912345678', code: '193847' })).body.code, 2001);
  }
  t.is((await post('check-verify-mobile', token, { mobile: '0912345678', code: '193847' })).status, 429);
});

test('the verification fields of a user are only changed by their owner', async (t) => {
  const a = await createUser();
  const b = await createUser();
  await post('send-verify-mobile', a.token, { mobile: '0966000111', country: { label: '886-Taiwan' } });
  const code = ((await User.findByPk(a.user.id))?.mobileVerifyCode as string).split('|')[1];
  // b cannot use a's code: b has nothing on record.
  isBiz(t, await post('check-verify-mobile', b.token, { mobile: '0966000111', code }), 2001, 'check-verify-mobile');
});
