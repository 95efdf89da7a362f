import { programAdminEndpoints } from './admin-program-routes';
import { agentEndpoints } from './agent-routes';
import { moneyEndpoints } from './money-routes';
import { settlementEndpoints } from './settlement-routes';
import { triggerEndpoints } from './trigger-routes';

/**
 * /affiliate: the three-level agent program. Rules live in shared/domain/affiliate/ and the
 * commission balance in shared/domain/wallet/affiliate-account.ts; docs/affiliates.md describes the model.
 */
export const affiliateEndpoints = [...agentEndpoints, ...settlementEndpoints, ...moneyEndpoints, ...programAdminEndpoints, ...triggerEndpoints];
