import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { createSqliteStorage } from '../src/index.js';
import { describeChatStorageSuite } from './helpers/chat-storage-suite.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-chat-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

describe('SQLite', () => {
  describeChatStorageSuite(
    'SQLite file (libsql)',
    () => Promise.resolve(createSqliteStorage({ file: join(dir, `chat-${String(++n)}.sqlite`) })),
    { handles: 1 },
  );
  describeChatStorageSuite(
    'SQLite in memory',
    () => Promise.resolve(createSqliteStorage({ file: ':memory:' })),
    { handles: 1 },
  );
});
