import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Lints the API document with Redocly's recommended rules (redocly.yaml): builds it from the endpoint
 * declarations (scripts/api-document.ts) into a temporary file and runs `redocly lint` on it. CI runs it
 * (`npm run contract:lint`).
 */
const root = path.resolve(__dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'api-document-'));
const file = path.join(dir, 'api-document.json');
// No telemetry and no update check: the lint needs no network.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (command: string, args: string[]) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
let status = run(process.execPath, ['--import=tsx', path.join(root, 'scripts/api-document.ts'), file]);
if (status === 0) status = run(path.join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=summary']);
rmSync(dir, { recursive: true, force: true });
process.exit(status);
