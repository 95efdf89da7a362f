import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { endpoints } from '../../api/endpoints';
import { refusalCode } from '../../api/http/endpoint';
import { refusalDeclaration, refusalNames } from '../../shared/domain/refusal-texts';
import type { RefusalName } from '../../shared/domain/refusals';
import { LOCALES } from '../../shared/i18n/locales';

/**
 * The refusal maps of the endpoint declarations (docs/architecture.md, "Errors and refusals") against the
 * areas' declarations: every refusal an endpoint maps answers a text in every locale, every other wording
 * an area declares is one some endpoint answers, and the domain names only declared refusals.
 */

const DOMAIN = path.join(__dirname, '..', '..', 'shared', 'domain');

test('every refusal an endpoint maps answers a text in every locale', (t) => {
  const missing: string[] = [];
  for (const e of endpoints) {
    for (const name of Object.keys(e.refusals ?? {}) as RefusalName[]) {
      const mapped = refusalCode(e.refusals, name);
      for (const locale of LOCALES) {
        if (!mapped?.text[locale]?.trim()) missing.push(`${e.method.toUpperCase()} /api${e.path} ${name} ${locale}`);
      }
    }
  }
  t.deepEqual(missing, []);
});

test('every other wording an area declares is answered by some endpoint', (t) => {
  const picked = new Set<string>();
  for (const e of endpoints) {
    for (const [name, mapped] of Object.entries(e.refusals ?? {})) if (typeof mapped === 'object') picked.add(`${name} ${mapped.wording}`);
  }
  const unused = refusalNames()
    .flatMap((name) => Object.keys(refusalDeclaration(name).wordings ?? {}).map((wording) => `${name} ${wording}`))
    .filter((w) => !picked.has(w));
  t.deepEqual(unused, []);
});

/** Every `new Refusal('<name>'` in the domain and the names its areas declare. */
function domainFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? domainFiles(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : [],
  );
}

test('the domain throws only declared refusals, and every area declaration is used', (t) => {
  const declared = new Set<string>(refusalNames());
  const thrown = new Set<string>();
  for (const file of domainFiles(DOMAIN)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/'([a-z-]+\.[A-Za-z]+)'/g)) if (declared.has(m[1])) thrown.add(m[1]);
  }
  const mapped = new Set(endpoints.flatMap((e) => Object.keys(e.refusals ?? {})));
  t.deepEqual(
    [...mapped].filter((name) => !declared.has(name)),
    [],
    'endpoints map only declared names',
  );
  t.deepEqual(
    [...declared].filter((name) => !thrown.has(name) && !mapped.has(name)),
    [],
    'no declared refusal is unused',
  );
});

test('each area file declares the area it is registered under', (t) => {
  for (const area of new Set(refusalNames().map((name) => name.split('.')[0]))) {
    const text = readFileSync(path.join(DOMAIN, area, 'refusals.ts'), 'utf8');
    t.is(/declareRefusals\('([^']+)'/.exec(text)?.[1], area, area);
  }
});
