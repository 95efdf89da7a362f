import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { endpoints } from '../../api/endpoints';
import { refusalCode, refusalNumbers } from '../../api/http/endpoint';
import { ERROR_TEXTS } from '../../shared/i18n/error-texts';
import { hasErrorText } from '../../shared/i18n/messages';
import type { RefusalName } from '../../shared/domain/refusals';

/**
 * The refusal maps of the endpoint declarations (docs/architecture.md, "Errors and refusals") against the
 * one error table: every number an endpoint answers for a refusal has its text, every text of the table
 * belongs to an endpoint that can answer its number, and the domain names only declared refusals.
 */

const DOMAIN = path.join(__dirname, '..', '..', 'shared', 'domain');

test('every business number an endpoint maps a refusal to has a text under its path (or textOf)', (t) => {
  const missing: string[] = [];
  for (const e of endpoints) {
    const template = `/api${e.path}`;
    for (const name of Object.keys(e.refusals ?? {}) as RefusalName[]) {
      const mapped = refusalCode(e.refusals, name, template);
      if (mapped && mapped.code >= 1000 && !hasErrorText(mapped.textPath, mapped.code)) missing.push(`${e.method.toUpperCase()} ${template} ${name} -> ${mapped.code} (${mapped.textPath})`);
    }
  }
  t.deepEqual(missing, []);
});

test('every text of the error table belongs to an endpoint that answers its number', (t) => {
  const answered = new Set<string>();
  for (const e of endpoints) {
    const template = `/api${e.path}`;
    for (const code of [...refusalNumbers(e.refusals), ...(e.codes ?? [])]) answered.add(`${template} ${code}`);
    for (const name of Object.keys(e.refusals ?? {}) as RefusalName[]) {
      const mapped = refusalCode(e.refusals, name, template);
      if (mapped) answered.add(`${mapped.textPath} ${mapped.code}`);
    }
  }
  const orphans = ERROR_TEXTS.filter((entry) => entry.path !== '*' && !answered.has(`${entry.path} ${entry.code}`)).map((entry) => `${entry.path} ${entry.code}`);
  t.deepEqual(orphans, []);
});

/** Every `new Refusal('<name>'` in the domain and the names its areas declare. */
function domainFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? domainFiles(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
}

test('the domain throws only declared refusals, and every area declaration is used', (t) => {
  const declared = new Set<string>();
  for (const area of readdirSync(DOMAIN)) {
    const file = path.join(DOMAIN, area, 'refusals.ts');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const areaName = /declareRefusals\('([^']+)'/.exec(text)?.[1];
    t.truthy(areaName, `${file} declares its area`);
    for (const m of text.matchAll(/^\s{2}(\w+): /gm)) declared.add(`${areaName}.${m[1]}`);
  }
  const thrown = new Set<string>();
  for (const file of domainFiles(DOMAIN)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/'([a-z-]+\.[A-Za-z]+)'/g)) if (declared.has(m[1])) thrown.add(m[1]);
  }
  const mapped = new Set(endpoints.flatMap((e) => Object.keys(e.refusals ?? {})));
  t.deepEqual([...mapped].filter((name) => !declared.has(name)), [], 'endpoints map only declared names');
  t.deepEqual([...declared].filter((name) => !thrown.has(name) && !mapped.has(name)), [], 'no declared refusal is unused');
});
