import { object } from 'yup';
import { dateRangeFields, exactString, pagingFields, queryText } from '../../http/schema-helpers';
import { GAME_TYPE_CODES } from '../../../shared/domain/game';

export const BET_STATUSES = ['valid', 'invalid', 'cancelled'] as const;

/** GET /bet-record: page, pageSize (1..50), status, gameType (numeric code), startDate..endDate (whole days). */
export const betRecordQuery = object({
  ...pagingFields(),
  status: queryText().oneOf([...BET_STATUSES], '${path} must be one of valid, invalid, cancelled'),
  gameType: queryText().oneOf(GAME_TYPE_CODES.map(String), `\${path} must be one of ${GAME_TYPE_CODES.join(', ')}`),
  ...dateRangeFields(),
});

/** GET /bet-record/:orderId/details: a positive integer id (bet order ids are BIGINT). */
export const orderIdParams = object({
  orderId: exactString()
    .required()
    .matches(/^[1-9]\d{0,17}$/, 'orderId must be a positive integer'),
});
