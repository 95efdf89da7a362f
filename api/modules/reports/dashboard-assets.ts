import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DASHBOARD_PATH } from './dashboard-page';

/**
 * The reports dashboard's script and style, and Chart.js from node_modules (docs/reports.md,
 * "Dashboard"): served from this origin, so the page's Content-Security-Policy allows only 'self'. The
 * script reads the figures from the dashboard's JSON route with the session cookie and writes text with
 * textContent only; money figures are decimal strings, turned into numbers for drawing alone.
 */
const SCRIPT = `(function () {
  'use strict';
  var main = document.getElementById('dashboard');
  var status = document.getElementById('status');
  var query = new URLSearchParams({ siteCode: main.dataset.site, from: main.dataset.from, to: main.dataset.to });
  var num = function (v) { var n = Number(v); return isFinite(n) ? n : 0; };
  var draw = function (id, type, days, sets, counts) {
    new Chart(document.getElementById(id), {
      type: type,
      data: {
        labels: days,
        datasets: sets.map(function (s) {
          return { label: s.label, data: s.data, backgroundColor: s.color, borderColor: s.color, borderWidth: type === 'line' ? 2 : 0, pointRadius: 2 };
        })
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: counts ? { y: { ticks: { precision: 0 } } } : {},
        plugins: { legend: { position: 'bottom' } }
      }
    });
  };
  fetch('${DASHBOARD_PATH}/daily?' + query.toString(), { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok || !body || body.code !== 200) throw new Error(body && body.message ? body.message : 'HTTP ' + res.status);
        return body.result;
      });
    })
    .then(function (report) {
      var rows = report.rows;
      var days = rows.map(function (r) { return r.day; });
      var series = function (f) { return rows.map(function (r) { return num(r[f]); }); };
      draw('chart-ggr', 'bar', days, [
        { label: 'GGR', data: series('ggr'), color: '#1f6feb' },
        { label: 'NGR', data: series('ngr'), color: '#2da44e' }
      ]);
      draw('chart-money', 'bar', days, [
        { label: 'Deposits', data: series('depositAmount'), color: '#1a7f37' },
        { label: 'Withdrawals paid', data: series('withdrawalsPaid'), color: '#cf222e' }
      ]);
      draw('chart-players', 'bar', days, [{ label: 'Active players', data: series('activePlayers'), color: '#8250df' }], true);
      draw('chart-funds', 'line', days, [
        { label: 'Player cash', data: series('playerCash'), color: '#0969da' },
        { label: 'Pending withdrawals', data: series('playerFrozen'), color: '#bf8700' }
      ]);
      status.textContent = 'Site ' + report.siteCode + ', ' + report.from + ' to ' + report.to + ' (' + rows.length + ' days).';
      main.dataset.state = 'ready';
    })
    .catch(function (err) {
      status.textContent = 'The figures could not be read: ' + err.message;
      main.dataset.state = 'failed';
    });
})();
`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem 2rem;max-width:80rem;background:#f6f8fa;color:#1f2328}
header form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}input,button{font:inherit;padding:.3rem .5rem}
main{display:grid;grid-template-columns:repeat(auto-fit,minmax(32rem,1fr));gap:1rem}#status{grid-column:1/-1}
section{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002;padding:1rem}h2{font-size:1.05rem;margin:0 0 .5rem}
.chart{position:relative;height:18rem}
`;

let chartJs: string | undefined;

/** Chart.js's UMD build, read once from node_modules (the package's main file sits beside it in dist/). */
function chartScript(): string {
  chartJs ??= readFileSync(path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.js'), 'utf8');
  return chartJs;
}

export const ASSETS: Record<string, { type: string; body: () => string }> = {
  'chart.umd.js': { type: 'text/javascript; charset=utf-8', body: chartScript },
  'dashboard.js': { type: 'text/javascript; charset=utf-8', body: () => SCRIPT },
  'dashboard.css': { type: 'text/css; charset=utf-8', body: () => STYLE },
};
