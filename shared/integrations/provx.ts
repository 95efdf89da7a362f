import { config } from '../config';
import { ProviderApiError, providerJsonRequest, usableUrl } from './provider-http';

/**
 * provx: outbound HTTP client (launch URL and game list). Its callbacks to us (GetBalance, Bet,
 * BetResult, CancelBet, JackpotResult) are served by api/modules/providers/provx-routes.ts.
 *
 * ---------------------------------------------------------------------------------------------------
 * provx HTTP API as we call it
 *
 *   Base URL     PROVX_BASE_URL (may carry a path prefix, e.g. https://api.provx.example/gw)
 *   Auth         header `X-Api-Key: <PROVX_API_KEY>` on every call
 *   Format       JSON request and response bodies (`content-type: application/json`)
 *   Time-out     5 s per call (PROVIDER_HTTP_TIMEOUT_MS overrides it)
 *   Configured   only when both PROVX_BASE_URL and PROVX_API_KEY are set; otherwise nothing is sent
 *
 *   POST /api/v1/games/launch                       real-money session for one player
 *     request  {"playerId": "123",          our user id (the id provx sends back in its callbacks)
 *               "account": "alice",         the player's account, for the provider's back office
 *               "siteCode": "default",
 *               "gameId": 1001,             provider game id (`productId` of POST /game/launch)
 *               "gameType": 2,              game type code
 *               "device": "desktop",        desktop | mobile
 *               "language": "en-US",        one of zh-TW en-US zh-CN th-TH vi-VN ko-KR ja-JP
 *               "currency": "USD"}
 *     response 2xx {"url": "https://..."}
 *
 *   GET /api/v1/games?gameType=2&language=en-US      the provider's catalogue for one game type
 *     response 2xx {"games": [{"gameId": 1001, "gameName": "Dragon Fortune", "gameType": 2,
 *                              "hasDemo": false, "mobile": true, "desktop": true, "rtp": "96.50"}]}
 *
 *   Any non-2xx status, a time-out, a network failure, a body that is not JSON or lacks the expected
 *   field is a ProviderApiError (launch answers 5004; the game list falls back to its test list).
 *   provx has no demo mode.
 * ---------------------------------------------------------------------------------------------------
 */

interface ProvxSettings {
  baseUrl: string;
  apiKey: string;
}

function settings(): ProvxSettings {
  const { baseUrl, apiKey } = config().integrations.provx;
  if (!baseUrl || !apiKey) throw new ProviderApiError('provx', 'not-configured', 'PROVX_BASE_URL and PROVX_API_KEY must be set');
  return { baseUrl, apiKey };
}

/** True when PROVX_BASE_URL and PROVX_API_KEY are set. */
export function provxConfigured(): boolean {
  const { baseUrl, apiKey } = config().integrations.provx;
  return Boolean(baseUrl && apiKey);
}

export interface ProvxLaunchRequest {
  playerId: number;
  account: string;
  siteCode: string;
  gameId: number;
  gameType: number;
  device: 'desktop' | 'mobile';
  language: string;
}

/** POST /api/v1/games/launch: the game URL of a real-money session. */
export async function provxLaunchUrl(input: ProvxLaunchRequest): Promise<string> {
  const s = settings();
  const body = await providerJsonRequest('provx', s.baseUrl, {
    method: 'POST',
    path: '/api/v1/games/launch',
    headers: { 'x-api-key': s.apiKey },
    body: {
      playerId: String(input.playerId),
      account: input.account,
      siteCode: input.siteCode,
      gameId: input.gameId,
      gameType: input.gameType,
      device: input.device,
      language: input.language,
      currency: 'USD',
    },
  });
  return usableUrl('provx', (body as { url?: unknown } | null)?.url);
}

/** GET /api/v1/games: the provider's own game items (passed through as the provider sent them). */
export async function provxGameList(input: { gameType: number; language: string }): Promise<Record<string, unknown>[]> {
  const s = settings();
  const body = await providerJsonRequest('provx', s.baseUrl, {
    method: 'GET',
    path: '/api/v1/games',
    query: { gameType: input.gameType, language: input.language },
    headers: { 'x-api-key': s.apiKey },
  });
  const games = (body as { games?: unknown } | null)?.games;
  if (!Array.isArray(games)) throw new ProviderApiError('provx', 'bad-response', 'answer has no games array');
  return games.filter((g): g is Record<string, unknown> => typeof g === 'object' && g !== null && !Array.isArray(g));
}
