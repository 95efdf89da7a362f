/**
 * The auth area: player accounts, registration, logins (password, OAuth, widget, authenticator), tokens, verification codes and the mails and SMS they send.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './account-closure';
export * from './account-names';
export * from './accounts';
export * from './code-mail-outcomes';
export * from './code-mail-reconcile';
export * from './country-codes';
export * from './email-verification';
export * from './jobs';
export * from './last-activity';
export * from './login-config';
export * from './logout';
export * from './mascots';
export * from './mobile-verification';
export * from './oauth-login';
export * from './password-login';
export * from './passwords';
export * from './player-totp';
export * from './profile';
export * from './registration';
export * from './third-party-accounts';
export * from './tokens';
export * from './totp-codes';
export * from './totp';
export * from './verification-codes';
export * from './welcome-reconcile';
export * from './widget-login';
