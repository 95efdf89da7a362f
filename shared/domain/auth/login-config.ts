import { randomBytes } from 'node:crypto';
import { Refusal } from '../../errors';
import { authorizationUrl, createPkcePair, oauthSettings } from '../../integrations/oauth';
import { widgetSettings } from '../../integrations/widget';
import { signState } from './oauth-state';

/** GET /auth/login-config: where a client starts a third-party login. */

export interface LoginConfig {
  oauth: string;
  widget: { botUsername: string; botId: string } | null;
}

/**
 * The authorization URL with a fresh signed state and PKCE challenge, and the widget settings; refused
 * (`oauthNotConfigured`) without OAuth settings.
 */
export function loginConfig(redirectAfter?: string | null): LoginConfig {
  const settings = oauthSettings();
  if (!settings) throw new Refusal('auth.oauthNotConfigured');
  const pkce = createPkcePair();
  const state = signState({
    v: 1,
    n: randomBytes(16).toString('base64url'),
    cv: pkce.verifier,
    ra: redirectAfter ?? null,
    iat: Math.floor(Date.now() / 1000),
  });
  const widget = widgetSettings();
  return {
    oauth: authorizationUrl(settings, { state, codeChallenge: pkce.challenge }),
    widget: widget ? { botUsername: widget.botUsername, botId: widget.botId } : null,
  };
}
