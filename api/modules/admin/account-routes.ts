import { Router, type NextFunction, type Request, type Response } from 'express';
import { createAdmin, deleteAdmin, getAdmin, listAdmins, updateAdmin, type Actor } from '../../../shared/domain/admin/accounts';
import { HttpError } from '../../../shared/errors';
import { authenticateAdmin, requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { valid, validate } from '../../http/validate';
import { createAdminBody, idParams, updateAdminBody } from './schemas';

/** The acting administrator and request, for the operation log (after requireAdmin). */
export function actorOf(req: Request): Actor {
  return { adminId: req.admin!.id, siteCode: req.ctx.adminSiteCode, meta: requestMeta(req) };
}

/** Any signed-in administrator, whatever its permissions (its own profile). */
async function signedInAdmin(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const admin = await authenticateAdmin(req);
  if (!admin) return next(new HttpError(401));
  req.admin = admin;
  next();
}

/**
 * Administrator accounts (Part B 4.9), permission module `admin`. Mounted after the fixed paths
 * (/login, /groups/..., /logs/...), and /profile, /list, /create are declared before /:id.
 */
export const accountRoutes = Router();

/** GET /admin/profile: one's own account and group; needs a token, no permission. */
accountRoutes.get(
  '/profile',
  signedInAdmin,
  route((req) => getAdmin(req.admin!.id)),
);

/** GET /admin/list: every administrator with its group {id, name}. */
accountRoutes.get(
  '/list',
  requireAdmin('admin'),
  route(() => listAdmins()),
);

/** POST /admin/create: 2001 account exists, 2002 group missing. */
accountRoutes.post(
  '/create',
  requireAdmin('admin'),
  validate('body', createAdminBody),
  route((req) => createAdmin(actorOf(req), valid(req, 'body', createAdminBody))),
);

/** GET /admin/:id: as the profile; 2001 missing. */
accountRoutes.get(
  '/:id',
  requireAdmin('admin'),
  validate('params', idParams),
  route((req) => getAdmin(valid(req, 'params', idParams).id)),
);

/** PATCH /admin/:id: 2001 missing; 2002 group missing. New password or disabling ends its tokens. */
accountRoutes.patch(
  '/:id',
  requireAdmin('admin'),
  validate('params', idParams),
  validate('body', updateAdminBody),
  route((req) => updateAdmin(actorOf(req), valid(req, 'params', idParams).id, valid(req, 'body', updateAdminBody))),
);

/** DELETE /admin/:id: 2001 missing; 2002 one's own account. */
accountRoutes.delete(
  '/:id',
  requireAdmin('admin'),
  validate('params', idParams),
  route(async (req) => {
    await deleteAdmin(actorOf(req), valid(req, 'params', idParams).id);
    return null;
  }),
);
