import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { SiteConfig, User } from '../../db/models';
import { Refusal } from '../../errors';
import { pickText } from '../../i18n/locales';
import { playerById } from './accounts';

/**
 * Authenticator-app codes (Part A 4.1 generate-totp-auth, enable-totp-auth): RFC 6238 TOTP, SHA-1,
 * 6 digits, 30-second steps, one step of tolerance either side.
 */
export const TOTP_PERIOD_S = 30;
/** One step either side: a code of the previous, current or next step is accepted. */
export const TOTP_TOLERANCE_S = TOTP_PERIOD_S;

/** A new base32 secret (20 random bytes = 32 characters) replaces the old one; totpAuthEnabled = 0. */
export async function generateTotp(userId: number): Promise<{ secret: string; qrCode: string }> {
  const user = await playerById(userId);
  const site = await SiteConfig.findOne({ where: { siteCode: user.siteCode }, attributes: ['siteName'] });
  // A ':' would end the issuer early in the otpauth label (issuer:account).
  const issuer = (pickText(site?.siteName, 'en-US') || user.siteCode).replace(/:/g, '').trim() || user.siteCode;
  const secret = generateSecret();
  const uri = generateURI({ issuer, label: user.account, secret, period: TOTP_PERIOD_S });
  const qrCode = await QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
  await User.update({ totpAuthSecret: secret, totpAuthEnabled: 0 }, { where: { id: user.id } });
  return { secret, qrCode };
}

/** Whether a 6-digit code is valid for a secret at `epoch` (seconds; default now). */
export async function isValidTotp(secret: string, code: string, epoch?: number): Promise<boolean> {
  try {
    const result = await verify({ secret, token: code, period: TOTP_PERIOD_S, epochTolerance: TOTP_TOLERANCE_S, ...(epoch === undefined ? {} : { epoch }) });
    return result.valid;
  } catch {
    return false;
  }
}

/** Refused: `totpNotGenerated` no secret generated; `totpCodeWrong` wrong code. Sets totpAuthEnabled = 1. */
export async function enableTotp(userId: number, code: string): Promise<{ affected: number }> {
  const user = await playerById(userId);
  if (!user.totpAuthSecret) throw new Refusal('auth.totpNotGenerated');
  if (!(await isValidTotp(user.totpAuthSecret, code))) throw new Refusal('auth.totpCodeWrong');
  const [affected] = await User.update({ totpAuthEnabled: 1 }, { where: { id: user.id, totpAuthSecret: user.totpAuthSecret } });
  if (affected === 0) throw new Refusal('auth.totpCodeWrong'); // a new secret was generated meanwhile: the code was for the old one
  return { affected };
}
