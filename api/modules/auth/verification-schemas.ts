import { object } from 'yup';
import { bcryptPassword, documentAs, exactString as raw, text } from '../../http/schema-helpers';
import { sixDigits, totpCodeBody, totpCodeField } from './totp-schemas';

/**
 * Bodies of the verification endpoints. JSON types are kept: a number where a string is
 * expected is a 400, not silently converted. Strings are trimmed, except passwords.
 */
const newPassword = () => bcryptPassword().required();

export const sendVerifyEmailBody = object({
  // users.email is VARCHAR(50)
  email: text().required().max(50).email('${path} must be a valid e-mail address'),
  subject: text()
    .max(150)
    .matches(/^[^\r\n]*$/, '${path} must be one line')
    .nullable()
    .optional(),
});

export const checkVerifyEmailBody = object({
  code: sixDigits(),
  email: text().required().max(50).email('${path} must be a valid e-mail address'),
});

/** A mobile number as shared/domain/auth/phone-numbers.ts reads it: national digits (one leading 0 dropped) or +E.164. */
const MOBILE = { type: 'string', pattern: '^(\\+\\d{7,15}|0?[1-9]\\d{2,11})$', description: 'National digits, or + and the international number' };

export const sendVerifyMobileBody = object({
  mobile: documentAs(text().required().min(3).max(40), MOBILE),
  country: object({
    label: documentAs(text().max(100).optional(), {
      type: 'string',
      maxLength: 100,
      pattern: '^\\s*\\+?\\d{1,3}\\s*-',
      description: '`<calling code>-<country name>`, e.g. 886-Taiwan',
    }),
    icon: text().max(500).optional(),
  })
    .default(undefined)
    .nullable()
    .optional(),
});

export const checkVerifyMobileBody = object({
  mobile: text().required().min(3).max(40),
  // twilio Verify codes are 4 to 10 digits (6 by default); development codes are 6.
  code: text()
    .required()
    .matches(/^\d{4,10}$/, '${path} must be 4 to 10 digits'),
});

export const enableTotpBody = totpCodeBody;

/** generate-totp-auth: no body, or `{code}` (a current code, needed when an authenticator is enabled). */
export const generateTotpBody = object({ code: totpCodeField() });

export const editPasswordBody = object({
  password: raw().required().max(128),
  newPassword: newPassword(),
  confirmPassword: raw().required().max(128),
});

export const setPasswordBody = object({
  newPassword: newPassword(),
  confirmPassword: raw().required().min(6).max(128),
});
