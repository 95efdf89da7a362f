import { object, string } from 'yup';
import { DOCUMENT_KINDS, DOCUMENT_STATES, FLAG_STATUSES } from '../../../shared/domain/kyc';
import { COUNTRIES } from '../../../shared/i18n/countries';
import { CALENDAR_DATE_JSON, documentAs, isCalendarDate, pagingFields, positiveIdParam, queryInt, queryText, text } from '../../http/schema-helpers';

/** Bodies, queries and parameters of /kyc (docs/kyc.md). */

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.country));
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** PUT /kyc/profile: every field, each a string. */
export const profileBody = object({
  legalName: text().required('${path} is required').min(2, '${path} must be at least 2 characters').max(100, '${path} must be at most 100 characters'),
  dateOfBirth: documentAs(text(), { ...CALENDAR_DATE_JSON, description: 'YYYY-MM-DD, from 1900-01-01 to today' })
    .required('${path} is required')
    .test('date', '${path} must be a date YYYY-MM-DD', (v) => v === undefined || isCalendarDate(v))
    .test(
      'past',
      '${path} must be after 1900-01-01 and not in the future',
      (v) => v === undefined || !isCalendarDate(v) || (v >= '1900-01-01' && v <= todayUtc()),
    ),
  country: documentAs(text(), { pattern: '^[A-Za-z]{2}$', description: 'An ISO 3166-1 alpha-2 country code (any case)' })
    .transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v))
    .required('${path} is required')
    .test('country', '${path} must be an ISO 3166-1 alpha-2 country code', (v) => v === undefined || COUNTRY_CODES.has(v)),
  address: text().required('${path} is required').min(5, '${path} must be at least 5 characters').max(300, '${path} must be at most 300 characters'),
});

/** POST /kyc/documents (the multipart text field; the image is the file field `file`). */
export const documentBody = object({
  kind: text()
    .required('kind is required')
    .oneOf([...DOCUMENT_KINDS], `kind must be one of ${DOCUMENT_KINDS.join(', ')}`),
});

export const documentIdParams = object({ id: positiveIdParam('id') });

/** GET /kyc/admin/queue: by state (pending unless given), the player's level, the player and the kind. */
export const queueQuery = object({
  ...pagingFields(20),
  state: queryText().oneOf([...DOCUMENT_STATES, undefined], `state must be one of ${DOCUMENT_STATES.join(', ')}`),
  level: queryInt({ typeError: 'level must be 0, 1, 2 or 3' }).oneOf([0, 1, 2, 3, undefined], 'level must be 0, 1, 2 or 3'),
  userId: queryInt().min(1),
  kind: queryText().oneOf([...DOCUMENT_KINDS, undefined], `kind must be one of ${DOCUMENT_KINDS.join(', ')}`),
});

/** POST /kyc/admin/documents/:id/review: a rejection needs its reason; an approval may give the expiry date. */
export const reviewBody = documentAs(
  object({
    action: string().strict().required('action is required').oneOf(['approve', 'reject'], 'action must be approve or reject'),
    reason: text()
      .max(300, '${path} must be at most 300 characters')
      .nullable()
      .when('action', { is: 'reject', then: (s) => s.required('reason is required to reject').min(2, 'reason must be at least 2 characters') }),
    expiresAt: documentAs(text(), {
      ...CALENDAR_DATE_JSON,
      description: 'YYYY-MM-DD after today: the document counts through that day (UTC); approvals only',
      'x-rule': 'future',
    })
      .nullable()
      .test('date', '${path} must be a date YYYY-MM-DD', (v) => v == null || isCalendarDate(v))
      .test('future', '${path} must be after today', (v) => v == null || !isCalendarDate(v) || v > todayUtc())
      .test('approve', '${path} is for approvals only', function (v) {
        return v == null || this.parent.action === 'approve';
      }),
  }),
  {
    if: { properties: { action: { const: 'reject' } }, required: ['action'] },
    then: { required: ['reason'], properties: { reason: { type: 'string', minLength: 2 }, expiresAt: { type: 'null' } } },
  },
);

/** GET /kyc/admin/flags: by status (open unless given) and player. */
export const flagsQuery = object({
  ...pagingFields(20),
  status: queryText().oneOf([...FLAG_STATUSES, undefined], `status must be one of ${FLAG_STATUSES.join(', ')}`),
  userId: queryInt().min(1),
});

/** POST /kyc/admin/flags/:id/decision: confirm (under age: frozen for good) or dismiss (a data error), always with a reason. */
export const flagDecisionBody = object({
  action: string().strict().required('action is required').oneOf(['confirm', 'dismiss'], 'action must be confirm or dismiss'),
  reason: text().required('reason is required').min(2, 'reason must be at least 2 characters').max(300, '${path} must be at most 300 characters'),
});
