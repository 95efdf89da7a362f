/**
 * Administrator permission model.
 *
 * A group's `permissions` is an array of `<module>:<read|write>` strings, where
 * `<module>` is one of ADMIN_MODULES (for example `deposit:read`, `vip:write`).
 * The single string '*' (ALL_PERMISSIONS) grants every permission on every module.
 */
export const ADMIN_MODULES: readonly string[] = [
  'admin',
  'admin-group',
  'admin-log',
  'user',
  'game',
  'vip',
  'mission',
  'deposit',
  'vendor',
  'payment-channel',
  'responsible-gaming',
  'risk',
  'promo',
  'withdrawal',
  'affiliate',
  'inbox',
  'site-config',
  'wallet',
  'kyc',
  'bonus',
  'queues',
  'audit',
  'events',
  'reports',
];

/** Wildcard permission: grants all modules, read and write. */
export const ALL_PERMISSIONS = '*';

/** The group seeded for the initial super administrator. */
export const SUPER_ADMIN_GROUP: { name: string; description: string; permissions: string[] } = {
  name: 'Super Admin',
  description: 'Full access to every administration module',
  permissions: [ALL_PERMISSIONS],
};
