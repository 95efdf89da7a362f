import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { money } from '../wallet';
import { wageringOf } from './grants';
import { insertGrant } from './queries';

/**
 * Deposit offers (docs/decisions/bonus.md, "Deposit offers"): `percent` of a qualifying deposit (the
 * player's first, Nth, or any, of at least minDeposit USD) up to maxBonus, as a bonus grant (source
 * deposit-offer) with the offer's wagering multiplier, max bet, max conversion and days of validity. The
 * player opts in with the offer's code when the deposit is created (within the offer's dates); the grant
 * is made when the deposit is credited, in the credit's transaction, once per player and offer.
 */

export const OFFER_QUALIFYING = ['first', 'nth', 'any'] as const;
export type OfferQualifying = (typeof OFFER_QUALIFYING)[number];

export interface OfferInput {
  code: string;
  name: string;
  percent: string;
  maxBonus: string;
  minDeposit: string;
  qualifying: OfferQualifying;
  depositNumber: number | null;
  wageringMultiplier: string;
  maxBet: string | null;
  maxConversion: string | null;
  validDays: number;
  startsAt: Date;
  endsAt: Date;
  enabled: boolean;
}

/** A stored offer: what was given, with its id, site and times. */
export interface OfferRow extends OfferInput {
  id: string;
  siteCode: string;
  createdAt: Date;
  updatedAt: Date;
}

