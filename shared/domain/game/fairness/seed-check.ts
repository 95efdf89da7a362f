import { fairRound, serverSeedHashOf } from './draw';

/**
 * The whole-seed check of `npm run verify-round -- --history` (docs/provably-fair.md, "Checking a whole
 * seed"): given a seed as GET /game/fairness/history lists it (its hash, its server seed once revealed,
 * how many nonces it gave out) and the history's entries, it accounts for every nonce from 0 to the
 * last: each listed exactly once, as a round, a burnt nonce or an unrecorded one, none outside; and
 * once the seed is revealed, the seed must hash to the commitment and every round's outcome must
 * recompute from it (fairness/draw.ts). A burnt nonce's draw is printed too, so a player can see
 * whether refusals fell on winning draws. Pure: no database, configuration or network.
 */

export interface CheckedSeed {
  serverSeedHash: string;
  serverSeed: string | null;
  nonces: number;
}

export interface HistoryEntry {
  serverSeedHash: string;
  nonce: number;
  status: string;
  clientSeed: string | null;
  orderId?: number | null;
  result: string | null;
  reason: string | null;
}

export interface SeedCheck {
  /** One line per nonce, then the totals. */
  lines: string[];
  /** What does not add up; empty when the seed checks out. */
  problems: string[];
  rounds: number;
  burnt: number;
  unrecorded: number[];
}

export function checkSeed(seed: CheckedSeed, entries: readonly HistoryEntry[]): SeedCheck {
  const problems: string[] = [];
  const lines: string[] = [`seed ${seed.serverSeedHash}: ${seed.nonces} nonces (0 to ${seed.nonces - 1})`];
  const revealed = seed.serverSeed;
  if (revealed !== null && serverSeedHashOf(revealed) !== seed.serverSeedHash)
    problems.push(`the server seed's SHA-256 is ${serverSeedHashOf(revealed)}, not the committed ${seed.serverSeedHash}`);
  if (revealed === null) lines.push('  server seed not revealed yet: nonces accounted for, outcomes checkable after rotation');
  const byNonce = new Map<number, HistoryEntry>();
  for (const entry of entries.filter((e) => e.serverSeedHash === seed.serverSeedHash)) {
    if (!Number.isSafeInteger(entry.nonce) || entry.nonce < 0 || entry.nonce >= seed.nonces)
      problems.push(`nonce ${entry.nonce} is outside 0..${seed.nonces - 1}`);
    else if (byNonce.has(entry.nonce)) problems.push(`nonce ${entry.nonce} is listed more than once`);
    else byNonce.set(entry.nonce, entry);
  }
  const check: SeedCheck = { lines, problems, rounds: 0, burnt: 0, unrecorded: [] };
  for (let nonce = 0; nonce < seed.nonces; nonce += 1) {
    const entry = byNonce.get(nonce);
    if (!entry) {
      problems.push(`nonce ${nonce} is missing`);
      continue;
    }
    lines.push(`  ${nonceLine(check, revealed, entry)}`);
  }
  lines.push(
    `  ${check.rounds} rounds, ${check.burnt} burnt, ${check.unrecorded.length} unrecorded${check.unrecorded.length ? ` (${check.unrecorded.join(', ')}: taken, then neither played nor refused on record)` : ''}`,
  );
  lines.push(
    problems.length ? `  FAILED: ${problems.length} problem(s)` : '  OK: every nonce accounted for' + (revealed === null ? '' : ', every round recomputes'),
  );
  return check;
}

function nonceLine(check: SeedCheck, serverSeed: string | null, entry: HistoryEntry): string {
  const drawn = serverSeed !== null && entry.clientSeed !== null ? fairRound(serverSeed, entry.clientSeed, entry.nonce) : null;
  if (entry.status === 'round') {
    check.rounds += 1;
    if (entry.clientSeed === null) check.problems.push(`nonce ${entry.nonce}: a round without its client seed`);
    if (drawn && drawn.result !== entry.result) check.problems.push(`nonce ${entry.nonce}: the round paid ${entry.result}, the seeds draw ${drawn.result}`);
    return `${entry.nonce}  round ${entry.orderId ?? ''} ${entry.result}${drawn ? (drawn.result === entry.result ? '  recomputes' : `  MISMATCH: draws ${drawn.result}`) : ''}`;
  }
  if (entry.status === 'burnt') {
    check.burnt += 1;
    if (!entry.reason) check.problems.push(`nonce ${entry.nonce}: burnt without a reason`);
    return `${entry.nonce}  burnt (${entry.reason})${drawn ? `  would have drawn ${drawn.result}` : ''}`;
  }
  if (entry.status === 'unrecorded') {
    check.unrecorded.push(entry.nonce);
    return `${entry.nonce}  unrecorded`;
  }
  check.problems.push(`nonce ${entry.nonce}: unknown status ${entry.status}`);
  return `${entry.nonce}  ${entry.status}?`;
}
