import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { completeLogin } from './accounts';
import { emailVariants, oauthIdentity, storableEmail, storedOAuthId, type OAuthProfile } from './oauth-identity';
import { oauthLoginIdentity } from './oauth-pending';
import { accountName, createThirdPartyPlayer, lockedPlayer, loginOrCreate, type LoginContext, type ThirdPartyLogin } from './third-party-accounts';
import { passLoginTotp, requireTotpPassed } from './totp-login';
import { avatarOf, loginUser, type LoginUser } from './user-view';

/** POST /auth/login-oauth and /auth/bind-oauth: the OAuth 2.0 authorization-code flow with PKCE. */

/** The player of the site bound to the subject, else the one with the verified e-mail, else null. */
async function oauthPlayerOf(siteCode: string, oauthId: string, email: string | null, transaction?: Transaction): Promise<User | null> {
  const bound = await User.findOne({ where: { siteCode, oauth: oauthId }, transaction });
  if (bound || !email) return bound;
  return User.findOne({ where: { siteCode, email: { [Op.in]: emailVariants(email) } }, order: [['id', 'ASC']], transaction });
}

/** oauthPlayerOf, in the login's transaction, binding the subject to the player found by e-mail when unbound. */
async function findOAuthPlayer(siteCode: string, oauthId: string, email: string | null, transaction: Transaction): Promise<User | null> {
  const user = await oauthPlayerOf(siteCode, oauthId, email, transaction);
  if (user && !user.oauth) await user.update({ oauth: oauthId }, { transaction });
  return user;
}

/** The refusals after which the client repeats the call with a code: the identity is kept for it (./oauth-pending.ts). */
const repeatWithCode = (err: unknown) => err instanceof Refusal && (err.refusal === 'auth.totpRequired' || err.refusal === 'auth.totpCodeWrong');

/**
 * Logs in with the provider: the user of the site whose `oauth` is the subject, else (for a verified
 * provider e-mail) the user with that e-mail, whose `oauth` is then filled when empty; else a new player
 * `oauth_<sub>` with an empty password. A player with an authenticator needs `totpCode`
 * (./totp-login.ts); without it, or with a wrong one, the same code and state may be posted again.
 */
export async function loginWithOAuth(
  input: { code: string; state: string; totpCode?: string | null },
  ctx: LoginContext,
): Promise<ThirdPartyLogin<LoginUser> & { oauth: OAuthProfile }> {
  const identity = await oauthLoginIdentity(input.code, input.state);
  const { profile } = identity;
  const oauthId = storedOAuthId(profile.sub);
  // Only an address the provider has verified may open an existing account.
  const email = profile.email_verified ? storableEmail(profile.email) : null;
  let passed: number | null;
  try {
    passed = await passLoginTotp(await oauthPlayerOf(ctx.siteCode, oauthId, email), input.totpCode, ctx.meta);
  } catch (err) {
    if (repeatWithCode(err)) await identity.keep();
    throw err;
  }
  const { token, user, isNewUser } = await loginOrCreate(async (attempt, transaction) => {
    let user = await findOAuthPlayer(ctx.siteCode, oauthId, email, transaction);
    if (user) requireTotpPassed(user, passed);
    const isNewUser = !user;
    user ??= await createThirdPartyPlayer(
      ctx,
      {
        account: accountName('oauth_', profile.sub, attempt),
        name: profile.name ?? profile.email?.split('@')[0] ?? `oauth_${profile.sub}`,
        email,
        oauth: oauthId,
      },
      transaction,
    );
    return { ...(await completeLogin(user, ctx.meta, transaction)), isNewUser };
  });
  await identity.forget();
  return { token, user: loginUser(user, await avatarOf(user)), oauth: profile, isNewUser };
}

/** Binds the provider identity to the logged-in player: `oauthBoundElsewhere`, `oauthEmailUsedElsewhere`. */
export async function bindOAuth(userId: number, input: { code: string; state: string }): Promise<{ oauth: string; email: string | null; name: string | null }> {
  const profile = await oauthIdentity(input.code, input.state);
  const oauthId = storedOAuthId(profile.sub);
  try {
    return await db().transaction(async (transaction) => {
      const user = await lockedPlayer(userId, transaction);
      const notMe = { siteCode: user.siteCode, id: { [Op.ne]: user.id } };
      if (await User.count({ where: { ...notMe, oauth: oauthId }, transaction })) throw new Refusal('auth.oauthBoundElsewhere');
      if (profile.email && (await User.count({ where: { ...notMe, email: { [Op.in]: emailVariants(profile.email) } }, transaction }))) {
        throw new Refusal('auth.oauthEmailUsedElsewhere');
      }
      const email = profile.email_verified ? storableEmail(profile.email) : null;
      await user.update({ oauth: oauthId, ...(!user.email && email ? { email } : {}) }, { transaction });
      return { oauth: oauthId, email: profile.email, name: profile.name };
    });
  } catch (err) {
    // Another user took the identity or the address between our check and our update.
    if (err instanceof UniqueConstraintError)
      throw new Refusal(Object.keys(err.fields ?? {}).some((f) => f.includes('oauth')) ? 'auth.oauthBoundElsewhere' : 'auth.oauthEmailUsedElsewhere');
    throw err;
  }
}
