import { createSimulator } from 'licensing-sdk/testing';

createSimulator({ seed: 7 }).then(async (sim) => {
  const res = await sim.fetch('https://licensing.test/order/api/order/v1/shellnums?g_nonce=bundled-1', {
    method: 'POST',
    headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' },
    body: '{"size":2}',
  });
  console.log(JSON.stringify({ status: res.status, body: await res.json(), stats: sim.stats() }));
});
