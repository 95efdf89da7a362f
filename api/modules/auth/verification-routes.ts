import { config } from '../../../shared/config';
import {
  checkEmailVerification,
  checkMobileVerification,
  disableTotp,
  editPassword,
  enableTotp,
  generateTotp,
  sendEmailVerification,
  sendMobileVerification,
  setPassword,
} from '../../../shared/domain/auth';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import {
  checkVerifyEmailBody,
  checkVerifyMobileBody,
  editPasswordBody,
  enableTotpBody,
  generateTotpBody,
  sendVerifyEmailBody,
  sendVerifyMobileBody,
  setPasswordBody,
} from './verification-schemas';
import { totpLoginRefusals } from './totp-refusals';
import * as answers from './answers';

/**
 * /auth verification endpoints: e-mail and mobile verification, TOTP, passwords. Every one
 * needs a player token. Sending a code (mail or SMS costs money and reaches third parties) is limited per
 * player and per IP; checking a code or the current password per player, so a stolen token cannot walk
 * the code space (numbers and windows from config().limits).
 */
const limits = () => config().limits;
const sendLimits = (name: string) => [
  limitRule(
    `${name}:user`,
    'player',
    () => limits().verifySendPerUser,
    () => limits().verifySendWindowUserS,
  ),
  limitRule(
    `${name}:ip`,
    'ip',
    () => limits().verifySendPerIp,
    () => limits().verifySendWindowIpS,
  ),
];
const checkLimit = (name: string) => [
  limitRule(
    `${name}:user`,
    'player',
    () => limits().verifyCheckPerUser,
    () => limits().verifyCheckWindowUserS,
  ),
];

export const verificationEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/auth/send-verify-email',
      result: answers.postAuthSendVerifyEmail,
      auth: 'player',
      body: sendVerifyEmailBody,
      limits: sendLimits('send-verify-email'),
      refusals: { 'auth.emailTaken': 2001 },
      summary: 'Send an e-mail verification code',
    },
    ({ player, body }) => sendEmailVerification(player.id, body.email, body.subject ?? undefined),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/check-verify-email',
      result: answers.postAuthCheckVerifyEmail,
      auth: 'player',
      body: checkVerifyEmailBody,
      limits: checkLimit('check-verify-email'),
      refusals: {
        'auth.emailCodeMissing': 2001,
        'auth.emailNotPending': 2002,
        'auth.emailCodeWrong': 2002,
        // Taken meanwhile: the send endpoint's refusal, with its text.
        'auth.emailTaken': 2001,
        'risk.identityExcluded': 2003,
      },
      summary: "Check an e-mail verification code (2003: the address is an excluded person's, in this group of sites)",
    },
    ({ player, body }) => checkEmailVerification(player.id, body.email, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/send-verify-mobile',
      result: answers.postAuthSendVerifyMobile,
      auth: 'player',
      body: sendVerifyMobileBody,
      limits: sendLimits('send-verify-mobile'),
      refusals: { 'auth.mobileTaken': 2001, 'auth.smsNotConfigured': 2002, 'auth.smsNotSent': 2002 },
      summary: 'Send an SMS verification code',
    },
    ({ player, body }) => sendMobileVerification(player.id, body.mobile, body.country ?? undefined),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/check-verify-mobile',
      result: answers.postAuthCheckVerifyEmail,
      auth: 'player',
      body: checkVerifyMobileBody,
      limits: checkLimit('check-verify-mobile'),
      refusals: {
        'auth.mobileCodeMissing': 2001,
        'auth.mobileNotPending': 2002,
        'auth.mobileCodeWrong': 2002,
        'auth.smsNotConfigured': { code: 2002, wording: 'check' },
        // Taken meanwhile: the send endpoint's refusal, with its text.
        'auth.mobileTaken': 2001,
        'risk.identityExcluded': 2003,
      },
      summary: "Check an SMS verification code (2003: the number is an excluded person's, in this group of sites)",
    },
    ({ player, body }) => checkMobileVerification(player.id, body.mobile, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/generate-totp-auth',
      result: answers.postAuthGenerateTotpAuth,
      auth: 'player',
      body: generateTotpBody,
      limits: checkLimit('generate-totp-auth'),
      // Replacing an enabled authenticator switches it off: it needs a current code, answered as the logins answer it.
      refusals: totpLoginRefusals,
      summary: 'A new TOTP secret (TOTP disabled until enabled); with TOTP enabled, send a current `code`',
    },
    ({ player, body }) => generateTotp(player.id, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/enable-totp-auth',
      result: answers.postAuthUnbindOauth,
      auth: 'player',
      body: enableTotpBody,
      limits: checkLimit('enable-totp-auth'),
      refusals: { 'auth.totpNotGenerated': 2001, 'auth.totpCodeWrong': { code: 2002, wording: 'sixDigits' }, 'auth.totpLocked': 2003 },
      summary: 'Enable TOTP with a current code',
    },
    ({ player, body }) => enableTotp(player.id, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/disable-totp-auth',
      result: answers.postAuthUnbindOauth,
      auth: 'player',
      body: enableTotpBody,
      limits: checkLimit('disable-totp-auth'),
      refusals: { 'auth.totpNotEnabled': 2001, 'auth.totpCodeWrong': 2002, 'auth.totpLocked': 2003 },
      summary: 'Disable TOTP with a current code (not in the spec); the secret is forgotten',
    },
    ({ player, body }) => disableTotp(player.id, body.code),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/edit-password',
      result: answers.postAuthUnbindOauth,
      auth: 'player',
      body: editPasswordBody,
      limits: checkLimit('edit-password'),
      refusals: { 'auth.currentPasswordWrong': 2001, 'auth.passwordsDiffer': { code: 2002, wording: 'passwordCheck' } },
      summary: 'Change the password',
    },
    ({ player, body }) => editPassword(player.id, body.password, body.newPassword, body.confirmPassword),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/set-password',
      result: answers.postAuthCheckVerifyEmail,
      auth: 'player',
      body: setPasswordBody,
      refusals: { 'auth.passwordsDiffer': 2002, 'auth.passwordAlreadySet': 2003 },
      summary: 'Set a first password (third-party accounts)',
    },
    ({ player, body }) => setPassword(player.id, body.newPassword, body.confirmPassword),
  ),
];
