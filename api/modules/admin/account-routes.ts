import { createAdmin, deleteAdmin, getAdmin, getAdminFor, listAdmins, updateAdmin } from '../../../shared/domain/admin';
import { adminSitesOf } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import { createAdminBody, idParams, updateAdminBody } from './schemas';
import * as answers from './answers';

/**
 * Administrator accounts, permission module `admin`; the profile needs a token and no
 * permission. /admin/profile, /admin/list and /admin/create come before /admin/:id. `sites` binds an
 * account to sites (null: a platform administrator); a site-bound administrator sees and changes only
 * the administrators of its sites (docs/decisions/admin.md, "Administrators bound to sites").
 */
const admin = { admin: 'admin' } as const;

export const accountEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/admin/profile',
      result: answers.getAdminProfile,
      auth: { admin: null },
      refusals: { 'admin.adminNotFound': { code: 2001, wording: 'account' } },
      summary: "One's own account and group",
    },
    ({ admin: me }) => getAdmin(me.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/list',
      result: answers.getAdminList,
      auth: admin,
      summary: 'The administrators the caller sees, with their group {id, name}',
    },
    ({ req }) => listAdmins(adminSitesOf(req)),
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/create',
      result: answers.postAdminCreate,
      auth: admin,
      body: createAdminBody,
      refusals: { 'admin.accountTaken': 2001, 'admin.groupNotFound': 2002, 'admin.siteUnknown': 2003 },
      summary: 'Create an administrator (2001 account exists, 2002 group missing, 2003 a site code names no site)',
    },
    ({ actor, body }) => createAdmin(actor, body),
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/:id',
      result: answers.getAdminProfile,
      auth: admin,
      params: idParams,
      refusals: { 'admin.adminNotFound': 2001 },
      summary: 'An administrator and its group',
    },
    ({ actor, params, req }) => getAdminFor(actor, adminSitesOf(req), params.id),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/admin/:id',
      result: answers.getAdminProfile,
      auth: admin,
      params: idParams,
      body: updateAdminBody,
      // A groupId naming no group and a site code naming no site are answered as on create.
      refusals: { 'admin.adminNotFound': 2001, 'admin.groupNotFound': 2002, 'admin.siteUnknown': 2003 },
      summary: 'Update an administrator (2003 a site code names no site); a new password or disabling ends its tokens',
    },
    ({ actor, params, body }) => updateAdmin(actor, params.id, body),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/admin/:id',
      result: answers.deleteAdminById,
      auth: admin,
      params: idParams,
      refusals: { 'admin.adminNotFound': 2001, 'admin.deleteOwnAccount': 2002 },
      summary: "Delete an administrator (2002 one's own account)",
    },
    async ({ actor, params }) => {
      await deleteAdmin(actor, params.id);
      return null;
    },
  ),
];
