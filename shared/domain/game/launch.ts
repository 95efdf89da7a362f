import { GameProvider } from '../../db/models';
import { Refusal } from '../../errors';
import { ProviderApiError } from '../../integrations/provider-http';
import { provxLaunchUrl } from '../../integrations/provx';
import { provyDemoUrl, provyLaunchUrl } from '../../integrations/provy';
import { checkMayPlay } from '../responsible-gaming';
import { findBlockingRule } from './blocks';
import { recordPlayInBackground } from './play-log';

/**
 * Launching a game (POST /game/launch, with the risk check and the play log) and its demo
 * (POST /game/demo).
 */

export type Device = 'desktop' | 'mobile';

export interface LaunchInput {
  siteCode: string;
  userId: number;
  account: string;
  gameCode: string;
  productId: number;
  device: Device;
  /** Request locale; launch also accepts ko-KR and ja-JP. */
  language: string;
}

function findProvider(siteCode: string, gameCode: string): Promise<GameProvider | null> {
  return GameProvider.findOne({ where: { siteCode, gameCode } });
}

/** Maps a provider call failure to a refusal: `providerNotConfigured`, anything else `providerFailed`. */
function providerFailure(err: unknown): never {
  if (err instanceof ProviderApiError) {
    if (err.kind === 'not-configured') throw new Refusal('game.providerNotConfigured', `${err.provider} API is not configured`);
    throw new Refusal('game.providerFailed', err.message);
  }
  throw err;
}

/** The site's game entry, if it can be launched: refused `notFound`, `disabled`, `underMaintenance`. */
async function launchableProvider(siteCode: string, gameCode: string): Promise<GameProvider> {
  const provider = await findProvider(siteCode, gameCode);
  if (!provider) throw new Refusal('game.notFound');
  if (!provider.enable) throw new Refusal('game.disabled');
  if (provider.maintain) throw new Refusal('game.underMaintenance');
  return provider;
}

/** The risk check: `playerBlocked` when a game block of the player covers this game. */
async function checkNotBlocked(input: LaunchInput, provider: GameProvider): Promise<void> {
  const block = await findBlockingRule({
    siteCode: input.siteCode,
    userId: input.userId,
    gameType: provider.gameType,
    gameCode: provider.gameCode,
    productId: String(input.productId),
  });
  if (block) throw new Refusal('game.playerBlocked');
}

/** The provider's launch URL; `providerNotConfigured` (or no integration for the provider code), `providerFailed` a provider error. */
async function providerLaunchUrl(input: LaunchInput, provider: GameProvider): Promise<string> {
  const common = {
    playerId: input.userId,
    account: input.account,
    siteCode: input.siteCode,
    gameType: provider.gameType,
    gameId: input.productId,
    device: input.device,
    language: input.language,
  };
  try {
    if (provider.providerCode === 'provx') return await provxLaunchUrl(common);
    if (provider.providerCode === 'provy') return await provyLaunchUrl(common);
    throw new Refusal('game.providerNotConfigured', `no integration for provider code "${provider.providerCode}"`);
  } catch (err) {
    return providerFailure(err);
  }
}

/**
 * Launches a game. Refused, in order: `notFound` no such game in the site, `disabled`, `underMaintenance`,
 * `playerBlocked` (risk check), player protection's `selfExcluded`, `coolingOff`, `sessionLimit`,
 * `providerNotConfigured`, `providerFailed`.
 * On success the play log is upserted in the background.
 */
export async function launchGame(input: LaunchInput): Promise<{ url: string }> {
  const provider = await launchableProvider(input.siteCode, input.gameCode);
  await checkNotBlocked(input, provider);
  await checkMayPlay(input.userId, { session: true });
  const url = await providerLaunchUrl(input, provider);
  recordPlayInBackground({ siteCode: input.siteCode, userId: input.userId, gameCode: provider.gameCode, productId: String(input.productId) });
  return { url };
}

export interface DemoInput {
  siteCode: string;
  gameCode: string;
  productId: number;
  device: Device;
  language: string;
}

/** Demo mode exists for provy slot games only. */
const DEMO_GAME_TYPE = 2;

/**
 * A demo launch (public, virtual chips): no risk check, no play log. Refused: `notFound` or `disabled`;
 * `demoUnavailable` not a provy slot game; `underMaintenance`, `providerNotConfigured` (provy) and
 * `providerFailed` (a provy error), as in a launch.
 */
export async function demoGame(input: DemoInput): Promise<{ url: string }> {
  const provider = await findProvider(input.siteCode, input.gameCode);
  if (!provider || !provider.enable) throw new Refusal(provider ? 'game.disabled' : 'game.notFound');
  if (provider.providerCode !== 'provy' || provider.gameType !== DEMO_GAME_TYPE) throw new Refusal('game.demoUnavailable');
  if (provider.maintain) throw new Refusal('game.underMaintenance');
  try {
    const url = await provyDemoUrl({ gameType: provider.gameType, gameId: input.productId, device: input.device, language: input.language });
    return { url };
  } catch (err) {
    return providerFailure(err);
  }
}
