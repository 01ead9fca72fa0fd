import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createSqliteStorage } from '../src/index.js';
import {
  describeOpenMatches,
  describeOpenMatchesRate,
  openMatchesServer,
  steppingClock,
  type OpenMatchesRig,
} from './helpers/open-matches-suite.js';

/** One server on a SQLite file (or SQLite in memory); both URLs are the same process. */
async function sqliteRig(
  file: 'file' | ':memory:',
  limits: Parameters<typeof openMatchesServer>[2] = {},
): Promise<OpenMatchesRig> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-open-matches-'));
  const storage = createSqliteStorage({
    file: file === 'file' ? join(dir, 'matches.sqlite') : ':memory:',
  });
  const { server, url } = await openMatchesServer(storage, steppingClock(), limits);
  return {
    urlA: url,
    urlB: url,
    storage,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeOpenMatches('SQLite file', () => sqliteRig('file'));
describeOpenMatches('SQLite in memory', () => sqliteRig(':memory:'));

describe('open matches: rate limit (SQLite)', () => {
  describeOpenMatchesRate(() => sqliteRig('file', { messageBurst: 3, messagesPerSecond: 1 }));
});
