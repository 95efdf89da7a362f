import {
  disableAdminTotp,
  enableAdminTotp,
  generateAdminTotp,
  groupTotpRequirement,
  setGroupTotpRequirement,
  startAdminTotpSetup,
} from '../../../shared/domain/admin';
import { endpoint } from '../../http/endpoint';
import { adminLoginPerAccount, adminLoginPerIp } from './login-limits';
import { adminLoginBody, idParams } from './schemas';
import { requireTotpBody, totpCodeBody } from './totp-schemas';
import * as answers from './answers';

/**
 * Administrators' authenticators (not in the spec; docs/decisions/auth.md, "Authenticator codes at every
 * login"): the signed-in administrator's own set-up, enabling and disabling (as a player's), the set-up
 * at login of a member of a group that requires one, and that group setting (permission module
 * `admin-group`). The rules are in shared/domain/admin/totp.ts.
 */

export const totpEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/admin/generate-totp-auth',
      result: answers.postAdminGenerateTotpAuth,
      auth: { admin: null },
      refusals: { 'auth.totpAlreadyEnabled': 2001 },
      summary: 'A new authenticator secret for oneself (2001: disable the enabled one first)',
    },
    ({ actor }) => generateAdminTotp(actor),
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/enable-totp-auth',
      result: answers.postAdminEnableTotpAuth,
      auth: { admin: null },
      body: totpCodeBody,
      refusals: { 'auth.totpNotGenerated': 2001, 'auth.totpCodeWrong': 2002, 'auth.totpLocked': 2003 },
      summary: "Enable one's authenticator with a current code",
    },
    ({ actor, body }) => enableAdminTotp(actor, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/disable-totp-auth',
      result: answers.postAdminEnableTotpAuth,
      auth: { admin: null },
      body: totpCodeBody,
      refusals: { 'auth.totpNotEnabled': 2001, 'auth.totpCodeWrong': 2002, 'auth.totpLocked': 2003, 'admin.totpRequiredByGroup': 2004 },
      summary: "Disable one's authenticator with a current code (2004: the group requires one)",
    },
    ({ actor, body }) => disableAdminTotp(actor, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/login-totp-setup',
      result: answers.postAdminGenerateTotpAuth,
      auth: 'none',
      body: adminLoginBody,
      limits: [adminLoginPerIp, adminLoginPerAccount],
      refusals: {
        'admin.credentialsWrong': 2001,
        'admin.accountDisabled': 2002,
        'admin.totpSetupNotNeeded': 2003,
      },
      summary:
        'Account and password of a member of a group that requires an authenticator, without one: a new secret; POST /admin/login with its code then enables it',
    },
    ({ body, meta }) => startAdminTotpSetup(body.account, body.password, meta),
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/groups/:id/require-totp',
      result: answers.getAdminGroupsByIdRequireTotp,
      auth: { admin: 'admin-group' },
      params: idParams,
      refusals: { 'admin.groupNotFound': 2001 },
      summary: "Whether the group's members log in with an authenticator",
    },
    ({ params }) => groupTotpRequirement(params.id),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/admin/groups/:id/require-totp',
      result: answers.getAdminGroupsByIdRequireTotp,
      auth: { admin: 'admin-group' },
      params: idParams,
      body: requireTotpBody,
      refusals: { 'admin.groupNotFound': 2001 },
      summary: "Require (1) or not (0) an authenticator at the group's members' next logins",
    },
    ({ actor, params, body }) => setGroupTotpRequirement(actor, params.id, body.requireTotp),
  ),
];
