import { config } from '../../../shared/config';

/** The paths of the fiat vendor's two signed callbacks, declared in vendor-endpoints.ts. */
export const FIAT_CALLBACK_PATHS = { add: '/vendor/fiatvendor/callback/add', pay: '/vendor/fiatvendor/callback/pay' } as const;

/** Where the fiat vendor calls back about an order it takes: PUBLIC_BASE_URL, /api and the callbacks' paths. */
export function fiatCallbackUrls(): { add: string; pay: string } {
  const base = `${config().publicBaseUrl.replace(/\/+$/, '')}/api`;
  return { add: `${base}${FIAT_CALLBACK_PATHS.add}`, pay: `${base}${FIAT_CALLBACK_PATHS.pay}` };
}
