import { listAdminLogs } from '../../../shared/domain/admin';
import { adminSitesOf } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import { logListQuery } from './schemas';
import * as answers from './answers';

/**
 * The operation log, permission module `admin-log`. A site-bound administrator reads the
 * rows of the site it acts on; a platform administrator reads every row.
 */
export const logEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/admin/logs/list',
      result: answers.getAdminLogsList,
      auth: { admin: 'admin-log' },
      query: logListQuery,
      summary: 'Operation log rows, newest first; filters adminId, module, action, startDate..endDate (whole days)',
    },
    ({ query, siteFilter, req }) => listAdminLogs({ ...query, siteCode: adminSitesOf(req) === null ? undefined : (siteFilter ?? undefined) }),
  ),
];
