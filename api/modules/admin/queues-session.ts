import { config } from '../../../shared/config';

/**
 * Bull Board's browser session: the administrator token in an httpOnly, SameSite=Strict cookie scoped
 * to the board's path.
 */
export const BASE_PATH = '/api/admin/queues';
export const SESSION_COOKIE = 'admin_queues_session';

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config().nodeEnv === 'production',
    path: BASE_PATH,
  };
}
