import test, { type ExecutionContext } from 'ava';
import { SiteConfig } from '../../shared/db/models';
import { createAdmin, createSite } from '../helpers/factories';
import { createPromotion } from '../helpers/promotions';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * One offer per person (docs/decisions/risk.md, "One offer per person"): with the site's
 * risk.oneOfferPerPerson on, a promotion claim is refused (2006) to an account linked to one that already
 * claimed it, decided under the promotion's lock, so linked accounts claiming at the same moment get one
 * reward between them; an operator's `unrelated` decision lifts it; with the setting off nothing changes.
 */
let stack: TestStack;
let adminToken: string;
test.before(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'true', RATE_LIMIT_REGISTER_PER_IP: '1000', RATE_LIMIT_PROMO_CLAIM_PER_USER: '1000' });
  adminToken = (await createAdmin()).token;
});
test.after.always(async () => {
  await stack?.close();
});

let counter = 0;
const fresh = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

async function siteWith(oneOfferPerPerson: boolean): Promise<string> {
  const site = await createSite();
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  const res = await stack.request('PATCH', `/api/site-config/admin/${config!.id}/settings`, {
    token: adminToken,
    body: { risk: { oneOfferPerPerson } },
    headers: { 'x-site-code': site },
  });
  if (res.body.code !== 200) throw new Error(res.text);
  return site;
}

/** A registered player speaking from `ip` with `deviceId`: its id and token. */
async function player(site: string, ip: string, deviceId: string): Promise<{ id: number; token: string }> {
  const res = await stack.request('POST', '/api/auth/register', {
    body: { account: fresh('b'), password: 'secret123', name: 'B' },
    headers: { 'site-name': site, 'x-forwarded-for': ip, 'x-device-id': deviceId },
  });
  if (res.body.code !== 200) throw new Error(res.text);
  return { id: res.body.result.user.id, token: res.body.result.token };
}

const claim = (token: string, promoId: number) => stack.request('POST', `/api/promo/${promoId}/claim`, { token, headers: { locales: 'en-US' } });

function code(t: ExecutionContext, res: ApiResponse, expected: number): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, expected, res.text);
}

test('a linked account cannot take the offer its twin took; an unrelated decision lifts it', async (t) => {
  const site = await siteWith(true);
  const promo = await createPromotion({ siteCode: site, rewardAmount: '5', turnoverMultiplier: '1' });
  const a = await player(site, '198.18.1.1', fresh('dev'));
  const device = fresh('dev');
  const b = await player(site, '198.18.1.2', device);
  const c = await player(site, '198.18.1.3', device);
  code(t, await claim(b.token, promo.id), 200);
  const refused = await claim(c.token, promo.id);
  code(t, refused, 2006);
  t.is(refused.body.message, 'This offer is one per person and a linked account has already taken it');
  code(t, await claim(a.token, promo.id), 200); // shares nothing with b
  const decided = await stack.request('PUT', `/api/risk/admin/players/${c.id}/links/${b.id}`, {
    token: adminToken,
    body: { decision: 'unrelated', reason: 'flatmates, checked' },
    headers: { 'x-site-code': site },
  });
  code(t, decided, 200);
  code(t, await claim(c.token, promo.id), 200);
});

test('linked accounts claiming at the same moment get one reward between them', async (t) => {
  const site = await siteWith(true);
  const promo = await createPromotion({ siteCode: site, rewardAmount: '5', turnoverMultiplier: '1' });
  const device = fresh('dev');
  const players = await Promise.all([1, 2, 3, 4].map((i) => player(site, `198.18.2.${i}`, device)));
  const answers = await Promise.all(players.map((p) => claim(p.token, promo.id)));
  t.deepEqual(answers.map((r) => r.body.code).sort(), [200, 2006, 2006, 2006], answers.map((r) => r.text).join('\n'));
});

test('with oneOfferPerPerson off, linked accounts each take the offer', async (t) => {
  const site = await siteWith(false);
  const promo = await createPromotion({ siteCode: site, rewardAmount: '5', turnoverMultiplier: '1' });
  const device = fresh('dev');
  const a = await player(site, '198.18.3.1', device);
  const b = await player(site, '198.18.3.2', device);
  code(t, await claim(a.token, promo.id), 200);
  code(t, await claim(b.token, promo.id), 200);
});
