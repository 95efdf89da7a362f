import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServices } from './lib/services';
import { ensureProgram, isPortFree, runTests, tempDir, waitForPort } from './lib/system-tools';

/**
 * `npm run test:redis-cluster`: starts a local Redis Cluster of three masters (redis-server in cluster
 * mode, ports of a free range, a temporary folder; Debian's redis-server and redis-tools installed when
 * root and missing), then runs the cluster test file (queues, rate limits, token versions, cache clears)
 * with REDIS_CLUSTER_NODES set (docs/scaling.md, "Redis Cluster"). Extra arguments add test files.
 */
const FILES = ['test/shared/redis-cluster.test.ts'];

/** Three ports whose cluster bus ports (port + 10000) are free too. */
async function clusterPorts(): Promise<number[]> {
  const ports: number[] = [];
  for (let attempt = 0; ports.length < 3 && attempt < 200; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (!ports.includes(port) && (await isPortFree(port)) && (await isPortFree(port + 10_000))) ports.push(port);
  }
  if (ports.length < 3) throw new Error('no three free ports (with their bus ports) in 20000-40000');
  return ports;
}

async function main(): Promise<void> {
  const redisServer = ensureProgram('redis-server', 'redis-server');
  const redisCli = ensureProgram('redis-cli', 'redis-tools');
  const dir = tempDir('redis-cluster');
  const ports = await clusterPorts();
  const nodes: ChildProcess[] = [];
  let code = 1;
  const services = await ensureServices({ databaseName: 'postgres', log: (msg) => console.log(`  ${msg}`) });
  try {
    for (const port of ports) {
      const nodeDir = path.join(dir, String(port));
      fs.mkdirSync(nodeDir);
      const log = fs.openSync(path.join(nodeDir, 'redis.log'), 'a');
      nodes.push(
        spawn(
          redisServer,
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            'nodes.conf',
            '--cluster-node-timeout',
            '5000',
            '--dir',
            nodeDir,
            '--save',
            '',
            '--appendonly',
            'no',
            '--maxmemory-policy',
            'noeviction',
          ],
          { stdio: ['ignore', log, log] },
        ),
      );
      fs.closeSync(log);
    }
    for (const port of ports) await waitForPort(port, 10_000, `redis-server :${port}`);
    const create = spawnSync(redisCli, ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], {
      encoding: 'utf8',
    });
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`);
    const until = Date.now() + 20_000;
    for (;;) {
      const states = ports.map((p) => spawnSync(redisCli, ['-p', String(p), 'cluster', 'info'], { encoding: 'utf8' }).stdout ?? '');
      if (states.every((s) => s.includes('cluster_state:ok'))) break;
      if (Date.now() > until) throw new Error(`the cluster did not reach cluster_state:ok:\n${states.join('\n')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const clusterNodes = ports.map((p) => `127.0.0.1:${p}`).join(',');
    console.log(`  Redis Cluster of 3 masters on ${clusterNodes} (${dir})`);
    code = await runTests([...FILES, ...process.argv.slice(2)], {
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${ports[0]}`,
      REDIS_CLUSTER_NODES: clusterNodes,
    });
  } catch (err) {
    console.error(`test:redis-cluster: ${(err as Error).message}`);
    code = 1;
  } finally {
    await Promise.all(
      nodes.map(
        (node) =>
          new Promise((resolve) => {
            if (node.exitCode !== null) return resolve(undefined);
            node.once('exit', resolve);
            node.kill('SIGTERM');
          }),
      ),
    );
    await services.stop();
    if (code === 0) fs.rmSync(dir, { recursive: true, force: true });
    else console.error(`  the nodes' logs are kept in ${dir}`);
  }
  process.exit(code);
}

void main();
