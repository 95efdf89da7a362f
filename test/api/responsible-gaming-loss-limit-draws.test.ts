import test, { type ExecutionContext } from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { ledgerHolds, snapshot } from '../helpers/provider-requests';
import { createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * A loss limit on simulate rounds with the real provably fair draw (docs/decisions/responsible-gaming.md, "Player
 * protection: a refusal is decided on the stake, before the outcome"). The round's outcome is drawn
 * before its statement runs, so a loss check that counted the round's own win would refuse exactly the
 * losing rounds: a player retrying at the limit would keep every win and never lose past it. The rule:
 * a round is refused when the period's losses so far plus its stake pass the limit, whatever it drew.
 * So once a round is refused at a stake, every later round at that stake is refused too, winning draws
 * included, and each accepted round is one the stake alone allowed.
 */
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;

test.before(async () => {
  stack = await startTestStack({ RATE_LIMIT_SIMULATE_PER_USER: '10000' });
  ({ db } = await import('../../shared/db/sequelize'));
});
test.after.always(async () => stack?.close());

const LOSS_LIMIT_REFUSAL = 4105;
const api = (method: string, path: string, token: string, body?: unknown) =>
  stack.request(method, `/api${path}`, { token, body, headers: { locales: 'en-US' } });
const play = (token: string, betAmount: number) => api('POST', '/game/simulate', token, { gameCode: 'provy-slot-01', productId: 2001, betAmount });

async function limitedPlayer(t: ExecutionContext, limit: string) {
  const made = await createUser({ siteCode: 'default', balance: '100000' });
  const res = await api('PUT', '/responsible-gaming/limits', made.token, { type: 'loss', period: 'day', amount: limit });
  t.is(res.body?.code, 200, res.text);
  return made;
}

/** The answer is either a settled round or the loss-limit refusal; anything else fails the test. */
function outcomeOf(t: ExecutionContext, res: ApiResponse): { bet: Decimal; win: Decimal } | 'refused' {
  t.is(res.status, 200, res.text);
  if (res.body.code === LOSS_LIMIT_REFUSAL) return 'refused';
  t.is(res.body.code, 200, res.text);
  return { bet: new Decimal(res.body.result.betAmount), win: new Decimal(res.body.result.winAmount) };
}

test.serial('80 rounds on real draws at a binding loss limit: each is decided on the stake, and after the first refusal no draw gets through', async (t) => {
  const limit = new Decimal('50');
  const bet = 40;
  const { user, token } = await limitedPlayer(t, limit.toString());
  let loss = new Decimal(0); // the day's stakes minus wins of the accepted rounds
  let refusals = 0;
  let wonAfterRefusal = 0;
  for (let i = 0; i < 80; i += 1) {
    const allowed = loss.plus(bet).lte(limit);
    const outcome = outcomeOf(t, await play(token, bet));
    if (outcome === 'refused') {
      refusals += 1;
      t.false(allowed, `round ${i} was refused with losses ${loss} + stake ${bet} within ${limit}`);
      continue;
    }
    t.true(allowed, `round ${i} was accepted with losses ${loss} + stake ${bet} past ${limit}`);
    t.is(refusals, 0, `round ${i} was accepted after a refusal at the same stake (it drew ${outcome.win})`);
    if (refusals > 0 && outcome.win.gt(0)) wonAfterRefusal += 1;
    loss = loss.plus(outcome.bet).minus(outcome.win);
  }
  t.true(refusals > 0, 'the limit never bound: the test proves nothing');
  t.is(wonAfterRefusal, 0);
  // The running totals agree with the answers, and the day's loss never passed the limit.
  const [row] = await db().query<{ stake: string; win: string }>(
    'SELECT "dayStake"::text AS stake, "dayWin"::text AS win FROM rg_accounts WHERE "userId" = :u',
    { replacements: { u: user.id }, type: QueryTypes.SELECT },
  );
  t.is(new Decimal(row.stake).minus(row.win).toString(), loss.toString());
  t.true(loss.lte(limit));
  await ledgerHolds(t, user.id);
});

test.serial('30 concurrent rounds on real draws at a loss limit: once any is refused, the final losses leave no room for the stake', async (t) => {
  // Under the player's row lock the rounds run one after another; a refusal changes nothing, so every
  // round after it sees the same totals and is refused too. Were a win counted before the check, a
  // winning draw after a refusal would pass and bring the losses back under the limit minus the stake.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const limit = new Decimal('30');
    const bet = 20;
    const { user, token } = await limitedPlayer(t, limit.toString());
    const answers = await Promise.all(Array.from({ length: 30 }, () => play(token, bet)));
    const outcomes = answers.map((res) => outcomeOf(t, res));
    const accepted = outcomes.filter((o): o is { bet: Decimal; win: Decimal } => o !== 'refused');
    const loss = accepted.reduce((sum, o) => sum.plus(o.bet).minus(o.win), new Decimal(0));
    t.true(loss.lte(limit), `losses ${loss} passed the limit ${limit}`);
    if (accepted.length < outcomes.length) t.true(loss.plus(bet).gt(limit), `a round was refused, yet losses ${loss} leave room for a stake of ${bet}`);
    const { balance } = await snapshot(user.id);
    t.is(new Decimal(balance).toString(), new Decimal('100000').minus(loss).toString());
    await ledgerHolds(t, user.id);
  }
});
