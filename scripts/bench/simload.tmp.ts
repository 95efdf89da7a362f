import { registerPlayers } from './accounts';
import { base, measure, post } from './lib';
(async () => {
  const admin = (await post('/api/admin/login', { account: 'admin', password: 'admin123456' })).result.token;
  const players = await registerPlayers(`sl_${Date.now().toString(36)}`, 50);
  for (const p of players) await post(`/api/admin/users/${p.id}/balance-adjustments`, { amount: '1000000', reason: 'x' }, { authorization: `Bearer ${admin}` });
  console.log('ready'); 
  await new Promise((r) => setTimeout(r, Number(process.env.WAIT_MS ?? 0)));
  let next = 0;
  const body = JSON.stringify({ gameCode: 'provy-slot-01', productId: 2, betAmount: 1 });
  const f = await measure('simulate', `${base}/api/game/simulate`, { 'content-type': 'application/json' }, {
    method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, body, headers: { ...req.headers, authorization: `Bearer ${players[next++ % players.length].token}` } }) }],
  });
  console.log(JSON.stringify(f));
})();
