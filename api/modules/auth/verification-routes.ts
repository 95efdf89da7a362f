import { config } from '../../../shared/config';
import { Router, type Request } from 'express';
import { editPassword, setPassword } from '../../../shared/domain/passwords';
import { enableTotp, generateTotp } from '../../../shared/domain/totp';
import { checkEmailVerification, checkMobileVerification, sendEmailVerification, sendMobileVerification } from '../../../shared/domain/verification';
import { requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';
import { clientIp, rateLimit, type RateLimitRule } from '../../http/rate-limit';
import { valid, validate } from '../../http/validate';
import {
  checkVerifyEmailBody,
  checkVerifyMobileBody,
  editPasswordBody,
  enableTotpBody,
  sendVerifyEmailBody,
  sendVerifyMobileBody,
  setPasswordBody,
} from './verification-schemas';

/**
 * /auth verification endpoints (Part A 4.1): e-mail and mobile verification, TOTP, passwords.
 * Every one needs a player token.
 */
export const verificationRoutes = Router();

/** Sending a code (mail or SMS costs money and reaches third parties): per user and per IP (config.limits). */
const SEND_LIMIT_PER_USER = () => config().limits.verifySendPerUser;
const SEND_WINDOW_USER_S = () => config().limits.verifySendWindowUserS;
const SEND_LIMIT_PER_IP = () => config().limits.verifySendPerIp;
const SEND_WINDOW_IP_S = () => config().limits.verifySendWindowIpS;
/** Checking a code or the current password: per user, so a stolen token cannot walk the code space. */
const CHECK_LIMIT_PER_USER = () => config().limits.verifyCheckPerUser;
const CHECK_WINDOW_USER_S = () => config().limits.verifyCheckWindowUserS;

const userKey = (req: Request) => [`user:${req.player?.id}`];

function limit(name: string, max: () => number, windowSeconds: () => number, keys: RateLimitRule['keys']) {
  return rateLimit({
    name,
    get limit() {
      return max();
    },
    get windowSeconds() {
      return windowSeconds();
    },
    keys,
  });
}

const sendLimits = (name: string) => [
  limit(`${name}:user`, SEND_LIMIT_PER_USER, SEND_WINDOW_USER_S, userKey),
  limit(`${name}:ip`, SEND_LIMIT_PER_IP, SEND_WINDOW_IP_S, (req) => [clientIp(req)]),
];
const checkLimit = (name: string) => limit(`${name}:user`, CHECK_LIMIT_PER_USER, CHECK_WINDOW_USER_S, userKey);

const playerId = (req: Request) => (req.player as { id: number }).id;

/** POST /auth/send-verify-email: {id} of the sent mail; 2001 e-mail used by another account; 503 not sent. */
verificationRoutes.post(
  '/send-verify-email',
  requirePlayer,
  ...sendLimits('send-verify-email'),
  validate('body', sendVerifyEmailBody),
  route(async (req) => {
    const { email, subject } = valid(req, 'body', sendVerifyEmailBody);
    return sendEmailVerification(playerId(req), email, subject ?? undefined);
  }),
);

/** POST /auth/check-verify-email: null; 2001 nothing on record; 2002 wrong code or another address. */
verificationRoutes.post(
  '/check-verify-email',
  requirePlayer,
  checkLimit('check-verify-email'),
  validate('body', checkVerifyEmailBody),
  route(async (req) => {
    const { email, code } = valid(req, 'body', checkVerifyEmailBody);
    return checkEmailVerification(playerId(req), email, code);
  }),
);

/** POST /auth/send-verify-mobile: {sent: true}; 2001 number used by another account; 2002 sending failed. */
verificationRoutes.post(
  '/send-verify-mobile',
  requirePlayer,
  ...sendLimits('send-verify-mobile'),
  validate('body', sendVerifyMobileBody),
  route(async (req) => {
    const { mobile, country } = valid(req, 'body', sendVerifyMobileBody);
    return sendMobileVerification(playerId(req), mobile, country ?? undefined);
  }),
);

/** POST /auth/check-verify-mobile: null; 2001 nothing on record; 2002 code wrong or expired. */
verificationRoutes.post(
  '/check-verify-mobile',
  requirePlayer,
  checkLimit('check-verify-mobile'),
  validate('body', checkVerifyMobileBody),
  route(async (req) => {
    const { mobile, code } = valid(req, 'body', checkVerifyMobileBody);
    return checkMobileVerification(playerId(req), mobile, code);
  }),
);

/** POST /auth/generate-totp-auth: {secret, qrCode}; replaces the secret and disables TOTP. */
verificationRoutes.post(
  '/generate-totp-auth',
  requirePlayer,
  route(async (req) => generateTotp(playerId(req))),
);

/** POST /auth/enable-totp-auth: {affected: 1}; 2001 no secret; 2002 wrong code. */
verificationRoutes.post(
  '/enable-totp-auth',
  requirePlayer,
  checkLimit('enable-totp-auth'),
  validate('body', enableTotpBody),
  route(async (req) => enableTotp(playerId(req), valid(req, 'body', enableTotpBody).code)),
);

/** POST /auth/edit-password: {affected: 1}; 2002 new and confirm differ; 2001 current password wrong. */
verificationRoutes.post(
  '/edit-password',
  requirePlayer,
  checkLimit('edit-password'),
  validate('body', editPasswordBody),
  route(async (req) => {
    const { password, newPassword, confirmPassword } = valid(req, 'body', editPasswordBody);
    return editPassword(playerId(req), password, newPassword, confirmPassword);
  }),
);

/** POST /auth/set-password: null; 2002 values differ; 2003 a password is already set. */
verificationRoutes.post(
  '/set-password',
  requirePlayer,
  validate('body', setPasswordBody),
  route(async (req) => {
    const { newPassword, confirmPassword } = valid(req, 'body', setPasswordBody);
    return setPassword(playerId(req), newPassword, confirmPassword);
  }),
);
