import type { VerifyReport } from './chain-verify';
import { insertVerifyRun, latestVerifyRun, type VerifyRunRow } from './queries';

/**
 * The verifier's runs, kept in audit_verify_runs: `npm run audit:verify` records each, and monitoring
 * reads the last (shared/metrics.ts: `audit_verify_last_run_timestamp_seconds`,
 * `audit_verify_last_problems`; docs/operations.md, "AuditChainBroken" and "AuditVerifyNotRun").
 */
export async function recordVerifyRun(report: VerifyReport): Promise<void> {
  await insertVerifyRun({ ok: report.ok, rows: report.rows, chains: report.chains, digests: report.digests, problems: report.problems.length });
}

export function lastVerifyRun(): Promise<VerifyRunRow | undefined> {
  return latestVerifyRun();
}