export function offerView(row: OfferRow) {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    percent: new Decimal(row.percent).toFixed(2),
    maxBonus: money(row.maxBonus),
    minDeposit: money(row.minDeposit),
    qualifying: row.qualifying,
    depositNumber: row.depositNumber,
    wageringMultiplier: new Decimal(row.wageringMultiplier).toFixed(2),
    maxBet: row.maxBet === null ? null : money(row.maxBet),
    maxConversion: row.maxConversion === null ? null : money(row.maxConversion),
    validDays: row.validDays,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const COLUMNS = [
  'code',
  'name',
  'percent',
  'maxBonus',
  'minDeposit',
  'qualifying',
  'depositNumber',
  'wageringMultiplier',
  'maxBet',
  'maxConversion',
  'validDays',
  'startsAt',
  'endsAt',
  'enabled',
] as const;

/** The merged offer must end after it starts, and name its deposit number exactly when it is for the Nth deposit. */
function checkOffer(o: OfferInput): void {
  if (!(o.endsAt > o.startsAt)) throw new InputError('endsAt', 'must be after startsAt');
  if (o.qualifying === 'nth' && o.depositNumber === null) throw new InputError('depositNumber', 'is required when qualifying is nth');
  if (o.qualifying !== 'nth' && o.depositNumber !== null) throw new InputError('depositNumber', 'is only for qualifying nth');
}

async function offerById(site: string, id: number, transaction?: Transaction): Promise<OfferRow | undefined> {
  const [row] = await db().query<OfferRow>(`SELECT * FROM bonus_offers WHERE id = $1 AND "siteCode" = $2${transaction ? ' FOR NO KEY UPDATE' : ''}`, {
    bind: [id, site],
    type: QueryTypes.SELECT,
    transaction,
  });
  return row;
}

/** GET /bonus/admin/offers: the site's offers, newest first. */
export async function listOffers(site: string) {
  const rows = await db().query<OfferRow>('SELECT * FROM bonus_offers WHERE "siteCode" = $1 ORDER BY id DESC LIMIT 500', {
    bind: [site],
    type: QueryTypes.SELECT,
  });
  return rows.map(offerView);
}

const codeTaken = (err: unknown) => (err as { original?: { code?: string } } | null)?.original?.code === '23505';

/** POST /bonus/admin/offers: `bonus.offerCodeTaken` when the site has an offer with that code. */
export async function createOffer(actor: Actor, site: string, input: OfferInput) {
  checkOffer(input);
  try {
    return await db().transaction(async (t) => {
      const [row] = await db().query<OfferRow>(
        `INSERT INTO bonus_offers ("siteCode", ${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ($1, ${COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING *`,
        { bind: [site, ...COLUMNS.map((c) => input[c])], type: QueryTypes.SELECT, transaction: t },
      );
      await recordActorAction(actor, t, {
        module: 'bonus',
        action: 'create-offer',
        targetId: Number(row.id),
        summary: `created deposit offer ${row.code}`,
        detail: offerView(row),
      });
      return offerView(row);
    });
  } catch (err) {
    if (codeTaken(err)) throw new Refusal('bonus.offerCodeTaken');
    throw err;
  }
}

/** PATCH /bonus/admin/offers/:id: the fields given; `bonus.offerNotFound` unless an offer of the site. */
export async function updateOffer(actor: Actor, site: string, id: number, patch: Partial<OfferInput>) {
  try {
    return await db().transaction(async (t) => {
      const row = await offerById(site, id, t);
      if (!row) throw new Refusal('bonus.offerNotFound');
      const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<OfferInput>;
      const merged = { ...(offerView(row) as unknown as OfferInput), ...given };
      checkOffer(merged);
      const keys = COLUMNS.filter((c) => c in given);
      if (!keys.length) throw new InputError('body', 'the request must change at least one field');
      const [updated] = await db().query<OfferRow>(
        `UPDATE bonus_offers SET ${keys.map((c, i) => `"${c}" = $${i + 2}`).join(', ')}, "updatedAt" = now() WHERE id = $1 RETURNING *`,
        { bind: [id, ...keys.map((c) => given[c])], type: QueryTypes.SELECT, transaction: t },
      );
      await recordActorAction(actor, t, {
        module: 'bonus',
        action: 'update-offer',
        targetId: id,
        summary: `updated deposit offer ${updated.code}`,
        detail: given,
      });
      return offerView(updated);
    });
  } catch (err) {
    if (codeTaken(err)) throw new Refusal('bonus.offerCodeTaken');
    throw err;
  }
}

/**
 * A deposit's `bonusCode` when the order is created: the id of the site's enabled offer with that code
 * (any case) running now, else `bonus.offerNotFound`; `bonus.offerUsed` when the player has had its grant.
 */
export async function offerForDeposit(site: string, userId: number, code: string): Promise<string> {
  const [row] = await db().query<{ id: string; used: boolean }>(
    `SELECT o.id, EXISTS (SELECT 1 FROM bonus_grants g WHERE g."offerId" = o.id AND g."userId" = $3) AS used
       FROM bonus_offers o WHERE o."siteCode" = $1 AND upper(o.code) = upper($2) AND o.enabled AND o."startsAt" <= now() AND now() < o."endsAt"`,
    { bind: [site, code, userId], type: QueryTypes.SELECT },
  );
  if (!row) throw new Refusal('bonus.offerNotFound');
  if (row.used) throw new Refusal('bonus.offerUsed');
  return row.id;
}

/**
 * The credit of a deposit that named offer `offerId` (in the credit's transaction, after the wallet move
 * locked the player's row): the grant when the deposit qualifies (its number among the player's credited
 * deposits, at least minDeposit) and the player has no active grant and no grant of this offer; otherwise
 * nothing (the deposit is credited all the same). Answers the grant's id, or why none was made.
 */
export async function grantDepositOffer(
  t: Transaction,
  deposit: { id: string; userId: number; siteCode: string; usdAmount: string; offerId: string },
): Promise<{ grantId: string | null; skipped: string | null }> {
  const [offer] = await db().query<OfferRow & { before: string }>(
    `SELECT o.*, (SELECT count(*) FROM deposit_orders d WHERE d."userId" = $2 AND d."creditedAt" IS NOT NULL AND d.id <> $3) AS before
       FROM bonus_offers o WHERE o.id = $1`,
    { bind: [deposit.offerId, deposit.userId, deposit.id], type: QueryTypes.SELECT, transaction: t },
  );
  if (!offer) return { grantId: null, skipped: 'offerGone' };
  const before = Number(offer.before);
  const qualifies = offer.qualifying === 'any' || (offer.qualifying === 'first' ? before === 0 : before === (offer.depositNumber ?? 0) - 1);
  if (!qualifies) return { grantId: null, skipped: 'notQualifying' };
  if (new Decimal(deposit.usdAmount).lt(offer.minDeposit)) return { grantId: null, skipped: 'belowMinimum' };
  const amount = Decimal.min(new Decimal(deposit.usdAmount).times(offer.percent).div(100), offer.maxBonus).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  if (amount.lte(0)) return { grantId: null, skipped: 'zero' };
  const { refusal, grantId } = await insertGrant(t, {
    site: deposit.siteCode,
    userId: deposit.userId,
    source: 'deposit-offer',
    amount: amount.toFixed(6),
    wageringRequired: wageringOf(amount.toFixed(6), offer.wageringMultiplier),
    maxBet: offer.maxBet,
    maxConversion: offer.maxConversion,
    expiresAt: new Date(Date.now() + offer.validDays * 86_400_000),
    reason: `deposit offer ${offer.code} (deposit ${deposit.id})`,
    grantedBy: null,
    offerId: offer.id,
  });
  return { grantId, skipped: refusal };
}
