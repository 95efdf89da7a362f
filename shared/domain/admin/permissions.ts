import { ADMIN_MODULES, ALL_PERMISSIONS } from '../../db/seeders/data/admin-permissions';
import { InputError } from '../../errors';

/** The permission strings of administrator groups: `*` or `<module>:<read|write>` of a known module. */

const PERMISSION = /^([a-z0-9-]+):(read|write)$/;

/** The first permission string that is neither `*` nor `<module>:<read|write>` of a known module. */
export function invalidPermission(permissions: readonly string[]): string | undefined {
  return permissions.find((p) => {
    if (p === ALL_PERMISSIONS) return false;
    const m = PERMISSION.exec(p);
    return !m || !ADMIN_MODULES.includes(m[1]);
  });
}

/** Validated and de-duplicated (first occurrence kept); a bad string is a 400 on `permissions` naming it. */
export function normalizePermissions(permissions: readonly string[]): string[] {
  const bad = invalidPermission(permissions);
  if (bad !== undefined) {
    throw new InputError('permissions', `"${bad.slice(0, 60)}" is not a permission (use "*" or <module>:<read|write> with a known module)`);
  }
  return [...new Set(permissions)];
}
