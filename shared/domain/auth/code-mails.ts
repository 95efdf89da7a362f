import { UnrecoverableError } from 'bullmq';
import { User } from '../../db/models';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import { escapeHtml, MailNotConfiguredError, permanentRefusalCode, sendMail, type OutgoingMail, type SentMail } from '../../integrations/mail';
import { siteNameIn } from '../site-config';
import type { QueuePayloads } from '../../queues/definitions';
import { cache } from '../../redis';
import type { CodeMailKind } from './code-mail-outcomes';
import { codeMailState, markCodeMailDone } from './queries';
import { normalizeEmail, pendingEmailKey } from './email-verification';

/**
 * The mails carrying a code (e-mail verification, withdrawal code), built in the user's locale and sent
 * by the `mail` worker.
 */

const MAIL_TEXTS: Record<Locale, { subject: (site: string) => string; body: (code: string) => string; ignore: string }> = {
  'zh-TW': { subject: (s) => `${s} 電子郵件驗證碼`, body: (c) => `您的驗證碼是：${c}`, ignore: '若您沒有提出此申請，請忽略這封郵件。' },
  'zh-CN': { subject: (s) => `${s} 邮箱验证码`, body: (c) => `您的验证码是：${c}`, ignore: '如果您没有提出此申请，请忽略这封邮件。' },
  'en-US': {
    subject: (s) => `${s} e-mail verification code`,
    body: (c) => `Your verification code is: ${c}`,
    ignore: 'If you did not ask for this code, ignore this e-mail.',
  },
  'th-TH': { subject: (s) => `รหัสยืนยันอีเมล ${s}`, body: (c) => `รหัสยืนยันของคุณคือ: ${c}`, ignore: 'หากคุณไม่ได้ขอรหัสนี้ โปรดละเว้นอีเมลนี้' },
  'vi-VN': {
    subject: (s) => `Mã xác minh email ${s}`,
    body: (c) => `Mã xác minh của bạn là: ${c}`,
    ignore: 'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này.',
  },
};

const WITHDRAWAL_TEXTS: Record<Locale, { subject: (site: string) => string; body: (code: string) => string }> = {
  'zh-TW': { subject: (s) => `${s} 提款驗證碼`, body: (c) => `您的提款驗證碼是：${c}` },
  'zh-CN': { subject: (s) => `${s} 提款验证码`, body: (c) => `您的提款验证码是：${c}` },
  'en-US': { subject: (s) => `${s} withdrawal verification code`, body: (c) => `Your withdrawal verification code is: ${c}` },
  'th-TH': { subject: (s) => `รหัสยืนยันการถอนเงิน ${s}`, body: (c) => `รหัสยืนยันการถอนเงินของคุณคือ: ${c}` },
  'vi-VN': { subject: (s) => `Mã xác minh rút tiền ${s}`, body: (c) => `Mã xác minh rút tiền của bạn là: ${c}` },
};

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

type MailPayload = QueuePayloads['mail'];

/** The e-mail verification mail, unless a newer request replaced its address. */
async function verifyEmailMail(user: User, payload: MailPayload, locale: Locale): Promise<OutgoingMail> {
  if (!payload.to) throw new UnrecoverableError('verify-email job without a recipient');
  if (!user.emailVerifyCode) throw new UnrecoverableError(`user ${user.id} has no e-mail code to send`);
  const pending = await cache().get(pendingEmailKey(user.id));
  if (pending && pending !== normalizeEmail(payload.to)) throw new UnrecoverableError('superseded by a newer verification request');
  const texts = MAIL_TEXTS[locale];
  const subject = payload.subject?.trim() || texts.subject(await siteNameIn(user.siteCode, locale));
  return codeMail(payload.to, subject, [texts.body(user.emailVerifyCode), texts.ignore], user.emailVerifyCode);
}

/** The withdrawal code mail, to the job's address or else the user's verified e-mail. */
async function withdrawalCodeMail(user: User, payload: MailPayload, locale: Locale): Promise<OutgoingMail> {
  const to = payload.to ?? user.email;
  if (!to) throw new UnrecoverableError(`user ${user.id} has no verified e-mail`);
  if (!user.withdrawalVerifyCode) throw new UnrecoverableError(`user ${user.id} has no withdrawal code to send`);
  const texts = WITHDRAWAL_TEXTS[locale];
  const subject = payload.subject?.trim() || texts.subject(await siteNameIn(user.siteCode, locale));
  return codeMail(to, subject, [texts.body(user.withdrawalVerifyCode), MAIL_TEXTS[locale].ignore], user.withdrawalVerifyCode);
}

/** Sends the mail; failures retrying cannot fix (no mail settings, a 5xx SMTP answer) are UnrecoverableError. */
async function sendOrGiveUp(siteCode: string, mail: OutgoingMail): Promise<SentMail> {
  try {
    return await sendMail(siteCode, mail);
  } catch (err) {
    if (err instanceof MailNotConfiguredError) throw new UnrecoverableError(err.message);
    const responseCode = permanentRefusalCode(err);
    if (responseCode !== null) {
      throw new UnrecoverableError(`SMTP server refused the mail (${responseCode}): ${(err as Error).message}`.slice(0, 500));
    }
    throw err;
  }
}

/** Builds the mail from the user row as it is now (the current code) and sends it. */
async function buildAndSend(payload: MailPayload): Promise<SentMail> {
  const user = await User.findByPk(payload.userId);
  if (!user) throw new UnrecoverableError(`user ${payload.userId} not found`);
  const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const mail = payload.kind === 'verify-email' ? await verifyEmailMail(user, payload, locale) : await withdrawalCodeMail(user, payload, locale);
  return sendOrGiveUp(user.siteCode, mail);
}

/**
 * The `mail` worker's work for the code mails: reloads the user, builds the mail in the user's locale
 * with the code on record now and sends it. Returns {messageId, accepted}. Failures retrying cannot fix
 * are UnrecoverableError. A job carrying a version (code-mail-outcomes.ts) is dropped as superseded when
 * a newer code was queued since, answers {skipped: 'already sent'} when its version is done, and marks
 * the version done after the send or a failure for good; a failure that will be retried leaves it open
 * for the reconcile sweep (docs/decisions/auth.md, "Code mails survive Redis").
 */
export async function deliverMail(payload: MailPayload): Promise<SentMail | { skipped: 'already sent' }> {
  if (payload.kind !== 'verify-email' && payload.kind !== 'withdrawal-code') {
    throw new UnrecoverableError(`mail processing is not built yet for kind ${payload.kind}`);
  }
  const { version } = payload;
  if (version === undefined) return buildAndSend(payload);
  const kind: CodeMailKind = payload.kind;
  const state = await codeMailState(payload.userId, kind);
  if (state?.version !== version) throw new UnrecoverableError(`superseded by a newer ${kind} code (version ${version} of ${state?.version ?? 'none'})`);
  if (state.doneAt) return { skipped: 'already sent' };
  try {
    const sent = await buildAndSend(payload);
    await markCodeMailDone(payload.userId, kind, version, 'sent');
    return sent;
  } catch (err) {
    if (err instanceof UnrecoverableError) await markCodeMailDone(payload.userId, kind, version, err.message);
    throw err;
  }
}
