// libsql has better-sqlite3's API and ships prebuilt binaries as npm packages: no compiler.
import Database from 'libsql';
import type { SavedMatch } from '@ruleloom/core';

/** One stored match: its save (setup, actions, hash) and the seat tokens. */
export interface StoredMatch {
  readonly id: string;
  readonly game: string;
  readonly tokens: readonly string[];
  readonly save: SavedMatch;
  readonly over: boolean;
}

interface Row {
  id: string;
  game: string;
  tokens: string;
  save: string;
  over: number;
}

/**
 * Saves in SQLite: one row per match, rewritten after every accepted action. A save is small
 * (setup + actions + hash) and `restoreMatch` rebuilds the exact state from it.
 */
export class SaveStore {
  private readonly db: Database.Database;
  private readonly upsert: Database.Statement<[string, string, string, string, number]>;
  private readonly byId: Database.Statement<[string]>;
  private readonly open: Database.Statement<[]>;

  /** `file` is a path, or `':memory:'` for a throwaway store. */
  constructor(file: string) {
    this.db = new Database(file);
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS matches (
      id TEXT PRIMARY KEY,
      game TEXT NOT NULL,
      tokens TEXT NOT NULL,
      save TEXT NOT NULL,
      over INTEGER NOT NULL
    )`);
    this.upsert = this.db.prepare(
      `INSERT INTO matches (id, game, tokens, save, over) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET save = excluded.save, over = excluded.over`,
    );
    this.byId = this.db.prepare<[string]>('SELECT * FROM matches WHERE id = ?');
    this.open = this.db.prepare<[]>('SELECT * FROM matches WHERE over = 0');
  }

  /** Inserts or updates a match's save. */
  put(match: StoredMatch): void {
    this.upsert.run(
      match.id,
      match.game,
      JSON.stringify(match.tokens),
      JSON.stringify(match.save),
      match.over ? 1 : 0,
    );
  }

  /** A stored match, or undefined. */
  get(id: string): StoredMatch | undefined {
    // Rows of our own table (libsql adds a `_metadata` field that fromRow ignores).
    const row = this.byId.get(id) as Row | undefined;
    return row === undefined ? undefined : fromRow(row);
  }

  /** Every match that has not ended (to resume them after a restart). */
  unfinished(): StoredMatch[] {
    return (this.open.all() as Row[]).map(fromRow);
  }

  close(): void {
    this.db.close();
  }
}

function fromRow(row: Row): StoredMatch {
  return {
    id: row.id,
    game: row.game,
    tokens: JSON.parse(row.tokens) as string[],
    save: JSON.parse(row.save) as SavedMatch,
    over: row.over === 1,
  };
}
