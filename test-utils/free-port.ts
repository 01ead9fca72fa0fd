// Free loopback ports for the services and servers that test suites start.
import { createServer, type Server } from 'node:net';

function listenAny(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ server, port });
    });
  });
}

/**
 * `count` distinct free TCP ports on 127.0.0.1: the OS picks each while the probes before it
 * are still open, so no two are the same port; then all probes are closed again.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: { server: Server; port: number }[] = [];
  try {
    for (let i = 0; i < count; i++) probes.push(await listenAny());
    return probes.map((p) => p.port);
  } finally {
    await Promise.all(
      probes.map((p) => new Promise<void>((resolve) => p.server.close(() => resolve()))),
    );
  }
}

/** A free TCP port on 127.0.0.1 (the OS picks it; the probe server is closed again). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}
