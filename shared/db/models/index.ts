import { Admin, AdminGroup, AdminOperationLog } from './admin';
import { GameProvider, GameTypeConfig } from './game';
import { OutboxMessage } from './outbox';
import { PaymentChannel, PaymentChannelGroup } from './payment-channel';
import { SiteConfig } from './site-config';
import { User } from './user';
import { VipLevel } from './vip-level';

export { Admin, AdminGroup, AdminOperationLog, GameProvider, GameTypeConfig, OutboxMessage, PaymentChannel, PaymentChannelGroup, SiteConfig, User, VipLevel };

/** Every model; a new model is registered by adding it here. */
export const MODELS = [
  SiteConfig,
  User,
  AdminGroup,
  Admin,
  AdminOperationLog,
  GameTypeConfig,
  GameProvider,
  VipLevel,
  PaymentChannel,
  PaymentChannelGroup,
  OutboxMessage,
] as const;
