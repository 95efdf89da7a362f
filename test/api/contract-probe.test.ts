import test from 'ava';
import { describeProbe, runProbe } from '../../scripts/lib/contract-probe';
import { config } from '../../shared/config';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The contract probe (scripts/lib/contract-probe.ts) against this file's stack: requests generated
 * from the API document's input schemas, each valid by the document, are rarely refused with 400
 * (the server taking what its document calls valid), also when they take the edge values the document
 * allows (empty strings, bounds, duplicates, many items, NUL), per audience. The figure is logged; npm run contract:probe
 * measures a running server the same way. A conflict with stored records (a record that exists) is a
 * business refusal, answered 200 with its code, and counted apart.
 */

let stack: TestStack;

test.before(async () => {
  // Rate limits out of the way: the probe measures validation, not limits.
  const unlimited = [
    'RATE_LIMIT_REGISTER_PER_IP',
    'RATE_LIMIT_LOGIN_PER_IP',
    'RATE_LIMIT_LOGIN_PER_ACCOUNT',
    'RATE_LIMIT_DEPOSIT_PER_USER',
    'VERIFY_SEND_LIMIT_PER_USER',
    'VERIFY_SEND_LIMIT_PER_IP',
  ];
  stack = await startTestStack(Object.fromEntries(unlimited.map((name) => [name, '100000'])));
});
test.after.always(async () => {
  await stack?.close();
});

test('schema-valid generated requests, edge values included: fewer than 3 % refused with 400 or 413, for players, administrators and clients without a token', async (t) => {
  t.timeout(240_000);
  const doc = (await stack.request('GET', '/api/docs.json')).body;
  const { token: playerToken } = await createUser();
  const { token: adminToken } = await createAdmin();
  const otherSiteCode = await createSite();
  const report = await runProbe(doc, { baseUrl: stack.baseUrl, playerToken, adminToken, perOperation: 3, seed: 7, siteCode: config().siteCode, otherSiteCode });
  t.log(describeProbe(report));
  if (report.refusals.length) t.log(report.refusals.join('\n'));
  t.true(report.sent > 300, `only ${report.sent} requests sent`);
  for (const [audience, { sent, refused }] of Object.entries(report.audiences)) {
    t.true(sent > 30, `${audience}: only ${sent} requests sent`);
    t.true(refused / sent < 0.03, `${audience}: ${describeProbe(report)}`);
  }
  t.falsy(report.statuses[429], 'the probe measures validation, not limits');
});
