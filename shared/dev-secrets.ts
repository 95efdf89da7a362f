import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The token secrets a start without JWT_SECRET / ADMIN_JWT_SECRET uses outside production, and the
 * audit digests' signing key without AUDIT_SIGNING_KEY (the base64 of a 32-byte Ed25519 seed,
 * shared/audit-signing-key.ts): generated at random, never a published value. Development keeps them in
 * `.data/dev-secrets.json` (mode 600, gitignored) so tokens and the digests' public key survive restarts
 * and every process of the checkout agrees; a file written before the signing key existed gets one added.
 * Tests and callers without a file get random secrets of their own process.
 */
export type GeneratedSecretName = 'JWT_SECRET' | 'ADMIN_JWT_SECRET';
export type GeneratedSecrets = Record<GeneratedSecretName, string> & { AUDIT_SIGNING_KEY: string };

const NAMES: GeneratedSecretName[] = ['JWT_SECRET', 'ADMIN_JWT_SECRET'];
const freshAuditKey = () => randomBytes(32).toString('base64');
const fresh = (): GeneratedSecrets => ({
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ADMIN_JWT_SECRET: randomBytes(32).toString('base64url'),
  AUDIT_SIGNING_KEY: freshAuditKey(),
});

let perProcess: GeneratedSecrets | undefined;

/** Random secrets for this process alone, the same on every call. */
export function processSecrets(): GeneratedSecrets {
  perProcess ??= fresh();
  return perProcess;
}

/** The checkout's data folder: `.data` beside the nearest package.json above this file. */
export function projectDataDir(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, '.data');
}

export const devSecretsFile = (): string => path.join(projectDataDir(), 'dev-secrets.json');

/** The file's secrets; AUDIT_SIGNING_KEY is undefined in a file written before it existed. */
function readSecrets(file: string): Omit<GeneratedSecrets, 'AUDIT_SIGNING_KEY'> & { AUDIT_SIGNING_KEY?: string } {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>;
  for (const name of NAMES) {
    if (typeof parsed[name] !== 'string' || parsed[name].length < 32) throw new Error(`${name} is missing or shorter than 32 characters`);
  }
  if (parsed.AUDIT_SIGNING_KEY !== undefined && typeof parsed.AUDIT_SIGNING_KEY !== 'string') throw new Error('AUDIT_SIGNING_KEY is not a string');
  return { JWT_SECRET: parsed.JWT_SECRET as string, ADMIN_JWT_SECRET: parsed.ADMIN_JWT_SECRET as string, AUDIT_SIGNING_KEY: parsed.AUDIT_SIGNING_KEY };
}

/** `secrets` written whole to `file` (a finished temporary file renamed over it). */
function replaceFile(file: string, secrets: GeneratedSecrets): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** A file without AUDIT_SIGNING_KEY gets a fresh one (the token secrets kept); read back, so concurrent starts end on the file's. */
function withAuditKey(file: string, secrets: ReturnType<typeof readSecrets>): GeneratedSecrets {
  if (secrets.AUDIT_SIGNING_KEY !== undefined) return secrets as GeneratedSecrets;
  replaceFile(file, { ...secrets, AUDIT_SIGNING_KEY: freshAuditKey() });
  const again = readSecrets(file);
  if (again.AUDIT_SIGNING_KEY === undefined) throw new Error('AUDIT_SIGNING_KEY could not be added');
  return again as GeneratedSecrets;
}

/**
 * The secrets kept in `file`, which is created with fresh random ones when missing. Concurrent first
 * starts agree: the file appears whole (hard link of a finished temporary file) and the first one wins.
 * Throws with the reason when the file cannot be read or written.
 */
export function readOrCreateSecrets(file: string): GeneratedSecrets {
  try {
    return withAuditKey(file, readSecrets(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} cannot be used (${(err as Error).message}); delete it to generate new secrets`, { cause: err });
    }
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${JSON.stringify(fresh(), null, 2)}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return withAuditKey(file, readSecrets(file));
}
