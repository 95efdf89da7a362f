import { spawn } from 'node:child_process';
import { base, measure, printTable, type Figure } from './lib';

/** The HTTP edge beside its ceiling: a bare node:http server in its own process, same envelope. */
const CEILING_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const body = JSON.stringify({ code: 200, message: 'ok', result: 'Hello World!', timestamp: Date.now(), path: req.url });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function startCeiling(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', CEILING_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}/api`, stop: () => child.kill() };
}

export async function benchEdge(): Promise<void> {
  const ceiling = await startCeiling();
  const figures: Figure[] = [];
  try {
    figures.push(await measure('ceiling: bare node:http, same envelope', ceiling.url));
    figures.push(await measure('GET /api (Express edge, no I/O)', `${base}/api`));
    figures.push(await measure('GET /api/common/enums (Redis-cached, ~40 KB)', `${base}/api/common/enums`, { locales: 'en-US' }));
    figures.push(await measure('GET /api/health (Postgres + Redis round trip)', `${base}/api/health`));
  } finally {
    ceiling.stop();
  }
  console.log('\n## HTTP edge');
  printTable(figures, figures[0].reqPerSec);
}
