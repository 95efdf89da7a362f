import { loginAdmin, logoutAdmin } from '../../../shared/domain/admin/login';
import { publicAdmin } from '../../../shared/domain/admin/views';
import { endpoint } from '../../http/endpoint';
import { adminLoginPerAccount, adminLoginPerIp } from './login-limits';
import { adminLoginBody } from './schemas';

/**
 * POST /admin/login (Part B 4.9): 2001 wrong account or password, 2002 disabled; rate limited per IP
 * and per account (./login-limits.ts). POST /admin/logout (not in the spec) ends the administrator's
 * tokens.
 */
export const loginEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/admin/login',
      auth: 'none',
      body: adminLoginBody,
      limits: [adminLoginPerIp, adminLoginPerAccount],
      refusals: { 'admin.credentialsWrong': 2001, 'admin.accountDisabled': 2002 },
      summary: 'Log an administrator in',
    },
    async ({ body, meta }) => {
      const { token, admin } = await loginAdmin(body.account, body.password, meta);
      return { token, admin: publicAdmin(admin) };
    },
  ),
  endpoint({ method: 'post', path: '/admin/logout', auth: { admin: null }, summary: 'End every token of the administrator (not in the spec)' }, async ({ actor }) => {
    await logoutAdmin(actor);
    return { loggedOut: true };
  }),
];
