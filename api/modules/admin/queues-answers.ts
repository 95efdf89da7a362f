import { bool, obj } from '../../http/answer-schemas';

/**
 * The answers of the Bull Board endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const postAdminQueuesLogout = obj({ loggedOut: bool() });
