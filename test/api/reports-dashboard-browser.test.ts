import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { BrowserContext } from 'playwright-core';
import { chromiumMissing, chromiumPath, launchChromium } from '../helpers/chromium';
import { providerEnv } from '../helpers/provider-requests';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The reports dashboard in a real browser (Chromium driven by playwright-core; docs/reports.md,
 * "Dashboard"): rounds and deposits on four days of a new site are folded into the rollup; an
 * administrator with reports:read opens the dashboard, is sent to the login form, logs in, comes back to
 * the dashboard for that range, and every chart canvas has drawn its first series' colour. A screenshot
 * is kept in the test's temp dir. Without Chromium (CHROMIUM_PATH, or Debian's /usr/bin/chromium) the
 * test is skipped.
 */

const TITLE = 'an administrator logs in and the reports dashboard draws its charts in Chromium';

/** Each canvas and the colour of its first series (api/modules/reports/dashboard-assets.ts). */
const FIRST_SERIES: Record<string, [number, number, number]> = {
  'chart-ggr': [0x1f, 0x6f, 0xeb],
  'chart-money': [0x1a, 0x7f, 0x37],
  'chart-players': [0x82, 0x50, 0xdf],
  'chart-funds': [0x09, 0x69, 0xda],
};

/** The page's canvases as the evaluated function sees them (the tests compile without the DOM library). */
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
type PageGlobals = { document: { getElementById(id: string): Canvas } };

const dayBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

if (!chromiumPath) {
  test.skip(chromiumMissing(TITLE), () => undefined);
} else {
  let stack: TestStack;
  let dir: string;
  let browser: BrowserContext | undefined;

  test.before(async () => {
    stack = await startTestStack(providerEnv());
    dir = await mkdtemp(path.join(tmpdir(), 'reports-dashboard-browser-'));
    browser = await launchChromium(dir, { viewport: { width: 1400, height: 1000 } });
  });

  test.after.always(async () => {
    await browser?.close();
    await stack?.close();
    // The screenshot stays for a look after the run; the browser profile goes.
    if (dir) await rm(path.join(dir, 'profile'), { recursive: true, force: true });
  });

  /** A player of `site` who plays two rounds and deposits on `day` (the rows moved to that day before the fold). */
  async function activityOn(site: string, day: string) {
    const factories = await import('../helpers/factories');
    const { db } = await import('../../shared/db/sequelize');
    const { backdateHistory } = await import('../helpers/history');
    const { creditDeposit } = await import('../../shared/domain/deposit');
    const { DepositOrder } = await import('../../shared/db/models');
    const { user, token } = await factories.createUser({ siteCode: site, balance: '100' });
    for (const betAmount of [5, 8]) {
      const res = await stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount } });
      if (res.body.code !== 200) throw new Error(res.text);
    }
    await factories.paidDeposit(user, '40');
    const order = await DepositOrder.findOne({ where: { userId: user.id } });
    await creditDeposit(Number(order!.id));
    // A round's play belongs to its betDatetime's day, a deposit to its ledger row's (docs/reports.md, "Figures").
    const at = `${day}T12:00:00Z`;
    await db().query(`UPDATE bet_orders SET "betDatetime" = :at WHERE "userId" = :id`, { replacements: { at, id: user.id } });
    await backdateHistory(`UPDATE game_transactions SET "createdAt" = :at WHERE "userId" = :id AND kind = 'deposit'`, { at, id: user.id });
  }

  test(TITLE, async (t) => {
    const factories = await import('../helpers/factories');
    const { foldReportDeltas } = await import('../../shared/domain/reports');
    const site = await factories.createSite();
    const from = dayBefore(5);
    const to = dayBefore(0);
    for (const n of [4, 3, 1, 0]) await activityOn(site, dayBefore(n));
    t.true((await foldReportDeltas()) > 0);
    const { admin, password } = await factories.createAdmin({ permissions: ['reports:read'] });

    const page = await browser!.newPage();
    page.setDefaultTimeout(30_000);
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => (r.status() >= 400 ? problems.push(`${r.status()} ${r.url()}`) : undefined));

    // Without a session the dashboard sends the browser to the login form, which comes back to it.
    const url = `${stack.baseUrl}/api/admin/reports/?siteCode=${site}&from=${from}&to=${to}`;
    await page.goto(url);
    t.is(new URL(page.url()).pathname, '/api/admin/queues/login');
    await page.fill('input[name="account"]', admin.account);
    await page.fill('input[name="password"]', password);
    await Promise.all([page.waitForURL((u) => u.pathname === '/api/admin/reports/'), page.click('button[type="submit"]')]);
    t.is(new URL(page.url()).searchParams.get('siteCode'), site);

    await page.locator('#dashboard[data-state="ready"]').waitFor({ state: 'attached' });
    t.regex(await page.locator('#status').innerText(), new RegExp(`${site}, ${from} to ${to} \\(6 days\\)`));
    t.is(await page.locator('#csv').getAttribute('href'), `/api/admin/reports/daily?siteCode=${site}&from=${from}&to=${to}&format=csv`);

    // Each canvas has pixels of its first series' colour: the figures were drawn, not only the axes.
    const drawn = await page.evaluate((series) => {
      const out: Record<string, number> = {};
      for (const [id, [r, g, b]] of Object.entries(series)) {
        const canvas = (globalThis as unknown as PageGlobals).document.getElementById(id);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] > 200 && Math.abs(data[i] - r) < 12 && Math.abs(data[i + 1] - g) < 12 && Math.abs(data[i + 2] - b) < 12) n++;
        }
        out[id] = n;
      }
      return out;
    }, FIRST_SERIES);
    t.log(`series pixels per canvas: ${JSON.stringify(drawn)}`);
    for (const id of Object.keys(FIRST_SERIES)) t.true(drawn[id] > 50, `${id} drew its figures (${drawn[id]} pixels)`);

    // The active players chart has a bar on each of the four days with play, none on the other two.
    const figures = await page.evaluate(
      async (query) =>
        ((await (await fetch(`/api/admin/reports/daily?${query}`)).json()) as { result: { rows: Array<{ activePlayers: number }> } }).result.rows,
      `siteCode=${site}&from=${from}&to=${to}`,
    );
    t.deepEqual(
      figures.map((r) => r.activePlayers),
      [0, 1, 1, 0, 1, 1],
    );
    t.deepEqual(problems, [], 'no script error and no refused resource (Content-Security-Policy)');

    const screenshot = path.join(dir, 'reports-dashboard.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    t.true((await stat(screenshot)).size > 10_000);
    t.log(`screenshot: ${screenshot}`);
  });
}
