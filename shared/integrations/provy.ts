import { config } from '../config';
import { ProviderApiError, providerJsonRequest, usableUrl } from './provider-http';

/**
 * provy: outbound HTTP client (launch URL, demo URL and game list). Its callbacks to us (auth,
 * getBalance, bet, win, cancelBet, getPlayerInfo) are served by api/modules/providers/provy-routes.ts.
 *
 * ---------------------------------------------------------------------------------------------------
 * provy HTTP API as we call it
 *
 *   Base URL     PROVY_BASE_URL (may carry a path prefix)
 *   Auth         header `Authorization: Bearer <PROVY_API_KEY>` on every call
 *   Format       JSON request and response bodies; provy spells its fields in PascalCase
 *   Time-out     5 s per call (PROVIDER_HTTP_TIMEOUT_MS overrides it)
 *   Configured   only when both PROVY_BASE_URL and PROVY_API_KEY are set; otherwise nothing is sent
 *
 *   Products     provy groups its games in products: 2 = slots, 3 = provably fair. Our game type maps
 *                to the product: game type 2 (slot) -> 2, game type 9 (crypto) -> 3.
 *                For other game types ProductId is left out and provy picks it from GameId.
 *
 *   POST /v1/game/launch                            real-money session for one player
 *     request  {"PlayerId": "123",        our user id (the id provy sends back in its callbacks)
 *               "Account": "alice",
 *               "SiteCode": "default",
 *               "ProductId": 2,           from the game type, see Products (left out when unmapped)
 *               "GameId": 2001,           provy game id (`productId` of POST /game/launch)
 *               "Device": "desktop",      desktop | mobile
 *               "Language": "en-US",      one of zh-TW en-US zh-CN th-TH vi-VN ko-KR ja-JP
 *               "Currency": "USD"}
 *     response 2xx {"Url": "https://..."}
 *
 *   POST /v1/game/demo                              virtual-chip session, no player
 *     request  {"ProductId": 2, "GameId": 2001, "Device": "mobile", "Language": "en-US"}
 *     response 2xx {"Url": "https://..."}
 *
 *   GET /v1/game/list?ProductId=2&Language=en-US     the catalogue of one product (all without ProductId)
 *     response 2xx {"Games": [{"ProductId": 2, "GameId": 2001, "GameName": "Golden Pharaoh",
 *                              "CategoryId": 1, "Category": "Video Slots", "HasDemo": true,
 *                              "MobileAvailable": true, "DesktopAvailable": true, "RTP": "96.50"}]}
 *
 *   Any non-2xx status (403 when our key is refused), a time-out, a network failure, a body that is not
 *   JSON or lacks the expected field is a ProviderApiError (launch and demo answer 5004; the game list
 *   falls back to its test list).
 * ---------------------------------------------------------------------------------------------------
 */

/** Game type code -> provy product. */
export const PROVY_PRODUCT_BY_GAME_TYPE: Readonly<Record<number, number>> = { 2: 2, 9: 3 };

export function provyProductOf(gameType: number): number | undefined {
  return PROVY_PRODUCT_BY_GAME_TYPE[gameType];
}

interface ProvySettings {
  baseUrl: string;
  apiKey: string;
}

function settings(): ProvySettings {
  const { baseUrl, apiKey } = config().integrations.provy;
  if (!baseUrl || !apiKey) throw new ProviderApiError('provy', 'not-configured', 'PROVY_BASE_URL and PROVY_API_KEY must be set');
  return { baseUrl, apiKey };
}

/** True when PROVY_BASE_URL and PROVY_API_KEY are set. */
export function provyConfigured(): boolean {
  const { baseUrl, apiKey } = config().integrations.provy;
  return Boolean(baseUrl && apiKey);
}

const auth = (s: ProvySettings) => ({ authorization: `Bearer ${s.apiKey}` });

export interface ProvyLaunchRequest {
  playerId: number;
  account: string;
  siteCode: string;
  gameType: number;
  gameId: number;
  device: 'desktop' | 'mobile';
  language: string;
}

/** POST /v1/game/launch: the game URL of a real-money session. */
export async function provyLaunchUrl(input: ProvyLaunchRequest): Promise<string> {
  const s = settings();
  const body = await providerJsonRequest('provy', s.baseUrl, {
    method: 'POST',
    path: '/v1/game/launch',
    headers: auth(s),
    body: {
      PlayerId: String(input.playerId),
      Account: input.account,
      SiteCode: input.siteCode,
      ProductId: provyProductOf(input.gameType),
      GameId: input.gameId,
      Device: input.device,
      Language: input.language,
      Currency: 'USD',
    },
  });
  return usableUrl('provy', (body as { Url?: unknown } | null)?.Url);
}

/** POST /v1/game/demo: the game URL of a demo session (virtual chips). */
export async function provyDemoUrl(input: { gameType: number; gameId: number; device: 'desktop' | 'mobile'; language: string }): Promise<string> {
  const s = settings();
  const body = await providerJsonRequest('provy', s.baseUrl, {
    method: 'POST',
    path: '/v1/game/demo',
    headers: auth(s),
    body: { ProductId: provyProductOf(input.gameType), GameId: input.gameId, Device: input.device, Language: input.language },
  });
  return usableUrl('provy', (body as { Url?: unknown } | null)?.Url);
}

/** GET /v1/game/list: the provider's own game items (passed through as provy sent them). */
export async function provyGameList(input: { product?: number; language: string }): Promise<Record<string, unknown>[]> {
  const s = settings();
  const body = await providerJsonRequest('provy', s.baseUrl, {
    method: 'GET',
    path: '/v1/game/list',
    query: { ProductId: input.product, Language: input.language },
    headers: auth(s),
  });
  const games = (body as { Games?: unknown } | null)?.Games;
  if (!Array.isArray(games)) throw new ProviderApiError('provy', 'bad-response', 'answer has no Games array');
  return games.filter((g): g is Record<string, unknown> => typeof g === 'object' && g !== null && !Array.isArray(g));
}
