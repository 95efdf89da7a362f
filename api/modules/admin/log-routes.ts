import { listAdminLogs } from '../../../shared/domain/admin/log-list';
import { endpoint } from '../../http/endpoint';
import { logListQuery } from './schemas';

/** The operation log (Part B 4.9), permission module `admin-log`. */
export const logEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/admin/logs/list',
      auth: { admin: 'admin-log' },
      query: logListQuery,
      summary: 'Operation log rows, newest first; filters adminId, module, action, startDate..endDate (whole days)',
    },
    ({ query }) => listAdminLogs(query),
  ),
];
