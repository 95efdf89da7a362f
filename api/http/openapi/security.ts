import { neededPermission } from '../auth';
import type { AuthSpec, Endpoint } from '../endpoint';
import type { Json } from './schemas';

/** The security schemes of the document: the two token kinds and the callbacks' signature headers. */
export const securitySchemes: Record<string, Json> = {
  playerBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Player token (POST /api/auth/login or /api/auth/register). It opens only its own site.',
  },
  adminBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "Administrator token (POST /api/admin/login). An endpoint of a permission module needs `<module>:read` for GET and `<module>:write` otherwise (the operation's description names it).",
  },
  providerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description: 'hex(HMAC-SHA256(the integration\'s secret, "<X-Timestamp>.<raw request body>")), see docs/providers.md',
  },
  providerTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Timestamp',
    description: 'Unix seconds, within 300 s of the server clock',
  },
};

/** The permission an administrator endpoint needs: api/http/auth.ts's own rule (neededPermission). */
export function permissionOf(e: Pick<Endpoint, 'method' | 'auth'>): string | null {
  if (typeof e.auth !== 'object' || !('admin' in e.auth) || e.auth.admin === null) return null;
  return neededPermission(e.auth.admin, e.method.toUpperCase());
}

/** The scheme of an administrator session cookie (`auth: {admin, cookie}`), named after the cookie. */
export function cookieScheme(cookie: string): { name: string; scheme: Json } {
  return {
    name: `adminCookie.${cookie}`,
    scheme: { type: 'apiKey', in: 'cookie', name: cookie, description: "A browser's administrator session: the administrator token in this cookie" },
  };
}

export interface OperationAuth {
  security: Array<Record<string, string[]>>;
  /** One sentence for the operation's description. */
  text: string;
}

export function operationAuth(e: Pick<Endpoint, 'method' | 'auth'>): OperationAuth {
  const auth: AuthSpec = e.auth;
  if (auth === 'none') return { security: [], text: 'No authentication.' };
  if (auth === 'optional-player') return { security: [{}, { playerBearer: [] }], text: 'Player token optional (an invalid one is refused with 401).' };
  if (auth === 'player') return { security: [{ playerBearer: [] }], text: 'Player token required.' };
  if ('signature' in auth && auth.signature.scheme === 'body-check-sum') {
    return {
      security: [],
      text:
        `Signed by the integration \`${auth.signature.name}\` in its body: \`check_sum\` = hex(HMAC-SHA256(the integration's secret, ` +
        'every other top-level field sorted by name as `name=value` joined with `&`, values as sent)); no signature header.',
    };
  }
  if ('signature' in auth) {
    return {
      security: [{ providerSignature: [], providerTimestamp: [] }],
      text: `Signed by the integration \`${auth.signature.name}\` (X-Signature over X-Timestamp and the raw body).`,
    };
  }
  const permission = permissionOf(e);
  const roles = permission ? [permission] : [];
  const security: Array<Record<string, string[]>> = [{ adminBearer: roles }];
  if (auth.cookie) security.push({ [cookieScheme(auth.cookie).name]: roles });
  return {
    security,
    text: permission ? `Administrator token with the \`${permission}\` permission (module \`${auth.admin}\`).` : 'Any signed-in administrator token.',
  };
}
