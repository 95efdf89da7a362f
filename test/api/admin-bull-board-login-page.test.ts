import vm from 'node:vm';
import test from 'ava';
import { resetConfig } from '../../shared/config';
import { loginPage } from '../../api/modules/admin/queues-login-page';

/**
 * Bull Board's session cookie is Secure in production: over plain HTTP to another machine the browser
 * drops it and the login silently comes back. The login page says why, in the browser that sees it.
 */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'p'.repeat(40),
  ADMIN_JWT_SECRET: 'a'.repeat(40),
  CARD_FINGERPRINT_SECRET: 'c'.repeat(40),
  AUDIT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
  ADMIN_PASSWORD: 'long-enough-password',
};

function pageIn(env: Record<string, string>): string {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  resetConfig();
  try {
    return loginPage('/api/admin/queues', false);
  } finally {
    process.env = saved;
    resetConfig();
  }
}

/** Runs the page's script as a browser at `url` would; answers whether the plain-HTTP note shows. */
function noteShown(page: string, url: string): boolean {
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
  if (!script) return false;
  const note = { hidden: true };
  const { protocol, hostname } = new URL(url);
  vm.runInNewContext(script, { location: { protocol, hostname }, document: { getElementById: (id: string) => (id === 'plain-http' ? note : null) } });
  return !note.hidden;
}

test('in production the login page explains the Secure cookie to a browser on plain HTTP', (t) => {
  const page = pageIn(production);
  t.regex(page, /id="plain-http" hidden>This page is open over plain HTTP\. In production the session cookie is Secure/);
  t.true(noteShown(page, 'http://203.0.113.7:3000/api/admin/queues/login'));
  t.true(noteShown(page, 'http://board.example.com/api/admin/queues/login'));
  t.false(noteShown(page, 'https://board.example.com/api/admin/queues/login'));
  for (const loopback of ['http://localhost:3000/', 'http://127.0.0.1:3000/', 'http://[::1]:3000/']) t.false(noteShown(page, loopback), loopback);
});

test('outside production the cookie is not Secure and the page says nothing of it', (t) => {
  const page = pageIn({ ...production, NODE_ENV: 'test' });
  t.notRegex(page, /plain HTTP|Secure/);
  t.false(noteShown(page, 'http://203.0.113.7:3000/api/admin/queues/login'));
});
