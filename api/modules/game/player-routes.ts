import { config } from '../../../shared/config';
import { demoGame, launchGame, listPlayerProviders, listTypeConfigs, providerGameList, recentGames, simulateRound } from '../../../shared/domain/game';
import { isLocale, LAUNCH_EXTRA_LOCALES, type Locale } from '../../../shared/i18n/locales';
import { launchProtectionCodes, playProtectionCodes } from '../responsible-gaming/refusal-codes';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { demoBody, gameListQuery, launchBody, providerListQuery, recentQuery, simulateBody } from './player-schemas';
import * as answers from './answers';

/**
 * Player game endpoints: provider, launch, demo, simulate, recent, list, type-configs.
 * Rules live in shared/domain/game/ (provider-list, type-configs, launch, game-list, recent-games, simulate). Rate limits per minute, numbers
 * from config().limits (RATE_LIMIT_SIMULATE_PER_USER, RATE_LIMIT_LAUNCH_PER_USER, RATE_LIMIT_DEMO_PER_IP).
 */
const simulatePerUser = limitRule('game-simulate', 'player', () => config().limits.simulatePerUser);
const launchPerUser = limitRule('game-launch', 'player', () => config().limits.launchPerUser);
const demoPerIp = limitRule('game-demo', 'ip', () => config().limits.demoPerIp);

/** No enabled game of that code: one number and one text whether it is missing or disabled. */
const noGame = { 'game.notFound': 5001, 'game.disabled': { code: 5001, wording: 'asNotFound' } } as const;

/** The language sent to the provider: the `locales` header, where ko-KR and ja-JP are valid too. */
function launchLanguage(call: { req: { get(name: string): string | undefined }; locale: Locale }): string {
  const raw = call.req.get('locales')?.trim();
  if (raw && (isLocale(raw) || (LAUNCH_EXTRA_LOCALES as readonly string[]).includes(raw))) return raw;
  return call.locale;
}

export const playerEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/game/provider',
      result: answers.getGameProvider,
      auth: 'none',
      query: providerListQuery,
      summary: "The site's enabled providers (player view), cached one hour",
    },
    ({ site, query }) => listPlayerProviders(site, query.gameType === undefined ? undefined : Number(query.gameType)),
  ),
  endpoint(
    { method: 'get', path: '/game/type-configs', result: answers.getGameAdminTypeConfigs, auth: 'none', summary: "The site's game type configs by sortOrder" },
    ({ site }) => listTypeConfigs(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/launch',
      result: answers.postGameLaunch,
      auth: 'player',
      body: launchBody,
      limits: [launchPerUser],
      refusals: {
        'game.notFound': 5001,
        'game.disabled': 5002,
        'game.underMaintenance': 5003,
        'game.playerBlocked': 5010,
        'game.providerNotConfigured': 5005,
        'game.providerFailed': 5004,
        ...launchProtectionCodes,
      },
      summary: 'Launch a game',
    },
    (call) => launchGame({ siteCode: call.site, userId: call.player.id, account: call.player.account, ...call.body, language: launchLanguage(call) }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/demo',
      result: answers.postGameLaunch,
      auth: 'none',
      body: demoBody,
      limits: [demoPerIp],
      refusals: {
        ...noGame,
        'game.demoUnavailable': 5006,
        'game.underMaintenance': 5003,
        'game.providerNotConfigured': 5005,
        'game.providerFailed': 5004,
      },
      summary: 'A demo launch of a provy slot game',
    },
    (call) => demoGame({ siteCode: call.site, ...call.body, language: launchLanguage(call) }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/simulate',
      result: answers.postGameSimulate,
      examples: {
        body: { gameCode: 'provx-slot-01', productId: 1, betAmount: 10 },
        result: {
          roundId: 'sim-1a2b3c',
          orderId: 101,
          betAmount: 10,
          multiplier: 2,
          winAmount: 20,
          profit: 10,
          result: 'medium',
          balanceBefore: 100,
          balanceAfter: 110,
          serverSeedHash: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
          clientSeed: '3f9a1c0e7b2d4a6f8e1c3b5d7a9f0e2c',
          nonce: 0,
        },
      },
      auth: 'player',
      body: simulateBody,
      limits: [simulatePerUser],
      refusals: {
        ...noGame,
        'game.betInvalid': 5010,
        'game.winTooLarge': 5010,
        'game.playerBlocked': 5010,
        'game.balanceTooLow': 5011,
        'game.seedsNotCommitted': 5012,
        'bonus.maxBetExceeded': 5013,
        'game.playerNotFound': 2001,
        ...playProtectionCodes,
      },
      realityCheck: 'header-and-result',
      summary: 'Play one local round',
    },
    ({ site, player, body }) => simulateRound({ siteCode: site, userId: player.id, ...body }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/game/recent',
      result: answers.getGameRecent,
      auth: 'player',
      query: recentQuery,
      summary: "The player's last played games, newest first",
    },
    ({ player, query }) => recentGames(player.id, query.limit),
  ),
  endpoint(
    {
      method: 'get',
      path: '/game/list',
      result: answers.getGameList,
      auth: 'player',
      query: gameListQuery,
      refusals: noGame,
      summary: "The provider's games, or the built-in test list",
    },
    (call) => providerGameList(call.site, call.query.gameCode, launchLanguage(call)),
  ),
];
