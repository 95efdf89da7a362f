import { processMail } from './mail';
import { notBuilt } from './not-built';
import { processOutboxRelay } from './outbox-relay';
import { processPostBet } from './post-bet';
import { processSms } from './sms';
import type { ProcessorRegistry } from './types';

export const PROCESSORS: ProcessorRegistry = {
  'post-bet': processPostBet,
  'deposit-credit': notBuilt('deposit-credit'),
  mail: processMail,
  sms: processSms,
  image: notBuilt('image'),
  'vip-rebate': notBuilt('vip-rebate'),
  'vip-relegation': notBuilt('vip-relegation'),
  'affiliate-settlement': notBuilt('affiliate-settlement'),
  'live-sports': notBuilt('live-sports'),
  'outbox-relay': processOutboxRelay,
};
