import cookieParser from 'cookie-parser';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { allQueues } from '../../../shared/queues/queues';
import { authenticate } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { BASE_PATH, SESSION_COOKIE } from './queues-session';

/**
 * Bull Board under /api/admin/queues, for administrators with the `queues` permission (read to look,
 * write to retry or clean jobs). API clients send their administrator token as a Bearer header; a
 * browser logs in at /api/admin/queues/login (./login-routes.ts, an endpoint of the admin area) and gets
 * the token back as an httpOnly, SameSite=Strict cookie scoped to this path.
 */

/** The login form and logout are endpoints: this router leaves them to the pipeline. */
const SESSION_PATHS = /^\/log(in|out)\/?$/;

function wantsHtml(req: Request): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

/** The `queues` permission by token or session cookie; a browser without a session goes to the login form. */
async function guard(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    await authenticate(req, { admin: 'queues', cookie: SESSION_COOKIE });
    next();
  } catch (err) {
    if (err instanceof HttpError && err.status === 401 && wantsHtml(req)) res.redirect(303, `${BASE_PATH}/login`);
    else next(err);
  }
}

export function adminQueueRoutes(): Router {
  const router = Router();
  router.use((req, _res, next) => (SESSION_PATHS.test(req.path) ? next('router') : next()));
  // Cookies are read only here (the board's session) and by GET /auth/country-codes.
  router.use(cookieParser());

  const board = new ExpressAdapter();
  board.setBasePath(BASE_PATH);
  createBullBoard({
    queues: allQueues().map((q) => new BullMQAdapter(q)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Queues' } },
  });

  router.use(guard);
  router.use(board.getRouter());
  return router;
}
