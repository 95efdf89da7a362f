import { config } from '../config';
import { jsonCall, type CallFailure } from './json-http';

/**
 * The national self-exclusion register (docs/decisions/risk.md, "The national register"): one POST of the
 * identity we hold to NATIONAL_REGISTER_URL with NATIONAL_REGISTER_TOKEN as a Bearer token, answered
 * `{"excluded": true|false}`. Any other answer, an error status, a time-out
 * (NATIONAL_REGISTER_TIMEOUT_MS) or no URL configured is a RegisterUnavailable; the caller applies the
 * site's failMode.
 */
export interface RegisterQuery {
  /** The name the player gave, or the KYC legal name when known. */
  name?: string | null;
  dateOfBirth?: string | null;
  email?: string | null;
  mobile?: string | null;
}

export class RegisterUnavailable extends Error {
  constructor(
    readonly kind: CallFailure | 'not-configured',
    message: string,
  ) {
    super(message);
  }
}

export async function askNationalRegister(query: RegisterQuery): Promise<{ excluded: boolean }> {
  const { url, token, timeoutMs } = config().integrations.nationalRegister;
  if (!url) throw new RegisterUnavailable('not-configured', 'NATIONAL_REGISTER_URL is not set');
  const answer = await jsonCall(
    {
      label: 'national register',
      log: { integration: 'national-register' },
      method: 'POST',
      url: new URL(url),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: query,
      timeoutMs,
    },
    (kind, message) => new RegisterUnavailable(kind, message),
  );
  const excluded = (answer.body as { excluded?: unknown } | null)?.excluded;
  if (typeof excluded !== 'boolean') throw new RegisterUnavailable('bad-response', 'the answer has no boolean `excluded`');
  return { excluded };
}
