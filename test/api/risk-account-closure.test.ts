import test, { type ExecutionContext } from 'ava';
import { User } from '../../shared/db/models';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { readyPlayer } from '../helpers/withdrawals';

/**
 * The person's own ends (docs/decisions/risk.md, "Indefinite self-exclusion and account closure"): an
 * indefinite self-exclusion (POST /responsible-gaming/self-exclusion {indefinite: true}) and the closure
 * of an account (POST /auth/close-account): confirmed by the password, refused while cash is left (the
 * balance is withdrawn first), and after it no token and no login work.
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ RATE_LIMIT_SIMULATE_PER_USER: '1000' });
});
test.after.always(async () => {
  await stack?.close();
});

const api = (method: string, path: string, token: string | undefined, body?: unknown, site?: string): Promise<ApiResponse> =>
  stack.request(method, `/api${path}`, { token, body, headers: { locales: 'en-US', ...(site ? { 'site-name': site } : {}) } });

function code(t: ExecutionContext, res: ApiResponse, expected: number): void {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, expected, res.text);
}

test('an indefinite self-exclusion has no end, refuses play and can be neither shortened nor replaced by a timed one', async (t) => {
  const { token } = await createUser({ siteCode: await createSite(), balance: '10' });
  const res = await api('POST', '/responsible-gaming/self-exclusion', token, { indefinite: true });
  code(t, res, 200);
  t.is(res.body.result.selfExcludedUntil, '9999-12-31T23:59:59.999Z');
  code(t, await api('POST', '/game/simulate', token, { gameCode: 'provy-slot-01', productId: 2001, betAmount: 1 }), 4101);
  const timed = await api('POST', '/responsible-gaming/self-exclusion', token, { months: 6 });
  code(t, timed, 200);
  t.is(timed.body.result.selfExcludedUntil, '9999-12-31T23:59:59.999Z');
});

test('the self-exclusion body: months or indefinite: true, exactly one', async (t) => {
  const { token } = await createUser({ siteCode: await createSite() });
  for (const body of [{}, { indefinite: false }, { indefinite: 'true' }, { months: 6, indefinite: true }, { indefinite: 1 }, { months: 7 }]) {
    const res = await api('POST', '/responsible-gaming/self-exclusion', token, body);
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
  }
  const state = await api('GET', '/responsible-gaming', token);
  t.is(state.body.result.selfExcludedUntil, null);
});

test('closing an account: confirmed by the password, refused with cash left, then no session and no login', async (t) => {
  const site = await createSite();
  const { user, token, password } = await createUser({ siteCode: site, balance: '5' });
  code(t, await api('POST', '/auth/close-account', token, { password: 'wrong-password' }), 2001);
  t.is((await api('POST', '/auth/close-account', token, {})).status, 400);
  t.is((await api('POST', '/auth/close-account', token, { password: 'x'.repeat(129) })).status, 400);
  const left = await api('POST', '/auth/close-account', token, { password });
  code(t, left, 2002);
  t.is(left.body.message, 'Your account still holds a balance: withdraw it before closing the account');
  await user.update({ balance: '0' }); // as after a withdrawal paid out the cash
  code(t, await api('POST', '/auth/close-account', token, { password }), 200);
  t.truthy((await User.findByPk(user.id))!.closedAt);
  t.is((await api('GET', '/responsible-gaming', token)).status, 401);
  const login = await api('POST', '/auth/login', undefined, { account: user.account, password }, site);
  code(t, login, 2003);
  t.is(login.body.message, 'This account has been closed and cannot be used again');
});

test('a withdrawal already requested goes on after the closure (its hold is not the balance)', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '50' });
  const req = await api('POST', '/withdrawal/request', token, { amount: '50', cryptoAddressId: address.id, verifyCode: '482916' });
  code(t, req, 200);
  code(t, await api('POST', '/auth/close-account', token, { password: 'secret123' }), 200);
  const after = (await User.findByPk(user.id))!;
  t.is(after.balance, '0.000000');
  t.is(after.frozenBalance, '50.000000');
});
