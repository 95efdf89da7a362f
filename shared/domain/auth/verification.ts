import { randomBytes, randomInt } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { Op, UniqueConstraintError, fn, col, where } from 'sequelize';
import { SiteConfig, User } from '../../db/models';
import { BizError, HttpError } from '../../errors';
import { isLocale, pickText, DEFAULT_LOCALE, type Locale } from '../../i18n/locales';
import { MAIL_NOT_CONFIGURED, MailNotConfiguredError, sendMail, type OutgoingMail, type SentMail } from '../../integrations/mail';
import { SmsError, checkSmsVerification, smsMode, startSmsVerification } from '../../integrations/sms';
import { logger } from '../../logger';
import { jobId, type QueuePayloads } from '../../queues/definitions';
import { addAndWait } from '../../queues/wait-for-job';
import { cache } from '../../redis';
import { config } from '../../config';

/**
 * E-mail and mobile verification (Part A 4.1 send/check-verify-email, send/check-verify-mobile).
 *
 * E-mail: a 6-digit code (never expiring) is stored in emailVerifyCode and the address it was sent to in
 * Redis (`cache:verify-email:<userId>`, no expiry); the `mail` worker sends it, reading code and user
 * from Postgres; the request waits for that job (VERIFY_JOB_WAIT_MS) and answers the mail's Message-ID.
 * Mobile: twilio Verify owns the code (the `sms` worker starts the verification, mobileVerifyCode holds
 * the E.164 number), or in development mode a logged code is stored as `<e164>|<code>`.
 */

// ---------------------------------------------------------------------------------------------------
// Codes

/** Well-known guessable codes not caught by the pattern rules of isWeakCode. */
export const CODE_BLACKLIST: ReadonlySet<string> = new Set([
  '112233', '121212', '123123', '520520', '666888', '888666', '111222', '222111', '123321', '321123',
  '147258', '258369', '147369', '369258', '159357', '159753', '357159', '741852', '852963', '963852',
  '789456', '456123', '123654', '654123', '112358', '131420', '521314', '520131', '521521', '168168',
  '518518', '100000', '200000', '300000', '111000', '000111', '101010', '202020', '010101', '123789',
  '987123', '246810', '135790', '135246', '102030', '112112', '114514', '666999', '999666', '888999',
]);

/** True for codes a person would guess first: all-equal, runs, repeated blocks, palindromes, blacklisted. */
export function isWeakCode(code: string): boolean {
  if (!/^\d{6}$/.test(code)) return true;
  const d = [...code].map(Number);
  const steps = d.slice(1).map((v, i) => (v - d[i] + 10) % 10);
  if (steps.every((s) => s === 0)) return true; // 000000, 111111 ...
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return true; // 012345, 987654, 890123 (wrapping too)
  if (code.slice(0, 2).repeat(3) === code) return true; // ababab: 121212
  if (code.slice(0, 3).repeat(2) === code) return true; // abcabc: 123123, 520520
  if (d[0] === d[1] && d[2] === d[3] && d[4] === d[5]) return true; // aabbcc: 112233
  if (d[0] === d[1] && d[1] === d[2] && d[3] === d[4] && d[4] === d[5]) return true; // aaabbb: 666888
  if ([...code].reverse().join('') === code) return true; // abccba: 123321
  return CODE_BLACKLIST.has(code);
}

/** A uniformly random 6-digit code that is not weak (see isWeakCode). */
export function generateVerificationCode(draw: () => number = () => randomInt(0, 1_000_000)): string {
  for (;;) {
    const code = String(draw()).padStart(6, '0');
    if (!isWeakCode(code)) return code;
  }
}

// ---------------------------------------------------------------------------------------------------
// Shared

/** How long a request waits for its mail or SMS job (VERIFY_JOB_WAIT_MS, default 10 s). */
export function verifyJobWaitMs(): number {
  return config().timeouts.verifyJobWaitMs;
}

/** The player behind a valid token; a row deleted since the token was issued ends the session. */
export async function playerById(userId: number): Promise<User> {
  const user = await User.findByPk(userId);
  if (!user) throw new HttpError(401);
  return user;
}

