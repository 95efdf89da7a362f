import { parseArgs } from 'node:util';
import { recordVerifyRun, verifyChains, verifyReportText } from '../shared/domain/audit';
import { archivedMonths } from '../shared/domain/history';
import { exitWith, withServices } from './lib/boot';

/**
 * `npm run audit:verify [-- --root <hex>]`: walks every hash chain of the ledgers and the operation log,
 * checks the daily digests and their signatures, and reconciles balances, holds and exclusions with the
 * chains (shared/domain/audit/chain-verify.ts, docs/audit-chains.md). Prints OK, or each problem found.
 * `--root <hex>`: a digest's Merkle root kept outside the database; the chains must also recompute to it,
 * and the report names the digest's day. Each run that completes is recorded in audit_verify_runs, which
 * monitoring reads (docs/operations.md, "AuditChainBroken"). Exit status 0 when everything holds, 1
 * otherwise (also when the arguments are wrong or the check itself could not run).
 */
const USAGE = "usage: npm run audit:verify [-- --root <the 64 hex digits of a digest's Merkle root>]\n";

function rootArgument(): string | undefined | Error {
  let parsed;
  try {
    parsed = parseArgs({ options: { root: { type: 'string' } }, strict: true });
  } catch (err) {
    return new Error((err as Error).message);
  }
  const root = parsed.values.root?.trim();
  if (root !== undefined && !/^[0-9a-fA-F]{64}$/.test(root)) return new Error(`--root must be 64 hex digits (got "${root}")`);
  return root;
}

async function main(): Promise<number> {
  const root = rootArgument();
  if (root instanceof Error) {
    process.stderr.write(`${root.message}\n${USAGE}`);
    return 1;
  }
  return withServices(async () => {
    const report = await verifyChains({ root });
    await recordVerifyRun(report);
    const archived = await archivedMonths('game_transactions');
    // An archived month is one link per account in the walk, its manifest's (docs/audit-chains.md, "Archived months").
    if (archived.length) process.stdout.write(`archived ledger months, checked through their manifests' links: ${archived.join(', ')}\n`);
    process.stdout.write(verifyReportText(report));
    return report.ok ? 0 : 1;
  });
}

exitWith(main);
