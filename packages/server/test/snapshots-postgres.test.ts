import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createPostgresStorage } from '../src/index.js';
import {
  postgresAvailable,
  startPostgres,
  type PostgresCluster,
} from './helpers/postgres-cluster.js';
import { describeSnapshotSuite } from './helpers/snapshot-suite.js';

let cluster: PostgresCluster | undefined;
let url = '';
beforeAll(async () => {
  if (!postgresAvailable) return;
  cluster = await startPostgres();
  url = cluster.createDatabase('snapshots');
});
afterAll(() => cluster?.stop());

describe.skipIf(!postgresAvailable)('PostgreSQL (a throwaway cluster on loopback)', () => {
  describeSnapshotSuite(
    'PostgreSQL',
    (snapshotEvery) => createPostgresStorage({ connection: url, poolSize: 2, snapshotEvery }),
    async (sql, params) => {
      let n = 0;
      const client = new pg.Client({ connectionString: url });
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