const unavailable = (what: string) => new HttpError(503, `${what} is temporarily unavailable, please try again later`);

// ---------------------------------------------------------------------------------------------------
// E-mail

export const pendingEmailKey = (userId: number) => `cache:verify-email:${userId}`;

/** Addresses are compared and stored in lower case: one mailbox, one account per site. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

async function emailTakenByOther(user: User, email: string): Promise<boolean> {
  const other = await User.findOne({
    where: { siteCode: user.siteCode, id: { [Op.ne]: user.id }, [Op.and]: [where(fn('lower', col('email')), email)] },
    attributes: ['id'],
  });
  return other !== null;
}

/**
 * POST /auth/send-verify-email: 2001 when another account of the site uses the address; otherwise a new
 * code is stored, the address remembered as pending, and the mail sent by the `mail` worker. Answers
 * {id: Message-ID}. A failed or late send is HTTP 503 (the spec has no code for it).
 */
export async function sendEmailVerification(userId: number, rawEmail: string, subject?: string): Promise<{ id: string }> {
  const email = normalizeEmail(rawEmail);
  const user = await playerById(userId);
  if (await emailTakenByOther(user, email)) throw new BizError(2001);

  const code = generateVerificationCode();
  await User.update({ emailVerifyCode: code }, { where: { id: user.id } });
  try {
    await cache().set(pendingEmailKey(user.id), email);
  } catch (err) {
    logger().warn({ err, userId }, 'could not store the pending e-mail address');
    throw unavailable('E-mail verification');
  }

  const outcome = await addAndWait(
    'mail',
    'verify-email',
    { kind: 'verify-email', userId: user.id, to: email, ...(subject ? { subject } : {}) },
    { jobId: jobId('verify-email', `${user.id}-${Date.now()}-${randomBytes(3).toString('hex')}`), attempts: 1 },
    verifyJobWaitMs(),
  );
  if (outcome.ok) {
    const sent = outcome.value as SentMail | null;
    if (sent?.messageId) return { id: sent.messageId };
    logger().error({ userId, value: outcome.value }, 'verification mail job answered without a message id');
    throw new HttpError(503, 'The verification e-mail could not be sent, please try again later');
  }
  logger().warn({ userId, reason: outcome.reason, message: outcome.message }, 'verification e-mail not sent');
  if (outcome.reason === 'failed' && outcome.message.startsWith(MAIL_NOT_CONFIGURED)) {
    throw new HttpError(503, 'E-mail delivery is not configured for this site');
  }
  throw new HttpError(503, 'The verification e-mail could not be sent, please try again later');
}

/**
 * POST /auth/check-verify-email: 2001 when no code is on record (never sent, code empty, or the pending
 * address is gone); 2002 when the address differs from the one the code was sent to or the code is
 * wrong. Sets the e-mail; the code is kept, so the same code verifies again.
 */
export async function checkEmailVerification(userId: number, rawEmail: string, code: string): Promise<null> {
  const email = normalizeEmail(rawEmail);
  const user = await playerById(userId);
  if (!user.emailVerifyCode) throw new BizError(2001);
  let pending: string | null;
  try {
    pending = await cache().get(pendingEmailKey(user.id));
  } catch (err) {
    logger().warn({ err, userId }, 'could not read the pending e-mail address');
    throw unavailable('E-mail verification');
  }
  if (!pending) throw new BizError(2001);
  if (pending !== email || user.emailVerifyCode !== code) throw new BizError(2002);
  // Taken by another account since the code was sent: the send endpoint's refusal, same code and text.
  if (await emailTakenByOther(user, email)) throw new BizError(2001, 'e-mail used by another account', '/api/auth/send-verify-email');
  try {
    await User.update({ email }, { where: { id: user.id } });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw new BizError(2001, 'e-mail used by another account', '/api/auth/send-verify-email');
    throw err;
  }
  return null;
}

