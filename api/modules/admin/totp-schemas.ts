import { object } from 'yup';
import { zeroOrOne } from '../../http/schema-helpers';
import { totpLoginRefusals } from '../auth/totp-refusals';
import { totpCodeField } from '../auth/totp-schemas';
import { adminLoginBody } from './schemas';

export { totpCodeBody } from '../auth/totp-schemas';

/** POST /admin/login (and Bull Board's form): the credentials, and `totpCode` for an administrator with an authenticator. */
export const adminTotpLoginBody = adminLoginBody.shape({ totpCode: totpCodeField() });

/** PATCH /admin/groups/:id/require-totp. */
export const requireTotpBody = object({ requireTotp: zeroOrOne({ typeError: false }).required() });

/**
 * The authenticator refusals of an administrator login, with the players' numbers, and 2023: the group
 * requires an authenticator and none is enabled (set one up with POST /admin/login-totp-setup).
 */
export const adminTotpLoginRefusals = { ...totpLoginRefusals, 'admin.totpSetupRequired': 2023 } as const;
