import { declareRefusals } from '../refusals';

/** Why the admin area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const adminRefusals = declareRefusals('admin', {
  credentialsWrong: 'no administrator with this account, or a wrong password',
  accountDisabled: 'the administrator account is disabled',
  adminNotFound: 'no such administrator',
  accountTaken: 'an administrator with this account exists',
  groupNotFound: 'no such administrator group',
  deleteOwnAccount: 'an administrator cannot delete its own account',
  groupHasAdmins: 'the group still has administrators',
  groupNameTaken: 'another administrator group has this name',
  siteUnknown: 'a site code of the administrator\'s sites names no site',
  userNotFound: 'no such player, or one of another site than the administrator\'s filter',
  balanceTooLow: 'the debit would take the player\'s balance below zero',
  totpSetupRequired: 'the administrator\'s group requires an authenticator and the administrator has none enabled yet',
  totpRequiredByGroup: 'the administrator\'s group requires an authenticator: it cannot be disabled',
  totpSetupNotNeeded: 'no authenticator set-up at login: the administrator has one enabled, or its group does not require one',
});

declare module '../refusals' {
  interface RefusalRegistry {
    admin: typeof adminRefusals;
  }
}
