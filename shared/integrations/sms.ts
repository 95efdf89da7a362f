import twilio from 'twilio';
import { config } from '../config';

/**
 * SMS verification through the twilio Verify service (send/check-verify-mobile): the service
 * sends the code and owns it (default expiry 10 minutes); we only start a verification and check a code.
 *
 * Modes:
 * - `twilio`: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID are all set.
 * - `development`: twilio not configured and NODE_ENV is not production: the caller generates, logs and
 *   stores the code itself (`<e164>|<code>`), nothing is sent.
 * - `not-configured`: production without twilio: sending fails (the spec's "sending failed").
 */
export type SmsMode = 'twilio' | 'development' | 'not-configured';

export function smsMode(): SmsMode {
  const { accountSid, authToken, verifyServiceSid } = config().integrations.twilio;
  if (accountSid && authToken && verifyServiceSid) return 'twilio';
  return config().nodeEnv === 'production' ? 'not-configured' : 'development';
}

/** A twilio call failed. `permanent` = retrying the same request cannot help (4xx: bad number, limits). */
export class SmsError extends Error {
  constructor(
    message: string,
    public readonly permanent: boolean,
    public readonly status?: number,
    public readonly twilioCode?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

const REQUEST_TIMEOUT_MS = 8000;

let cached: { key: string; client: twilio.Twilio } | undefined;

function verifyService() {
  const { accountSid, authToken, verifyServiceSid } = config().integrations.twilio;
  if (!accountSid || !authToken || !verifyServiceSid) {
    throw new SmsError('twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_VERIFY_SERVICE_SID)', true);
  }
  const key = `${accountSid}:${authToken}`;
  if (cached?.key !== key) cached = { key, client: twilio(accountSid, authToken, { timeout: REQUEST_TIMEOUT_MS, autoRetry: false }) };
  return cached.client.verify.v2.services(verifyServiceSid);
}

function toSmsError(err: unknown, what: string): SmsError {
  if (err instanceof SmsError) return err;
  const e = err as { status?: number; code?: number; message?: string };
  if (typeof e?.status === 'number') {
    // 401/403: our credentials are wrong, a configuration problem; other 4xx: the request itself.
    const permanent = e.status >= 400 && e.status < 500 && e.status !== 429;
    return new SmsError(`twilio ${what} failed: HTTP ${e.status}${e.code ? ` (code ${e.code})` : ''} ${e.message ?? ''}`.trim(), permanent, e.status, e.code);
  }
  return new SmsError(`twilio ${what} failed: ${e?.message ?? String(err)}`, false);
}

/** Starts an SMS verification to an E.164 number (POST /v2/Services/<sid>/Verifications, Channel=sms). */
export async function startSmsVerification(to: string): Promise<{ sid: string; status: string }> {
  try {
    const verification = await verifyService().verifications.create({ to, channel: 'sms' });
    return { sid: verification.sid, status: verification.status };
  } catch (err) {
    throw toSmsError(err, 'verification');
  }
}

/**
 * Checks a code (POST /v2/Services/<sid>/VerificationCheck). `approved` only when twilio says so; a
 * wrong code, an expired or unknown verification (404) or too many attempts (429, code 60202) are
 * `rejected`. Anything else (network, 5xx, our credentials) throws SmsError: the service is unavailable.
 */
export async function checkSmsVerification(to: string, code: string): Promise<'approved' | 'rejected'> {
  try {
    const check = await verifyService().verificationChecks.create({ to, code });
    return check.status === 'approved' ? 'approved' : 'rejected';
  } catch (err) {
    const error = toSmsError(err, 'verification check');
    if (error.status === 404 || error.status === 400 || error.twilioCode === 60202) return 'rejected';
    throw error;
  }
}
