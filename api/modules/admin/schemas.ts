import { array, number, object, string } from 'yup';

/**
 * A trimmed string; unlike yup's `.trim()` it leaves a non-string (an array from a repeated query
 * parameter, an object in a body) alone, so the type check answers 400 instead of the trim throwing.
 */
const trimmed = () => string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

export const adminLoginBody = object({
  account: trimmed().required().max(50),
  password: string().required().max(128),
});

/**
 * JSON body fields keep their JSON type: a number or an object where a string is expected (or the
 * reverse) is a 400, not silently converted. Strings are trimmed.
 */
const text = () => string().transform((_value: unknown, original: unknown) => (typeof original === 'string' ? original.trim() : original));
const integer = () =>
  number()
    .transform((value: unknown, original: unknown) => (typeof original === 'number' ? value : original))
    .integer();

const ACCOUNT = /^[A-Za-z0-9_.@-]+$/;
/** bcrypt reads at most 72 bytes; a longer password would be cut silently. */
const password = () =>
  string()
    .transform((_value: unknown, original: unknown) => original)
    .min(6)
    .test('bytes', '${path} must be at most 72 bytes', (v) => v === undefined || Buffer.byteLength(v, 'utf8') <= 72);
const name = () => text().min(1).max(50);
const status = () => integer().oneOf([0, 1], '${path} must be 0 or 1');
const permissions = () =>
  array()
    .of(string().transform((_value: unknown, original: unknown) => original).required().max(60))
    .max(100);

export const idParams = object({
  id: number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && /^\d{1,9}$/.test(original) ? value : NaN))
    .typeError('id must be a positive integer')
    .required()
    .integer()
    .positive('id must be a positive integer'),
});

export const createAdminBody = object({
  account: text().required().min(3).max(50).matches(ACCOUNT, '${path} may hold letters, digits and _ . @ - only'),
  password: password().required(),
  name: name().required(),
  groupId: integer().required().positive(),
});

export const updateAdminBody = object({
  name: name(),
  password: password(),
  groupId: integer().positive(),
  status: status(),
});

export const createGroupBody = object({
  name: name().required(),
  permissions: permissions().required(),
  description: text().max(255),
  status: status(),
});

export const updateGroupBody = object({
  name: name(),
  permissions: permissions(),
  description: text().max(255),
  status: status(),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string | undefined) => {
  if (v === undefined) return true;
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** An empty query parameter (`?startDate=`) counts as absent, as filter forms send them. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const date = () => trimmed().transform(blankAsAbsent).test('date', '${path} must be a date YYYY-MM-DD', isCalendarDate);
const queryInt = () =>
  number()
    .transform((value: number, original: unknown) => {
      if (original === '') return undefined;
      return typeof original === 'string' && /^\s*\d{1,9}\s*$/.test(original) ? value : NaN;
    })
    .integer();

export const logListQuery = object({
  adminId: queryInt().positive(),
  module: trimmed().transform(blankAsAbsent).max(40),
  action: trimmed().transform(blankAsAbsent).max(40),
  startDate: date(),
  endDate: date().test('range', 'endDate must not be before startDate', function (v) {
    const start = this.parent.startDate as string | undefined;
    return !v || !start || !isCalendarDate(start) || !isCalendarDate(v) || v >= start;
  }),
  page: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(50).default(20),
});
