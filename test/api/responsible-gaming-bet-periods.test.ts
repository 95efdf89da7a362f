import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import { createSite, createUser } from '../helpers/factories';
import { awayFromMidnights, periodEnds, TAIPEI_OFFSET_MS, type PeriodEnds } from '../helpers/periods';
import { providerCall, providerEnv, uniqueId as id } from '../helpers/provider-requests';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * A bet's protection periods are the site's calendar periods (docs/decisions/responsible-gaming.md, "Player protection:
 * calendar periods, running totals, checked where the money moves"): a player of a site whose
 * `responsibleGaming.timeZone` is Asia/Taipei has its day end at the next midnight in Taipei (16:00
 * UTC), its week on the next Monday there and its month on the next 1st there, whether it bets through
 * simulate or a provider, and again once a period it played in has ended. The ends are reckoned here
 * from the clock, not by the project's period functions.
 */
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let simulate: typeof import('../../shared/domain/game');
let site: string;

test.before(async () => {
  stack = await startTestStack({ ...providerEnv(), RATE_LIMIT_SIMULATE_PER_USER: '1000' });
  ({ db } = await import('../../shared/db/sequelize'));
  simulate = await import('../../shared/domain/game');
  site = await createSite();
  const { SiteConfig } = await import('../../shared/db/models');
  const config = (await SiteConfig.findOne({ where: { siteCode: site } }))!;
  await config.update({ settings: { ...config.settings, responsibleGaming: { timeZone: 'Asia/Taipei' } } });
});
test.after.always(async () => {
  simulate?.setSimulateRandomSourceForTests(null);
  await stack?.close();
});

async function periodsOf(userId: number): Promise<PeriodEnds & { dayStake: string }> {
  const [row] = await db().query<{ dayEnd: Date; weekEnd: Date; monthEnd: Date; dayStake: string }>(
    'SELECT "dayEnd", "weekEnd", "monthEnd", "dayStake"::text AS "dayStake" FROM rg_accounts WHERE "userId" = :u',
    { replacements: { u: userId }, type: QueryTypes.SELECT },
  );
  if (!row) throw new Error(`no protection row for player ${userId}`);
  const iso = (d: Date) => new Date(d).toISOString();
  return { dayEnd: iso(row.dayEnd), weekEnd: iso(row.weekEnd), monthEnd: iso(row.monthEnd), dayStake: row.dayStake };
}

/** Places a bet and checks the ends rg_accounts holds against those reckoned in Taipei at the bet's time. */
async function betAndCheck(t: ExecutionContext, userId: number, bet: () => Promise<void>, what: string): Promise<void> {
  await awayFromMidnights([TAIPEI_OFFSET_MS, 0]);
  const expected = periodEnds(Date.now(), TAIPEI_OFFSET_MS);
  t.is(expected.dayEnd.slice(11), '16:00:00.000Z', 'a Taipei midnight is 16:00 UTC');
  await bet();
  const row = await periodsOf(userId);
  t.deepEqual({ dayEnd: row.dayEnd, weekEnd: row.weekEnd, monthEnd: row.monthEnd }, expected, what);
}

/** Every period the player played in ended a second ago (its totals are those of days gone by). */
const periodsEnded = (userId: number) =>
  db().query(
    `UPDATE rg_accounts SET "dayEnd" = now() - interval '1 second', "weekEnd" = now() - interval '1 second', "monthEnd" = now() - interval '1 second' WHERE "userId" = :u`,
    {
      replacements: { u: userId },
    },
  );

test.serial('a simulate round of a Taipei site: its day, week and month end at midnight, Monday and the 1st in Taipei', async (t) => {
  const { user, token } = await createUser({ siteCode: site, balance: '100' });
  simulate.setSimulateRandomSourceForTests(() => 0);
  const play = async () => {
    const res = await stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 2001, betAmount: 5 } });
    t.is(res.body?.code, 200, res.text);
  };
  await betAndCheck(t, user.id, play, 'the first bet starts the Taipei periods');
  t.is(Number((await periodsOf(user.id)).dayStake), 5);
  await periodsEnded(user.id);
  await betAndCheck(t, user.id, play, 'a bet after the periods ended starts the next Taipei periods');
  t.is(Number((await periodsOf(user.id)).dayStake), 5, 'the new day counts this bet only');
});

test.serial('a provider bet (provx Bet) of a Taipei site: the same Taipei periods', async (t) => {
  const { user } = await createUser({ siteCode: site, balance: '100' });
  const bet = async () => {
    const res = await providerCall(stack, 'provx', 'Bet', {
      transactionId: id('bet'),
      roundId: id('round'),
      userId: user.id,
      gameCode: 'provx-slot-01',
      amount: '3',
    });
    t.like(res.body, { status: 'OK' }, res.text);
  };
  await betAndCheck(t, user.id, bet, 'the first bet starts the Taipei periods');
  await periodsEnded(user.id);
  await betAndCheck(t, user.id, bet, 'a bet after the periods ended starts the next Taipei periods');
  t.is(Number((await periodsOf(user.id)).dayStake), 3);
});
