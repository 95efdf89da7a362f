import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Every player has a provably fair server seed from registration (docs/provably-fair.md, "The values"):
 * the password registration and the accounts made by a first OAuth or widget login (createPlayer, the
 * one way an account is made) write the seeds in the registration's transaction, so the commitment
 * exists before the player asks for it or plays, and GET /game/fairness answers that seed's hash.
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack();
});
test.after.always(async () => {
  await stack?.close();
});

async function storedSeed(userId: number) {
  const { db } = await import('../../shared/db/sequelize');
  const rows = await db().query<{ serverSeedHash: string; nonce: string }>(
    `SELECT "serverSeedHash", nonce::TEXT AS nonce FROM fairness_seeds WHERE "userId" = $1`,
    {
      bind: [userId],
      type: QueryTypes.SELECT,
    },
  );
  return rows[0] ?? null;
}

test('a registered player has a server seed before any fairness call or round; GET /game/fairness shows its hash', async (t) => {
  const res = await stack.request('POST', '/api/auth/register', { body: { account: `fair${Date.now() % 1e8}`, password: 'secret123', name: 'New' } });
  t.is(res.body.code, 200, JSON.stringify(res.body));
  const seed = await storedSeed(res.body.result.user.id);
  t.truthy(seed, 'the seed is written by the registration');
  t.regex(seed?.serverSeedHash ?? '', /^[0-9a-f]{64}$/);
  const shown = await stack.request('GET', '/api/game/fairness', { token: res.body.result.token });
  t.is(shown.body.code, 200, JSON.stringify(shown.body));
  t.like(shown.body.result, { serverSeedHash: seed?.serverSeedHash, nonce: 0 });
});

test('an account made by a first OAuth or widget login has a server seed in the same transaction', async (t) => {
  const { db } = await import('../../shared/db/sequelize');
  const { createThirdPartyPlayer } = await import('../../shared/domain/auth');
  const ctx = { siteCode: 'default', locale: 'en-US' as const, meta: { ip: '198.18.0.9', device: 'test' } };
  for (const fields of [
    { account: `oauth_fair${Date.now() % 1e8}`, name: 'O', oauth: `sub-${Date.now()}` },
    { account: `widget_fair${Date.now() % 1e8}`, name: 'W', widget: `w-${Date.now()}` },
  ]) {
    const seen = await db().transaction(async (transaction) => {
      const user = await createThirdPartyPlayer(ctx, fields, transaction);
      const [row] = await db().query<{ n: string }>(`SELECT COUNT(*)::TEXT AS n FROM fairness_seeds WHERE "userId" = $1`, {
        bind: [user.id],
        transaction,
        type: QueryTypes.SELECT,
      });
      return { id: user.id, inTransaction: row.n };
    });
    t.is(seen.inTransaction, '1', fields.account);
    t.like(await storedSeed(seen.id), { nonce: '0' });
  }
});

test('a player without seeds (made outside registration) is never drawn with a seed made in the same call: the round is refused 5012, then plays on the hash shown', async (t) => {
  const { createUser } = await import('../helpers/factories');
  const { db } = await import('../../shared/db/sequelize');
  const { user, token } = await createUser({ balance: '100' });
  await db().query(`DELETE FROM fairness_seeds WHERE "userId" = $1`, { bind: [user.id] });
  const play = () =>
    stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 2001, betAmount: 1 }, headers: { locales: 'en-US' } });
  const refused = await play();
  t.like(refused.body, { code: 5012, message: 'Your fairness seed was only just made: check its hash, then play the next round' });
  const made = await storedSeed(user.id);
  t.like(made, { nonce: '0' }, 'the refused round took no nonce');
  const [{ n }] = await db().query<{ n: string }>(`SELECT COUNT(*)::TEXT AS n FROM bet_orders WHERE "userId" = $1`, {
    bind: [user.id],
    type: QueryTypes.SELECT,
  });
  t.is(n, '0');
  const shown = await stack.request('GET', '/api/game/fairness', { token });
  t.is(shown.body.result.serverSeedHash, made?.serverSeedHash);
  const played = await play();
  t.is(played.body.code, 200, JSON.stringify(played.body));
  t.like(played.body.result, { serverSeedHash: made?.serverSeedHash, nonce: 0 });
});
