import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import { SiteConfig } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * An exclusion follows the person (docs/decisions/risk.md, "An exclusion follows the person"): a
 * cooling-off, self-exclusion or operator exclusion of one account excludes, in the same transaction,
 * every account of its scope linked to it by identity (here the KYC name and date of birth), on every
 * site of the scope; an excluded person's identity cannot be taken by another account (2003), also when
 * both happen at the same moment.
 */
let stack: TestStack;
let adminToken: string;
test.before(async () => {
  stack = await startTestStack({ RATE_LIMIT_SIMULATE_PER_USER: '1000' });
  adminToken = (await createAdmin()).token;
});
test.after.always(async () => {
  await stack?.close();
});

const api = (method: string, path: string, token: string, body?: unknown): Promise<ApiResponse> =>
  stack.request(method, `/api${path}`, { token, body, headers: { locales: 'en-US' } });
const asAdmin = (method: string, path: string, site: string, body?: unknown): Promise<ApiResponse> =>
  stack.request(method, `/api${path}`, { token: adminToken, body, headers: { 'x-site-code': site, locales: 'en-US' } });
const play = (token: string) => api('POST', '/game/simulate', token, { gameCode: 'provy-slot-01', productId: 2001, betAmount: 1 });

let counter = 0;
/** A name and date of birth of their own for one test; `variant` writes the same name another way. */
function person(): { legalName: string; dateOfBirth: string; variant: string } {
  counter += 1;
  const name = `Zoë Müller ${String.fromCharCode(65 + (counter % 26))}${counter}`;
  return { legalName: name, dateOfBirth: '1985-03-0' + ((counter % 9) + 1), variant: `  ZOE   muller ${name.split(' ')[2].toLowerCase()} ` };
}

const profile = (token: string, legalName: string, dateOfBirth: string) =>
  api('PUT', '/kyc/profile', token, { legalName, dateOfBirth, country: 'DE', address: '1 Hauptstrasse, Berlin' });

function ok(t: ExecutionContext, res: ApiResponse): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, 200, res.text);
}

const EXCLUDED_IDENTITY = 'These details belong to a person who is excluded from play, so they cannot be used';

async function setScope(site: string, scope: string): Promise<void> {
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  ok({ is: () => undefined } as unknown as ExecutionContext, await asAdmin('PATCH', `/site-config/admin/${config!.id}/settings`, site, { risk: { scope } }));
}

test('a self-exclusion on site A refuses a bet on site B of the same person within the same second', async (t) => {
  const [siteA, siteB] = [await createSite(), await createSite()];
  const who = person();
  const a = await createUser({ siteCode: siteA, balance: '100' });
  const b = await createUser({ siteCode: siteB, balance: '100' });
  ok(t, await profile(a.token, who.legalName, who.dateOfBirth));
  ok(t, await profile(b.token, who.variant, who.dateOfBirth)); // the same name written another way
  ok(t, await play(b.token));
  // The next request after the exclusion's answer: no job, no delay between the two sites.
  ok(t, await api('POST', '/responsible-gaming/self-exclusion', a.token, { months: 6 }));
  const bet = await play(b.token);
  t.like(bet.body, { code: 4101, message: 'You are self-excluded: deposits, bets and promotions are closed until it ends' });
  const state = await api('GET', '/responsible-gaming', b.token);
  const mine = await api('GET', '/responsible-gaming', a.token);
  t.is(state.body.result.selfExcludedUntil, mine.body.result.selfExcludedUntil);
  const history = await db().query<{ action: string; siteCode: string }>(`SELECT action, "siteCode" FROM rg_history WHERE "userId" = :id`, {
    replacements: { id: b.user.id },
    type: QueryTypes.SELECT,
  });
  t.deepEqual(history, [{ action: 'linked-self-exclusion', siteCode: siteB }]);
});

test('a cooling-off and an operator exclusion follow the person too; another scope and an unrelated decision stop them', async (t) => {
  const [siteA, siteB, siteOther] = [await createSite(), await createSite(), await createSite()];
  await setScope(siteOther, `other-${counter}`);
  const who = person();
  const a = await createUser({ siteCode: siteA, balance: '10' });
  const b = await createUser({ siteCode: siteB, balance: '10' });
  const elsewhere = await createUser({ siteCode: siteOther, balance: '10' });
  const decidedApart = await createUser({ siteCode: siteB, balance: '10' });
  for (const p of [a, b, elsewhere, decidedApart]) ok(t, await profile(p.token, who.legalName, who.dateOfBirth));
  const decided = await asAdmin('PUT', `/risk/admin/players/${a.user.id}/links/${decidedApart.user.id}`, siteA, { decision: 'unrelated', reason: 'twins' });
  ok(t, decided);
  ok(t, await api('POST', '/responsible-gaming/cooling-off', a.token, { days: 7 }));
  t.like((await play(b.token)).body, { code: 4102 });
  ok(t, await play(elsewhere.token));
  ok(t, await play(decidedApart.token));
  const until = new Date(Date.now() + 400 * 86400_000).toISOString();
  const operator = await asAdmin('PUT', `/responsible-gaming/admin/players/${b.user.id}/exclusion`, siteB, {
    kind: 'self-exclusion',
    until,
    reason: 'problem gambling',
  });
  ok(t, operator);
  t.like((await play(a.token)).body, { code: 4101 });
  const aState = await api('GET', '/responsible-gaming', a.token);
  t.is(aState.body.result.selfExcludedUntil, until);
});

test('the identity of an excluded person cannot be taken by another account: 2003, told why, nothing kept', async (t) => {
  const who = person();
  const a = await createUser({ siteCode: await createSite(), balance: '0' });
  ok(t, await profile(a.token, who.legalName, who.dateOfBirth));
  ok(t, await api('POST', '/responsible-gaming/cooling-off', a.token, { days: 1 }));
  const site = await createSite();
  const others = await Promise.all([1, 2, 3, 4, 5].map(() => createUser({ siteCode: site })));
  const answers = await Promise.all(others.map((o) => profile(o.token, who.variant, who.dateOfBirth)));
  for (const res of answers) t.like(res.body, { code: 2003, message: EXCLUDED_IDENTITY, result: undefined });
  const [{ count }] = await db().query<{ count: string }>(`SELECT count(*) FROM kyc_profiles WHERE "userId" IN (:ids)`, {
    replacements: { ids: others.map((o) => o.user.id) },
    type: QueryTypes.SELECT,
  });
  t.is(Number(count), 0);
  // Another person's details are taken as before.
  ok(t, await profile(others[0].token, `${who.legalName} Junior`, who.dateOfBirth));
});

test('an exclusion and registrations of the same identity at the same moment: every account that holds it ends up excluded', async (t) => {
  for (let round = 0; round < 3; round += 1) {
    const who = person();
    const site = await createSite();
    const a = await createUser({ siteCode: site });
    ok(t, await profile(a.token, who.legalName, who.dateOfBirth));
    const others = await Promise.all([1, 2, 3, 4].map(async () => createUser({ siteCode: await createSite(), balance: '10' })));
    const [exclusion, ...claims] = await Promise.all([
      api('POST', '/responsible-gaming/self-exclusion', a.token, { months: 6 }),
      ...others.map((o) => profile(o.token, who.legalName, who.dateOfBirth)),
    ]);
    ok(t, exclusion);
    for (const [i, res] of claims.entries()) {
      t.true([200, 2003].includes(res.body.code), res.text);
      if (res.body.code === 200) t.like((await play(others[i].token)).body, { code: 4101 }, 'a holder that got in first was excluded with the person');
    }
  }
});
