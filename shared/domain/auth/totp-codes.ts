import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { matchedTotpStep } from './totp';

/**
 * Spending an authenticator code of a player (`users`) or an administrator (`admins`), held in Postgres
 * (docs/decisions/auth.md, "Authenticator codes at every login"):
 * - a code is accepted once: the time step it matched is stored ("totpLastStep") and only later steps
 *   are accepted afterwards, checked and set in one conditional UPDATE;
 * - every try counts as a wrong code until it is accepted ("totpFailures", "totpFailedAt"); after
 *   TOTP_MAX_WRONG_CODES wrong codes in a row, each within TOTP_LOCK_S of the one before, the account's
 *   codes are refused (`totpLocked`) until TOTP_LOCK_S after the last one, even a right one.
 */
export const TOTP_MAX_WRONG_CODES = 5;
export const TOTP_LOCK_S = 900;

export type TotpTable = 'users' | 'admins';

/** What an accepted code also does: nothing, switch the authenticator on, or off (forgetting the secret). */
export type TotpOutcome = 'keep' | 'enable' | 'disable';

const OUTCOME_SET: Record<TotpOutcome, string> = {
  keep: '',
  enable: ', "totpAuthEnabled" = 1',
  disable: ', "totpAuthEnabled" = 0, "totpAuthSecret" = NULL',
};

const RECENT_FAILURE = `"totpFailedAt" > now() - make_interval(secs => :lockS)`;
const LOCKED = `COALESCE("totpFailures" >= :max AND ${RECENT_FAILURE}, false)`;

/**
 * Checks `code` for the account whose authenticator is in state `from` (0 set up but off, 1 on, null
 * either) and applies `outcome` when it is accepted. Refused: `totpLocked`; `totpCodeWrong` for a code
 * that is wrong, of a step not after the last accepted one, or spent by a concurrent request; also when
 * the account has no secret (callers refuse that case first with their own reason).
 */
export async function spendTotpCode(table: TotpTable, id: number, code: string, from: 0 | 1 | null, outcome: TotpOutcome = 'keep'): Promise<void> {
  const replacements = { id, max: TOTP_MAX_WRONG_CODES, lockS: TOTP_LOCK_S, from };
  const state = from === null ? '' : 'AND "totpAuthEnabled" = :from';
  // The try is counted before the code is looked at, in one statement with the lock's check: concurrent
  // tries cannot get past the limit together.
  const counted = await db().query<{ secret: string; lastStep: string | null }>(
    `UPDATE ${table} SET "totpFailures" = CASE WHEN ${RECENT_FAILURE} THEN "totpFailures" + 1 ELSE 1 END, "totpFailedAt" = now()
      WHERE id = :id AND "totpAuthSecret" IS NOT NULL ${state} AND NOT ${LOCKED}
      RETURNING "totpAuthSecret" AS secret, "totpLastStep" AS "lastStep"`,
    { replacements, type: QueryTypes.SELECT },
  );
  if (counted.length === 0) {
    const [row] = await db().query<{ locked: boolean }>(`SELECT ${LOCKED} AS locked FROM ${table} WHERE id = :id`, { replacements, type: QueryTypes.SELECT });
    throw new Refusal(row?.locked ? 'auth.totpLocked' : 'auth.totpCodeWrong');
  }
  const { secret, lastStep } = counted[0];
  const step = await matchedTotpStep(secret, code, lastStep === null ? null : Number(lastStep));
  if (step === null) throw new Refusal('auth.totpCodeWrong');
  const accepted = await db().query<{ id: number }>(
    `UPDATE ${table} SET "totpLastStep" = :step, "totpFailures" = 0, "totpFailedAt" = NULL${OUTCOME_SET[outcome]}
      WHERE id = :id AND "totpAuthSecret" = :secret AND ("totpLastStep" IS NULL OR "totpLastStep" < :step)
      RETURNING id`,
    { replacements: { ...replacements, step, secret }, type: QueryTypes.SELECT },
  );
  if (accepted.length === 0) throw new Refusal('auth.totpCodeWrong', 'spent meanwhile');
}
