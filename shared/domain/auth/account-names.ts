/**
 * What makes two player account names the same account (docs/decisions/auth.md, "Account names"). An account
 * is stored as typed; its key, unique per site, is the name with look-alikes made equal:
 * NFKC (full-width and compatibility forms become their plain letters), Cyrillic and Greek letters drawn
 * like Latin ones read as those Latin letters, then case folded. So `abc`, `ABC`, `ａｂｃ` and a Cyrillic
 * `аbс` share the key `abc`: the second to register is refused (`auth.accountTaken`), and a login with
 * any of them finds the one account. Names mixing Latin, Greek and Cyrillic letters are refused at
 * registration.
 */

/** Cyrillic and Greek letters whose usual glyphs are those of a Latin letter (after the Unicode confusables). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  α: 'a',
  ι: 'i',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  υ: 'u',
  γ: 'y',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** The key two account names share when they are one account (see above). */
export function accountKey(account: string): string {
  const plain = account.normalize('NFKC').replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]);
  // Upper then lower case folds what lower case alone keeps apart (ß and SS, final and medial sigma).
  return plain.toUpperCase().toLowerCase().normalize('NFKC');
}

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];

/** True when the name has letters of more than one of Latin, Greek and Cyrillic (a look-alike of another name). */
export function mixesLookAlikeScripts(account: string): boolean {
  const text = account.normalize('NFKC');
  return SCRIPTS.filter((script) => script.test(text)).length > 1;
}

/** Accounts third-party logins create (`oauth_<sub>`, `widget_<id>`): nobody may register them by hand. */
const RESERVED = /^(oauth|widget)_/;

/** True when the name, read as its key, starts with a prefix of the accounts third-party logins create. */
export function isReservedAccount(account: string): boolean {
  return RESERVED.test(accountKey(account));
}
