import express, { type Request, type Response } from 'express';
import { loginAdmin } from '../../../shared/domain/admin';
import type { RequestMeta } from '../../../shared/domain/audit';
import { Refusal } from '../../../shared/errors';
import { authenticateAdmin, bearerToken } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import { sendResult } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { adminLoginPerIp, countAccountAttempt } from './login-limits';
import { adminTotpLoginRefusals } from './totp-schemas';
import { loginPage } from './queues-login-page';
import { BASE_PATH, OLD_COOKIE_PATH, returnPath, SESSION_COOKIE, sessionCookieOptions } from './queues-session';
import { constant, obj, str } from '../../http/answer-schemas';
import * as answers from './queues-answers';

/**
 * The browser's way into Bull Board: a login form, its POST (account, password and the authenticator
 * code of an administrator with one, or an existing administrator token) answering the token as the
 * session cookie, and logout. The board's router lets
 * these paths through to here (./routes.ts). Logins count under the same rate limits as POST
 * /admin/login (../admin/login-limits.ts): the IP before anything, the account once the form is read.
 */

/** The form body; JSON bodies are read by the app's JSON parser. */
const formParser = express.urlencoded({ extended: false, limit: '10kb' });
const readForm = (req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => formParser(req, res, (err?: unknown) => (err ? reject(err) : resolve())));

const isForm = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));

/**
 * The token to keep in the session: the request's own administrator token (401 when it is not one), else
 * a login with account and password. null when a form login failed and the browser was sent back to the form.
 */
async function sessionToken(req: Request, res: Response, meta: RequestMeta): Promise<string | null> {
  const bearer = bearerToken(req);
  if (bearer) {
    if (!(await authenticateAdmin(req))) throw new HttpError(401);
    return bearer;
  }
  const { account, password, totpCode } = (req.body ?? {}) as { account?: unknown; password?: unknown; totpCode?: unknown };
  if (typeof account !== 'string' || typeof password !== 'string' || !account || !password) {
    throw new HttpError(400, 'account and password are required');
  }
  // The form's code field is empty for administrators without an authenticator.
  const code = typeof totpCode === 'string' ? totpCode.trim() : '';
  if ((totpCode !== undefined && totpCode !== null && typeof totpCode !== 'string') || (code !== '' && !/^\d{6}$/.test(code))) {
    throw new HttpError(400, 'totpCode must be 6 digits', { errors: [{ field: 'totpCode', message: 'totpCode must be 6 digits' }] });
  }
  await countAccountAttempt(account);
  try {
    return (await loginAdmin(account, password, meta, code || null)).token;
  } catch (err) {
    if (!(err instanceof Refusal) || !isForm(req)) throw err;
    const next = returnPath((req.body as { next?: unknown } | undefined)?.next);
    res.redirect(303, `${BASE_PATH}/login?error=1${next ? `&next=${encodeURIComponent(next)}` : ''}`);
    return null;
  }
}

export const queueLoginEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/admin/queues/login',
      auth: 'none',
      answer: 'raw',
      result: { type: 'string' },
      resultMedia: 'text/html',
      summary: "The administrators' login form (HTML) for Bull Board and the reports dashboard; `next` is the page to go back to",
    },
    ({ req, res }) => {
      res.type('html').send(loginPage(BASE_PATH, typeof req.query.error === 'string', returnPath(req.query.next)));
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/queues/login',
      auth: 'none',
      answer: 'raw',
      // JSON logins get the envelope; a form is redirected (303) to the board.
      result: obj({ code: constant(200), message: str(), result: obj({ loggedIn: constant(true) }) }, { description: 'The result envelope' }),
      limits: [adminLoginPerIp],
      // The refusals of POST /admin/login, with its numbers.
      refusals: {
        'admin.credentialsWrong': 2001,
        'admin.accountDisabled': 2002,
        'auth.totpRequired': adminTotpLoginRefusals['auth.totpRequired'],
        'auth.totpCodeWrong': adminTotpLoginRefusals['auth.totpCodeWrong'],
        'auth.totpLocked': adminTotpLoginRefusals['auth.totpLocked'],
        'admin.totpSetupRequired': adminTotpLoginRefusals['admin.totpSetupRequired'],
      },
      // A form is redirected to the board (303); a Bearer token that is not a valid administrator token
      // (a player's, an expired one) is a 401.
      codes: [303, 401],
      summary: 'Form or JSON {account, password, totpCode (with an authenticator)}, or a Bearer administrator token: sets the board session cookie',
    },
    async ({ req, res, meta }) => {
      await readForm(req, res);
      const token = await sessionToken(req, res, meta);
      if (token === null) return;
      res.cookie(SESSION_COOKIE, token, sessionCookieOptions());
      // A form goes back to the page that sent the browser here (`next`, one of ours), else to the board.
      if (isForm(req)) res.redirect(303, returnPath((req.body as { next?: unknown }).next) ?? BASE_PATH);
      else sendResult(req, res, { loggedIn: true });
    },
  ),
  endpoint(
    { method: 'post', path: '/admin/queues/logout', result: answers.postAdminQueuesLogout, auth: 'none', summary: 'Clears the board session cookie' },
    ({ res }) => {
      res.clearCookie(SESSION_COOKIE, sessionCookieOptions());
      res.clearCookie(SESSION_COOKIE, sessionCookieOptions(OLD_COOKIE_PATH));
      return { loggedOut: true };
    },
  ),
];
