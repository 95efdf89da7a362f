import { number, object, string } from 'yup';
import { RANKING_MAX_LIMIT, RANKING_TYPES } from '../../../shared/domain/ranking';

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /ranking: type (default realtime), limit 1..50 (default 20). */
export const rankingQuery = object({
  type: string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .transform(blankAsAbsent)
    .oneOf([...RANKING_TYPES], `\${path} must be one of ${RANKING_TYPES.join(', ')}`)
    .default('realtime'),
  limit: number()
    .transform((value: number, original: unknown) => {
      if (original === '') return undefined;
      return typeof original === 'string' && /^\s*\d{1,9}\s*$/.test(original) ? value : NaN;
    })
    .typeError('${path} must be a positive integer')
    .integer()
    .min(1)
    .max(RANKING_MAX_LIMIT)
    .default(20),
});
