import { array, bool, constant, dateTime, int, money, nothing, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';
import { LOCALES } from '../../../shared/i18n/locales';

/**
 * The answers of the auth endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** The player's fields, as login answers them (with tokenVersion), the user detail and the operators' player view. */
export const playerFields = {
  id: int(),
  account: str(),
  name: str(),
  email: nullable(str()),
  mobile: nullable(str()),
  widget: nullable(str()),
  oauth: nullable(str()),
  vipLevel: str(),
  vipProgress: nullable(str()),
  totalEffectiveBet: str(),
  balance: money(),
  frozenBalance: money(),
  locale: str(),
  avatar: nullable(str()),
  vendorGroupId: nullable(int()),
  agentCode: nullable(str()),
  level1AgentId: nullable(int()),
  totpAuthEnabled: num(),
  lastActivityAt: nullable(dateTime()),
  siteCode: str(),
  createdAt: dateTime(),
};
const userFields = { ...playerFields, tokenVersion: num() };

/** What a player's detail adds, for the player (GET /auth/user-detail) and the operators. */
export const playerDetailFields = {
  bonusBalance: money('Bonus money beside balance (docs/decisions/bonus.md): playable, not withdrawable'),
  relegationMissCount: int(),
  vipHold: num(),
  level2AgentId: nullable(int()),
  level3AgentId: nullable(int()),
  agentTourCompletedAt: nullable(dateTime()),
  agentTourDismissedAt: nullable(dateTime()),
  updatedAt: dateTime(),
  hasPassword: bool(),
};
/** A login's answer: the token and the player. */
const signedIn = { token: str(), user: obj(userFields) };

const locale = oneOfValues(LOCALES);

export const postAuthRegister = obj({ token: str(), user: obj({ id: int(), name: str() }), vendorGroupId: nullable(int()) });

export const postAuthLogin = obj(signedIn);

export const getAuthUserDetail = obj(
  {
    ...playerDetailFields,
    loginLogs: array(
      obj({
        id: int(),
        userId: nullable(int()),
        device: str(),
        ip: str(),
        lastUse: dateTime(),
        action: str(),
        remark: nullable(str()),
        createdAt: dateTime(),
      }),
    ),
    ...userFields,
  },
  { optional: ['loginLogs'] },
);

export const getAuthCountryCodes = array(obj({ country: str(), callingCode: str(), name: str() }));

export const postAuthLogout = obj({ locale, vendorGroupId: nullable(int()) });

export const patchAuthLocale = obj({ locale });

export const getAuthMascots = array(obj({ id: str(), label: str(), url: str() }));

export const patchAuthAvatar = obj({ avatar: str() });

export const getAuthLoginConfig = obj({ oauth: str(), widget: nullable(obj({ botUsername: str(), botId: str() })) });

export const postAuthLoginOauth = obj({
  ...signedIn,
  isNewUser: bool(),
  oauth: obj({
    sub: str(),
    email: nullable(str()),
    name: nullable(str()),
    picture: nullable(str()),
    email_verified: bool(),
    iss: str(),
    aud: { anyOf: [str(), array(str())] },
  }),
});

export const postAuthBindOauth = obj({ oauth: str(), email: nullable(str()), name: nullable(str()) });

export const postAuthLoginWidget = obj({ token: str(), user: obj({ id: int(), account: str(), name: str(), widget: nullable(str()) }), isNewUser: bool() });

export const postAuthBindWidget = obj({ widget: str() });

export const postAuthUnbindOauth = obj({ affected: num() });

export const postAuthSendVerifyEmail = obj({ id: str() });

export const postAuthCheckVerifyEmail = nothing;

export const postAuthCloseAccount = nothing;

export const postAuthSendVerifyMobile = obj({ sent: constant(true) });

export const postAuthGenerateTotpAuth = obj({ secret: str(), qrCode: str() });
