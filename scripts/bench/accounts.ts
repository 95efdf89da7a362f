import { spawn } from 'node:child_process';
import { base, duration, measure, post, printTable } from './lib';

/**
 * Login is bcrypt-bound: its ceiling is raw bcrypt compares per second (cost 10) in their own process,
 * as many in flight as the libuv pool runs. Also an authenticated GET whose token version is cached.
 */
const BCRYPT_CEILING = `
const bcrypt = require('bcrypt');
const seconds = Number(process.argv[1]);
(async () => {
  const hash = await bcrypt.hash('bench-password', 10);
  const inFlight = Number(process.env.UV_THREADPOOL_SIZE || 4) * 2;
  let done = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (Date.now() < end) { await bcrypt.compare('bench-password', hash); done += 1; }
  }));
  process.stdout.write(String(done / seconds) + '\\n');
})();
`;

async function bcryptCeiling(): Promise<number> {
  const child = spawn(process.execPath, ['-e', BCRYPT_CEILING, String(duration)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const out = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return Math.round(Number(out));
}

export async function registerPlayers(prefix: string, count: number): Promise<Array<{ account: string; token: string; id: number }>> {
  const players = [];
  for (let i = 0; i < count; i += 1) {
    const account = `${prefix}_${i}`;
    const reg = await post('/api/auth/register', { account, password: 'bench-password', name: 'Bench' });
    if (reg.code !== 200) throw new Error(`register failed (${reg.code} ${reg.message}); start the stack with the raised limits shown in scripts/bench.ts`);
    players.push({ account, token: reg.result.token as string, id: reg.result.user.id as number });
  }
  return players;
}

export async function benchAccounts(): Promise<void> {
  const run = Date.now().toString(36);
  const accounts = (await registerPlayers(`bench_${run}`, 200)).map((p) => p.account);
  // The reader is not among the rotating logins: each login ends the account's earlier tokens.
  const [reader] = await registerPlayers(`bench_${run}_reader`, 1);
  let next = 0;
  const login = await measure(
    'POST /api/auth/login (200 accounts in turn)',
    `${base}/api/auth/login`,
    { 'content-type': 'application/json' },
    {
      method: 'POST',
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ account: accounts[next++ % accounts.length], password: 'bench-password' }) }) }],
    },
  );
  const ceiling = await bcryptCeiling();
  // The reader's token version is cached after its first request (and after the refill hold).
  await new Promise((r) => setTimeout(r, 6000));
  const detail = await measure('GET /api/auth/user-detail (authenticated, token version cached, row from Postgres)', `${base}/api/auth/user-detail`, {
    authorization: `Bearer ${reader.token}`,
  });
  console.log('\n## Accounts');
  console.log(
    `bcrypt ceiling (cost 10, same run): ${ceiling} compares/s; login ${login.reqPerSec} req/s = ${Math.round((login.reqPerSec / ceiling) * 100)} % of it`,
  );
  printTable([login, detail]);
}