const MAIL_TEXTS: Record<Locale, { subject: (site: string) => string; body: (code: string) => string; ignore: string }> = {
  'zh-TW': { subject: (s) => `${s} 電子郵件驗證碼`, body: (c) => `您的驗證碼是：${c}`, ignore: '若您沒有提出此申請，請忽略這封郵件。' },
  'zh-CN': { subject: (s) => `${s} 邮箱验证码`, body: (c) => `您的验证码是：${c}`, ignore: '如果您没有提出此申请，请忽略这封邮件。' },
  'en-US': { subject: (s) => `${s} e-mail verification code`, body: (c) => `Your verification code is: ${c}`, ignore: 'If you did not ask for this code, ignore this e-mail.' },
  'th-TH': { subject: (s) => `รหัสยืนยันอีเมล ${s}`, body: (c) => `รหัสยืนยันของคุณคือ: ${c}`, ignore: 'หากคุณไม่ได้ขอรหัสนี้ โปรดละเว้นอีเมลนี้' },
  'vi-VN': { subject: (s) => `Mã xác minh email ${s}`, body: (c) => `Mã xác minh của bạn là: ${c}`, ignore: 'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này.' },
};

const WITHDRAWAL_TEXTS: Record<Locale, { subject: (site: string) => string; body: (code: string) => string }> = {
  'zh-TW': { subject: (s) => `${s} 提款驗證碼`, body: (c) => `您的提款驗證碼是：${c}` },
  'zh-CN': { subject: (s) => `${s} 提款验证码`, body: (c) => `您的提款验证码是：${c}` },
  'en-US': { subject: (s) => `${s} withdrawal verification code`, body: (c) => `Your withdrawal verification code is: ${c}` },
  'th-TH': { subject: (s) => `รหัสยืนยันการถอนเงิน ${s}`, body: (c) => `รหัสยืนยันการถอนเงินของคุณคือ: ${c}` },
  'vi-VN': { subject: (s) => `Mã xác minh rút tiền ${s}`, body: (c) => `Mã xác minh rút tiền của bạn là: ${c}` },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function codeMail(to: string, subject: string, lines: string[], code: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${lines
      .map((line) => `<p>${escapeHtml(line).replace(code, `<strong style="font-size:20px;letter-spacing:3px">${code}</strong>`)}</p>`)
      .join('')}</body></html>`,
  };
}

async function siteName(siteCode: string, locale: Locale): Promise<string> {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['siteName'] });
  return pickText(site?.siteName, locale) || siteCode;
}

/**
 * The `mail` worker's work for the code mails: reloads the user, builds the mail in the user's locale
 * and sends it. Returns {messageId, accepted}. Failures retrying cannot fix are UnrecoverableError.
 */
export async function deliverMail(payload: QueuePayloads['mail']): Promise<SentMail> {
  if (payload.kind !== 'verify-email' && payload.kind !== 'withdrawal-code') {
    throw new UnrecoverableError(`mail processing is not built yet for kind ${payload.kind}`);
  }
  const user = await User.findByPk(payload.userId);
  if (!user) throw new UnrecoverableError(`user ${payload.userId} not found`);
  const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  let mail: OutgoingMail;
  if (payload.kind === 'verify-email') {
    if (!payload.to) throw new UnrecoverableError('verify-email job without a recipient');
    if (!user.emailVerifyCode) throw new UnrecoverableError(`user ${user.id} has no e-mail code to send`);
    const pending = await cache().get(pendingEmailKey(user.id));
    if (pending && pending !== normalizeEmail(payload.to)) throw new UnrecoverableError('superseded by a newer verification request');
    const texts = MAIL_TEXTS[locale];
    const subject = payload.subject?.trim() || texts.subject(await siteName(user.siteCode, locale));
    mail = codeMail(payload.to, subject, [texts.body(user.emailVerifyCode), texts.ignore], user.emailVerifyCode);
  } else {
    const to = payload.to ?? user.email;
    if (!to) throw new UnrecoverableError(`user ${user.id} has no verified e-mail`);
    if (!user.withdrawalVerifyCode) throw new UnrecoverableError(`user ${user.id} has no withdrawal code to send`);
    const texts = WITHDRAWAL_TEXTS[locale];
    const subject = payload.subject?.trim() || texts.subject(await siteName(user.siteCode, locale));
    mail = codeMail(to, subject, [texts.body(user.withdrawalVerifyCode), MAIL_TEXTS[locale].ignore], user.withdrawalVerifyCode);
  }
  try {
    return await sendMail(user.siteCode, mail);
  } catch (err) {
    if (err instanceof MailNotConfiguredError) throw new UnrecoverableError(err.message);
    // A 5xx SMTP answer (mailbox unknown, relay refused) will not change on retry; 4xx and network may.
    const responseCode = (err as { responseCode?: number }).responseCode;
    if (typeof responseCode === 'number' && responseCode >= 500) {
      throw new UnrecoverableError(`SMTP server refused the mail (${responseCode}): ${(err as Error).message}`.slice(0, 500));
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------
// Mobile

/** Calling code used when the request names no country: the one of the user's locale. */
const LOCALE_CALLING_CODE: Record<Locale, string> = { 'zh-TW': '886', 'en-US': '1', 'zh-CN': '86', 'th-TH': '66', 'vi-VN': '84' };

/** The calling code of a country label `<calling code>-<country name>` ("886-Taiwan", "+66-Thailand"), or null. */
export function callingCodeFromLabel(label: string): string | null {
  const head = label.split('-')[0].trim().replace(/^\+/, '');
  return /^\d{1,3}$/.test(head) ? head : null;
}

const SEPARATORS = /[\s\-().]/g;

/**
 * E.164 from a national number and a calling code: separators removed, one leading 0 dropped,
 * '+' + calling code + number. A number already starting with '+' is taken as international.
 * Null when the result is not a plausible E.164 number (digits only, at most 15).
 */
export function toE164(mobile: string, callingCode: string): string | null {
  const m = mobile.replace(SEPARATORS, '');
  if (/^\+\d{7,15}$/.test(m)) return m;
  if (!/^\d+$/.test(m)) return null;
  const national = m.replace(/^0/, '');
  const digits = `${callingCode}${national}`;
  if (national.length < 3 || digits.length > 15) return null;
  return `+${digits}`;
}

/** Whether the number given to check-verify-mobile is the pending one (national or international form). */
export function samePendingNumber(input: string, pending: string): boolean {
  const m = input.replace(SEPARATORS, '');
  if (m.startsWith('+')) return m === pending;
  if (!/^\d+$/.test(m)) return false;
  if (`+${m}` === pending) return true;
  const national = m.replace(/^0/, '');
  const callingCodeLength = pending.length - 1 - national.length;
  return national.length >= 3 && pending.endsWith(national) && callingCodeLength >= 1 && callingCodeLength <= 3;
}

export interface CountryInput {
  label?: string;
  icon?: string;
}

/** The E.164 number of a send-verify-mobile request; a bad number or label is a 400 naming the field. */
export function e164Of(mobile: string, country: CountryInput | undefined, locale: string): string {
  let callingCode: string | null;
  if (country?.label) {
    callingCode = callingCodeFromLabel(country.label);
    if (!callingCode) {
      throw new HttpError(400, 'country.label must look like <calling code>-<country name>', {
        errors: [{ field: 'country.label', message: 'country.label must look like <calling code>-<country name>' }],
      });
    }
  } else {
    callingCode = LOCALE_CALLING_CODE[isLocale(locale) ? locale : DEFAULT_LOCALE];
  }
  const e164 = toE164(mobile, callingCode);
  if (!e164) {
    throw new HttpError(400, 'mobile is not a valid phone number', { errors: [{ field: 'mobile', message: 'mobile is not a valid phone number' }] });
  }
  return e164;
}

async function mobileTakenByOther(user: User, e164: string): Promise<boolean> {
  return (await User.count({ where: { siteCode: user.siteCode, mobile: e164, id: { [Op.ne]: user.id } } })) > 0;
}

/**
 * POST /auth/send-verify-mobile: 2001 number used by another account; 2002 sending failed. twilio mode:
 * mobileVerifyCode = E.164 and the `sms` worker starts the verification (the request waits for it);
 * development mode: a logged code stored as `<e164>|<code>`, nothing sent.
 */
export async function sendMobileVerification(userId: number, mobile: string, country?: CountryInput): Promise<{ sent: true }> {
  const user = await playerById(userId);
  const e164 = e164Of(mobile, country, user.locale);
  if (await mobileTakenByOther(user, e164)) throw new BizError(2001);

  const mode = smsMode();
  if (mode === 'development') {
    const code = generateVerificationCode();
    await User.update({ mobileVerifyCode: `${e164}|${code}` }, { where: { id: user.id } });
    logger().info({ userId: user.id, mobile: e164, code }, 'development mode: SMS verification code (not sent)');
    return { sent: true };
  }
  if (mode === 'not-configured') {
    logger().error({ userId: user.id }, 'SMS verification is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID');
    throw new BizError(2002);
  }
  await User.update({ mobileVerifyCode: e164 }, { where: { id: user.id } });
  const outcome = await addAndWait(
    'sms',
    'verify-mobile',
    { kind: 'verify-mobile', userId: user.id, to: e164 },
    { jobId: jobId('verify-mobile', `${user.id}-${Date.now()}-${randomBytes(3).toString('hex')}`), attempts: 1 },
    verifyJobWaitMs(),
  );
  if (!outcome.ok) {
    logger().warn({ userId: user.id, reason: outcome.reason, message: outcome.message }, 'SMS verification not started');
    throw new BizError(2002);
  }
  return { sent: true };
}

/** The `sms` worker's work: starts the twilio verification for the user's pending number. */
export async function deliverSms(payload: QueuePayloads['sms']): Promise<{ sid: string; status: string }> {
  const user = await User.findByPk(payload.userId);
  if (!user) throw new UnrecoverableError(`user ${payload.userId} not found`);
  const pending = user.mobileVerifyCode?.split('|')[0];
  if (!pending) throw new UnrecoverableError(`user ${user.id} has no pending mobile number`);
  if (payload.to && payload.to !== pending) throw new UnrecoverableError('superseded by a newer verification request');
  try {
    return await startSmsVerification(pending);
  } catch (err) {
    if (err instanceof SmsError && err.permanent) throw new UnrecoverableError(err.message);
    throw err;
  }
}

/**
 * POST /auth/check-verify-mobile: 2001 nothing on record; 2002 another number than the pending one, a
 * wrong or expired code. On success mobile = the E.164 number and mobileVerifyCode is cleared.
 */
export async function checkMobileVerification(userId: number, mobile: string, code: string): Promise<null> {
  const user = await playerById(userId);
  const stored = user.mobileVerifyCode;
  if (!stored) throw new BizError(2001);
  const [pending, devCode] = stored.split('|');
  if (!samePendingNumber(mobile, pending)) throw new BizError(2002);

  const mode = smsMode();
  if (mode === 'twilio') {
    let result: 'approved' | 'rejected';
    try {
      result = await checkSmsVerification(pending, code);
    } catch (err) {
      logger().warn({ err, userId }, 'SMS verification check failed');
      throw unavailable('SMS verification');
    }
    if (result !== 'approved') throw new BizError(2002);
  } else if (mode === 'development') {
    if (!devCode || devCode !== code) throw new BizError(2002);
  } else {
    logger().error({ userId }, 'SMS verification is not configured: a code cannot be checked');
    throw new BizError(2002);
  }

  if (await mobileTakenByOther(user, pending)) throw new BizError(2001, 'number used by another account', '/api/auth/send-verify-mobile');
  try {
    const [affected] = await User.update({ mobile: pending, mobileVerifyCode: null }, { where: { id: user.id, mobileVerifyCode: stored } });
    if (affected === 0) throw new BizError(2001); // a concurrent check or a new send replaced the record
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw new BizError(2001, 'number used by another account', '/api/auth/send-verify-mobile');
    throw err;
  }
  return null;
}
