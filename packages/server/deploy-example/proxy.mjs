/* global process, console */
// A small reverse proxy for two (or more) `ruleloom serve` instances: HTTP and WebSocket
// upgrades, round robin, X-Forwarded-For added (the instances trust it with --trust-proxy).
// Usage: PROXY_PORT=8080 UPSTREAMS=http://127.0.0.1:8081,http://127.0.0.1:8082 node proxy.mjs
import { createServer } from 'node:http';
import httpProxy from 'http-proxy';

const upstreams = (process.env.UPSTREAMS ?? '').split(',').filter((u) => u !== '');
if (upstreams.length === 0) throw new Error('set UPSTREAMS to the instances, comma-separated');
const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true });
let next = 0;
const pick = () => upstreams[next++ % upstreams.length];

proxy.on('error', (error, _req, res) => {
  // An instance that is down: answer 502 (a client retries or reconnects elsewhere).
  if (res && 'writeHead' in res && !res.headersSent) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'bad_gateway', message: error.message } }));
  } else res?.destroy?.();
});

const server = createServer((req, res) => proxy.web(req, res, { target: pick() }));
server.on('upgrade', (req, socket, head) => proxy.ws(req, socket, head, { target: pick() }));
server.listen(Number(process.env.PROXY_PORT ?? 8080), '127.0.0.1', () =>
  console.log(
    `proxy on http://127.0.0.1:${String(server.address().port)} -> ${upstreams.join(' ')}`,
  ),
);
