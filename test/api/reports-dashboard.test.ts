import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The reports dashboard over plain HTTP (docs/reports.md, "Dashboard"): refused without a session (the
 * 401 envelope; a browser is sent to the login form with the way back), without reports:read (403) and
 * for a site-bound administrator naming another site (403); the page, its script and Chart.js come from
 * this origin with their content types and a strict Content-Security-Policy; the login form sets the
 * session cookie that opens the page and its figures, and goes back to the page.
 */

let stack: TestStack;
let factories: typeof import('../helpers/factories');
const PAGE = '/api/admin/reports';
const COOKIE = 'admin_queues_session';

test.before(async () => {
  stack = await startTestStack();
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await stack?.close();
});

const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

test('without a session: the 401 envelope, and a browser goes to the login form with the way back', async (t) => {
  const api = await stack.request('GET', `${PAGE}/?from=2026-11-01&to=2026-11-30`);
  t.is(api.status, 401);
  t.is(api.body.code, 401);
  const data = await stack.request('GET', `${PAGE}/daily?from=2026-11-01&to=2026-11-30`, { headers: { accept: 'text/html' } });
  t.is(data.status, 401, 'the figures are not a page: no redirect');

  const browser = await stack.request('GET', `${PAGE}/?from=2026-11-01&to=2026-11-30`, { headers: { accept: 'text/html' } });
  t.is(browser.status, 303);
  const next = `${PAGE}/?from=2026-11-01&to=2026-11-30`;
  t.is(browser.headers.get('location'), `/api/admin/queues/login?next=${encodeURIComponent(next)}`);
  const login = await stack.request('GET', browser.headers.get('location')!);
  t.is(login.status, 200);
  t.regex(login.text, /<input type="hidden" name="next" value="\/api\/admin\/reports\/\?from=2026-11-01&#38;to=2026-11-30">/);
  // Another origin is never a way back.
  const elsewhere = await stack.request('GET', `/api/admin/queues/login?next=${encodeURIComponent('//evil.example/api/admin/reports')}`);
  t.notRegex(elsewhere.text, /name="next"/);
});

test('the login form sets the session that opens the page and its figures, and goes back to the page', async (t) => {
  const { admin, password } = await factories.createAdmin({ permissions: ['reports:read'] });
  const next = `${PAGE}/?from=2026-11-01&to=2026-11-30`;
  const wrong = await stack.request('POST', '/api/admin/queues/login', form({ account: admin.account, password: `${password}x`, next }));
  t.is(wrong.headers.get('location'), `/api/admin/queues/login?error=1&next=${encodeURIComponent(next)}`);
  const right = await stack.request('POST', '/api/admin/queues/login', form({ account: admin.account, password, next }));
  t.is(right.status, 303);
  t.is(right.headers.get('location'), next);
  const m = /^admin_queues_session=([^;]+); Path=\/api\/admin; HttpOnly; SameSite=Strict$/.exec(right.headers.get('set-cookie') ?? '');
  t.truthy(m, right.headers.get('set-cookie') ?? 'no cookie');
  const cookie = `${COOKIE}=${m?.[1]}`;

  const page = await stack.request('GET', next, { headers: { cookie, accept: 'text/html' } });
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/);
  const csp = page.headers.get('content-security-policy') ?? '';
  t.regex(csp, /script-src 'self'(;|$)/);
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /frame-ancestors 'none'/);
  t.notRegex(page.text, /<script>|<style|\sstyle=|\son\w+=/i, 'no inline script or style');
  t.regex(page.text, /<script src="\/api\/admin\/reports\/assets\/chart\.umd\.js"><\/script>/);
  t.regex(page.text, /data-from="2026-11-01" data-to="2026-11-30"/);
  t.regex(page.text, /href="\/api\/admin\/reports\/daily\?siteCode=[^"]+&#38;from=2026-11-01&#38;to=2026-11-30&#38;format=csv"/);
  t.is((await stack.request('GET', PAGE, { headers: { cookie } })).status, 200, 'without the slash too');

  const data = await stack.request('GET', `${PAGE}/daily?from=2026-11-01&to=2026-11-30`, { headers: { cookie } });
  t.is(data.status, 200);
  t.is(data.body.result.rows.length, 30);
  const csv = await stack.request('GET', `${PAGE}/daily?from=2026-11-01&to=2026-11-02&format=csv`, { headers: { cookie } });
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  t.regex(csv.text, /^day,/);
});

test('the default range is the last 30 days of the site; a bad range is a 400 naming the field', async (t) => {
  const { token } = await factories.createAdmin({ permissions: ['reports:read'] });
  const page = await stack.request('GET', `${PAGE}/`, { token });
  const today = new Date().toISOString().slice(0, 10); // the default site's zone is UTC unless set
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  t.regex(page.text, new RegExp(`data-from="${from}" data-to="${today}"`));
  const bad = await stack.request('GET', `${PAGE}/?from=2026-11-30&to=2026-11-01`, { token });
  t.is(bad.status, 400);
  t.is(bad.body.errors?.[0]?.field ?? bad.body.data?.errors?.[0]?.field, 'to', bad.text);
});

test('without reports:read: 403; a site-bound administrator sees only its sites', async (t) => {
  const other = await factories.createAdmin({ permissions: ['queues:read'] });
  const refused = await stack.request('GET', `${PAGE}/`, { token: other.token, headers: { accept: 'text/html' } });
  t.is(refused.status, 403);
  t.is(refused.body.code, 403);
  t.regex(refused.body.message, /reports:read/);
  t.is((await stack.request('GET', `${PAGE}/daily?from=2026-11-01&to=2026-11-02`, { token: other.token })).status, 403);

  const own = await factories.createSite();
  const foreign = await factories.createSite();
  const bound = await factories.createAdmin({ permissions: ['reports:read'] });
  await bound.admin.update({ sites: [own] });
  const theirs = await stack.request('GET', `${PAGE}/?siteCode=${foreign}`, { token: bound.token });
  t.is(theirs.status, 403);
  t.regex(theirs.body.message, /not one of your sites/);
  t.is((await stack.request('GET', `${PAGE}/daily?siteCode=${foreign}&from=2026-11-01&to=2026-11-02`, { token: bound.token })).status, 403);
  const mine = await stack.request('GET', `${PAGE}/`, { token: bound.token });
  t.is(mine.status, 200);
  t.regex(mine.text, new RegExp(`data-site="${own}"`), 'its only site by default');
});

test('the script, the style and Chart.js are served from this origin with their content types', async (t) => {
  const chart = await stack.request('GET', `${PAGE}/assets/chart.umd.js`);
  t.is(chart.status, 200);
  t.regex(chart.headers.get('content-type') ?? '', /^text\/javascript; charset=utf-8/);
  t.regex(chart.text, /Chart\.js v4\./);
  const script = await stack.request('GET', `${PAGE}/assets/dashboard.js`);
  t.regex(script.headers.get('content-type') ?? '', /^text\/javascript/);
  t.regex(script.text, /\/api\/admin\/reports\/daily\?/);
  t.notRegex(script.text, /innerHTML/);
  t.regex((await stack.request('GET', `${PAGE}/assets/dashboard.css`)).headers.get('content-type') ?? '', /^text\/css/);
  t.is((await stack.request('GET', `${PAGE}/assets/nothing.js`)).status, 404);
  t.is((await stack.request('GET', `${PAGE}/assets/toString`)).status, 404);
});
