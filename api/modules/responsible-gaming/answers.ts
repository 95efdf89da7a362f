import { LIMIT_PERIODS, LIMIT_TYPES } from '../../../shared/domain/site-config';
import { anyValue, array, bool, dateTime, id, int, money, nullable, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the player-protection endpoints (their `result`), as the API document shows them and
 * the tests check them (docs/architecture.md, "Where to add", an endpoint's answer).
 */

const limitType = oneOfValues(LIMIT_TYPES);
const minutes = (description: string) => nullable(int(description));

const limit = obj({
  type: limitType,
  period: oneOfValues(LIMIT_PERIODS, "A calendar day, week (from Monday) or month in the site's time zone"),
  amount: nullable(money("The player's own amount in force (USD)")),
  operatorAmount: nullable(money("The operator's amount (USD)")),
  inForce: nullable(money('What a deposit or bet meets: the lower of the two')),
  pendingAmount: nullable(money('A waiting increase (null with pendingFrom set: a waiting removal)')),
  pendingFrom: nullable(dateTime('When the waiting change takes effect')),
});

/** The reality check, while one is due and not acknowledged (simulate's `realityCheck`, the money endpoints' X-Reality-Check header). */
export const realityCheck = obj({
  sessionStartedAt: dateTime(),
  elapsedMinutes: int(),
  netResult: money('Wins minus stakes of the session (negative: a loss)'),
  dueAt: dateTime('When the check fell due'),
  acknowledgeBy: dateTime('From this instant bets are refused (4108) until POST /responsible-gaming/reality-check/ack'),
});

/** The player's protection state (GET /responsible-gaming, and every change's answer). */
const protectionFields = {
  limits: array(limit, 'The limits set, waiting or set by the operator (deposit, loss, wager; day, week, month)'),
  sessionLimitMinutes: minutes('The session time limit in force'),
  pendingSessionLimitMinutes: minutes('A waiting raise of the session limit (null with sessionLimitPendingFrom set: a removal)'),
  sessionLimitPendingFrom: nullable(dateTime()),
  realityCheckMinutes: minutes('The reality-check interval'),
  coolingOffUntil: nullable(dateTime()),
  selfExcludedUntil: nullable(dateTime('9999-12-31T23:59:59.999Z: an indefinite self-exclusion')),
  session: nullable(obj({ startedAt: dateTime(), netResult: money('Wins minus stakes (negative: a loss)') }, { description: 'The live session' })),
  requiredLimits: array(limitType, 'The limit types the site requires before a first deposit'),
  missingLimits: array(limitType, 'Those this player has not set'),
  increaseDelayHours: int('How long a raise or removal waits'),
  realityCheck: nullable({ ...realityCheck, description: 'The reality check due and not acknowledged (bets are refused 4108 from its acknowledgeBy)' }),
};
export const protectionView = obj(protectionFields);

export const getResponsibleGaming = protectionView;

/** The operators' view: the state, the player and its history, newest first. */
export const getResponsibleGamingAdminPlayer = obj({
  ...protectionFields,
  userId: id(),
  history: array(
    obj({
      id: id(),
      adminId: nullable(int('The operator who made the change (null: the player)')),
      action: str('What changed, e.g. set-limit, request-limit-increase, cancel-pending-limit'),
      detail: anyValue('The change: the values before and after'),
      reason: nullable(str("The operator's reason")),
      createdAt: dateTime(),
    }),
    'Newest first',
  ),
});

/** POST /responsible-gaming/reality-check/ack. */
export const realityCheckAck = obj({
  acknowledged: bool('False when no check was due (nothing changed)'),
  realityCheck: nullable({ ...realityCheck, description: 'The check acknowledged' }),
});
