import type { Endpoint } from '../../http/endpoint';
import { queueLoginEndpoints } from './queues-login-routes';
import { accountEndpoints } from './account-routes';
import { groupEndpoints } from './group-routes';
import { logEndpoints } from './log-routes';
import { loginEndpoints } from './login-routes';
import { totpEndpoints } from './totp-routes';
import { userEndpoints } from './user-routes';

/**
 * /admin: login, Bull Board's login form, groups, the operation log, the operators' player
 * tools and accounts, in matching order: the accounts come last, so /admin/:id never takes a fixed path
 * (/admin/users, /admin/profile...).
 */
export const adminEndpoints: Endpoint[] = [
  ...loginEndpoints,
  ...totpEndpoints,
  ...queueLoginEndpoints,
  ...groupEndpoints,
  ...logEndpoints,
  ...userEndpoints,
  ...accountEndpoints,
];
