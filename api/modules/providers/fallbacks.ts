import { Router } from 'express';
import { provxNotFound } from './provx-routes';
import { provyNotFound } from './provy-routes';

/**
 * What /game still needs beyond its endpoints (endpoints.ts): any other request under /game/provx or
 * /game/provy is refused in that provider's own shape (signature first, then 404), not as an envelope.
 */
export const providerFallbacks = Router();
providerFallbacks.use('/provx', provxNotFound);
providerFallbacks.use('/provy', provyNotFound);
