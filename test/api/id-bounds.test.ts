import test, { type ExecutionContext } from 'ava';
import { startAdminStack, type AdminRequest } from '../helpers/admin-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * Integer ids are bounded to what their column holds (INTEGER ids: 1 to 2147483647) by the shared
 * schema helpers, in paths, queries and JSON bodies alike: anything else is a 400 naming the field,
 * never a database error; the largest id a column holds is a valid id (not found, not a 400).
 */
let stack: TestStack;
let req: AdminRequest;

test.before(async () => {
  ({ stack, req } = await startAdminStack());
});
test.after.always(async () => {
  await stack?.close();
});

const BAD_NUMBERS = [1e308, 2147483648, -1, 1.5, 0];
const BAD_TEXTS = ['1e308', '2147483648', '-1', '1.5', '0', '99999999999999999999'];

function badRequest(t: ExecutionContext, res: ApiResponse, field: string, what: string): void {
  t.is(res.status, 400, `${what}: ${res.text}`);
  t.is(res.body?.code, 400, what);
  t.true(String(res.body?.message).includes(field), `${what}: ${res.body?.message}`);
}

test('path ids: out of the INTEGER range, negative or fractional is a 400; 2147483647 is a valid id', async (t) => {
  for (const id of BAD_TEXTS) {
    badRequest(t, await req('GET', `/admin/users/${id}`), 'userId', `/admin/users/${id}`);
    badRequest(t, await req('GET', `/admin/${id}`), 'id', `/admin/${id}`);
    badRequest(t, await req('PATCH', `/vip/users/${id}/hold`, { body: { hold: 1 } }), 'userId', `/vip/users/${id}/hold`);
  }
  const largest = await req('GET', '/admin/users/2147483647');
  t.is(largest.status, 200, largest.text);
  t.is(largest.body.code, 2001, 'a valid id that names no player');
  t.is((await req('GET', '/admin/2147483647')).body.code, 2001);
});

test('query ids: the same bounds', async (t) => {
  for (const id of BAD_TEXTS) {
    badRequest(t, await req('GET', `/game/admin/user-blocks?userId=${id}`), 'userId', `user-blocks?userId=${id}`);
    badRequest(t, await req('GET', `/admin/logs/list?adminId=${id}`), 'adminId', `logs?adminId=${id}`);
  }
  const largest = await req('GET', '/game/admin/user-blocks?userId=2147483647');
  t.is(largest.status, 200, largest.text);
  t.deepEqual(largest.body.result.items, []);
});

test('JSON body ids: 1e308, 2147483648, -1, 1.5 and 0 are a 400 naming the field; nothing is created', async (t) => {
  for (const id of BAD_NUMBERS) {
    badRequest(t, await req('POST', '/game/admin/user-blocks', { body: { userId: id } }), 'userId', `user-blocks userId ${id}`);
    badRequest(
      t,
      await req('POST', '/admin/create', { body: { account: `ops${Date.now()}`, password: 'secret123', name: 'Ops', groupId: id } }),
      'groupId',
      `admin groupId ${id}`,
    );
  }
  const blocks = await req('GET', '/game/admin/user-blocks');
  t.deepEqual(blocks.body.result.items, []);
  // The largest INTEGER is an id: it names no player of the site (2001), no group (2002).
  t.is((await req('POST', '/game/admin/user-blocks', { body: { userId: 2147483647 } })).body.code, 2001);
  t.is(
    (await req('POST', '/admin/create', { body: { account: `ops${Date.now()}`, password: 'secret123', name: 'Ops', groupId: 2147483647 } })).body.code,
    2002,
  );
});
