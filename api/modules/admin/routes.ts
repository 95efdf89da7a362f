import { Router } from 'express';
import { loginAdmin } from '../../../shared/domain/admin/login';
import { requestMeta } from '../../http/request-meta';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { accountRoutes } from './account-routes';
import { groupRoutes } from './group-routes';
import { logRoutes } from './log-routes';
import { userRoutes } from './user-routes';
import { adminLoginBody } from './schemas';

/**
 * /admin (Part B 4.9): login, groups (/groups/...), the operation log (/logs/...), the operators' player
 * tools (/users/...) and accounts. The account routes come last, so their /:id never captures a fixed path.
 */
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

adminRoutes.use('/groups', groupRoutes);
adminRoutes.use('/logs', logRoutes);
adminRoutes.use('/users', userRoutes);
adminRoutes.use(accountRoutes);
