import { UnrecoverableError } from 'bullmq';
import { SiteConfig, User } from '../../db/models';
import { DEFAULT_LOCALE, isLocale, pickText, type Locale } from '../../i18n/locales';
import { WELCOME_MAIL_TEXTS } from '../../i18n/welcome-mail';
import { MailNotConfiguredError, sendMail, type OutgoingMail, type SentMail } from '../../integrations/mail';
import { logger } from '../../logger';

/**
 * The welcome mail a registration queues (accounts.ts, when the site's `mail.welcomeRegistration` is
 * on): sent in the player's locale to the player's e-mail. A player without an e-mail, or a site
 * without mail settings, is no failure: the job completes as skipped, and says why.
 */
export type WelcomeOutcome = SentMail | { skipped: 'no e-mail' | 'mail not configured'; detail?: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function welcomeMail(to: string, locale: Locale, site: string, player: { name: string; account: string }): OutgoingMail {
  const texts = WELCOME_MAIL_TEXTS[locale];
  const lines = [texts.greeting(player.name), texts.ready(site, player.account), texts.closing];
  return {
    to,
    subject: texts.subject(site),
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
  };
}

export async function deliverWelcomeMail(userId: number): Promise<WelcomeOutcome> {
  const user = await User.findByPk(userId);
  if (!user) throw new UnrecoverableError(`user ${userId} not found`);
  const log = logger().child({ mail: 'welcome', userId });
  const to = user.email?.trim();
  if (!to) {
    log.info('welcome mail skipped: the player has no e-mail');
    return { skipped: 'no e-mail' };
  }
  const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const site = await SiteConfig.findOne({ where: { siteCode: user.siteCode }, attributes: ['siteName'] });
  const siteName = pickText(site?.siteName, locale) || user.siteCode;
  try {
    return await sendMail(user.siteCode, welcomeMail(to, locale, siteName, user));
  } catch (err) {
    if (err instanceof MailNotConfiguredError) {
      log.info({ detail: err.message }, 'welcome mail skipped: mail is not configured for the site');
      return { skipped: 'mail not configured', detail: err.message };
    }
    // A 5xx SMTP answer (mailbox unknown, relay refused) will not change on retry; 4xx and network may.
    const responseCode = (err as { responseCode?: number }).responseCode;
    if (typeof responseCode === 'number' && responseCode >= 500) {
      throw new UnrecoverableError(`SMTP server refused the mail (${responseCode}): ${(err as Error).message}`.slice(0, 500));
    }
    throw err;
  }
}
