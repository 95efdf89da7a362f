import { object } from 'yup';
import { RANKING_MAX_LIMIT, RANKING_TYPES } from '../../../shared/domain/ranking';
import { queryInt, queryText } from '../../http/schema-helpers';

/** GET /ranking: type (default realtime), limit 1..50 (default 20). */
export const rankingQuery = object({
  type: queryText()
    .oneOf([...RANKING_TYPES], `\${path} must be one of ${RANKING_TYPES.join(', ')}`)
    .default('realtime'),
  limit: queryInt().min(1).max(RANKING_MAX_LIMIT).default(20),
});
