import { generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ConfigError, loadConfig } from '../../shared/config';

/**
 * AUDIT_SIGNING_KEY (shared/audit-signing-key.ts, docs/audit-chains.md, "Signed digests"): required in
 * production, PKCS8 PEM or the base64 of a 32-byte seed, a wrong value named at start; in development,
 * when unset, generated and kept in the development secrets file (added to a file written before it).
 */

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };
const production = {
  ...base,
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  ADMIN_JWT_SECRET: 'y'.repeat(40),
  ADMIN_PASSWORD: 'long-enough',
  CARD_FINGERPRINT_SECRET: 'z'.repeat(40),
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'config-audit-')), '.data', 'dev-secrets.json');

test('production refuses to start without AUDIT_SIGNING_KEY, and names a value of neither format', (t) => {
  t.true(problemsOf(production).some((p) => p.startsWith('AUDIT_SIGNING_KEY is required in production')));
  for (const wrong of ['not-a-key', randomBytes(16).toString('base64'), '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----']) {
    t.true(
      problemsOf({ ...production, AUDIT_SIGNING_KEY: wrong }).some((p) => p.startsWith('AUDIT_SIGNING_KEY must be an Ed25519 private key')),
      wrong,
    );
  }
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  t.true(problemsOf({ ...production, AUDIT_SIGNING_KEY: rsa }).some((p) => p.includes('not Ed25519')));
});

test('a PKCS8 PEM key and the base64 of its seed are the same key', (t) => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const seed = (privateKey.export({ format: 'der', type: 'pkcs8' }) as Buffer).subarray(-32).toString('base64');
  const fromPem = loadConfig({ ...production, AUDIT_SIGNING_KEY: pem }).auditSigningKey;
  const fromSeed = loadConfig({ ...production, AUDIT_SIGNING_KEY: seed }).auditSigningKey;
  const fromEscapedPem = loadConfig({ ...production, AUDIT_SIGNING_KEY: pem.replace(/\n/g, '\\n') }).auditSigningKey;
  t.is(fromPem.keyId, fromSeed.keyId);
  t.is(fromEscapedPem.keyId, fromSeed.keyId);
  t.regex(fromPem.keyId, /^[0-9a-f]{16}$/);
  t.is(fromSeed.publicKeyPem, fromPem.publicKeyPem);
  const signature = sign(null, Buffer.from('x'), fromSeed.privateKey);
  t.true(verify(null, Buffer.from('x'), fromPem.publicKey, signature));
});

test('development without AUDIT_SIGNING_KEY keeps a generated one with the token secrets, and adds one to an older file', (t) => {
  const file = tempFile();
  const first = loadConfig(base, { devSecretsFile: file });
  const kept = JSON.parse(fs.readFileSync(file, 'utf8'));
  t.is(Buffer.from(kept.AUDIT_SIGNING_KEY, 'base64').length, 32);
  t.is(loadConfig(base, { devSecretsFile: file }).auditSigningKey.keyId, first.auditSigningKey.keyId);

  const older = tempFile();
  fs.mkdirSync(path.dirname(older), { recursive: true });
  fs.writeFileSync(older, JSON.stringify({ JWT_SECRET: 'a'.repeat(40), ADMIN_JWT_SECRET: 'b'.repeat(40) }), { mode: 0o600 });
  const upgraded = loadConfig(base, { devSecretsFile: older });
  t.is(upgraded.jwt.secret, 'a'.repeat(40));
  const after = JSON.parse(fs.readFileSync(older, 'utf8'));
  t.is(after.JWT_SECRET, 'a'.repeat(40));
  t.is(Buffer.from(after.AUDIT_SIGNING_KEY, 'base64').length, 32);
  t.is(fs.statSync(older).mode & 0o777, 0o600);
  t.is(loadConfig(base, { devSecretsFile: older }).auditSigningKey.keyId, upgraded.auditSigningKey.keyId);
});
