import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (Postgres), for outage tests: `down()` drops every
 * connection and stops listening (new connections are refused, as a stopped server's are), `up()`
 * listens again on the same port, and `cutAfter(marker)` lets the next extended-protocol statement
 * holding `marker` (a prepared statement's name or text) reach the server up to its Sync, then drops the
 * client's side only: the server runs and commits the statement, and the client never hears back (a
 * commit whose answer was lost). Resolves once it has cut.
 */
export interface TcpProxy {
  port: number;
  down: () => Promise<void>;
  up: () => Promise<void>;
  cutAfter: (marker: string) => Promise<void>;
  close: () => Promise<void>;
}

/** The extended protocol's Sync message: the statement before it runs once the server reads it. */
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let cut: { marker: Buffer; done: () => void } | null = null;
  let server: net.Server | null = null;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };

  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(targetPort, targetHost);
    track(client);
    track(upstream);
    let clientCut = false;
    let armed = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (cut && chunk.includes(cut.marker)) armed = true;
      if (cut && armed && chunk.includes(SYNC)) {
        const { done } = cut;
        cut = null;
        clientCut = true;
        client.destroy();
        // The server's answer goes nowhere; its side closes once it has answered (it committed by then).
        upstream.once('data', () => setTimeout(() => upstream.destroy(), 50));
        done();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!clientCut) client.write(chunk);
    });
    client.on('close', () => {
      if (!clientCut) upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as net.AddressInfo).port);
      });
    });

  const port = await listen(0);
  const down = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    port,
    down,
    up: async () => {
      if (!server) await listen(port);
    },
    cutAfter: (marker) =>
      new Promise<void>((resolve) => {
        cut = { marker: Buffer.from(marker), done: resolve };
      }),
    close: down,
  };
}
