import { verifyChains, verifyReportText } from '../shared/domain/audit/chain-verify';
import { closeDb } from '../shared/db/sequelize';
import { bootServices } from './lib/boot';

/**
 * `npm run audit:verify`: walks every hash chain of the ledgers and the operation log and checks the
 * daily digests (shared/domain/audit/chain-verify.ts, docs/audit-chains.md). Prints OK, or each row
 * found changed, deleted or inserted out of order. Exit status 0 when every chain holds, 1 otherwise
 * (also when the check itself could not run).
 */
async function main(): Promise<number> {
  const services = await bootServices('gaming');
  try {
    const report = await verifyChains();
    process.stdout.write(verifyReportText(report));
    return report.ok ? 0 : 1;
  } finally {
    await closeDb();
    await services.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
