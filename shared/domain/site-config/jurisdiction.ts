import { Refusal } from '../../errors';
import type { Actor } from '../audit';
import { lockSiteConfig, logSiteConfigAction, siteConfigWrite } from './admin-writes';
import { profileFloors, type SiteJurisdiction } from './floors';

/**
 * PUT /site-config/admin/:id/jurisdiction (permission `site-jurisdiction:write`, which only
 * administrators bound to no site use: shared/domain/admin/site-scope.ts): assigns the site its
 * jurisdiction profile, under the config's row lock that every settings write takes first, with its
 * operation-log row (action `set-jurisdiction`, the profile before and after). From the commit on, the
 * site's settings read no weaker than the new floors. `profileUnknown` for a name that is no profile,
 * `configNotFound` when the config is not the site's.
 */
export async function assignJurisdiction(actor: Actor, site: string, id: number, profile: string): Promise<SiteJurisdiction> {
  return siteConfigWrite(site, async (transaction) => {
    const config = await lockSiteConfig(site, id, transaction);
    const floors = await profileFloors(profile, transaction);
    if (!floors) throw new Refusal('site-config.profileUnknown', `no profile ${JSON.stringify(profile.slice(0, 40))}`);
    const from = config.jurisdiction;
    if (from !== profile) {
      config.set('jurisdiction', profile);
      await config.save({ transaction });
      await logSiteConfigAction(actor, site, transaction, {
        action: 'set-jurisdiction',
        targetId: config.id,
        summary: `set the jurisdiction profile of ${site}: ${from} -> ${profile}`,
        detail: { from, to: profile },
      });
    }
    return { profile, floors };
  });
}
