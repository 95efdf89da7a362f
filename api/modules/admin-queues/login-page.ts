/** The small login form a browser uses to reach Bull Board. */
export function loginPage(basePath: string, failed: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Queues - administrator login</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0;background:#f4f5f7}
form{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;display:grid;gap:.75rem;min-width:18rem}
input,button{font:inherit;padding:.5rem}.error{color:#b00020}</style></head>
<body><form method="post" action="${basePath}/login">
<h1>Queues</h1>${failed ? '<p class="error">Wrong account or password, or the account is disabled.</p>' : ''}
<label>Account <input name="account" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button></form></body></html>`;
}
