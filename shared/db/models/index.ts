import {
  AffiliateAccount,
  AffiliateBindLog,
  AffiliateClick,
  AffiliateCommission,
  AffiliateCommissionRate,
  AffiliateLedger,
  AffiliateMilestoneAward,
  AffiliateRiskLog,
  AffiliateSettlement,
  AffiliateVipMilestone,
  AffiliateWithdrawal,
  AgentTier,
  ReferralCode,
} from './affiliate';
import { Admin, AdminGroup, AdminOperationLog } from './admin';
import { BetDetail, BetOrder, GamePlayLog, GameUserBlock } from './game';
import { GameTransaction } from './wallet';
import { DepositCallback, DepositOrder, ExchangeRateSnapshot } from './deposit';
import { GameProvider, GameTypeConfig } from './game';
import { InboxMessage, InboxRead, InboxReadMark } from './inbox';
import { Mission, MissionClaim, MissionProgress } from './mission';
import { OutboxMessage } from './outbox';
import { PaymentChannel, PaymentChannelGroup } from './deposit';
import { Promotion, PromotionClaim } from './promo';
import { ProviderTransaction } from './providers';
import { SiteConfig } from './site-config';
import { UploadedImage } from './uploads';
import { SiteTheme } from './site-config';
import { User } from './auth';
import { UserLoginLog } from './auth';
import { VipLevel } from './vip';
import { VipRebate, VipRebateLog, VipSettlementRun } from './vip';
import { BankCard, CreditCard, CryptoAddress } from './wallet';
import { Withdrawal } from './withdrawal';

export {
  Admin,
  AdminGroup,
  AdminOperationLog,
  BetDetail,
  BetOrder,
  GamePlayLog,
  GameTransaction,
  GameUserBlock,
  GameProvider,
  GameTypeConfig,
  OutboxMessage,
  PaymentChannel,
  PaymentChannelGroup,
  SiteConfig,
  User,
  UserLoginLog,
  VipLevel,
  VipRebate,
  VipRebateLog,
  VipSettlementRun,
};
export { Mission, MissionClaim, MissionProgress };
export { Promotion, PromotionClaim };
export type { PromotionConditionType } from './promo';
export { BankCard, CreditCard, CryptoAddress, UploadedImage };
export type { ImageKind, ImageVisibility } from './uploads';
export type { InstrumentStatus } from './wallet';
export { DepositCallback, DepositOrder, ExchangeRateSnapshot };
export { InboxMessage, InboxRead, InboxReadMark, SiteTheme };
export { Withdrawal };
export type { WithdrawalStatus } from './withdrawal';
export {
  AffiliateAccount,
  AffiliateBindLog,
  AffiliateClick,
  AffiliateCommission,
  AffiliateCommissionRate,
  AffiliateLedger,
  AffiliateMilestoneAward,
  AffiliateRiskLog,
  AffiliateSettlement,
  AffiliateVipMilestone,
  AffiliateWithdrawal,
  AgentTier,
  ReferralCode,
};
export type { AffiliateWithdrawalStatus, BindAction, RiskRuleType, SettlementPeriodType, SettlementStatus } from './affiliate';

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
  GameTransaction,
  BetOrder,
  BetDetail,
  GamePlayLog,
  GameUserBlock,
  VipRebate,
  VipRebateLog,
  VipSettlementRun,
  ProviderTransaction,
  Mission,
  MissionProgress,
  MissionClaim,
  Promotion,
  PromotionClaim,
  UploadedImage,
  BankCard,
  CreditCard,
  CryptoAddress,
  DepositOrder,
  DepositCallback,
  ExchangeRateSnapshot,
  InboxMessage,
  InboxRead,
  InboxReadMark,
  SiteTheme,
  Withdrawal,
  AffiliateAccount,
  AffiliateBindLog,
  AffiliateClick,
  AffiliateCommission,
  AffiliateCommissionRate,
  AffiliateLedger,
  AffiliateMilestoneAward,
  AffiliateRiskLog,
  AffiliateSettlement,
  AffiliateVipMilestone,
  AffiliateWithdrawal,
  AgentTier,
  ReferralCode,
] as const;
