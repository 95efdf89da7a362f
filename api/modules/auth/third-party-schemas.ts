import { number, object } from 'yup';
import { HttpError } from '../../http/errors';
import { charString, exactString, trimmed } from '../../http/schema-helpers';
import { totpCodeField } from './totp-schemas';
import type { WidgetFieldValue } from '../../../shared/integrations/widget';

/** GET /auth/login-config: where the client goes after login, a path on the site (never another host). */
export const loginConfigQuery = object({
  redirectAfter: trimmed()
    .max(512)
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .matches(/^\/(?![/\\])[^\s\\\x00-\x1f\x7f]*$/, { message: 'redirectAfter must be a path on this site, starting with a single /', excludeEmptyString: true })
    .optional(),
});

const oauthCallback = {
  code: trimmed().required().max(2048),
  state: trimmed().required().max(4096),
};

export const loginOAuthBody = object({
  ...oauthCallback,
  refCode: trimmed().max(64).nullable().optional(),
  totpCode: totpCodeField(),
});

export const bindOAuthBody = object(oauthCallback);

const widgetFields = {
  id: number().required().integer().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: charString().required().max(255),
  last_name: charString().max(255).nullable().optional(),
  username: charString().max(255).nullable().optional(),
  photo_url: charString().max(2048).nullable().optional(),
  auth_date: number().required().integer().min(0).max(Number.MAX_SAFE_INTEGER),
  hash: exactString().required().max(128),
};

export const loginWidgetBody = object({
  ...widgetFields,
  refCode: trimmed().max(64).nullable().optional(),
  totpCode: totpCodeField(),
});

export const bindWidgetBody = object(widgetFields);

/** The widget signs fields this service may not know; more than this many is not a widget. */
const MAX_WIDGET_FIELDS = 30;

/**
 * Every field as the client posted it, for the data-check-string (the hash covers all of them, not only
 * the ones validated above). Null fields count as absent; anything but a string, number or boolean is
 * refused with a 400 naming the field.
 */
export function receivedWidgetFields(body: unknown): Record<string, WidgetFieldValue> {
  const out: Record<string, WidgetFieldValue> = {};
  const entries = Object.entries((body ?? {}) as Record<string, unknown>);
  if (entries.length > MAX_WIDGET_FIELDS) throw new HttpError(400, `Invalid body: at most ${MAX_WIDGET_FIELDS} fields`);
  for (const [key, value] of entries) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      const field = key.slice(0, 40);
      throw new HttpError(400, `Invalid body: ${field} must be a string or a number`, {
        errors: [{ field, message: `${field} must be a string or a number` }],
      });
    }
    out[key] = value;
  }
  return out;
}
