import { Router } from 'express';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from '../../../shared/domain/admin/accounts';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { actorOf } from './account-routes';
import { createGroupBody, idParams, updateGroupBody } from './schemas';

/** Administrator groups (Part B 4.9), mounted at /admin/groups, permission module `admin-group`. */
export const groupRoutes = Router();
groupRoutes.use(requireAdmin('admin-group'));

/** GET /admin/groups/list: every group (with adminCount). */
groupRoutes.get(
  '/list',
  route(() => listGroups()),
);

/** POST /admin/groups/create: permission strings are checked (400 naming a bad one). */
groupRoutes.post(
  '/create',
  validate('body', createGroupBody),
  route((req) => createGroup(actorOf(req), valid(req, 'body', createGroupBody))),
);

/** GET /admin/groups/:id: the group and its administrators; 2001 missing. */
groupRoutes.get(
  '/:id',
  validate('params', idParams),
  route((req) => getGroup(valid(req, 'params', idParams).id)),
);

/** PATCH /admin/groups/:id: 2001 missing. */
groupRoutes.patch(
  '/:id',
  validate('params', idParams),
  validate('body', updateGroupBody),
  route((req) => updateGroup(actorOf(req), valid(req, 'params', idParams).id, valid(req, 'body', updateGroupBody), req.admin!.groupId)),
);

/** DELETE /admin/groups/:id: 2001 missing; 2002 the group still has administrators. */
groupRoutes.delete(
  '/:id',
  validate('params', idParams),
  route(async (req) => {
    await deleteGroup(actorOf(req), valid(req, 'params', idParams).id);
    return null;
  }),
);
