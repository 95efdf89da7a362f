import { randomInt } from 'node:crypto';

/** The 6-digit codes this service makes up (e-mail codes, development SMS codes): never a guessable one. */

/** Well-known guessable codes not caught by the pattern rules of isWeakCode. */
export const CODE_BLACKLIST: ReadonlySet<string> = new Set([
  '112233',
  '121212',
  '123123',
  '520520',
  '666888',
  '888666',
  '111222',
  '222111',
  '123321',
  '321123',
  '147258',
  '258369',
  '147369',
  '369258',
  '159357',
  '159753',
  '357159',
  '741852',
  '852963',
  '963852',
  '789456',
  '456123',
  '123654',
  '654123',
  '112358',
  '131420',
  '521314',
  '520131',
  '521521',
  '168168',
  '518518',
  '100000',
  '200000',
  '300000',
  '111000',
  '000111',
  '101010',
  '202020',
  '010101',
  '123789',
  '987123',
  '246810',
  '135790',
  '135246',
  '102030',
  '112112',
  '114514',
  '666999',
  '999666',
  '888999',
]);

/** True for codes a person would guess first: all-equal, runs, repeated blocks, palindromes, blacklisted. */
export function isWeakCode(code: string): boolean {
  if (!/^\d{6}$/.test(code)) return true;
  const d = [...code].map(Number);
  const steps = d.slice(1).map((v, i) => (v - d[i] + 10) % 10);
  if (steps.every((s) => s === 0)) return true; // 000000, 111111 ...
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return true; // 012345, 987654, 890123 (wrapping too)
  if (code.slice(0, 2).repeat(3) === code) return true; // ababab: 121212
  if (code.slice(0, 3).repeat(2) === code) return true; // abcabc: 123123, 520520
  if (d[0] === d[1] && d[2] === d[3] && d[4] === d[5]) return true; // aabbcc: 112233
  if (d[0] === d[1] && d[1] === d[2] && d[3] === d[4] && d[4] === d[5]) return true; // aaabbb: 666888
  if ([...code].reverse().join('') === code) return true; // abccba: 123321
  return CODE_BLACKLIST.has(code);
}

/** A uniformly random 6-digit code that is not weak (see isWeakCode). */
export function generateVerificationCode(draw: () => number = () => randomInt(0, 1_000_000)): string {
  for (;;) {
    const code = String(draw()).padStart(6, '0');
    if (!isWeakCode(code)) return code;
  }
}
