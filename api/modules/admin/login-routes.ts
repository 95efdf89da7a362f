import { loginAdmin } from '../../../shared/domain/admin/login';
import { publicAdmin } from '../../../shared/domain/admin/views';
import { endpoint } from '../../http/endpoint';
import { adminLoginBody } from './schemas';

/** POST /admin/login (Part B 4.9): 2001 wrong account or password, 2002 disabled. */
export const loginEndpoints = [
  endpoint(
    { method: 'post', path: '/admin/login', auth: 'none', body: adminLoginBody, codes: [2001, 2002], summary: 'Log an administrator in' },
    async ({ body, meta }) => {
      const { token, admin } = await loginAdmin(body.account, body.password, meta);
      return { token, admin: publicAdmin(admin) };
    },
  ),
];
