import { adminEndpoints } from './admin-routes';
import { playerEndpoints } from './player-routes';
import { settlementEndpoints } from './settlement-routes';

/**
 * /vip, in matching order: the settlement runs (daily rebate, monthly relegation),
 * administrator CRUD of levels and rebate rules and the hold flag, then the public and player endpoints
 * (levels, rebates, status).
 */
export const vipEndpoints = [...settlementEndpoints, ...adminEndpoints, ...playerEndpoints];
