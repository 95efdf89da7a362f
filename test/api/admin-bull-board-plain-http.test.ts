import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { BrowserContext } from 'playwright-core';
import { chromiumMissing, chromiumPath, launchChromium } from '../helpers/chromium';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * In production Bull Board's session cookie is Secure. Chromium, over plain HTTP to a host that is not
 * this machine (board.test, resolved to loopback by the browser alone), drops it: the login comes back
 * to the form, which says why. On loopback the same login works. Skipped without Chromium.
 */
const TITLE = 'in production a login over plain HTTP comes back to the form, which says the cookie is Secure';

if (!chromiumPath) {
  test.skip(chromiumMissing(TITLE), () => undefined);
} else {
  let stack: TestStack;
  let dir: string;
  let browser: BrowserContext | undefined;

  test.before(async () => {
    stack = await startTestStack({
      NODE_ENV: 'production',
      JWT_SECRET: 'plain-http-test-player-secret-0123456789',
      ADMIN_JWT_SECRET: 'plain-http-test-admin-secret-0123456789',
      CARD_FINGERPRINT_SECRET: 'plain-http-test-card-fingerprint-0123456789',
      AUDIT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
      ADMIN_PASSWORD: 'plain-http-test-password',
    });
    dir = await mkdtemp(path.join(tmpdir(), 'bull-board-plain-http-'));
    browser = await launchChromium(dir, { extraArgs: ['--host-resolver-rules=MAP board.test 127.0.0.1'] });
  });
  test.after.always(async () => {
    await browser?.close();
    await stack?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test.serial(TITLE, async (t) => {
    const { createAdmin } = await import('../helpers/factories');
    const { admin, password } = await createAdmin({ permissions: ['queues:read'] });
    const port = new URL(stack.baseUrl).port;
    const page = await browser!.newPage();
    page.setDefaultTimeout(20_000);

    await page.goto(`http://board.test:${port}/api/admin/queues/login`);
    t.true(await page.locator('#plain-http').isVisible());
    t.regex(await page.locator('#plain-http').innerText(), /session cookie is Secure/);
    await page.fill('input[name="account"]', admin.account);
    await page.fill('input[name="password"]', password);
    await Promise.all([page.waitForURL(/\/api\/admin\/queues\/login$/), page.click('button[type="submit"]')]);
    t.true(await page.locator('#plain-http').isVisible());

    // On this machine the browser keeps the Secure cookie over HTTP, and the page says nothing.
    await page.goto(`http://127.0.0.1:${port}/api/admin/queues/login`);
    t.false(await page.locator('#plain-http').isVisible());
    await page.fill('input[name="account"]', admin.account);
    await page.fill('input[name="password"]', password);
    await Promise.all([page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/api/admin/queues'), page.click('button[type="submit"]')]);
    t.is(new URL(page.url()).hostname, '127.0.0.1');
  });
}
