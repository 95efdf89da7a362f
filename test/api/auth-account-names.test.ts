import test from 'ava';
import bcrypt from 'bcrypt';
import { QueryTypes } from 'sequelize';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';

/**
 * Account names that look alike are one account (docs/decisions/auth.md, "Account names"): `abc`, `ABC`,
 * full-width `ａｂｃ` and a Cyrillic `аbс` are the same account; a name mixing Latin, Greek and Cyrillic
 * letters is refused at registration. Names are stored as typed; a login with any look-alike finds it.
 */
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let siteCode: string;
test.before(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'true' });
  db = (await import('../../shared/db/sequelize')).db;
  siteCode = (await import('../../shared/config')).config().siteCode;
});
test.after.always(async () => {
  await stack?.close();
});

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
};
const tag = () => Math.random().toString(36).slice(2, 8);
/** Six random Cyrillic lower-case letters. */
const cyrillic = () => Array.from({ length: 6 }, () => String.fromCodePoint(0x0431 + Math.floor(Math.random() * 20))).join('');
const fullWidth = (name: string) => [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');

const post = (path: string, body: Record<string, unknown>, ip = freshIp()): Promise<ApiResponse> =>
  stack.request('POST', path, { body, headers: { 'x-forwarded-for': ip } });
const register = (account: string, password = 'secret123') => post('/api/auth/register', { account, password, name: 'Player' });
const login = (account: string, password = 'secret123') => post('/api/auth/login', { account, password });

async function accounts(pattern: string): Promise<string[]> {
  const rows = await db().query<{ account: string }>('SELECT account FROM users WHERE lower(account) LIKE :pattern ORDER BY id', {
    replacements: { pattern },
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => r.account);
}

test('another case, full width or a look-alike letter of a registered account is the same account (2001)', async (t) => {
  const name = `ab${tag()}`;
  const first = await register(name);
  t.is(first.body.code, 200, first.text);
  const cyrillicA = `\u0430${name.slice(1)}`; // Cyrillic а, then Latin letters: refused as mixed (400)
  for (const lookAlike of [name.toUpperCase(), `${name[0].toUpperCase()}${name.slice(1)}`, fullWidth(name)]) {
    const res = await register(lookAlike);
    t.is(res.status, 200, `${lookAlike}: ${res.text}`);
    t.is(res.body.code, 2001, `${lookAlike}: ${res.text}`);
  }
  const mixed = await register(cyrillicA);
  t.is(mixed.status, 400, mixed.text);
  t.regex(mixed.body.message, /account/);
  t.deepEqual(await accounts(`%${name.slice(2)}`), [name], 'one player, stored as typed');
});

test('a whole-script look-alike (Cyrillic or Greek letters drawn as Latin ones) is the same account', async (t) => {
  t.is((await register('aoc')).body.code, 200);
  const cyrillicAoc = await register('\u0430\u043e\u0441'); // а о с
  t.is(cyrillicAoc.body.code, 2001, cyrillicAoc.text);
  t.is((await register('\u0391\u039f\u039a')).body.code, 200, 'Greek ΑΟΚ, new');
  t.is((await register('aok')).body.code, 2001, 'Latin aok is the Greek ΑΟΚ registered above');
});

test('a login with another case or width of the account logs in to it; a wrong password is still 2001', async (t) => {
  const name = `Mi${tag()}`;
  t.is((await register(name)).body.code, 200);
  for (const typed of [name, name.toLowerCase(), name.toUpperCase(), fullWidth(name)]) {
    const res = await login(typed);
    t.is(res.body.code, 200, `${typed}: ${res.text}`);
    t.is(res.body.result.user.account, name, typed);
  }
  t.is((await login(name.toLowerCase(), 'wrong-password')).body.code, 2001);
});

test('accounts older than the keys keep logging in by their exact name, even when they look alike', async (t) => {
  const name = `old${tag()}`;
  // Two players of before the keys: written without one, as the migration leaves the younger look-alike.
  for (const [account, password] of [
    [name, 'first-pass'],
    [name.toUpperCase(), 'second-pass'],
  ]) {
    await db().query(`INSERT INTO users ("siteCode", account, password, name, "tokenVersion") VALUES (:siteCode, :account, :hash, 'Old', 0)`, {
      replacements: { siteCode, account, hash: await bcrypt.hash(password, 4) },
    });
  }
  t.is((await login(name, 'first-pass')).body.result?.user.account, name);
  t.is((await login(name.toUpperCase(), 'second-pass')).body.result?.user.account, name.toUpperCase());
  t.is((await login(name.toUpperCase(), 'first-pass')).body.code, 2001, 'the exact name wins over a look-alike');
});

test('registration refuses mixed-script names and reserved prefixes in any width or case', async (t) => {
  for (const account of [`p\u0430ypal${tag()}`, `\u03b1bc${tag()}`, `ＯＡＵＴＨ_${tag()}`, `Widget_${tag()}`]) {
    const res = await register(account);
    t.is(res.status, 400, `${account}: ${res.text}`);
    t.regex(res.body.message, /account/);
  }
  t.is((await register(`小明${tag()}`)).body.code, 200, 'other scripts with Latin are fine');
  t.is((await register(cyrillic())).body.code, 200, 'an all-Cyrillic name is fine');
});

test('look-alikes registered at the same moment: exactly one player is created, the others get 2001', async (t) => {
  const name = `race${tag()}`;
  const variants = [name, name.toUpperCase(), fullWidth(name), `${name[0].toUpperCase()}${name.slice(1)}`, fullWidth(name.toUpperCase())];
  const answers = await Promise.all(variants.map((v) => register(v)));
  t.deepEqual(answers.map((a) => a.body.code).sort(), [200, 2001, 2001, 2001, 2001], answers.map((a) => a.text).join('\n'));
  const [row] = await db().query<{ n: string }>('SELECT COUNT(*)::text AS n FROM users WHERE "accountKey" = :key', {
    replacements: { key: name },
    type: QueryTypes.SELECT,
  });
  t.is(row.n, '1');
});

test('the per-account login limit counts every look-alike of the name as the account', async (t) => {
  const name = `lim${tag()}`;
  t.is((await register(name)).body.code, 200);
  await awayFromMinuteEdge();
  const variants = Array.from({ length: 10 }, (_, i) => [...name].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join(''));
  for (const typed of variants) t.is((await login(typed, 'wrong-password')).body.code, 2001, typed);
  const eleventh = await login(fullWidth(name), 'wrong-password');
  t.is(eleventh.status, 429, eleventh.text);
});
