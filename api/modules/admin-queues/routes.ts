import cookieParser from 'cookie-parser';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { config } from '../../../shared/config';
import { loginAdmin } from '../../../shared/domain/admin/login';
import { BizError, HttpError } from '../../../shared/errors';
import { allQueues } from '../../../shared/queues/queues';
import { authenticateAdmin, bearerToken, requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { loginPage } from './login-page';

/**
 * Bull Board under /api/admin/queues, for administrators with the `queues` permission (read to look,
 * write to retry or clean jobs). API clients send their administrator token as a Bearer header; a
 * browser logs in at /api/admin/queues/login (account and password, or an existing token) and gets the
 * token back as an httpOnly, SameSite=Strict cookie scoped to this path.
 */
export const BASE_PATH = '/api/admin/queues';
export const SESSION_COOKIE = 'admin_queues_session';

function cookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config().nodeEnv === 'production',
    path: BASE_PATH,
  };
}

function wantsHtml(req: Request): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

export function adminQueueRoutes(): Router {
  const router = Router();
  // Cookies are read only here (the board's session) and by GET /auth/country-codes.
  router.use(cookieParser());
  const form = express.urlencoded({ extended: false, limit: '10kb' });

  router.get('/login', (req, res) => {
    res.type('html').send(loginPage(BASE_PATH, typeof req.query.error === 'string'));
  });

  /** Form or JSON {account, password}, or an Authorization: Bearer administrator token. */
  router.post(
    '/login',
    form,
    route(async (req, res) => {
      let token = bearerToken(req);
      if (token) {
        if (!(await authenticateAdmin(req))) throw new HttpError(401);
      } else {
        const { account, password } = (req.body ?? {}) as { account?: unknown; password?: unknown };
        if (typeof account !== 'string' || typeof password !== 'string' || !account || !password) {
          throw new HttpError(400, 'account and password are required');
        }
        try {
          token = (await loginAdmin(account, password, requestMeta(req))).token;
        } catch (err) {
          if (err instanceof BizError && req.is('application/x-www-form-urlencoded')) {
            res.redirect(303, `${BASE_PATH}/login?error=1`);
            return;
          }
          if (err instanceof BizError) throw new BizError(err.code, err.detail, '/api/admin/login');
          throw err;
        }
      }
      res.cookie(SESSION_COOKIE, token, cookieOptions());
      if (req.is('application/x-www-form-urlencoded')) {
        res.redirect(303, BASE_PATH);
        return;
      }
      return { loggedIn: true };
    }),
  );

  router.post(
    '/logout',
    route((_req, res) => {
      res.clearCookie(SESSION_COOKIE, cookieOptions());
      return { loggedOut: true };
    }),
  );

  const board = new ExpressAdapter();
  board.setBasePath(BASE_PATH);
  createBullBoard({
    queues: allQueues().map((q) => new BullMQAdapter(q)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Queues' } },
  });

  const guard = requireAdmin('queues', { cookieName: SESSION_COOKIE });
  router.use((req: Request, res: Response, next: NextFunction) => {
    guard(req, res, (err?: unknown) => {
      if (err instanceof HttpError && err.status === 401 && wantsHtml(req)) {
        res.redirect(303, `${BASE_PATH}/login`);
        return;
      }
      next(err);
    });
  });
  router.use(board.getRouter());
  return router;
}
