import type { Endpoint } from './http/endpoint';
import { adminEndpoints } from './modules/admin/endpoints';
import { affiliateEndpoints } from './modules/affiliate/endpoints';
import { auditEndpoints } from './modules/audit/endpoints';
import { authEndpoints } from './modules/auth/endpoints';
import { betRecordEndpoints } from './modules/bet-record/endpoints';
import { commonEndpoints } from './modules/common/endpoints';
import { depositEndpoints } from './modules/deposit/endpoints';
import { docsEndpoints } from './modules/docs/endpoints';
import { gameEndpoints } from './modules/game/endpoints';
import { inboxEndpoints } from './modules/inbox/endpoints';
import { eventsEndpoints } from './modules/events/endpoints';
import { bonusEndpoints } from './modules/bonus/endpoints';
import { kycEndpoints } from './modules/kyc/endpoints';
import { liveSportsEndpoints } from './modules/live-sports/endpoints';
import { missionEndpoints } from './modules/mission/endpoints';
import { promoEndpoints } from './modules/promo/endpoints';
import { providersEndpoints } from './modules/providers/endpoints';
import { rankingEndpoints } from './modules/ranking/endpoints';
import { reportsEndpoints } from './modules/reports/endpoints';
import { responsibleGamingEndpoints } from './modules/responsible-gaming/endpoints';
import { riskEndpoints } from './modules/risk/endpoints';
import { siteConfigEndpoints } from './modules/site-config/endpoints';
import { vipEndpoints } from './modules/vip/endpoints';
import { walletEndpoints } from './modules/wallet/endpoints';
import { withdrawalEndpoints } from './modules/withdrawal/endpoints';

/**
 * Every endpoint of the API, area by area. The API document is generated from this list, in its order.
 * The order decides nothing else: the most specific declared path owns a request (a literal segment
 * beats a parameter, api/http/route-table.ts), and api/http/pipeline.ts mounts the declarations in that
 * order, answering a method the path does not declare with 405 and `Allow` (docs/architecture.md,
 * "The request pipeline").
 */
export const endpoints: readonly Endpoint[] = [
  ...commonEndpoints,
  ...docsEndpoints,
  ...adminEndpoints,
  ...authEndpoints,
  ...gameEndpoints,
  ...providersEndpoints,
  ...betRecordEndpoints,
  ...rankingEndpoints,
  ...vipEndpoints,
  ...missionEndpoints,
  ...liveSportsEndpoints,
  ...walletEndpoints,
  ...depositEndpoints,
  ...promoEndpoints,
  ...responsibleGamingEndpoints,
  ...riskEndpoints,
  ...inboxEndpoints,
  ...siteConfigEndpoints,
  ...withdrawalEndpoints,
  ...kycEndpoints,
  ...eventsEndpoints,
  ...reportsEndpoints,
  ...bonusEndpoints,
  ...affiliateEndpoints,
  ...auditEndpoints,
];
