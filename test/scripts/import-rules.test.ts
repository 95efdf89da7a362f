import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';

/**
 * The import rules of `npm run lint:imports` (.dependency-cruiser.cjs; docs/architecture.md, "Import
 * rules") on a planted tree: a copy of the rules and of shared/domain/area-order.json, and one small
 * area folder (index.ts + an inner file) for every declared area, in a temporary folder. Each case plants
 * one import and runs dependency-cruiser as the script does; a clean import passes, so a rule that never
 * fires would fail its case.
 */
const ROOT = path.join(__dirname, '..', '..');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const { tiers } = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'domain', 'area-order.json'), 'utf8')) as { tiers: string[][] };
const AREAS = tiers.flat();

let dir: string;

test.before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-rules-'));
  fs.copyFileSync(path.join(ROOT, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  fs.mkdirSync(path.join(dir, 'shared', 'domain'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'shared', 'domain', 'area-order.json'), path.join(dir, 'shared', 'domain', 'area-order.json'));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'ES2022', strict: true } }));
  for (const area of AREAS) {
    const folder = path.join(dir, 'shared', 'domain', area);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'inner.ts'), 'export const inner = 1;\n');
    fs.writeFileSync(path.join(folder, 'index.ts'), "export * from './inner';\n");
  }
  fs.mkdirSync(path.join(dir, 'api'));
});

test.after.always(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

let planted = 0;

/**
 * Writes `file` (under the planted tree; `planted` in its name becomes a name of its own, since the cases
 * run at once) importing `from`, runs the rules on it and removes it.
 */
async function lint(template: string, from: string): Promise<{ code: number; output: string }> {
  const file = template.replace('planted', `planted${++planted}`);
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, `import { inner } from '${from}';\nexport const planted = inner;\n`);
  try {
    return await new Promise((resolve) => {
      execFile(process.execPath, [DEPCRUISE, '--config', '.dependency-cruiser.cjs', '--no-progress', file], { cwd: dir }, (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, output: `${stdout}${stderr}` });
      });
    });
  } finally {
    fs.rmSync(full);
  }
}

test('every folder of shared/domain is a declared area, named once in area-order.json', (t) => {
  const folders = fs
    .readdirSync(path.join(ROOT, 'shared', 'domain'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  t.deepEqual([...AREAS].sort(), folders);
  t.is(new Set(AREAS).size, AREAS.length, 'no area is named twice');
  for (const area of folders) t.true(fs.existsSync(path.join(ROOT, 'shared', 'domain', area, 'index.ts')), `${area} has its front door`);
});

test('an import through the front door of a lower area passes (the planted tree is clean)', async (t) => {
  const { code, output } = await lint('shared/domain/vip/planted.ts', '../wallet');
  t.is(code, 0, output);
  const fromApi = await lint('api/planted.ts', '../shared/domain/vip');
  t.is(fromApi.code, 0, fromApi.output);
});

test('an import past a front door fails: from the API and from another area', async (t) => {
  const fromApi = await lint('api/planted.ts', '../shared/domain/vip/inner');
  t.not(fromApi.code, 0);
  t.regex(fromApi.output, /error area-front-door: api\/planted\d+\.ts → shared\/domain\/vip\/inner\.ts/);
  const fromArea = await lint('shared/domain/vip/planted.ts', '../wallet/inner');
  t.not(fromArea.code, 0);
  t.regex(fromArea.output, /error area-front-door-between-areas: shared\/domain\/vip\/planted\d+\.ts → shared\/domain\/wallet\/inner\.ts/);
});

test('an upward import fails, and so does one between two areas of the same tier', async (t) => {
  const upward = await lint('shared/domain/wallet/planted.ts', '../vip');
  t.not(upward.code, 0);
  t.regex(upward.output, /error area-order-\d+: shared\/domain\/wallet\/planted\d+\.ts → shared\/domain\/vip\/index\.ts/);
  const [first, second] = tiers.find((tier) => tier.length > 1)!;
  const sameTier = await lint(`shared/domain/${first}/planted.ts`, `../${second}`);
  t.not(sameTier.code, 0);
  t.regex(sameTier.output, /error area-order-\d+:/);
});

test('an area importing its own front door, and a folder that is not a declared area, fail', async (t) => {
  const own = await lint('shared/domain/vip/planted.ts', './index');
  t.not(own.code, 0);
  t.regex(own.output, /error area-not-through-own-front-door/);
  const undeclared = await lint('shared/domain/not-an-area/planted.ts', '../common');
  t.not(undeclared.code, 0);
  t.regex(undeclared.output, /error area-declared/);
});
