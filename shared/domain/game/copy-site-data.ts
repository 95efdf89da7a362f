import { InputError, Refusal } from '../../errors';
import type { Actor } from '../audit';
import { isKnownSite } from '../common';
import { copySiteRows, SITE_DATA_TABLES, type CopyKind } from '../site-config';
import { lockSiteGameData, logGameAction, writeGameData } from './admin-write';

export type { CopyKind };

/**
 * Copying one site's game providers or type configs to another site (permission module `game`).
 * In one transaction deletes the target site's rows of that kind and copies the source site's rows with
 * siteCode replaced. The sites must differ (a 400 naming targetSiteCode); `siteNotFound` when either
 * names no configured site. Result {copied}.
 */
export async function copySiteData(actor: Actor, input: { sourceSiteCode: string; targetSiteCode: string; type: CopyKind }): Promise<{ copied: number }> {
  const { sourceSiteCode: source, targetSiteCode: target, type } = input;
  if (source === target) throw new InputError('targetSiteCode', 'must differ from sourceSiteCode');
  for (const site of [source, target]) {
    if (!(await isKnownSite(site))) throw new Refusal('game.siteNotFound', `site "${site}" is not configured`);
  }
  return writeGameData([target], async (transaction) => {
    await lockSiteGameData(target, transaction);
    const { removed, copied } = await copySiteRows(transaction, type, source, target);
    await logGameAction(actor, target, transaction, {
      action: 'copy-site-data',
      targetId: target,
      summary: `copied ${copied} ${SITE_DATA_TABLES[type].label} from site ${source} to site ${target}`,
      detail: { sourceSiteCode: source, targetSiteCode: target, type, removed, copied },
    });
    return { copied };
  });
}
