import { Router, type Request } from 'express';
import { demoGame, launchGame, listPlayerProviders, listTypeConfigs, providerGameList, recentGames } from '../../../shared/domain/games';
import { simulateRound } from '../../../shared/domain/simulate';
import { isLocale, LAUNCH_EXTRA_LOCALES } from '../../../shared/i18n/locales';
import { requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';
import { clientIp, rateLimit, type RateLimitRule } from '../../http/rate-limit';
import { valid, validate } from '../../http/validate';
import { demoBody, gameListQuery, launchBody, providerListQuery, recentQuery, simulateBody } from './player-schemas';
import { config } from '../../../shared/config';

/**
 * Player game endpoints (Part A 4.3): provider, launch, demo, simulate, recent, list, type-configs.
 * Rules live in shared/domain/games.ts and shared/domain/simulate.ts.
 */
export const playerRoutes = Router();

// ---------------------------------------------------------------------------------------------------
// Rate limits (fixed windows in Redis). Each can be changed through the environment variable beside it
// (a positive integer; anything else = the default).

/** The key a player's requests are counted under. */
export const playerRateKey = (userId: number | undefined) => `user:${userId}`;

/** Per player per minute; the numbers are config().limits (RATE_LIMIT_SIMULATE_PER_USER, RATE_LIMIT_LAUNCH_PER_USER). */
const perPlayer = (name: string, max: () => number): RateLimitRule => ({
  name,
  windowSeconds: 60,
  get limit() {
    return max();
  },
  keys: (req) => [playerRateKey(req.player?.id)],
});

export const simulatePerUser = perPlayer('game-simulate', () => config().limits.simulatePerUser);
const launchPerUser = perPlayer('game-launch', () => config().limits.launchPerUser);
const demoPerIp: RateLimitRule = {
  name: 'game-demo',
  windowSeconds: 60,
  get limit() {
    return config().limits.demoPerIp;
  },
  keys: (req) => [clientIp(req)],
};

// ---------------------------------------------------------------------------------------------------

/** The language sent to the provider: the `locales` header, where ko-KR and ja-JP are valid too. */
function launchLanguage(req: Request): string {
  const raw = req.get('locales')?.trim();
  if (raw && (isLocale(raw) || (LAUNCH_EXTRA_LOCALES as readonly string[]).includes(raw))) return raw;
  return req.ctx.locale;
}

/** GET /game/provider[?gameType=]: enabled providers of the site (player view), cached one hour. */
playerRoutes.get(
  '/provider',
  validate('query', providerListQuery),
  route((req) => {
    const { gameType } = valid(req, 'query', providerListQuery);
    return listPlayerProviders(req.ctx.siteCode, gameType === undefined ? undefined : Number(gameType));
  }),
);

/** GET /game/type-configs: the site's game type configs by sortOrder. */
playerRoutes.get(
  '/type-configs',
  route((req) => listTypeConfigs(req.ctx.siteCode)),
);

/** POST /game/launch: 5001, 5002, 5003, 5010 (blocked), 5005, 5004. */
playerRoutes.post(
  '/launch',
  requirePlayer,
  validate('body', launchBody),
  rateLimit(launchPerUser),
  route((req) => {
    const body = valid(req, 'body', launchBody);
    return launchGame({
      siteCode: req.ctx.siteCode,
      userId: req.player!.id,
      account: req.player!.account,
      gameCode: body.gameCode,
      productId: body.productId,
      device: body.device,
      language: launchLanguage(req),
    });
  }),
);

/** POST /game/demo (public): provy slot games only; 5001, 5006. */
playerRoutes.post(
  '/demo',
  rateLimit(demoPerIp),
  validate('body', demoBody),
  route((req) => {
    const body = valid(req, 'body', demoBody);
    return demoGame({ siteCode: req.ctx.siteCode, gameCode: body.gameCode, productId: body.productId, device: body.device, language: launchLanguage(req) });
  }),
);

/** POST /game/simulate: 5001, 5010 (amount), 5011 (balance), 2001. */
playerRoutes.post(
  '/simulate',
  requirePlayer,
  validate('body', simulateBody),
  rateLimit(simulatePerUser),
  route((req) => {
    const body = valid(req, 'body', simulateBody);
    return simulateRound({
      siteCode: req.ctx.siteCode,
      userId: req.player!.id,
      gameCode: body.gameCode,
      productId: body.productId,
      betAmount: body.betAmount,
    });
  }),
);

/** GET /game/recent[?limit=1..20]: the player's last played games, newest first. */
playerRoutes.get(
  '/recent',
  requirePlayer,
  validate('query', recentQuery),
  route((req) => recentGames(req.player!.id, valid(req, 'query', recentQuery).limit)),
);

/** GET /game/list?gameCode=: the provider's games, or the built-in test list (fallback true); 5001. */
playerRoutes.get(
  '/list',
  requirePlayer,
  validate('query', gameListQuery),
  route((req) => providerGameList(req.ctx.siteCode, valid(req, 'query', gameListQuery).gameCode, launchLanguage(req))),
);
