import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

const MAGIC = 'SQLite format 3\0';

/**
 * Checks a SQLite file's header against its size before anything opens it: a file that is
 * not SQLite, or whose tail was cut off (fewer bytes than the pages its header counts), is
 * described; a missing or empty file (a new database) and a sound one give undefined.
 */
export function checkSqliteFile(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const size = statSync(file).size;
  if (size === 0) return undefined;
  if (size < 100)
    return `${file} is ${String(size)} bytes long: too short for a SQLite database (cut off?)`;
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1', 0, 16) !== MAGIC) return `${file} is not a SQLite database`;
  // With a write-ahead log to replay (a process killed mid-checkpoint), the main file may be
  // shorter than its header says until SQLite recovers it: leave that to the integrity check.
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return undefined;
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    return `${file} has a damaged header (page size ${String(raw)})`;
  if (size % pageSize !== 0)
    return `${file} is cut off: ${String(size)} bytes is not a whole number of ${String(pageSize)}-byte pages`;
  // The page count in the header is valid when its change counter matches "version valid for".
  const pages = header.readUInt32BE(28);
  if (pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92) && size < pages * pageSize)
    return `${file} is cut off: its header counts ${String(pages)} pages (${String(pages * pageSize)} bytes) but the file has ${String(size)} bytes`;
  return undefined;
}
