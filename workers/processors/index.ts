import { processAffiliateSettlement } from './affiliate-settlement';
import { processAuditDigest } from './audit-digest';
import { processDepositCredit } from './deposit-credit';
import { processDepositExpiry } from './deposit-expiry';
import { processUploadSweep } from './upload-sweep';
import { processImageJob } from './image';
import { processLiveSports } from './live-sports';
import { processMail } from './mail';
import { processOutboxRelay } from './outbox-relay';
import { processPostBet } from './post-bet';
import { processSms } from './sms';
import { processVipRebate } from './vip-rebate';
import { processVipRelegation } from './vip-relegation';
import type { ProcessorRegistry } from './types';

export const PROCESSORS: ProcessorRegistry = {
  'post-bet': processPostBet,
  'deposit-credit': processDepositCredit,
  'deposit-expiry': processDepositExpiry,
  'upload-sweep': processUploadSweep,
  mail: processMail,
  sms: processSms,
  image: processImageJob,
  'vip-rebate': processVipRebate,
  'vip-relegation': processVipRelegation,
  'affiliate-settlement': processAffiliateSettlement,
  'live-sports': processLiveSports,
  'outbox-relay': processOutboxRelay,
  'audit-digest': processAuditDigest,
};
