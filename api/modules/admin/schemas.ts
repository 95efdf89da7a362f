import { array, object } from 'yup';
import { SITE_CODE_PATTERN } from '../../../shared/domain/common';
import { ADMIN_MODULES } from '../../../shared/db/seeders/data/admin-permissions';
import {
  bcryptPassword,
  charString,
  documentAs,
  dateRangeFields,
  exactString,
  jsonInteger,
  pagingFields,
  queryInt,
  queryText,
  text,
  trimmed,
  zeroOrOne,
} from '../../http/schema-helpers';

export { idParams } from '../../http/schema-helpers';

export const adminLoginBody = object({
  account: trimmed().required().max(50),
  password: charString().required().max(128),
});

/**
 * JSON body fields keep their JSON type: a number or an object where a string is expected (or the
 * reverse) is a 400, not silently converted. Strings are trimmed. Integers keep yup's own type error.
 */
const integer = () => jsonInteger({ typeError: false });

const ACCOUNT = /^[A-Za-z0-9_.@-]+$/;
const name = () => text().min(1).max(50);
const status = () => zeroOrOne({ typeError: false });
/** `*` or `<module>:<read|write>` of a known module (shared/domain/admin/permissions.ts checks it). */
const PERMISSIONS = ['*', ...ADMIN_MODULES.flatMap((m) => [`${m}:read`, `${m}:write`])];
const permissions = () =>
  array()
    .of(documentAs(exactString().required().max(60), { type: 'string', enum: PERMISSIONS }))
    .max(100);
/** The sites an administrator acts on: null for a platform administrator (every site). */
const sites = () =>
  array()
    .of(exactString().required().matches(SITE_CODE_PATTERN, '${path} must be a site code'))
    .min(1, '${path} must name at least one site (null: every site)')
    .max(100)
    .nullable();

export const createAdminBody = object({
  account: text().required().min(3).max(50).matches(ACCOUNT, '${path} may hold letters, digits and _ . @ - only'),
  password: bcryptPassword().required(),
  name: name().required(),
  groupId: integer().required().positive(),
  sites: sites(),
});

export const updateAdminBody = object({
  name: name(),
  password: bcryptPassword(),
  groupId: integer().positive(),
  status: status(),
  sites: sites(),
});

export const createGroupBody = object({
  name: name().required(),
  permissions: permissions().required(),
  description: text().max(255),
  status: status(),
});

export const updateGroupBody = object({
  name: name(),
  permissions: permissions(),
  description: text().max(255),
  status: status(),
});

/** The log list keeps yup's own type error for its integer parameters. */
const yupTypeError = { typeError: false } as const;

export const logListQuery = object({
  adminId: queryInt(yupTypeError).positive(),
  module: queryText().max(40),
  action: queryText().max(40),
  ...dateRangeFields(),
  ...pagingFields(20, yupTypeError),
});
