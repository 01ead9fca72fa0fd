import { describe } from 'vitest';
import { createPostgresStorage } from '../src/index.js';
import { postgresAvailable, usePostgres } from './helpers/postgres-cluster.js';
import {
  describeOpenMatches,
  openMatchesServer,
  steppingClock,
} from './helpers/open-matches-suite.js';

const postgres = usePostgres();

describe.skipIf(!postgresAvailable)('open matches on PostgreSQL', () => {
  // Two server processes' worth (two servers, two pools) on one database: matches are
  // created and listed on A, claimed and joined on B, and the other way round.
  describeOpenMatches('PostgreSQL, two instances', async () => {
    const db = postgres.createDatabase('open_matches');
    const now = steppingClock();
    const a = await openMatchesServer(createPostgresStorage({ connection: db, poolSize: 4 }), now);
    const b = await openMatchesServer(createPostgresStorage({ connection: db, poolSize: 4 }), now);
    const storage = createPostgresStorage({ connection: db, poolSize: 1 });
    await storage.init();
    return {
      urlA: a.url,
      urlB: b.url,
      storage,
      async stop() {
        await a.server.close();
        await b.server.close();
        await storage.close();
      },
    };
  });
});
