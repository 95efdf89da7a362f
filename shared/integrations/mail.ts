import { createTransport } from 'nodemailer';
import { config } from '../config';
import { SiteConfig } from '../db/models';
import { writeDevMail } from './mail-dev-box';

/**
 * Outgoing e-mail through SMTP (nodemailer). Settings come from the environment first (SMTP_URL,
 * MAIL_FROM), then from the site's `settings.serviceProviders.email` {smtpUrl, from}. Without either,
 * outside production, mails go to the development mailbox (MAIL_DIR, mail-dev-box.ts) when there is
 * one. Nothing configured is a MailNotConfiguredError, never a crash.
 */
export type MailSettings =
  /** source: where the settings came from, for logs and error texts. */
  | { source: 'env' | 'site'; url: string; from: string }
  /** The development mailbox: .eml files in `dir`. */
  | { source: 'dev-mailbox'; dir: string; from: string };

/** The sender of development mails when neither MAIL_FROM nor the site names one. */
const DEV_MAIL_FROM = 'no-reply@localhost';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  /** The Message-ID header of the sent mail, angle brackets included. */
  messageId: string;
  accepted: string[];
  /** The .eml file of a mail written to the development mailbox. */
  file?: string;
}

/** Start of the message of MailNotConfiguredError, recognisable after crossing a queue. */
export const MAIL_NOT_CONFIGURED = 'mail is not configured';

/** Text made safe inside a mail's HTML. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The SMTP status of a refusal that retrying cannot change (a 5xx answer: mailbox unknown, relay
 * refused), else null (a 4xx or a network failure may pass later).
 */
export function permanentRefusalCode(err: unknown): number | null {
  const responseCode = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 ? responseCode : null;
}

export class MailNotConfiguredError extends Error {
  constructor(detail: string) {
    super(`${MAIL_NOT_CONFIGURED}: ${detail}`);
    this.name = 'MailNotConfiguredError';
  }
}

/** Time limits of one SMTP conversation, so a job never hangs on a silent server. */
const CONNECTION_TIMEOUT_MS = 5000;
const GREETING_TIMEOUT_MS = 5000;
const SOCKET_TIMEOUT_MS = 8000;

function checkUrl(url: string, where: string): string {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new MailNotConfiguredError(`${where} is not a valid URL`);
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new MailNotConfiguredError(`${where} must use smtp: or smtps:`);
  return url;
}

/**
 * The mail settings for a site: SMTP_URL/MAIL_FROM first, then the site's serviceProviders.email, then
 * the development mailbox (never in production: config.ts refuses MAIL_DIR there).
 */
export async function mailSettings(siteCode: string): Promise<MailSettings> {
  const env = config().integrations.smtp;
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['settings'] });
  const fromSite = site?.settings?.serviceProviders?.email;
  if (env.url) {
    const from = env.from ?? fromSite?.from;
    if (!from) throw new MailNotConfiguredError('SMTP_URL is set but MAIL_FROM (or the site setting serviceProviders.email.from) is not');
    return { url: checkUrl(env.url, 'SMTP_URL'), from, source: 'env' };
  }
  if (fromSite?.smtpUrl) {
    const from = fromSite.from ?? env.from;
    if (!from) throw new MailNotConfiguredError(`site ${siteCode}: serviceProviders.email has smtpUrl but no from address`);
    return { url: checkUrl(fromSite.smtpUrl, `site ${siteCode} serviceProviders.email.smtpUrl`), from, source: 'site' };
  }
  if (env.devMailDir) return { source: 'dev-mailbox', dir: env.devMailDir, from: env.from ?? fromSite?.from ?? DEV_MAIL_FROM };
  throw new MailNotConfiguredError(`set SMTP_URL and MAIL_FROM, or the site ${siteCode} setting serviceProviders.email {smtpUrl, from}`);
}

/** Sends one mail for a site. SMTP failures are thrown as they come (the caller decides on retries). */
export async function sendMail(siteCode: string, mail: OutgoingMail): Promise<SentMail> {
  const settings = await mailSettings(siteCode);
  if (settings.source === 'dev-mailbox') return writeDevMail(settings.dir, { from: settings.from, ...mail });
  const transport = createTransport({
    url: settings.url,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return {
      messageId: info.messageId,
      accepted: (info.accepted ?? []).map((a: string | { address: string }) => (typeof a === 'string' ? a : a.address)),
    };
  } finally {
    transport.close();
  }
}
