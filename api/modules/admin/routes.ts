import { Router } from 'express';
import { loginAdmin } from '../../../shared/domain/admin-auth';
import { requestMeta } from '../../http/request-meta';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { adminLoginBody } from './schemas';

export const adminRoutes = Router();

/** POST /admin/login (Part B 4.9): 2001 wrong account or password, 2002 disabled. */
adminRoutes.post(
  '/login',
  validate('body', adminLoginBody),
  route(async (req) => {
    const { account, password } = valid(req, 'body', adminLoginBody);
    const { token, admin } = await loginAdmin(account, password, requestMeta(req));
    const { id, groupId, status, lastLoginIp, lastLoginAt, createdAt, updatedAt } = admin;
    return { token, admin: { id, account: admin.account, name: admin.name, groupId, status, lastLoginIp, lastLoginAt, createdAt, updatedAt } };
  }),
);
