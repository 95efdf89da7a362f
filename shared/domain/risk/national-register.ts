import { createHash } from 'node:crypto';
import { config } from '../../config';
import { Refusal } from '../../errors';
import { askNationalRegister, RegisterUnavailable, type RegisterQuery } from '../../integrations/national-register';
import { logger } from '../../logger';
import { cache } from '../../redis';
import { nationalRegisterSettings } from '../site-config';
import { normaliseEmail } from './normalise';

export type { RegisterQuery } from '../../integrations/national-register';

/**
 * The national self-exclusion register check (docs/decisions/risk.md, "The national register"), made at
 * registration, login and deposit when the site's `nationalRegister.enabled` is on. The answer for one
 * identity is kept in Redis for NATIONAL_REGISTER_CACHE_S (a lost cache only means asking again). A person
 * on the register is refused `risk.registerExcluded`; a register that does not answer (time-out, error,
 * garbage, not configured) refuses `risk.registerUnavailable` under failMode `closed`, and lets the
 * player through with a warning under `open`.
 */
export const registerCacheKey = (query: RegisterQuery): string =>
  `cache:risk:register:${createHash('sha256')
    .update(
      JSON.stringify([
        query.name?.trim().toLowerCase() ?? null,
        query.dateOfBirth ?? null,
        query.email ? normaliseEmail(query.email) : null,
        query.mobile ?? null,
      ]),
    )
    .digest('hex')}`;

async function cachedAnswer(key: string): Promise<boolean | null> {
  try {
    const hit = await cache().get(key);
    return hit === '1' ? true : hit === '0' ? false : null;
  } catch {
    return null;
  }
}

export async function checkNationalRegister(site: string, query: RegisterQuery): Promise<void> {
  const { enabled, failMode } = await nationalRegisterSettings(site);
  if (!enabled) return;
  const key = registerCacheKey(query);
  let excluded = await cachedAnswer(key);
  if (excluded === null) {
    try {
      ({ excluded } = await askNationalRegister(query));
    } catch (err) {
      if (!(err instanceof RegisterUnavailable)) throw err;
      if (failMode === 'closed') throw new Refusal('risk.registerUnavailable', `${err.kind}: ${err.message}`);
      logger().warn({ site, kind: err.kind, err: err.message }, 'national register unanswered: let through (failMode open)');
      return;
    }
    await cache()
      .set(key, excluded ? '1' : '0', 'EX', config().integrations.nationalRegister.cacheS)
      .catch(() => undefined);
  }
  if (excluded) throw new Refusal('risk.registerExcluded');
}
