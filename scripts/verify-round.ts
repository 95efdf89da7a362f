import { readFileSync } from 'node:fs';
import { type CheckedSeed, checkSeed, fairRound, type HistoryEntry, serverSeedHashOf } from '../shared/domain/game';

/**
 * A simulate round's outcome, or a whole server seed's nonces, checked without the server
 * (docs/provably-fair.md). It calls the same functions the rounds are drawn with
 * (shared/domain/game/fairness/draw.ts) and needs no database, configuration or network.
 *
 *   npm run verify-round -- <serverSeed> <clientSeed> <nonce>
 *       one round, with each step of the computation (the message printed is the one the HMAC used).
 *   npm run verify-round -- --history <file.json> [--server-seed <serverSeed>]...
 *       every seed of a saved GET /game/fairness/history (one answer, its result, or an array of pages):
 *       every nonce 0..nonces-1 listed exactly once (round, burnt or unrecorded) and, for a revealed seed
 *       (or one given with --server-seed), the commitment and every round's outcome. Exit 1 on a problem.
 */
export function verifyRoundReport(serverSeed: string, clientSeed: string, nonce: string): string {
  const round = fairRound(serverSeed, clientSeed, nonce);
  return [
    `server seed        ${serverSeed}`,
    `server seed hash   ${serverSeedHashOf(serverSeed)}   (SHA-256 of the server seed's text)`,
    `message            ${round.message}`,
    `hmac               ${round.hmac}   (HMAC-SHA256, key = server seed's text)`,
    `first 13 hex       ${round.hmac.slice(0, 13)}`,
    `k                  ${round.k}`,
    `r = k / 2^52       ${round.r}`,
    `outcome            ${round.result} x${round.multiplier}`,
    '',
  ].join('\n');
}

interface HistoryPage {
  items?: HistoryEntry[];
  seeds?: CheckedSeed[];
}

/** The pages of a saved history: an envelope ({result}), a result ({items, seeds}), or an array of them. */
function pagesOf(saved: unknown): HistoryPage[] {
  const list = Array.isArray(saved) ? saved : [saved];
  return list.map((page) => ((page as { result?: HistoryPage }).result ?? page) as HistoryPage);
}

/** The report of a whole-history check; `ok` false when a seed does not check out. */
export function verifyHistoryReport(saved: unknown, serverSeeds: readonly string[] = []): { text: string; ok: boolean } {
  const pages = pagesOf(saved);
  const entries = pages.flatMap((page) => page.items ?? []);
  const seeds = new Map<string, CheckedSeed>();
  for (const seed of pages.flatMap((page) => page.seeds ?? [])) {
    const known = seeds.get(seed.serverSeedHash);
    seeds.set(seed.serverSeedHash, {
      serverSeedHash: seed.serverSeedHash,
      serverSeed: seed.serverSeed ?? known?.serverSeed ?? null,
      nonces: Math.max(seed.nonces, known?.nonces ?? 0),
    });
  }
  for (const serverSeed of serverSeeds) {
    const seed = seeds.get(serverSeedHashOf(serverSeed));
    if (seed) seed.serverSeed = serverSeed;
  }
  const lines: string[] = [];
  let ok = seeds.size > 0;
  if (!ok) lines.push('no seeds in the file: save the result of GET /api/game/fairness/history (every page)');
  const orphans = entries.filter((entry) => !seeds.has(entry.serverSeedHash));
  if (orphans.length) {
    ok = false;
    lines.push(`FAILED: ${orphans.length} entries name a seed the file does not list`);
  }
  for (const seed of seeds.values()) {
    const check = checkSeed(seed, entries);
    lines.push(...check.lines, ...check.problems.map((problem) => `  problem: ${problem}`));
    if (check.problems.length) ok = false;
  }
  return { text: `${lines.join('\n')}\n`, ok };
}

function main(args: string[]): number {
  if (args[0] === '--history') {
    const file = args[1];
    const serverSeeds: string[] = [];
    for (let i = 2; i < args.length; i += 2) {
      if (args[i] !== '--server-seed' || args[i + 1] === undefined) return usage();
      serverSeeds.push(args[i + 1]);
    }
    if (file === undefined) return usage();
    const report = verifyHistoryReport(JSON.parse(readFileSync(file, 'utf8')), serverSeeds);
    process.stdout.write(report.text);
    return report.ok ? 0 : 1;
  }
  const [serverSeed, clientSeed, nonce] = args;
  if (serverSeed === undefined || clientSeed === undefined || nonce === undefined || !/^\d{1,18}$/.test(nonce)) return usage();
  process.stdout.write(verifyRoundReport(serverSeed, clientSeed, nonce));
  return 0;
}

function usage(): number {
  process.stderr.write(
    'usage: npm run verify-round -- <serverSeed> <clientSeed> <nonce>   (nonce: a non-negative integer)\n' +
      '       npm run verify-round -- --history <file.json> [--server-seed <serverSeed>]...\n',
  );
  return 2;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
