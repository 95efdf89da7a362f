import { object, string } from 'yup';

/** POST /affiliate/admin/trigger-daily-settlement: the day settled (default yesterday in APP_TIMEZONE). */
export const dailyTriggerBody = object({
  date: string()
    .trim()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
    .optional(),
});
