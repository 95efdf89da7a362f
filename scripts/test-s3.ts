import { startS3Server } from './lib/s3-server';
import { runTests } from './lib/system-tools';

/**
 * `npm run test:s3`: the storage and upload tests with STORAGE_BACKEND=s3, against a real S3-compatible
 * server (s3rver) started here and stopped at the end (docs/storage.md). Each test file keeps its objects
 * under its own S3_KEY_PREFIX (test/helpers/stack.ts). Extra arguments add test files.
 */
const S3_TEST_FILES = [
  'test/shared/storage.test.ts',
  'test/shared/uploads.test.ts',
  'test/api/wallet-bank-card.test.ts',
  'test/api/wallet-image-job.test.ts',
  'test/api/kyc.test.ts',
  'test/api/promo-admin.test.ts',
];

async function main(): Promise<void> {
  const server = await startS3Server();
  console.log(`  s3rver on ${server.endpoint}, bucket ${server.bucket}`);
  let code = 1;
  try {
    code = await runTests([...S3_TEST_FILES, ...process.argv.slice(2)], { ...process.env, ...server.env });
  } catch (err) {
    console.error(`test:s3: ${(err as Error).message}`);
  } finally {
    await server.stop();
  }
  process.exit(code);
}

void main();
