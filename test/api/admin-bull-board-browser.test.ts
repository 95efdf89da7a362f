import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { BrowserContext } from 'playwright-core';
import { chromiumMissing, chromiumPath, launchChromium } from '../helpers/chromium';
import { QUEUE_NAMES } from '../../shared/queues/definitions';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Bull Board in a real browser (Chromium driven by playwright-core): an administrator logs in at
 * /api/admin/queues/login, sees every queue, opens one and finds its waiting job; a screenshot is kept in the test's temp dir.
 * Without Chromium (CHROMIUM_PATH, or Debian's /usr/bin/chromium) the test is skipped.
 */

const TITLE = 'an administrator logs in to Bull Board in Chromium, sees every queue and opens one';

if (!chromiumPath) {
  test.skip(chromiumMissing(TITLE), () => undefined);
} else {
  let stack: TestStack;
  let dir: string;
  let browser: BrowserContext | undefined;

  test.before(async () => {
    stack = await startTestStack();
    dir = await mkdtemp(path.join(tmpdir(), 'bull-board-browser-'));
    browser = await launchChromium(dir, { viewport: { width: 1280, height: 900 } });
  });

  test.after.always(async () => {
    await browser?.close();
    await stack?.close();
    // The screenshot stays for a look after the run; the browser profile goes.
    if (dir) await rm(path.join(dir, 'profile'), { recursive: true, force: true });
  });

  test(TITLE, async (t) => {
    const { createAdmin } = await import('../helpers/factories');
    const { queue } = await import('../../shared/queues/queues');
    const { admin, password } = await createAdmin({ permissions: ['queues:read'] });
    // No worker runs in this test: the job waits, for the board to show.
    await queue('mail').add('welcome', { kind: 'welcome', userId: 1 }, { jobId: 'browser-check-1' });
    const page = await browser!.newPage();
    page.setDefaultTimeout(20_000);

    // Without a session the board sends the browser to its login form.
    await page.goto(`${stack.baseUrl}/api/admin/queues`);
    t.is(new URL(page.url()).pathname, '/api/admin/queues/login');

    // A wrong password comes back to the form with an error.
    await page.fill('input[name="account"]', admin.account);
    await page.fill('input[name="password"]', `${password}-wrong`);
    await Promise.all([page.waitForURL(/\/login\?error=1$/), page.click('button[type="submit"]')]);
    t.true(await page.locator('.error').isVisible());

    await page.fill('input[name="account"]', admin.account);
    await page.fill('input[name="password"]', password);
    await Promise.all([page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/api/admin/queues'), page.click('button[type="submit"]')]);

    // Every declared queue is on the board.
    for (const name of QUEUE_NAMES) {
      await page
        .locator(`a[href$="/queue/${encodeURIComponent(name)}"]`)
        .first()
        .waitFor({ state: 'visible' });
      t.true(await page.getByText(name, { exact: true }).first().isVisible(), `queue ${name} is shown`);
    }

    // Opening one queue shows its page, with the waiting job.
    await Promise.all([page.waitForURL(/\/api\/admin\/queues\/queue\/mail$/), page.locator('a[href$="/queue/mail"]').first().click()]);
    await page.getByText('mail', { exact: true }).first().waitFor({ state: 'visible' });
    await page
      .getByText(/^waiting$/i)
      .first()
      .click();
    await page
      .getByText(/browser-check-1/)
      .first()
      .waitFor({ state: 'visible' });
    const screenshot = path.join(dir, 'bull-board-mail.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    t.true((await stat(screenshot)).size > 1000);
    t.log(`screenshot: ${screenshot}`);
  });
}
