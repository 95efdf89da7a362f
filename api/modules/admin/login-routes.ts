import { loginAdmin, logoutAdmin, publicAdmin } from '../../../shared/domain/admin';
import { endpoint } from '../../http/endpoint';
import { adminLoginPerAccount, adminLoginPerIp } from './login-limits';
import { adminTotpLoginBody, adminTotpLoginRefusals } from './totp-schemas';
import * as answers from './answers';

/**
 * POST /admin/login: 2001 wrong account or password, 2002 disabled, the authenticator's
 * 2020 to 2023 (./totp-schemas.ts); rate limited per IP and per account (./login-limits.ts). POST
 * /admin/logout (not in the spec) ends the administrator's tokens.
 */
export const loginEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/admin/login',
      result: answers.postAdminLogin,
      auth: 'none',
      body: adminTotpLoginBody,
      limits: [adminLoginPerIp, adminLoginPerAccount],
      refusals: { 'admin.credentialsWrong': 2001, 'admin.accountDisabled': 2002, ...adminTotpLoginRefusals },
      summary: 'Log an administrator in (`totpCode` with an authenticator enabled: 2020 asks for it; 2023 set one up first, POST /admin/login-totp-setup)',
    },
    async ({ body, meta }) => {
      const { token, admin } = await loginAdmin(body.account, body.password, meta, body.totpCode);
      return { token, admin: publicAdmin(admin) };
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/logout',
      result: answers.postAdminLogout,
      auth: { admin: null },
      summary: 'End every token of the administrator (not in the spec)',
    },
    async ({ actor }) => {
      await logoutAdmin(actor);
      return { loggedOut: true };
    },
  ),
];
