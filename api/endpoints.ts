import type { Endpoint } from './http/endpoint';
import { accountEndpoints } from './modules/auth/account-routes';
import { thirdPartyEndpoints } from './modules/auth/third-party-routes';
import { verificationEndpoints } from './modules/auth/verification-routes';
import { playerEndpoints } from './modules/game/player-routes';

/**
 * Every endpoint of the API, by area, in the order they are matched (a fixed path before a
 * parameterised one of the same prefix). The API document is generated from this list.
 */
export const endpoints: readonly Endpoint[] = [...accountEndpoints, ...verificationEndpoints, ...thirdPartyEndpoints, ...playerEndpoints];
