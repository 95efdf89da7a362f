import { createHash } from 'node:crypto';
import { Refusal } from '../../errors';
import { oauthSettings } from '../../integrations/oauth';
import { cache } from '../../redis';
import { oauthIdentity, type OAuthProfile } from './oauth-identity';
import { OAUTH_STATE_TTL_S, verifyState } from './oauth-state';

/**
 * The identity of a login-oauth call, kept for the call that repeats it with an authenticator code
 * (docs/decisions/auth.md, "Authenticator codes at every login"). A call answered "code needed" or "wrong
 * code" has already spent the provider's one-time authorization code; so the identity it proved is kept
 * in Redis under a hash of (code, state) until the state expires, and the client posts the same code
 * and state again with `totpCode`. Only a caller holding both (which alone could redeem the code) finds
 * it, and it still needs the authenticator code. If Redis lost it, the provider refuses the spent code
 * (`oauthExchangeFailed`) and the client starts the flow again.
 */
const pendingKey = (code: string, state: string) => `cache:auth:oauth-pending:${createHash('sha256').update(code).update('\n').update(state).digest('hex')}`;

export interface OAuthAttempt {
  profile: OAuthProfile;
  /** Keeps the identity for a repeat of this call (best effort). */
  keep(): Promise<void>;
  /** Forgets it once the login succeeded (best effort). */
  forget(): Promise<void>;
}

/** The state's checks first (its age bounds the kept identity), then the kept identity or a new code exchange. */
export async function oauthLoginIdentity(code: string, state: string): Promise<OAuthAttempt> {
  if (!oauthSettings()) throw new Refusal('auth.oauthNotConfigured');
  const { iat } = verifyState(state);
  const key = pendingKey(code, state);
  const kept = await cache()
    .get(key)
    .catch(() => null);
  const profile = kept ? (JSON.parse(kept) as OAuthProfile) : await oauthIdentity(code, state);
  return {
    profile,
    keep: async () => {
      const ttlS = Math.min(OAUTH_STATE_TTL_S, iat + OAUTH_STATE_TTL_S - Math.floor(Date.now() / 1000));
      if (ttlS > 0)
        await cache()
          .set(key, JSON.stringify(profile), 'EX', ttlS)
          .catch(() => undefined);
    },
    forget: async () => {
      await cache()
        .del(key)
        .catch(() => undefined);
    },
  };
}
