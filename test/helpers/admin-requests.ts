import { startTestStack, type ApiResponse, type RequestOptions, type TestStack } from './stack';

/** Administrator API test setup: a stack with a signed-in administrator, and requests made as that administrator. */

export interface AdminRequestOptions {
  /** Defaults to the administrator's token; `null` sends no token. */
  token?: string | null;
  body?: unknown;
  /** Sent as the x-site-code header. */
  site?: string;
  headers?: Record<string, string>;
}

export type AdminRequest = (method: string, path: string, options?: AdminRequestOptions) => Promise<ApiResponse>;

/** Requests to `/api<path>` as `token` unless told otherwise; `defaultHeaders` (e.g. locales) go first. */
export function adminRequester(stack: TestStack, token: string, defaultHeaders: Record<string, string> = {}): AdminRequest {
  return (method, path, options = {}) =>
    stack.request(method, `/api${path}`, {
      token: options.token === null ? undefined : (options.token ?? token),
      body: options.body,
      headers: { ...defaultHeaders, ...(options.site ? { 'x-site-code': options.site } : {}), ...options.headers },
    });
}

export interface AdminRoot {
  id: number;
  token: string;
  groupId: number;
  account: string;
}

export interface AdminStack {
  stack: TestStack;
  factories: typeof import('./factories');
  models: typeof import('../../shared/db/models');
  root: AdminRoot;
  req: AdminRequest;
}

/**
 * Starts the test stack (env first, then the app modules) and creates an administrator with
 * `permissions` (all when omitted). Call in `test.before`.
 */
export async function startAdminStack(
  options: { permissions?: string[]; env?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<AdminStack> {
  const stack = await startTestStack(options.env);
  const factories = await import('./factories');
  const models = await import('../../shared/db/models');
  const { admin, token } = await factories.createAdmin(options.permissions ? { permissions: options.permissions } : {});
  const root = { id: admin.id, token, groupId: admin.groupId, account: admin.account };
  return { stack, factories, models, root, req: adminRequester(stack, token, options.headers) };
}

/** Requests to `/api<path>` sending exactly the given token, body and headers (no default token). */
export function apiRequester(stack: TestStack): (method: string, path: string, options?: RequestOptions) => Promise<ApiResponse> {
  return (method, path, options = {}) => stack.request(method, `/api${path}`, options);
}
