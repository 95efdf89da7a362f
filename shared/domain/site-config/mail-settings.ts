import { InputError } from '../../errors';

/**
 * A site's mail server as administrators read and write it (PATCH /site-config/admin/:id/settings,
 * docs/decisions/site-config.md "Site settings through the API"). It is stored as the mail integration reads it,
 * settings.serviceProviders.email {smtpUrl, from}: host, port, secure, user and password are the parts of
 * smtpUrl (smtps: when secure). The password is never answered: the view says only whether one is set.
 */
export interface StoredMail {
  smtpUrl?: string;
  from?: string;
}

export interface MailView {
  host: string | null;
  port: number | null;
  secure: boolean;
  user: string | null;
  passwordSet: boolean;
  from: string | null;
}

export interface MailPatch {
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string | null;
  password?: string | null;
  from?: string | null;
}

interface Server {
  host: string | null;
  port: number | null;
  secure: boolean;
  user: string | null;
  password: string | null;
  /** What follows the port in the stored URL (e.g. a query of transport options), kept as it was. */
  rest: string;
}

/** The port an SMTP client uses when the URL names none. */
const defaultPort = (secure: boolean) => (secure ? 465 : 587);

function serverOf(smtpUrl: string | undefined): Server {
  const none: Server = { host: null, port: null, secure: false, user: null, password: null, rest: '' };
  if (!smtpUrl) return none;
  try {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    const path = url.pathname === '/' ? '' : url.pathname;
    return {
      host: url.hostname || null,
      port: url.port ? Number(url.port) : defaultPort(secure),
      secure,
      user: url.username ? decodeURIComponent(url.username) : null,
      password: url.password ? decodeURIComponent(url.password) : null,
      rest: `${path}${url.search}`,
    };
  } catch {
    return none;
  }
}

function urlOf(s: Server & { host: string }): string {
  const auth = s.user ? `${encodeURIComponent(s.user)}${s.password ? `:${encodeURIComponent(s.password)}` : ''}@` : '';
  return `${s.secure ? 'smtps' : 'smtp'}://${auth}${s.host}:${s.port ?? defaultPort(s.secure)}${s.rest}`;
}

/** The stored setting as administrators see it; null when the site has none. */
export function mailView(stored: StoredMail | undefined): MailView | null {
  if (!stored) return null;
  const s = serverOf(stored.smtpUrl);
  return { host: s.host, port: s.port, secure: s.secure, user: s.user, passwordSet: s.password !== null, from: stored.from ?? null };
}

const SERVER_FIELDS = ['host', 'port', 'secure', 'user', 'password'] as const;

/**
 * The stored setting after `patch` (null: the setting removed, the environment's mail settings then
 * apply alone), and the names of the fields that changed (`email.<field>`). A field not sent is kept;
 * null clears user, password or from. InputError (a 400 naming the field) for a server without a host,
 * or a password without a user.
 */
export function patchMail(stored: StoredMail | undefined, patch: MailPatch | null): { next: StoredMail | undefined; changed: string[] } {
  if (patch === null) return { next: undefined, changed: stored ? ['email'] : [] };
  const before = serverOf(stored?.smtpUrl);
  const after: Server = { ...before };
  for (const field of SERVER_FIELDS) {
    if (patch[field] !== undefined) Object.assign(after, { [field]: patch[field] === '' ? null : patch[field] });
  }
  if (patch.port === undefined && patch.secure !== undefined && before.port === defaultPort(before.secure)) after.port = defaultPort(after.secure);
  const changed = SERVER_FIELDS.filter((f) => after[f] !== before[f]).map((f) => `email.${f}`);
  const next: StoredMail = { ...stored };
  if (changed.length) {
    if (!after.host) throw new InputError('email.host', 'is required to set the mail server');
    if (after.password && !after.user) throw new InputError('email.password', 'needs email.user');
    next.smtpUrl = urlOf({ ...after, host: after.host });
  }
  if (patch.from !== undefined && (patch.from ?? undefined) !== stored?.from) {
    changed.push('email.from');
    if (patch.from === null) delete next.from;
    else next.from = patch.from;
  }
  return { next, changed };
}
