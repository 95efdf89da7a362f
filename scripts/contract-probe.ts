import { randomBytes } from 'node:crypto';
import { describeProbe, runProbe } from './lib/contract-probe';

/**
 * `npm run contract:probe [-- --base-url http://127.0.0.1:3000] [--other-site CODE] [--seed N]`: measures a running API (npm start)
 * against its own document (docs/architecture.md, "Where to add", an endpoint's answer). It reads
 * GET /api/docs.json, registers a player, logs the administrator of ADMIN_ACCOUNT / ADMIN_PASSWORD in,
 * then sends a few requests per operation generated from the document's input schemas and prints how
 * many were refused with 400, and why. `--other-site` names a second site for copies between sites. It writes through the API like any client: run it against a
 * development server, never a live one. Only the given base URL is contacted.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function json(baseUrl: string, method: string, path: string, body?: unknown): Promise<{ code?: number; result?: { token?: string } }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code?: number; result?: { token?: string } };
}

async function main(): Promise<void> {
  const baseUrl = (arg('base-url') ?? process.env.PROBE_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
  const doc = (await (await fetch(`${baseUrl}/api/docs.json`)).json()) as Record<string, unknown>;
  const account = `probe${randomBytes(4).toString('hex')}`;
  const registered = await json(baseUrl, 'POST', '/api/auth/register', { account, password: 'probe-password', name: 'Contract probe' });
  const admin = await json(baseUrl, 'POST', '/api/admin/login', {
    account: process.env.ADMIN_ACCOUNT ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'admin123456',
  });
  const playerToken = registered.result?.token;
  const adminToken = admin.result?.token;
  if (!playerToken || !adminToken)
    throw new Error(`could not get tokens (register: ${registered.code}, admin login: ${admin.code}); set ADMIN_ACCOUNT and ADMIN_PASSWORD`);
  const report = await runProbe(doc, {
    baseUrl,
    playerToken,
    adminToken,
    perOperation: Number(arg('per-operation') ?? 3),
    seed: Number(arg('seed') ?? 42),
    siteCode: process.env.SITE_CODE ?? 'default',
    otherSiteCode: arg('other-site'),
  });
  console.log(describeProbe(report));
  for (const line of report.refusals) console.log(`  ${line}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
