import { object } from 'yup';
import { jsonDate } from '../../http/schema-helpers';

/** POST /affiliate/admin/trigger-daily-settlement: the day settled (default yesterday in APP_TIMEZONE). */
export const dailyTriggerBody = object({
  date: jsonDate(),
});
