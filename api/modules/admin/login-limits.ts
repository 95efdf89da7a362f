import { config } from '../../../shared/config';
import { countRequest, limitRule, type RateLimitRule } from '../../http/rate-limit';

/**
 * The brute-force limits of administrator logins, shared by POST /admin/login and Bull Board's
 * POST /admin/queues/login (same rules, same counters): per client IP and per account tried, in
 * windows of RATE_LIMIT_ADMIN_LOGIN_WINDOW_S (RATE_LIMIT_ADMIN_LOGIN_PER_IP, _PER_ACCOUNT).
 */
const windowSeconds = () => config().limits.adminLoginWindowS;

/** Account names differing only in case or surrounding spaces count as one. */
const accountKey = (account: string) => account.trim().toLowerCase();

export const adminLoginPerIp = limitRule('admin-login-ip', 'ip', () => config().limits.adminLoginPerIp, windowSeconds);
export const adminLoginPerAccount = limitRule<{ body: { account: string } }>(
  'admin-login-account',
  (call) => accountKey(call.body.account),
  () => config().limits.adminLoginPerAccount,
  windowSeconds,
);

/** Counts an attempt on `account` where the handler reads the body itself (the board's form); 429 over the limit. */
export function countAccountAttempt(account: string): Promise<void> {
  return countRequest([{ rule: adminLoginPerAccount as RateLimitRule<never>, key: accountKey(account) }]);
}
