/**
 * The reports dashboard's page (docs/reports.md, "Dashboard"): static HTML whose script (served from this
 * origin, ./dashboard-assets.ts) reads the figures from GET /api/admin/reports/daily and draws them with
 * Chart.js. Every value written into the page is escaped; the page runs no inline script or style.
 */
export const DASHBOARD_PATH = '/api/admin/reports';
export const ASSETS_PATH = `${DASHBOARD_PATH}/assets`;

/** Scripts, styles and requests from this origin only; no frames, no plugins, no inline code. */
export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The charts: canvas id and heading. The script (./dashboard-assets.ts) fills each canvas. */
export const CHARTS = [
  ['chart-ggr', 'GGR and NGR per day'],
  ['chart-money', 'Deposits and withdrawals paid per day'],
  ['chart-players', 'Active players per day'],
  ['chart-funds', 'Player funds at the end of each day'],
] as const;

export function dashboardPage(view: { site: string; from: string; to: string }): string {
  const site = escapeHtml(view.site);
  const from = escapeHtml(view.from);
  const to = escapeHtml(view.to);
  const query = new URLSearchParams({ siteCode: view.site, from: view.from, to: view.to }).toString();
  const csv = escapeHtml(`${DASHBOARD_PATH}/daily?${query}&format=csv`);
  const charts = CHARTS.map(([id, title]) => `<section><h2>${escapeHtml(title)}</h2><div class="chart"><canvas id="${id}"></canvas></div></section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reports - ${site}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${ASSETS_PATH}/dashboard.css"></head>
<body><header><h1>Reports - ${site}</h1>
<form method="get" action="${DASHBOARD_PATH}/">
<label>Site <input name="siteCode" value="${site}" required maxlength="64"></label>
<label>From <input name="from" type="date" value="${from}" required></label>
<label>To <input name="to" type="date" value="${to}" required></label>
<button type="submit">Show</button></form>
<p><a id="csv" href="${csv}">Download the daily figures (CSV)</a></p></header>
<main id="dashboard" data-site="${site}" data-from="${from}" data-to="${to}" data-state="loading">
<p id="status" role="status">Reading the figures...</p>
${charts.join('\n')}
</main>
<script src="${ASSETS_PATH}/chart.umd.js"></script>
<script src="${ASSETS_PATH}/dashboard.js"></script>
</body></html>`;
}
