// A free loopback port for the services and servers that test suites start.
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (the OS picks it; the probe server is closed again). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
