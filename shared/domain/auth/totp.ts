import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Authenticator-app codes (generate-totp-auth, enable-totp-auth): RFC 6238 TOTP, SHA-1,
 * 6 digits, 30-second steps, one step of tolerance either side. Players' settings: ./player-totp.ts;
 * spending a code (once, with the lock-out): ./totp-codes.ts.
 */
export const TOTP_PERIOD_S = 30;
/** One step either side: a code of the previous, current or next step is accepted. */
export const TOTP_TOLERANCE_S = TOTP_PERIOD_S;

/** A new base32 secret (20 random bytes = 32 characters) and its otpauth QR code (a PNG data URL). */
export async function newTotpSecret(issuer: string, label: string): Promise<{ secret: string; qrCode: string }> {
  // A ':' would end the issuer early in the otpauth label (issuer:account).
  const cleanIssuer = issuer.replace(/:/g, '').trim() || 'totp';
  const secret = generateSecret();
  const uri = generateURI({ issuer: cleanIssuer, label, secret, period: TOTP_PERIOD_S });
  const qrCode = await QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, qrCode };
}

/**
 * The time step a 6-digit code is valid at for a secret at `epoch` (seconds; default now), among the
 * steps after `afterStep` when given (a code is accepted once: ./totp-codes.ts); null when none.
 */
export async function matchedTotpStep(secret: string, code: string, afterStep?: number | null, epoch?: number): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_S,
      epochTolerance: TOTP_TOLERANCE_S,
      ...(afterStep === undefined || afterStep === null ? {} : { afterTimeStep: afterStep }),
      ...(epoch === undefined ? {} : { epoch }),
    });
    // A TOTP match carries its time step (RFC 6238 T).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
