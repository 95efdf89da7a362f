import { adminEndpoints } from './admin-routes';
import { playerEndpoints } from './player-routes';

/** /kyc: the operators' endpoints, then the players'. Rules live in shared/domain/kyc/ (docs/kyc.md). */
export const kycEndpoints = [...adminEndpoints, ...playerEndpoints];
