import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { logger } from '../logger';
import type { OutgoingMail, SentMail } from './mail';

/**
 * The development mailbox (docs/decisions/platform.md, "A mailbox for development"): without SMTP settings,
 * outside production, each mail is built by nodemailer's stream transport as the RFC 822 message an
 * SMTP server would receive and written as one .eml file in the mailbox folder. File names start with
 * the time they were written, so they sort oldest first; `npm run mail` prints the newest.
 */

export const DEV_MAIL_EXTENSION = '.eml';

/** `2026-11-26T10-17-53-123Z-1a2b3c4d.eml`: sortable by time, unique across processes. */
function fileName(at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}${DEV_MAIL_EXTENSION}`;
}

/** Writes one mail to `dir` (created when missing) and names the file in the log. */
export async function writeDevMail(dir: string, mail: OutgoingMail & { from: string }): Promise<SentMail> {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, date: new Date() });
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, fileName(new Date()));
  // Written whole under a temporary name first, so a reader never sees half a mail.
  const partial = path.join(dir, `.${path.basename(file)}.partial`);
  await fs.writeFile(partial, info.message as Buffer);
  await fs.rename(partial, file);
  logger().info({ mail: { subject: mail.subject, file } }, `mail written to ${file} (no SMTP settings; npm run mail shows it)`);
  return { messageId: info.messageId, accepted: info.envelope.to, file };
}
