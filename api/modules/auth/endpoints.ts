import { accountEndpoints } from './account-routes';
import { thirdPartyEndpoints } from './third-party-routes';
import { verificationEndpoints } from './verification-routes';

/** /auth: accounts and sessions, verification (e-mail, mobile, TOTP, passwords), third-party logins. */
export const authEndpoints = [...accountEndpoints, ...verificationEndpoints, ...thirdPartyEndpoints];
