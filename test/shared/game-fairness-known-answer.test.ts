import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { fairRound } from '../../shared/domain/game';
import { verifyRoundReport } from '../../scripts/verify-round';

/**
 * Known answers of the provably fair draw: the worked example of docs/provably-fair.md (server seed,
 * client seed, nonce, HMAC, outcome) and its table of nonces 0 to 5, recomputed here by an independent
 * implementation written out with node:crypto from the doc's rule, and compared with the doc, with
 * fairness/draw.ts and with what `npm run verify-round` prints. A draw that built its HMAC over another
 * message (the server seed instead of the client seed, say) fails here even though it would agree
 * with itself everywhere else.
 */

const doc = readFileSync(path.join(__dirname, '..', '..', 'docs', 'provably-fair.md'), 'utf8');

/** The doc's rule, step by step, with nothing from the project: HMAC-SHA256(key = server seed text, "C:n"), 13 hex digits, the table. */
function independentDraw(serverSeed: string, clientSeed: string, nonce: number) {
  const hmac = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
    .update(Buffer.from(`${clientSeed}:${nonce}`, 'utf8'))
    .digest('hex');
  const k = BigInt(`0x${hmac.slice(0, 13)}`);
  const rows: Array<[bigint, string, string]> = [
    [6000n, 'lose', '0'],
    [8200n, 'small', '0.5'],
    [9200n, 'medium', '2'],
    [9700n, 'good', '4'],
    [9900n, 'big', '8'],
    [9980n, 'huge', '20'],
    [10000n, 'mega', '70'],
  ];
  const row = rows.find(([cumulative]) => cumulative * 2n ** 52n > k * 10000n);
  if (!row) throw new Error('no row');
  return { hash: createHash('sha256').update(serverSeed, 'utf8').digest('hex'), hmac, k, r: Number(k) / 2 ** 52, result: row[1], multiplier: row[2] };
}

/** The example as the doc prints it: the command's arguments and each printed line's value. */
function docExample() {
  const block = /```\n\$ npm run -s verify-round -- (\S+) (\S+) (\d+)\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('the worked example is missing from docs/provably-fair.md');
  const [, serverSeed, clientSeed, nonce, printed] = block;
  return { serverSeed, clientSeed, nonce: Number(nonce), printed: linesOf(printed) };
}

/** `label   value   (note)` lines as {label: value}. */
function linesOf(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^(.+?)\s{2,}(\S+(?: x\S+)?)/.exec(line);
    if (match) values[match[1].trim()] = match[2];
  }
  return values;
}

test('the worked example: the doc, an independent implementation, draw.ts and the verifier agree on every value', (t) => {
  const example = docExample();
  t.is(example.serverSeed, '8f1c2d9e4b7a6053e1d2c3b4a59687f0123456789abcdef0fedcba9876543210');
  t.is(example.clientSeed, 'lucky-7');
  t.is(example.nonce, 1);
  const known = independentDraw(example.serverSeed, example.clientSeed, example.nonce);
  // The doc's printed values are the independent computation's.
  t.is(known.hash, '728bd524d0f654d39a5d2a72d9e3585cf19ffd04e41f284ff59895b8dab8f65b');
  t.is(known.hmac, 'ec417182fb14495b15ee58ac17b67a0af3309e2d07c7abb105241784a863767f');
  t.deepEqual(example.printed, {
    'server seed': example.serverSeed,
    'server seed hash': known.hash,
    message: 'lucky-7:1',
    hmac: known.hmac,
    'first 13 hex': known.hmac.slice(0, 13),
    k: String(known.k),
    'r = k / 2^52': String(known.r),
    outcome: `${known.result} x${known.multiplier}`,
  });
  t.is(known.result, 'good');
  // draw.ts draws the same.
  const drawn = fairRound(example.serverSeed, example.clientSeed, example.nonce);
  t.like(drawn, { message: 'lucky-7:1', hmac: known.hmac, k: known.k, r: known.r, result: known.result, multiplier: known.multiplier });
  // The verifier prints exactly the doc's lines.
  t.deepEqual(linesOf(verifyRoundReport(example.serverSeed, example.clientSeed, String(example.nonce))), example.printed);
});

test("the doc's table of nonces 0 to 5 is what the independent implementation and draw.ts give", (t) => {
  const { serverSeed, clientSeed } = docExample();
  const table = [...doc.matchAll(/^\| (\d) \| ([0-9a-f]{13}) \| (0\.\d{7}) \| (\w+) \|$/gm)];
  t.deepEqual(
    table.map((row) => Number(row[1])),
    [0, 1, 2, 3, 4, 5],
  );
  for (const [, nonce, hex, r, result] of table) {
    const known = independentDraw(serverSeed, clientSeed, Number(nonce));
    t.is(known.hmac.slice(0, 13), hex, `nonce ${nonce}`);
    t.is(known.r.toFixed(7), r, `nonce ${nonce}`);
    t.is(known.result, result, `nonce ${nonce}`);
    const drawn = fairRound(serverSeed, clientSeed, nonce);
    t.is(drawn.hmac, known.hmac, `nonce ${nonce}`);
    t.is(drawn.result as string, result, `nonce ${nonce}`);
    t.is(linesOf(verifyRoundReport(serverSeed, clientSeed, nonce)).message, `${clientSeed}:${nonce}`);
  }
});
