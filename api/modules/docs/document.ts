import type { Json } from '../../http/openapi/schemas';
import { buildApiDocument } from '../../http/openapi';

let built: Json | undefined;

/**
 * The document of every endpoint, built on first use. api/endpoints.ts lists this area too, so it is
 * imported when asked for, not when this module loads.
 */
export async function apiDocument(): Promise<Json> {
  if (!built) {
    const { endpoints } = await import('../../endpoints');
    built = buildApiDocument(endpoints);
  }
  return built;
}
