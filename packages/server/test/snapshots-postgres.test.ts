import pg from 'pg';
import { describe } from 'vitest';
import { createPostgresStorage } from '../src/index.js';
import { postgresAvailable, usePostgres } from './helpers/postgres-cluster.js';
import { describeSnapshotSuite } from './helpers/snapshot-suite.js';

const postgres = usePostgres('snapshots');

describe.skipIf(!postgresAvailable)('PostgreSQL (a throwaway cluster on loopback)', () => {
  describeSnapshotSuite(
    'PostgreSQL',
    (snapshotEvery) =>
      createPostgresStorage({ connection: postgres.url, poolSize: 2, snapshotEvery }),
    async (sql, params) => {
      let n = 0;
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        await client.query(
          sql.replace(/\?/g, () => `$${String(++n)}`),
          [...params],
        );
      } finally {
        await client.end();
      }
    },
  );
});
