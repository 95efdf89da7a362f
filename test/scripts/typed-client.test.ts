import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import ts from 'typescript';

/**
 * A client generated from the API document (openapi-typescript) type-checks a small program calling a
 * few player endpoints with typed bodies and typed results; the same program using a field wrongly does
 * not compile (docs/architecture.md, "Where to add", an endpoint's answer).
 */

let dir: string;

test.before(async () => {
  // The document reads the configured rate limits; building it connects to nothing.
  process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/gaming';
  process.env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  const { buildApiDocument } = await import('../../api/http/openapi');
  const { endpoints } = await import('../../api/endpoints');
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const types = astToString(await openapiTS(JSON.parse(JSON.stringify(buildApiDocument(endpoints)))));
  dir = mkdtempSync(path.join(tmpdir(), 'typed-client-'));
  writeFileSync(path.join(dir, 'api.d.ts'), types);
});
test.after.always(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The program's type errors (empty when it compiles). */
function typeErrors(program: string): string[] {
  const file = path.join(dir, `program-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, program);
  const compiled = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, skipLibCheck: true });
  return ts.getPreEmitDiagnostics(compiled).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const CLIENT = `
import type { paths } from './api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: infer R } } ? Json<R> : never;
/** The success envelope of an answer: the one whose code is 200. */
type Result<A> = A extends { code: 200; result: infer R } ? R : never;
declare function call<P extends keyof paths, M extends keyof paths[P]>(path: P, method: M, body?: Body<P, M>): Promise<Ok<P, M>>;
const ok = <A extends { code: number }>(a: A): a is Extract<A, { code: 200 }> => a.code === 200;
`;

test('a generated client calls register, login, deposit and withdrawal request with typed bodies and results', (t) => {
  const errors = typeErrors(`${CLIENT}
async function main(): Promise<void> {
  const registered = await call('/api/auth/register', 'post', { account: 'player1', password: 'secret1', name: 'Player One' });
  if (ok(registered)) {
    const token: string = registered.result.token;
    const id: number = registered.result.user.id;
    void token; void id;
  } else {
    const code: number = registered.code; // a business refusal: 2001, 2002
    void code;
  }
  const login = await call('/api/auth/login', 'post', { account: 'player1', password: 'secret1' });
  if (ok(login)) {
    const balance: string = login.result.user.balance;
    void balance;
  }
  const deposit = await call('/api/deposit', 'post', { channelId: 1, paymentMethod: 'crypto', subOrder: 'A1', orderAmount: '100.50' });
  void deposit;
  const withdrawal = await call('/api/withdrawal/request', 'post', { amount: 20, cryptoAddressId: 3, verifyCode: '123456' });
  if (ok(withdrawal)) {
    const id: number = withdrawal.result.id;
    void id;
  }
  const page = await call('/api/health', 'get');
  if (ok(page)) {
    const status: 'ok' | 'degraded' = page.result.status;
    void status;
  }
  const typedResult: Result<Ok<'/api/auth/user-detail', 'get'>> extends { account: string } ? true : false = true;
  void typedResult;
}
void main;
`);
  t.deepEqual(errors, []);
});

test('the same client refuses a wrong use: a number where the answer has a string, a missing body field', (t) => {
  const errors = typeErrors(`${CLIENT}
async function main(): Promise<void> {
  const login = await call('/api/auth/login', 'post', { account: 'player1', password: 'secret1' });
  if (ok(login)) {
    const token: number = login.result.token;
    void token;
  }
  await call('/api/auth/register', 'post', { account: 'player1' });
}
void main;
`);
  t.is(errors.length, 2, errors.join('\n'));
  t.regex(errors.join('\n'), /'string' is not assignable to type 'number'/);
  t.regex(errors.join('\n'), /password/);
});
