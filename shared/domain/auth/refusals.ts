import { declareRefusals } from '../refusals';

/** Why the auth area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const authRefusals = declareRefusals('auth', {
  accountTaken: 'the site already has this account name, as typed or as a look-alike',
  refCodeUnknown: 'the refCode names no agent of the site',
  credentialsWrong: 'no such account, a wrong password, or an account without a password',
  currentPasswordWrong: 'the current password is not the account\'s',
  passwordsDiffer: 'the new password and its confirmation differ',
  passwordAlreadySet: 'the account already has a password',
  localeUnsupported: 'not one of the supported locales',
  mascotUnknown: 'no mascot of the site has this id',
  emailTaken: 'another account of the site uses the e-mail address',
  emailCodeMissing: 'no e-mail verification code on record: never sent, or the pending address is gone',
  emailNotPending: 'the address is not the one the code was sent to',
  emailCodeWrong: 'the e-mail verification code is not the one sent',
  mobileTaken: 'another account of the site uses the mobile number',
  smsNotConfigured: 'SMS verification is not configured: no code can be sent or checked',
  smsNotSent: 'the SMS verification could not be started',
  mobileCodeMissing: 'no mobile verification on record: never sent, or replaced by a concurrent check or send',
  mobileNotPending: 'the number is not the one the code was sent to',
  mobileCodeWrong: 'the SMS code is wrong or expired',
  totpNotGenerated: 'no authenticator secret generated yet',
  totpCodeWrong: 'the 6-digit code is not valid for the current secret, or was already accepted once',
  totpRequired: 'the account logs in with an authenticator code and none was sent',
  totpLocked: 'too many wrong authenticator codes in a row: code checks are refused for a while',
  totpNotEnabled: 'the account has no authenticator enabled',
  totpAlreadyEnabled: 'the account already has an authenticator enabled: disable it first, with a code',
  oauthNotConfigured: 'OAuth login is not configured',
  oauthStateMalformed: 'the OAuth state is not a signed state of the known format and version',
  oauthStateSignatureWrong: 'the OAuth state\'s signature does not match',
  oauthStateUnreadable: 'the OAuth state\'s payload is not a JSON object with an issue time',
  oauthStateExpired: 'the OAuth state is too old (or issued in the future)',
  oauthStateNoVerifier: 'the OAuth state carries no valid PKCE code verifier',
  oauthExchangeFailed: 'the provider refused the authorization code exchange',
  oauthIdTokenInvalid: 'the provider\'s id_token does not verify',
  oauthNoSubject: 'the id_token names no subject',
  oauthBoundElsewhere: 'another user of the site is bound to this OAuth identity',
  oauthEmailUsedElsewhere: 'another user of the site uses the OAuth account\'s e-mail',
  widgetNotConfigured: 'messenger login is not configured',
  widgetHashWrong: 'the widget data\'s hash does not verify',
  widgetAuthStale: 'the widget data\'s auth_date is too old',
  widgetBoundElsewhere: 'another user of the site is bound to this messenger account',
});

declare module '../refusals' {
  interface RefusalRegistry {
    auth: typeof authRefusals;
  }
}
