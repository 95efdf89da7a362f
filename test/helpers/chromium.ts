import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/**
 * Chromium for the browser tests: CHROMIUM_PATH, else Debian's or another usual path; undefined when
 * none is installed (the tests are then skipped with `chromiumMissing`).
 */
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
export const chromiumPath = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p)));

/** The title of a browser test skipped for want of Chromium, saying how to install it. */
export const chromiumMissing = (title: string) => `${title} (skipped: no Chromium found; install it with \`apt-get install chromium\`, or set CHROMIUM_PATH)`;

/**
 * A headless Chromium with a fresh profile under `dir`, with the flags this machine's closed network
 * needs (no background connections, no QUIC). `extraArgs` adds flags such as host resolver rules.
 */
export async function launchChromium(
  dir: string,
  options: { extraArgs?: string[]; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.extraArgs ?? []),
    ],
    viewport: options.viewport,
  });
}
