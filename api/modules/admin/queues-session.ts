import { config } from '../../../shared/config';

/**
 * The administrators' browser session (Bull Board and the reports dashboard): the administrator token in
 * an httpOnly, SameSite=Strict cookie scoped to /api/admin, so that it reaches both pages
 * (docs/reports.md, "Dashboard"). Only the routes that name the cookie read it.
 */
export const BASE_PATH = '/api/admin/queues';
export const SESSION_COOKIE = 'admin_queues_session';
export const COOKIE_PATH = '/api/admin';
/** Where an older login scoped the cookie: logout clears it there too. */
export const OLD_COOKIE_PATH = BASE_PATH;

export function sessionCookieOptions(path = COOKIE_PATH) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config().nodeEnv === 'production',
    path,
  };
}

/** The pages a login may go back to: the board and the reports dashboard. */
const RETURN_TO = /^\/api\/admin\/(queues|reports)([/?][^\\\s]*)?$/;

/** `next` when it is one of our pages' paths (never another origin), else null. */
export function returnPath(next: unknown): string | null {
  return typeof next === 'string' && next.length <= 1000 && RETURN_TO.test(next) && !next.includes('//') ? next : null;
}
