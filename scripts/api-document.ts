import { writeFileSync } from 'node:fs';
import { buildApiDocument } from '../api/http/openapi';

/** Writes the API document (GET /api/docs.json) to the file named by the first argument, or prints it. */
async function main(): Promise<void> {
  // The document reads the configured rate limits; building it connects to nothing.
  process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/gaming';
  process.env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  const { endpoints } = await import('../api/endpoints');
  const json = `${JSON.stringify(buildApiDocument(endpoints), null, 2)}\n`;
  const out = process.argv[2];
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
