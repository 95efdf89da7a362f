import { GameProvider } from '../../db/models';
import { BizError } from '../../errors';
import { ProviderApiError } from '../../integrations/provider-http';
import { provxLaunchUrl } from '../../integrations/provx';
import { provyDemoUrl, provyLaunchUrl } from '../../integrations/provy';
import { findBlockingRule } from './blocks';
import { recordPlayInBackground } from './play-log';

/**
 * Launching a game (POST /game/launch, with the risk check and the play log) and its demo
 * (POST /game/demo), Part A 4.3.
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

/** Maps a provider call failure to the spec's codes: not configured 5005, anything else 5004. */
function providerFailure(err: unknown, messagePath?: string): never {
  if (err instanceof ProviderApiError) {
    if (err.kind === 'not-configured') throw new BizError(5005, `${err.provider} API is not configured`, messagePath);
    throw new BizError(5004, err.message, messagePath);
  }
  throw err;
}

/** The site's game entry, if it can be launched: 5001 no such game, 5002 disabled, 5003 under maintenance. */
async function launchableProvider(siteCode: string, gameCode: string): Promise<GameProvider> {
  const provider = await findProvider(siteCode, gameCode);
  if (!provider) throw new BizError(5001);
  if (!provider.enable) throw new BizError(5002);
  if (provider.maintain) throw new BizError(5003);
  return provider;
}

/** The risk check: 5010 when a game block of the player covers this game. */
async function checkNotBlocked(input: LaunchInput, provider: GameProvider): Promise<void> {
  const block = await findBlockingRule({
    siteCode: input.siteCode,
    userId: input.userId,
    gameType: provider.gameType,
    gameCode: provider.gameCode,
    productId: String(input.productId),
  });
  if (block) throw new BizError(5010);
}

/** The provider's launch URL; 5005 not configured (or no integration for the provider code), 5004 a provider error. */
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
    throw new BizError(5005, `no integration for provider code "${provider.providerCode}"`);
  } catch (err) {
    return providerFailure(err);
  }
}

/**
 * Launches a game. In order: 5001 no such game in the site, 5002 disabled, 5003 under maintenance,
 * 5010 the player is blocked (risk check), 5005 provider API not configured, 5004 provider error.
 * On success the play log is upserted in the background.
 */
export async function launchGame(input: LaunchInput): Promise<{ url: string }> {
  const provider = await launchableProvider(input.siteCode, input.gameCode);
  await checkNotBlocked(input, provider);
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
 * A demo launch (public, virtual chips): no risk check, no play log. 5001 no such game in the site (or
 * disabled); 5006 not a provy slot game; 5003 under maintenance, 5005 provy not configured and 5004 a
 * provy error answer with the launch texts.
 */
export async function demoGame(input: DemoInput): Promise<{ url: string }> {
  const provider = await findProvider(input.siteCode, input.gameCode);
  if (!provider || !provider.enable) throw new BizError(5001);
  if (provider.providerCode !== 'provy' || provider.gameType !== DEMO_GAME_TYPE) throw new BizError(5006);
  if (provider.maintain) throw new BizError(5003, 'game is under maintenance', '/api/game/launch');
  try {
    const url = await provyDemoUrl({ gameType: provider.gameType, gameId: input.productId, device: input.device, language: input.language });
    return { url };
  } catch (err) {
    return providerFailure(err, '/api/game/launch');
  }
}
