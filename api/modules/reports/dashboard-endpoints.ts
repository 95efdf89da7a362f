import { object, string } from 'yup';
import { addDays, checkRange, siteToday } from '../../../shared/domain/reports';
import { endpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { queryDate } from '../../http/schema-helpers';
import { BASE_PATH, SESSION_COOKIE } from '../admin/queues-session';
import * as answers from './answers';
import { ASSETS } from './dashboard-assets';
import { DASHBOARD_CSP, dashboardPage } from './dashboard-page';
import { answerDaily } from './daily-answer';
import { dailyQuery } from './schemas';

/**
 * The reports dashboard (docs/reports.md, "Dashboard"): a page for administrators with `reports:read`,
 * opened with the administrators' browser session (the cookie Bull Board's login sets, scoped to
 * /api/admin) or a Bearer token; a browser without a session is sent to that login and back. Site-bound
 * administrators see only their sites, as on /reports/admin. The figures come from the same report as
 * GET /reports/admin/daily (./daily-answer.ts), under /admin/reports so that the cookie reaches them.
 */
const auth = { admin: 'reports', cookie: SESSION_COOKIE } as const;

const toLogin = (req: { originalUrl: string }) => `${BASE_PATH}/login?next=${encodeURIComponent(req.originalUrl)}`;

const pageQuery = object({ from: queryDate(), to: queryDate() });
const assetParams = object({ name: string().required() });

/** The page's range: as asked, else the 30 days up to today in the site's time zone. */
async function rangeOf(site: string, query: { from?: string; to?: string }) {
  const to = query.to ?? (query.from ? addDays(query.from, 29) : await siteToday(site));
  return checkRange(query.from ?? addDays(to, -29), to);
}

export const dashboardEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/admin/reports',
      auth,
      query: pageQuery,
      answer: 'raw',
      result: { type: 'string' },
      resultMedia: 'text/html',
      browserLogin: toLogin,
      codes: [303],
      summary:
        'The reports dashboard (HTML, also at /admin/reports/): GGR and NGR, deposits and withdrawals, active players and player funds per day as charts, for siteCode and from..to (default: the last 30 days); a browser without a session goes to the login form',
    },
    async ({ site, query, res }) => {
      const { from, to } = await rangeOf(site, query);
      res.status(200);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.end(dashboardPage({ site, from, to }));
    },
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/reports/daily',
      auth,
      query: dailyQuery,
      answer: 'raw',
      result: answers.dailyEnvelope,
      summary: "The dashboard's figures: GET /reports/admin/daily, reachable with the administrators' browser session",
    },
    answerDaily,
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/reports/assets/:name',
      auth: 'none',
      params: assetParams,
      answer: 'raw',
      result: { type: 'string' },
      resultMedia: 'text/javascript',
      codes: [404],
      summary: "The dashboard's script, style and Chart.js (chart.umd.js, dashboard.js, dashboard.css): public files, no figures",
    },
    ({ params, res }) => {
      const asset = Object.hasOwn(ASSETS, params.name) ? ASSETS[params.name] : undefined;
      if (!asset) throw new HttpError(404);
      res.status(200);
      res.setHeader('Content-Type', asset.type);
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.end(asset.body());
    },
  ),
];
