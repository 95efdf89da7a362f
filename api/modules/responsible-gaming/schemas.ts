import { mixed, object } from 'yup';
import { COOLING_OFF_DAYS, LIMIT_PERIODS, LIMIT_TYPES, SELF_EXCLUSION_MONTHS } from '../../../shared/domain/site-config';
import { documentAs, jsonInteger, moneyAmount, positiveIdParam, text } from '../../http/schema-helpers';

/**
 * Bodies of the player-protection endpoints. JSON fields keep their JSON types (a string where an integer
 * is expected is a 400 naming the field); amounts are money amounts (USD), null where null removes.
 */
const oneOf = <T extends string | number>(values: readonly T[]) =>
  documentAs(mixed<T>(), { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values] }).test(
    'one-of',
    `\${path} must be one of ${values.join(', ')}`,
    (v) => v === undefined || (values as readonly unknown[]).includes(v),
  );

/** A required key whose value may be null. */
const present = (v: unknown) => v !== undefined;

const limitFields = {
  type: oneOf(LIMIT_TYPES).required(),
  period: oneOf(LIMIT_PERIODS).required(),
  amount: moneyAmount().nullable().test('present', '${path} is required (null removes the limit)', present),
};

/** `amount` must be present (null removes), which the field's own rule cannot say: the object says it. */
export const limitBody = documentAs(object(limitFields), { required: ['type', 'period', 'amount'] }).required();

/** Minutes, 1 to 1440 (a day), or null. */
const minutes = () => jsonInteger().min(1, '${path} must be at least 1').max(1440, '${path} must be at most 1440').nullable();

export const sessionBody = documentAs(object({ sessionLimitMinutes: minutes(), realityCheckMinutes: minutes() }), {
  anyOf: [{ required: ['sessionLimitMinutes'] }, { required: ['realityCheckMinutes'] }],
})
  .test(
    'something',
    'sessionLimitMinutes or realityCheckMinutes is required',
    (v) => v?.sessionLimitMinutes !== undefined || v?.realityCheckMinutes !== undefined,
  )
  .required();

export const coolingOffBody = object({ days: oneOf(COOLING_OFF_DAYS).required() }).required();
/** `{months}` (6, 12 or 60) or `{indefinite: true}`, exactly one of them. */
export const selfExclusionBody = documentAs(
  object({
    months: oneOf(SELF_EXCLUSION_MONTHS),
    indefinite: documentAs(mixed<true>(), { type: 'boolean', enum: [true], description: 'A self-exclusion without an end' }).test(
      'true',
      '${path} must be true',
      (v) => v === undefined || v === true,
    ),
  }),
  { oneOf: [{ required: ['months'] }, { required: ['indefinite'] }] },
)
  .test('one', 'give months or indefinite: true, not both', (v) => (v?.months === undefined) !== (v?.indefinite === undefined))
  .required();

const reason = () => text().min(1, '${path} is required').max(255).required();

export const playerParams = object({ id: positiveIdParam('id') });

export const operatorLimitBody = documentAs(object({ ...limitFields, reason: reason() }), { required: ['type', 'period', 'amount', 'reason'] }).required();

export const operatorExclusionBody = object({
  kind: oneOf(['cooling-off', 'self-exclusion'] as const).required(),
  until: documentAs(text(), { format: 'date-time', description: 'An ISO 8601 instant in the future', 'x-rule': 'future' }).max(40).required(),
  reason: reason(),
}).required();
