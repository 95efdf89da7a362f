/** The request an action came through (ip, user agent, method, path), as logs and login records keep it. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  method: string;
  path: string;
}

/** Who is acting, and through which request (for the operation log). */
export interface Actor {
  adminId: number;
  siteCode: string | null;
  meta: RequestMeta;
}
