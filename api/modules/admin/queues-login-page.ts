import { config } from '../../../shared/config';

/**
 * In production the session cookie is Secure: a browser on plain HTTP (other than to this machine)
 * drops it, and every login lands back here. The page says so when the browser shows it over HTTP.
 */
const PLAIN_HTTP_NOTE = `<p class="warning" id="plain-http" hidden>This page is open over plain HTTP. In production the session cookie is Secure, so the browser drops it and every login comes back here. Open the board over HTTPS (for example behind a TLS proxy).</p>
<noscript><p class="warning">In production the session cookie is Secure: log in over HTTPS, or the browser drops it and the login comes back here.</p></noscript>
<script>if (location.protocol === 'http:' && !/^(localhost|127\\.0\\.0\\.1|\\[::1\\])$/.test(location.hostname)) document.getElementById('plain-http').hidden = false;</script>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small login form a browser uses to reach Bull Board (and the reports dashboard: `next`, the page to go back to). */
export function loginPage(basePath: string, failed: boolean, next: string | null = null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Queues - administrator login</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0;background:#f4f5f7}
form{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;display:grid;gap:.75rem;min-width:18rem;max-width:28rem}
input,button{font:inherit;padding:.5rem}.error{color:#b00020}.warning{color:#8a4b00}</style></head>
<body><form method="post" action="${basePath}/login">
<h1>Queues</h1>${failed ? '<p class="error">Wrong account, password or authenticator code, or the account is disabled (or must set up an authenticator first).</p>' : ''}${config().nodeEnv === 'production' ? PLAIN_HTTP_NOTE : ''}
${next ? `<input type="hidden" name="next" value="${escapeHtml(next)}">` : ''}
<label>Account <input name="account" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<label>Authenticator code (if enabled) <input name="totpCode" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6"></label>
<button type="submit">Log in</button></form></body></html>`;
}
