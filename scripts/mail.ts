import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { devMailDirOf } from '../shared/config';
import { DEV_MAIL_EXTENSION } from '../shared/integrations/mail-dev-box';

/**
 * `npm run mail [count]`: the newest mails of the development mailbox (MAIL_DIR, default .data/mail;
 * docs/decisions/platform.md, "A mailbox for development"), newest first, with sender, recipients, subject,
 * date and body text: the verification and withdrawal codes a development machine cannot send.
 */
export const DEFAULT_COUNT = 5;

const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

/** The names of the mailbox's mails, newest first (their names start with the time they were written). */
async function newestFiles(dir: string, count: number): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names
    .filter((n) => n.endsWith(DEV_MAIL_EXTENSION) && !n.startsWith('.'))
    .sort()
    .reverse()
    .slice(0, count);
}

/** The text `npm run mail` prints for the newest `count` mails of `dir`. */
export async function mailReport(dir: string, count = DEFAULT_COUNT): Promise<string> {
  const files = await newestFiles(dir, count);
  if (!files.length) return `No mails in ${dir} yet. Without SMTP settings, development writes every mail there.\n`;
  const parts: string[] = [];
  for (const [i, name] of files.entries()) {
    const mail = await simpleParser(await fs.readFile(path.join(dir, name)));
    parts.push(
      [
        `=== ${i + 1} of ${files.length}: ${path.join(dir, name)}`,
        `From:    ${addresses(mail.from)}`,
        `To:      ${addresses(mail.to)}`,
        `Subject: ${mail.subject ?? ''}`,
        `Date:    ${mail.date?.toISOString() ?? ''}`,
        '',
        (mail.text ?? '').trim(),
        '',
      ].join('\n'),
    );
  }
  return parts.join('\n');
}

/** The count argument: a positive whole number, DEFAULT_COUNT when absent. */
export function countArgument(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_COUNT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`usage: npm run mail [count]  (count must be a positive whole number, got "${raw}")`);
  return n;
}

async function main() {
  process.stdout.write(await mailReport(devMailDirOf(process.env), countArgument(process.argv[2])));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
