import type { Seed } from '@ruleloom/core';
import type { CompetitionSettings } from '../competition/competition-decider.js';
import type { BotSpec, ModuleRef } from '../specs.js';
import type { GameRecord } from '../tournament-types.js';
import type { WorkerEnvironment } from './environment.js';

/** A distributed tournament's settings as kept in Redis (what `--resume` and `--status` read). */
export interface StoredTournament {
  readonly format: 'ruleloom.tournament/1';
  readonly id: string;
  readonly game: ModuleRef;
  /** The variant's data, when the game is a variant of `game` (workers rebuild it). */
  readonly variant?: unknown;
  readonly bots: readonly BotSpec[];
  readonly names: readonly string[];
  readonly seed: Seed;
  readonly players: number;
  readonly games: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly maxDecisions: number;
  readonly competition?: CompetitionSettings;
}

/** What a worker returns for one game job. */
export interface GameJobResult {
  readonly record: GameRecord;
  readonly environment: WorkerEnvironment;
}

/** Parses a stored tournament (from Redis: checked, not trusted). */
export function parseStoredTournament(text: string | null, id: string): StoredTournament {
  if (text === null) throw new Error(`no tournament '${id}' in this Redis database`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`tournament '${id}' in Redis is not JSON`);
  }
  const t = value as Partial<StoredTournament> | null;
  if (
    t === null ||
    typeof t !== 'object' ||
    t.format !== 'ruleloom.tournament/1' ||
    typeof t.game?.module !== 'string' ||
    !Array.isArray(t.bots) ||
    typeof t.players !== 'number' ||
    typeof t.games !== 'number'
  )
    throw new Error(`tournament '${id}' in Redis is not a ruleloom.tournament/1 record`);
  return t as StoredTournament;
}

/** Parses a job's return value (BullMQ gives it parsed, or as JSON text in events). */
export function parseJobResult(value: unknown, index: number): GameJobResult | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  const r = v as Partial<GameJobResult> | null;
  if (r === null || typeof r !== 'object' || typeof r.record !== 'object' || r.record === null)
    return undefined;
  if (r.record.index !== index || typeof r.environment?.id !== 'string') return undefined;
  return r as GameJobResult;
}
