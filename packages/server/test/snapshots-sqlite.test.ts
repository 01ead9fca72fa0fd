import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { createSqliteStorage } from '../src/index.js';
import { describeSnapshotSuite } from './helpers/snapshot-suite.js';

const file = join(mkdtempSync(join(tmpdir(), 'ruleloom-snapshots-')), 'snapshots.sqlite');

describeSnapshotSuite(
  'SQLite',
  (snapshotEvery) => createSqliteStorage({ file, snapshotEvery }),
  (sql, params) => {
    const db = new Database(file);
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
    return Promise.resolve();
  },
);
