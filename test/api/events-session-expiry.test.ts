import test from 'ava';
import { openSse } from '../helpers/events';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * A player's event stream lives no longer than the token that opened it (docs/events.md, "Sessions"):
 * opened with the Authorization header or with a ticket, it ends when the token expires, with a
 * `session` event saying so. Tokens here live 3 s (JWT_EXPIRES_IN).
 */
let stack: TestStack;
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack({ JWT_EXPIRES_IN: '3s', EVENTS_HEARTBEAT_MS: '300' });
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await stack?.close();
});

for (const via of ['the Authorization header', 'a ticket'] as const) {
  test.serial(`a stream opened with ${via} ends when its token expires, with a session event`, async (t) => {
    const { token } = await factories.createUser();
    const issuedAt = Date.now();
    let s;
    if (via === 'a ticket') {
      const ticket = await stack.request('POST', '/api/events/ticket', { token });
      t.is(ticket.body.code, 200, ticket.text);
      s = await openSse(`${stack.baseUrl}/api/events?ticket=${ticket.body.result.ticket}`);
    } else {
      s = await openSse(`${stack.baseUrl}/api/events`, { authorization: `Bearer ${token}` });
    }
    t.is(s.status, 200);
    await s.ended;
    const lived = Date.now() - issuedAt;
    // The token's exp is whole seconds: it ends between 2 and 3 s after it was signed, and the stream with it.
    t.true(lived >= 1500 && lived <= 4500, `the stream lived ${lived} ms`);
    const events = await s.drain();
    t.deepEqual(events.at(-1), { ...events.at(-1), event: 'session', data: { reason: 'expired' } });
    // The expired token opens nothing.
    t.is((await openSse(`${stack.baseUrl}/api/events`, { authorization: `Bearer ${token}` })).status, 401);
  });
}
