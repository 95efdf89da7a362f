import { benchAccounts } from './bench/accounts';
import { benchAffiliate } from './bench/affiliate';
import { benchDeposits } from './bench/deposits';
import { benchEdge } from './bench/edge';
import { benchEvents } from './bench/events';
import { benchGames } from './bench/games';
import { benchInbox } from './bench/inbox';
import { benchReports } from './bench/reports';
import { benchVip } from './bench/vip';
import { base, closeClient, connections, duration } from './bench/lib';
import { verdicts } from './bench/verdict';

/**
 * `npm run bench` against a running stack started with the login and register limits raised (the bench
 * registers and logs in thousands of times from one address):
 *
 *   RATE_LIMIT_LOGIN_PER_IP=1000000 RATE_LIMIT_LOGIN_PER_ACCOUNT=1000000 RATE_LIMIT_REGISTER_PER_IP=1000000 \
 *   RATE_LIMIT_SIMULATE_PER_USER=1000000 PROVY_SECRET=bench-provy-secret-0123456789abcdef LOG_LEVEL=warn npm start
 *   BENCH_PROVY_SECRET=bench-provy-secret-0123456789abcdef npm run bench
 *
 * Every figure is printed beside a ceiling measured in the same run with the same connections,
 * duration and warm-up (see each section). A section whose requests failed or that moved no money where
 * it should is FAILED, with its first failure (scripts/bench/verdict.ts); the run then exits 1.
 *
 *   BENCH_URL (http://127.0.0.1:3000)  BENCH_CONNECTIONS (50)  BENCH_SECONDS (10)  BENCH_WARMUP_SECONDS (2, discarded)
 *   BENCH_ONLY (edge,accounts,games; also vip, deposits, inbox: seeds 100 000 players; affiliate: the weekly
 *   affiliate settlement, in-process against DATABASE_URL, seeds 1 000 agents, 100 000 members, 1 000 000 orders;
 *   reports: the daily rollup, in-process against DATABASE_URL, scripts/bench/reports.ts)
 *
 * events (live events, scripts/bench/events.ts): 10 000 open streams and 1 000 balance events per second
 * (BENCH_EVENTS_STREAMS, BENCH_EVENTS_RATE), and provider callbacks with the events' trigger on and off.
 *
 * deposits (pay callbacks; scripts/bench/deposits.ts) needs the stack started with USDT_CALLBACK_SECRET and
 * BENCH_USDT_SECRET set to the same value.
 */
const SECTIONS: Record<string, () => Promise<void>> = {
  edge: benchEdge,
  accounts: benchAccounts,
  games: benchGames,
  vip: benchVip,
  deposits: benchDeposits,
  inbox: benchInbox,
  affiliate: benchAffiliate,
  events: benchEvents,
  reports: benchReports,
};
/** Sections run when BENCH_ONLY is not set; `vip` and `affiliate` (about a minute each, seed 1 000 000 orders) only on request. */
const DEFAULT_SECTIONS = ['edge', 'accounts', 'games'];

async function main() {
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`No healthy stack at ${base} (GET /api/health). Start one with \`npm start\`, or set BENCH_URL.`);
    process.exit(1);
  }
  const only = (process.env.BENCH_ONLY ?? DEFAULT_SECTIONS.join(',')).split(',').map((s) => s.trim());
  console.log(`bench: ${connections} connections, ${duration} s each, against ${base}; sections ${only.join(', ')}`);
  const unknown = only.filter((name) => !SECTIONS[name]);
  if (unknown.length) throw new Error(`unknown bench section "${unknown.join(', ')}" (known: ${Object.keys(SECTIONS).join(', ')})`);
  for (const name of only) {
    verdicts.enter(name);
    // A section that throws is FAILED; the others still run.
    await SECTIONS[name]().catch((err: Error) => verdicts.fail(err.stack ?? String(err)));
  }
  closeClient();
  const { lines, exitCode } = verdicts.summary(only);
  console.log(lines.join('\n'));
  process.exitCode = exitCode;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
