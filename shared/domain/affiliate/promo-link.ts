import { config } from '../../config';
import { storedSettings } from '../site-config';
import { requireAgent } from './agent';

/**
 * GET /affiliate/promo-link: {agentCode, promoUrl}. The link points at the site's player
 * front end: the site setting `frontendUrl` (site_configs.settings, an http(s) URL) when set, else
 * PUBLIC_BASE_URL; the agent's code is the `ref` query parameter (docs/affiliates.md). `notAgent` for a player who is not an agent.
 */
export async function promoLink(userId: number): Promise<{ agentCode: string; promoUrl: string }> {
  const agent = await requireAgent(userId);
  const base = httpUrl((await storedSettings(agent.siteCode)).frontendUrl) ?? config().publicBaseUrl;
  const url = new URL(base);
  url.searchParams.set('ref', agent.agentCode);
  return { agentCode: agent.agentCode, promoUrl: url.toString() };
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
