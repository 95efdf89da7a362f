import { adminEndpoints } from './admin-routes';
import { playerEndpoints } from './player-routes';

/**
 * /wallet, in matching order: the operators' endpoints (a fixed `/wallet/admin/...` before
 * the players' parameterised paths), then the players' instruments. Rules live in
 * shared/domain/wallet/instruments/.
 */
export const walletEndpoints = [...adminEndpoints, ...playerEndpoints];
