import { fairRound, serverSeedHashOf } from '../shared/domain/game/fairness/draw';

/**
 * `npm run verify-round -- <serverSeed> <clientSeed> <nonce>`: a simulate round's outcome recomputed
 * without the server (docs/provably-fair.md), with each step of the computation. It calls the same
 * function the rounds are drawn with (shared/domain/game/fairness/draw.ts) and needs no database,
 * configuration or network.
 */
export function verifyRoundReport(serverSeed: string, clientSeed: string, nonce: string): string {
  const round = fairRound(serverSeed, clientSeed, nonce);
  return [
    `server seed        ${serverSeed}`,
    `server seed hash   ${serverSeedHashOf(serverSeed)}   (SHA-256 of the server seed's text)`,
    `message            ${clientSeed}:${nonce}`,
    `hmac               ${round.hmac}   (HMAC-SHA256, key = server seed's text)`,
    `first 13 hex       ${round.hmac.slice(0, 13)}`,
    `k                  ${round.k}`,
    `r = k / 2^52       ${round.r}`,
    `outcome            ${round.result} x${round.multiplier}`,
    '',
  ].join('\n');
}

if (require.main === module) {
  const [serverSeed, clientSeed, nonce] = process.argv.slice(2);
  if (serverSeed === undefined || clientSeed === undefined || nonce === undefined || !/^\d{1,18}$/.test(nonce)) {
    process.stderr.write('usage: npm run verify-round -- <serverSeed> <clientSeed> <nonce>   (nonce: a non-negative integer)\n');
    process.exit(2);
  }
  process.stdout.write(verifyRoundReport(serverSeed, clientSeed, nonce));
}
