import { spawn } from 'node:child_process';
import { base, measure, printTable, type Figure } from './lib';

/**
 * The HTTP edge beside two ceilings, each in its own process and answering the same envelope: bare
 * node:http, and a bare Express 5 app (one route, default settings). Our pipeline's GET /api is printed
 * as a share of bare Express: what our own middleware costs on top of the framework.
 */
const ENVELOPE = `JSON.stringify({ code: 200, message: 'ok', result: 'Hello World!', timestamp: Date.now(), path: req.originalUrl ?? req.url })`;

const NODE_CEILING = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const body = ${ENVELOPE};
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

export const EXPRESS_CEILING = `
const express = require('express');
const app = express();
app.get('/api', (req, res) => { res.type('application/json').send(${ENVELOPE}); });
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

export async function startCeiling(source: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'], cwd: process.cwd() });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}/api`, stop: () => child.kill() };
}

export async function benchEdge(): Promise<void> {
  const nodeCeiling = await startCeiling(NODE_CEILING);
  const expressCeiling = await startCeiling(EXPRESS_CEILING);
  const figures: Figure[] = [];
  let bareExpress: Figure;
  let ours: Figure;
  try {
    figures.push(await measure('ceiling: bare node:http, same envelope', nodeCeiling.url));
    figures.push((bareExpress = await measure('ceiling: bare Express 5, one route, same envelope', expressCeiling.url)));
    figures.push((ours = await measure('GET /api (our pipeline, no I/O)', `${base}/api`)));
    figures.push(await measure('GET /api/common/enums (Redis-cached, ~40 KB)', `${base}/api/common/enums`, { locales: 'en-US' }));
    figures.push(await measure('GET /api/health (Postgres + Redis round trip)', `${base}/api/health`));
  } finally {
    nodeCeiling.stop();
    expressCeiling.stop();
  }
  console.log('\n## HTTP edge');
  printTable(figures, figures[0].reqPerSec);
  console.log(`\nour pipeline's GET /api: ${Math.round((ours.reqPerSec / bareExpress.reqPerSec) * 100)} % of bare Express (target at least 80 %)`);
}
