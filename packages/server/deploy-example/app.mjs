/* global process, console */
// Your own Fastify app with the Ruleloom server mounted under /ruleloom, on PostgreSQL.
// Usage: DATABASE_URL=postgres://... RULELOOM_SECRET=... PORT=8090 node app.mjs
import Fastify from 'fastify';
import { createPostgresStorage, ruleloomServer } from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';

const app = Fastify({ trustProxy: '127.0.0.1' });
app.get('/', () => ({ site: 'my site' }));
await app.register(ruleloomServer, {
  prefix: '/ruleloom', // /ruleloom/play, /ruleloom/matches, /ruleloom/health, ...
  games: [stAugustine],
  storage: createPostgresStorage({ connection: process.env.DATABASE_URL }),
  secret: process.env.RULELOOM_SECRET,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close());
const address = await app.listen({ port: Number(process.env.PORT ?? 8090), host: '127.0.0.1' });
console.log(`app on ${address}`);
