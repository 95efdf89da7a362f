import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from '../../../shared/domain/admin';
import { adminSitesOf } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import { createGroupBody, idParams, updateGroupBody } from './schemas';
import * as answers from './answers';

/**
 * Administrator groups, permission module `admin-group`. Groups are shared by every site:
 * only platform administrators change them (api/http/auth.ts); a site-bound one sees the administrators
 * of its sites in them.
 */
const adminGroup = { admin: 'admin-group' } as const;

export const groupEndpoints = [
  endpoint(
    { method: 'get', path: '/admin/groups/list', result: answers.getAdminGroupsList, auth: adminGroup, summary: 'Every group with adminCount' },
    ({ req }) => listGroups(adminSitesOf(req)),
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/groups/create',
      result: answers.postAdminGroupsCreate,
      auth: adminGroup,
      body: createGroupBody,
      refusals: { 'admin.groupNameTaken': 2003 },
      summary: 'Create a group (2003 its name is taken; a bad permission string is a 400 naming it)',
    },
    ({ actor, body }) => createGroup(actor, body),
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/groups/:id',
      result: answers.getAdminGroupsById,
      auth: adminGroup,
      params: idParams,
      refusals: { 'admin.groupNotFound': 2001 },
      summary: 'A group and its administrators',
    },
    ({ params, req }) => getGroup(params.id, adminSitesOf(req)),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/admin/groups/:id',
      result: answers.postAdminGroupsCreate,
      auth: adminGroup,
      params: idParams,
      body: updateGroupBody,
      refusals: { 'admin.groupNotFound': 2001, 'admin.groupNameTaken': 2003 },
      summary: 'Update a group (2003 its new name is taken)',
    },
    ({ actor, admin, params, body }) => updateGroup(actor, params.id, body, admin.groupId),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/admin/groups/:id',
      result: answers.deleteAdminById,
      auth: adminGroup,
      params: idParams,
      refusals: { 'admin.groupNotFound': 2001, 'admin.groupHasAdmins': 2002 },
      summary: 'Delete a group (2002 it still has administrators)',
    },
    async ({ actor, params }) => {
      await deleteGroup(actor, params.id);
      return null;
    },
  ),
];
