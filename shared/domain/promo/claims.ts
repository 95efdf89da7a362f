import Decimal from 'decimal.js';
import { type Transaction, UniqueConstraintError } from 'sequelize';
import { Promotion, PromotionClaim, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { pickText, type Locale, type LocaleText } from '../../i18n/locales';
import { type ClaimFilter, type Pagination, playerClaimPage } from '../common';
import { grantInTransaction } from '../bonus';
import { checkMayPlay, checkNotExcludedLocked } from '../responsible-gaming';
import { offerSharersOf } from '../risk';
import { ledgerKeys, money, moveBalance } from '../wallet';
import { ClaimantFacts, quotaLeft } from './conditions';
import { isRunning } from './views';

/**
 * POST /promo/:id/claim and GET /promo/claims. A claim, in ONE transaction:
 * 1. lock the promotion's row (FOR NO KEY UPDATE): the claims of one promotion take turns, so its quota
 *    holds and one player's repeated claims see each other;
 * 2. the checks in the spec's order: running (else `notRunning`: not found or not running), not claimed
 *    by the caller (`alreadyClaimed`), quota left (`quotaExhausted`), condition met (`conditionNotMet`);
 * 3. the claim row (requiredTurnover = rewardAmount x turnoverMultiplier, complete at once when 0) and
 *    claimedCount + 1;
 * 4. the reward through the wallet (kind `promo-reward`, key `promo:<promoId>:<userId>`), the user's row
 *    last, as the lock order wants (claim rows before the user row: docs/decisions/platform.md);
 * 5. player protection's exclusions under the protection lock, which comes after the user's row.
 */
export interface PromotionClaimResult {
  rewardAmount: string;
  newBalance: string;
}

/** Already claimed: found by the check, or by a unique-key race. */
const alreadyClaimed = () => new Refusal('promo.alreadyClaimed');

export async function claimPromotion(site: string, userId: number, promoId: number, now: Date = new Date()): Promise<PromotionClaimResult> {
  try {
    return await db().transaction(async (transaction) => {
      await checkMayPlay(userId, { session: false }, transaction);
      const promo = await Promotion.findOne({ where: { id: promoId, siteCode: site }, lock: transaction.LOCK.NO_KEY_UPDATE, transaction });
      if (!promo || !isRunning(promo, now)) throw new Refusal('promo.notRunning');
      const user = await User.findOne({ where: { id: userId, siteCode: site }, attributes: ['id', 'vipLevel'], transaction });
      if (!user) throw new Refusal('promo.notRunning', 'player of another site');
      if (await PromotionClaim.findOne({ where: { promoId, userId }, attributes: ['id'], transaction })) throw alreadyClaimed();
      if (!quotaLeft(promo)) throw new Refusal('promo.quotaExhausted');
      if (!(await new ClaimantFacts(user.id, user.vipLevel, transaction).meets(promo))) throw new Refusal('promo.conditionNotMet');
      // One offer per person (docs/decisions/risk.md): decided under the promotion's row lock, which every claim of it takes first.
      const sharers = await offerSharersOf(transaction, site, userId);
      if (sharers.length && (await PromotionClaim.findOne({ where: { promoId, userId: sharers }, attributes: ['id'], transaction }))) {
        throw new Refusal('risk.offerTakenByLinked', `promotion ${promoId}`);
      }

      const reward = new Decimal(promo.rewardAmount);
      const asBonus = promo.rewardKind === 'bonus';
      // A bonus reward's wagering is its grant's (docs/decisions/bonus.md): the claim itself has no turnover.
      const required = asBonus ? new Decimal(0) : reward.mul(promo.turnoverMultiplier).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
      const claim = await PromotionClaim.create(
        {
          siteCode: site,
          userId,
          promoId,
          promoTitle: promo.title,
          promoTag: promo.tag,
          rewardAmount: reward.toFixed(6),
          requiredTurnover: required.toFixed(6),
          completedTurnover: '0',
          turnoverCompleted: required.lte(0) ? 1 : 0,
        },
        { transaction },
      );
      await Promotion.increment('claimedCount', { where: { id: promoId }, transaction });
      if (asBonus) return await claimAsBonus(transaction, site, userId, promo, claim.id, reward, now);
      const moved = await moveBalance(transaction, {
        userId,
        amount: reward.toFixed(6),
        kind: 'promo-reward',
        idempotencyKey: ledgerKeys.promoReward(promoId, userId),
        ref: { type: 'promotion-claim', id: claim.id },
        remark: `promotion ${promoId}`,
      });
      // The key was used before: a claim row once deleted by hand; never pay twice.
      if (moved.replayed) throw alreadyClaimed();
      // The exclusions again, now under the protection lock taken after the user's row (the first check
      // is a plain read that answers early): an exclusion started meanwhile rolls the claim back.
      await checkNotExcludedLocked(transaction, userId);
      await PromotionClaim.update({ ledgerId: moved.ledgerId }, { where: { id: claim.id }, transaction });
      return { rewardAmount: money(reward), newBalance: moved.balanceAfter };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw alreadyClaimed();
    throw err;
  }
}

/**
 * A bonus promotion's reward: a bonus grant of the reward (source promotion; wagering reward x
 * turnoverMultiplier, the promotion's max bet, max conversion and days of validity) in the claim's
 * transaction, under the player's row as a cash reward would be; refused `bonus.grantActive` while the
 * player has an active grant. The balance answered is the cash balance, unchanged.
 */
async function claimAsBonus(
  transaction: Transaction,
  site: string,
  userId: number,
  promo: Promotion,
  claimId: string,
  reward: Decimal,
  now: Date,
): Promise<{ rewardAmount: string; newBalance: string }> {
  const grant = await grantInTransaction(
    transaction,
    site,
    'promotion',
    {
      userId,
      amount: reward.toFixed(6),
      wageringMultiplier: promo.turnoverMultiplier,
      maxBet: promo.bonusMaxBet,
      maxConversion: promo.bonusMaxConversion,
      expiresAt: new Date(now.getTime() + promo.bonusValidDays * 86_400_000),
      reason: `promotion ${promo.id}`,
    },
    null,
  );
  await checkNotExcludedLocked(transaction, userId);
  await PromotionClaim.update({ bonusGrantId: grant.id }, { where: { id: claimId }, transaction });
  const user = await User.findByPk(userId, { attributes: ['balance'], transaction });
  return { rewardAmount: money(reward), newBalance: money(user?.balance ?? 0) };
}

export interface PromotionClaimItem {
  id: number;
  promoId: number;
  promoTitle: string;
  promoTag: string;
  rewardAmount: string;
  requiredTurnover: string;
  completedTurnover: string;
  turnoverCompleted: number;
  claimedAt: string;
}

interface ClaimRow {
  id: string;
  promoId: number;
  promoTitle: Partial<LocaleText>;
  promoTag: string;
  rewardAmount: string;
  requiredTurnover: string;
  completedTurnover: string;
  turnoverCompleted: number | string;
  claimedAt: Date | string;
}

/** A promotion claim as players see it: the title as claimed, in the request locale. */
function claimView(r: ClaimRow, locale: Locale): PromotionClaimItem {
  return {
    id: Number(r.id),
    promoId: r.promoId,
    promoTitle: pickText(r.promoTitle, locale),
    promoTag: r.promoTag,
    rewardAmount: money(r.rewardAmount),
    requiredTurnover: money(r.requiredTurnover),
    completedTurnover: money(r.completedTurnover),
    turnoverCompleted: Number(r.turnoverCompleted),
    claimedAt: new Date(r.claimedAt).toISOString(),
  };
}

/** GET /promo/claims: the caller's claims, newest first (tab pending = turnover still owed). */
export async function listPromotionClaims(
  userId: number,
  siteCode: string,
  locale: Locale,
  filter: ClaimFilter,
): Promise<{ items: PromotionClaimItem[]; pagination: Pagination }> {
  const { rows, pagination } = await playerClaimPage<ClaimRow>(
    'promotion_claims',
    `id, "promoId", "promoTitle", "promoTag", "rewardAmount", "requiredTurnover", "completedTurnover", "turnoverCompleted", "claimedAt"`,
    userId,
    siteCode,
    filter,
  );
  return { items: rows.map((r) => claimView(r, locale)), pagination };
}
