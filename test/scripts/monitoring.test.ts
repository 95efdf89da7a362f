import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { findOnPath } from '../../scripts/lib/services';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The monitoring files of deploy/ (docs/operations.md, "What operators watch") against the metrics the
 * application exports: every expression of deploy/prometheus/alerts.yml and every query of the Grafana
 * dashboards names only metrics that GET /metrics of a running API exports (or Prometheus' own `up`),
 * and where promtool is installed (Debian's prometheus package) the rules, their unit tests and the
 * example configuration pass it.
 */

const ROOT = path.join(__dirname, '..', '..');
const ALERTS = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const DASHBOARDS = path.join(ROOT, 'deploy/grafana/dashboards');

/** Series Prometheus makes itself for every target, not exported by the application. */
const SYNTHETIC = new Set(['up']);

/** PromQL words that are not metric names: operators, modifiers, grouping keywords, special numbers. */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

/**
 * The metric names a PromQL expression reads: without its string literals, label matchers (`{...}`),
 * ranges (`[5m]`), grouping label lists (`by (queue)`), numbers and function calls (a name followed by
 * `(`), what remains are metric names.
 */
function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+)?\b/gi, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const name = match[0];
    const isCall = /^\s*\(/.test(stripped.slice((match.index ?? 0) + name.length));
    if (!isCall && !KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** The sample names a Prometheus text exposition holds: each family's name and a histogram's or summary's series. */
function exportedNames(scrape: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** The `expr:` of every rule (the file keeps each on one line; a folded or literal block is refused). */
function alertExpressions(): Array<{ where: string; expr: string }> {
  const lines = fs.readFileSync(ALERTS, 'utf8').split('\n');
  return lines.flatMap((line, index) => {
    const m = /^\s*expr:\s*(.*)$/.exec(line);
    if (!m) return [];
    if (/^[|>]/.test(m[1].trim())) throw new Error(`alerts.yml line ${index + 1}: keep the expression on one line`);
    const expr = m[1].trim().replace(/^(['"])(.*)\1$/, '$2');
    return [{ where: `alerts.yml:${index + 1}`, expr }];
  });
}

/** Every `expr` of every panel target of the dashboards (rows' nested panels too). */
function dashboardExpressions(): Array<{ where: string; expr: string }> {
  const found: Array<{ where: string; expr: string }> = [];
  for (const file of fs.readdirSync(DASHBOARDS).filter((f) => f.endsWith('.json'))) {
    const dashboard = JSON.parse(fs.readFileSync(path.join(DASHBOARDS, file), 'utf8')) as { panels: Panel[] };
    const visit = (panels: Panel[]) => {
      for (const panel of panels) {
        for (const target of panel.targets ?? []) if (target.expr) found.push({ where: `${file}: ${panel.title}`, expr: target.expr });
        visit(panel.panels ?? []);
      }
    };
    visit(dashboard.panels);
  }
  return found;
}

interface Panel {
  title: string;
  targets?: Array<{ expr?: string }>;
  panels?: Panel[];
}

test('metric names are read out of PromQL', (t) => {
  t.deepEqual(metricNames('sum by (le, route) (rate(x_bucket{route=~"/api/(a|b)"}[5m]))'), ['x_bucket']);
  t.deepEqual(metricNames('min(time() - last_run_seconds) > 8 * 86400'), ['last_run_seconds']);
  t.deepEqual(metricNames('a_total / on (job) group_left b_info or vector(0)'), ['a_total', 'b_info']);
  t.deepEqual(metricNames('max by (queue) (delta(q{state="failed"}[15m])) > 0'), ['q']);
  t.deepEqual(metricNames('rate(r[$__rate_interval]) and up{job="x"} == 1e3'), ['r', 'up']);
});

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack();
});
test.after.always(async () => {
  await stack?.close();
});

test('every alert expression and dashboard query names only metrics that /metrics exports', async (t) => {
  const scrape = await stack.request('GET', '/metrics');
  t.is(scrape.status, 200);
  const exported = exportedNames(scrape.text);
  t.true(exported.has('queue_oldest_waiting_age_seconds') && exported.has('http_request_duration_seconds_count'), 'the scrape was read');

  const expressions = [...alertExpressions(), ...dashboardExpressions()];
  t.true(alertExpressions().length >= 10, 'the alert rules were found');
  t.true(dashboardExpressions().length >= 10, 'the dashboard queries were found');
  for (const { where, expr } of expressions) {
    const names = metricNames(expr);
    t.true(names.length > 0, `${where}: no metric in ${expr}`);
    const unknown = names.filter((name) => !exported.has(name) && !SYNTHETIC.has(name));
    t.deepEqual(unknown, [], `${where}: ${expr}`);
  }
});

test('every alert names a runbook section of docs/operations.md, and the dashboard is provisioning-ready', (t) => {
  const operations = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
  const alerts = [...fs.readFileSync(ALERTS, 'utf8').matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]);
  t.true(alerts.length >= 10);
  for (const alert of alerts) t.true(new RegExp(`^#+ ${alert}$`, 'm').test(operations), `docs/operations.md has a section "${alert}"`);
  for (const file of fs.readdirSync(DASHBOARDS).filter((f) => f.endsWith('.json'))) {
    const dashboard = JSON.parse(fs.readFileSync(path.join(DASHBOARDS, file), 'utf8')) as Record<string, unknown>;
    t.is(typeof dashboard.uid, 'string', `${file} has a fixed uid (links survive re-provisioning)`);
    t.is(dashboard.id, undefined, `${file} carries no database id`);
  }
});

const promtool = findOnPath('promtool');
const PROMTOOL_TITLE = 'promtool: the rules, their unit tests and the example configuration pass';
// Without promtool the test is skipped, and its title in the run's output says why.
const title = promtool ? PROMTOOL_TITLE : `${PROMTOOL_TITLE} (skipped: promtool not found; Debian's prometheus package has it, .ci/run installs it as root)`;
(promtool ? test : test.skip)(title, (t) => {
  for (const args of [
    ['check', 'rules', 'deploy/prometheus/alerts.yml'],
    ['test', 'rules', 'deploy/prometheus/alerts.test.yml'],
    ['check', 'config', 'deploy/prometheus/prometheus.yml'],
  ]) {
    const run = spawnSync(promtool as string, args, { cwd: ROOT, encoding: 'utf8' });
    t.is(run.status, 0, `promtool ${args.join(' ')}:\n${run.stdout}${run.stderr}`);
  }
});
