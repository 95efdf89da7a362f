import { affiliateSettlementJob } from '../shared/domain/affiliate';
import { auditDigestJob } from '../shared/domain/audit';
import { mailJob, smsJob } from '../shared/domain/auth';
import { expireBonusesJob } from '../shared/domain/bonus';
import { historyJob } from '../shared/domain/history';
import { depositCreditJob, depositExpiryJob } from '../shared/domain/deposit';
import { liveSportsJob } from '../shared/domain/live-sports';
import { postBetJob } from '../shared/domain/post-bet';
import { reportFoldJob } from '../shared/domain/reports';
import { imageJob, uploadSweepJob } from '../shared/domain/uploads';
import { vipRebateJob, vipRelegationJob } from '../shared/domain/vip';
import type { JobHandlerRegistry } from '../shared/queues/job-handler';
import { outboxRelayJob } from '../shared/queues/jobs';

/**
 * The handler each queue's worker runs. The handlers live with the code that owns their work (the
 * `jobs.ts` of their area, docs/architecture.md "Areas"); this is only the registry,
 * typed so that a queue without a handler does not compile.
 */
export const JOB_HANDLERS: JobHandlerRegistry = {
  'post-bet': postBetJob,
  'deposit-credit': depositCreditJob,
  'deposit-expiry': depositExpiryJob,
  'bonus-expiry': expireBonusesJob,
  'upload-sweep': uploadSweepJob,
  mail: mailJob,
  sms: smsJob,
  image: imageJob,
  'vip-rebate': vipRebateJob,
  'vip-relegation': vipRelegationJob,
  'affiliate-settlement': affiliateSettlementJob,
  'live-sports': liveSportsJob,
  'outbox-relay': outboxRelayJob,
  'audit-digest': auditDigestJob,
  history: historyJob,
  'report-fold': reportFoldJob,
};
