import { isRealDay } from '../vip';

/**
 * Where the player pays an ATM order (docs/payments.md, "Where to pay an ATM order"): the fiat vendor's add
 * callback names the receiving bank code (`receiving_code`), account number (`receiving_account`) and the
 * order's expiry (`expire_date`). The add callback's body is kept in the order's callbackData (`add`), so
 * the same reading checks the callback before it is applied and shows what was kept.
 */
export interface AtmPayee {
  bankCode: string;
  account: string;
  /** The vendor's text: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`; null when it gave none. */
  expireDate: string | null;
}

/** What an add callback's body says of the payee: none (null), the payee, or the name of a malformed field. */
export type PayeeReading = { payee: AtmPayee | null; malformed?: undefined } | { malformed: string; payee?: undefined };

const BANK_CODE = /^\d{3,7}$/;
const ACCOUNT = /^\d{8,20}$/;
const EXPIRE = /^(\d{4}-\d{2}-\d{2})(?: (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)?$/;

const valid = {
  receiving_code: (v: string) => BANK_CODE.test(v),
  receiving_account: (v: string) => ACCOUNT.test(v),
  expire_date: (v: string) => {
    const day = EXPIRE.exec(v)?.[1];
    return day !== undefined && isRealDay(day);
  },
} as const;

/**
 * Reads the payee of an add callback's body. A field absent or null is not given; a given one must be a
 * JSON string of its form (a number would lose a bank code's leading zeros): bank code 3 to 7 digits,
 * account 8 to 20 digits, expiry a real date with an optional time. Bank code and account go together.
 */
export function readPayee(body: unknown): PayeeReading {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const given: Partial<Record<keyof typeof valid, string>> = {};
  for (const name of Object.keys(valid) as Array<keyof typeof valid>) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !valid[name](value)) return { malformed: name };
    given[name] = value;
  }
  const { receiving_code: bankCode, receiving_account: account, expire_date: expireDate } = given;
  if (!bankCode && !account) return { payee: null };
  if (!bankCode) return { malformed: 'receiving_code' };
  if (!account) return { malformed: 'receiving_account' };
  return { payee: { bankCode, account, expireDate: expireDate ?? null } };
}

/** The payee an ATM order's kept add callback names, or null (none yet, or a body kept before it was checked). */
export function keptPayee(addCallback: unknown): AtmPayee | null {
  return readPayee(addCallback).payee ?? null;
}
