import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage } from '../src/index.js';
import { describeStorageSuite } from './helpers/storage-suite.js';

// One real file per suite run (one process per file: a second handle is refused, see
// sqlite-file-safety.test.ts).
const dir = mkdtempSync(join(tmpdir(), 'ruleloom-sqlite-suite-'));
describeStorageSuite(
  'SQLite (libsql, WAL)',
  () => Promise.resolve(createSqliteStorage({ file: join(dir, 'suite.sqlite') })),
  { handles: 1 },
);
