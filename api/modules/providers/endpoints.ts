import { provxEndpoints } from './provx-routes';
import { provyEndpoints } from './provy-routes';

/**
 * The game providers' seamless-wallet callbacks, under /game/provx and /game/provy (their fallback for
 * unknown paths is in fallbacks.ts). Rules live in shared/domain/providers/; the contract is docs/providers.md.
 */
export const providersEndpoints = [...provxEndpoints, ...provyEndpoints];
