import { object } from 'yup';
import { text } from '../../http/schema-helpers';

/**
 * Authenticator codes in request bodies (players' and administrators'): 6 digits, as a string (a JSON
 * number is a 400 naming the field).
 */
const SIX_DIGITS = /^\d{6}$/;

export const sixDigits = () => text().required().matches(SIX_DIGITS, '${path} must be 6 digits');

/** `totpCode` of a login body: only accounts with an authenticator need it (docs/decisions/auth.md, "Authenticator codes at every login"). */
export const totpCodeField = () => text().matches(SIX_DIGITS, '${path} must be 6 digits').nullable().optional();

/** The body of the enable and disable endpoints: `{code}`. */
export const totpCodeBody = object({ code: sixDigits() });
