import { UnrecoverableError } from 'bullmq';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import { WELCOME_MAIL_TEXTS } from '../../i18n/welcome-mail';
import { escapeHtml, MailNotConfiguredError, permanentRefusalCode, sendMail, type OutgoingMail, type SentMail } from '../../integrations/mail';
import { logger } from '../../logger';
import { siteNameIn } from '../site-config';

/**
 * The welcome mail a registration queues (accounts.ts, when the site's `mail.welcomeRegistration` is
 * on): sent in the player's locale to the player's e-mail. A player without an e-mail, or a site
 * without mail settings, is no failure: the job completes as skipped, and says why.
 */
export type WelcomeOutcome = SentMail | { skipped: 'no e-mail' | 'mail not configured' | 'already sent'; detail?: string };

/** The welcome's subject and paragraphs in one locale (the mail and the welcome inbox message say the same). */
export function welcomeText(locale: Locale, site: string, player: { name: string; account: string }): { subject: string; lines: string[]; html: string } {
  const texts = WELCOME_MAIL_TEXTS[locale];
  const lines = [texts.greeting(player.name), texts.ready(site, player.account), texts.closing];
  return { subject: texts.subject(site), lines, html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') };
}

export function welcomeMail(to: string, locale: Locale, site: string, player: { name: string; account: string }): OutgoingMail {
  const { subject, lines, html } = welcomeText(locale, site, player);
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${html}</body></html>`,
  };
}

/**
 * Sends the welcome mail once per player: a user whose `welcomeMailAt` is set is skipped as already sent.
 * After a send, a skip for good (no e-mail, mail not configured) or a refusal no retry changes (SMTP 5xx,
 * the job fails), `welcomeMailAt` is set: the mark the outbox reconcile sweep reads (welcome-reconcile.ts).
 * A failure that will be retried leaves it null, and so does one that ran out of attempts: the sweep
 * writes that welcome again. At least once, not exactly once: a crash (or a failed mark) between the
 * SMTP send and the mark sends the mail again on the retry, and two jobs of the same player running at
 * the same moment can both send.
 */
export async function deliverWelcomeMail(userId: number): Promise<WelcomeOutcome> {
  const user = await User.findByPk(userId);
  if (!user) throw new UnrecoverableError(`user ${userId} not found`);
  if (user.welcomeMailAt) {
    logger().info({ mail: 'welcome', userId }, 'welcome mail skipped: already sent');
    return { skipped: 'already sent' };
  }
  const outcome = await sendWelcome(user);
  await markWelcomed(userId);
  return outcome;
}

async function markWelcomed(userId: number): Promise<void> {
  await db().query(`UPDATE users SET "welcomeMailAt" = now() WHERE id = :id AND "welcomeMailAt" IS NULL`, { replacements: { id: userId } });
}

/** The send, or a skip for good; throws what the job should retry or fail on (marking a 5xx refusal). */
async function sendWelcome(user: User): Promise<WelcomeOutcome> {
  const log = logger().child({ mail: 'welcome', userId: user.id });
  const to = user.email?.trim();
  if (!to) {
    log.info('welcome mail skipped: the player has no e-mail');
    return { skipped: 'no e-mail' };
  }
  const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const siteName = await siteNameIn(user.siteCode, locale);
  try {
    return await sendMail(user.siteCode, welcomeMail(to, locale, siteName, user));
  } catch (err) {
    if (err instanceof MailNotConfiguredError) {
      log.info({ detail: err.message }, 'welcome mail skipped: mail is not configured for the site');
      return { skipped: 'mail not configured', detail: err.message };
    }
    const responseCode = permanentRefusalCode(err);
    if (responseCode !== null) {
      await markWelcomed(user.id);
      throw new UnrecoverableError(`SMTP server refused the mail (${responseCode}): ${(err as Error).message}`.slice(0, 500));
    }
    throw err;
  }
}
