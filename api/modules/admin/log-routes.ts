import { Router } from 'express';
import { listAdminLogs } from '../../../shared/domain/admin/operation-log';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { logListQuery } from './schemas';

/** The operation log (Part B 4.9), mounted at /admin/logs, permission module `admin-log`. */
export const logRoutes = Router();

/** GET /admin/logs/list: filters adminId, module, action, startDate..endDate (whole days); paged. */
logRoutes.get(
  '/list',
  requireAdmin('admin-log'),
  validate('query', logListQuery),
  route((req) => listAdminLogs(valid(req, 'query', logListQuery))),
);
