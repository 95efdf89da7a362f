import fs from 'node:fs';
import S3rver from 's3rver';
import { tempDir } from './system-tools';

/**
 * A real S3-compatible server for the tests (s3rver, in this process, on a free loopback port, keeping
 * its objects in a temporary folder) with one empty bucket, and the environment that points the
 * application's storage at it (docs/storage.md). Used by `npm run test:s3` and `npm run test:scale-out`.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** STORAGE_BACKEND=s3 and the S3_* settings of this server. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** s3rver's fixed credentials (it refuses requests signed with others). */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'uploads-test'): Promise<S3TestServer> {
  const directory = tempDir('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
