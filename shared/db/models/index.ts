import { Admin, AdminGroup, AdminOperationLog } from './admin';
import { GameProvider, GameTypeConfig } from './game';
import { OutboxMessage } from './outbox';
import { PaymentChannel, PaymentChannelGroup } from './payment-channel';
import { SiteConfig } from './site-config';
import { User } from './user';
import { UserLoginLog } from './user-login-log';
import { VipLevel } from './vip-level';

export { Admin, AdminGroup, AdminOperationLog, GameProvider, GameTypeConfig, OutboxMessage, PaymentChannel, PaymentChannelGroup, SiteConfig, User, UserLoginLog, VipLevel };

/** Every model; a new model is registered by adding it here. */
export const MODELS = [
  SiteConfig,
  User,
  UserLoginLog,
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
