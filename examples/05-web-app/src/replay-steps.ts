import {
  createMatch,
  restoreMatch,
  type AnyGame,
  type GameView,
  type LogEntry,
} from '@ruleloom/core';
import { GAMES } from './games.js';

/** A viewer of a replay: a seat or the spectator. */
export type Viewer = number | 'spectator';

/** A verified replay: every step's view for every viewer, and what each step revealed. */
export interface Replay {
  readonly game: AnyGame;
  readonly players: number;
  /** The match's setup (players and options), for the game's presenter. */
  readonly setup: { readonly players: number; readonly options: Readonly<Record<string, unknown>> };
  /** Step 0 is the setup; step k follows the k-th action. */
  readonly steps: number;
  view(step: number, viewer: Viewer): GameView;
  /** The log up to a step, redacted for the viewer. */
  log(step: number, viewer: Viewer): readonly LogEntry[];
  /** The values the step made visible to the viewer that were hidden from it before (card ids…). */
  revealed(step: number, viewer: Viewer): readonly string[];
  readonly scores: readonly number[] | null;
}

function leaves(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/** Finds the save in a file: a save itself, a tournament game record (`saved`), or a tournament result (its first game). */
export function findSave(value: unknown): unknown {
  const v = value as { saved?: unknown; games?: unknown; save?: unknown } | null;
  if (v === null || typeof v !== 'object') return value;
  if (typeof v.saved === 'object' && v.saved !== null) return v.saved;
  if (typeof v.save === 'object' && v.save !== null) return v.save;
  if (Array.isArray(v.games) && v.games.length > 0) return findSave(v.games[0]);
  return value;
}

/**
 * Reads a save file's text, verifies it with core's `restoreMatch` (game id, rules version,
 * every action replayed, the hash; never throws), and precomputes its steps.
 */
export function loadReplay(
  text: string,
): { ok: true; replay: Replay } | { ok: false; error: { code: string; message: string } } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: 'invalid_save', message: 'the file is not JSON' } };
  }
  const save = findSave(json);
  const id = (save as { game?: unknown } | null)?.game;
  const entry = GAMES.find((g) => g.id === id);
  if (entry === undefined)
    return {
      ok: false,
      error: {
        code: 'unknown_game',
        message: `the save is not of a game this app knows (${GAMES.map((g) => g.id).join(', ')})`,
      },
    };
  const restored = restoreMatch(entry.game, save);
  if (!restored.ok) return { ok: false, error: restored.error };
  const final = restored.match;
  const players = final.setup.players;
  const viewers: Viewer[] = ['spectator', ...Array.from({ length: players }, (_, s) => s)];
  const views: Map<Viewer, GameView>[] = [];
  const hidden: Map<Viewer, Set<string>>[] = [];
  const m = createMatch(entry.game, final.setup);
  const record = () => {
    const state = leaves(m.state, new Set());
    const step = new Map<Viewer, GameView>();
    const notSeen = new Map<Viewer, Set<string>>();
    for (const v of viewers) {
      const view = m.view(v);
      step.set(v, view);
      const seen = leaves(view, new Set());
      notSeen.set(v, new Set([...state].filter((x) => !seen.has(x))));
    }
    views.push(step);
    hidden.push(notSeen);
  };
  record();
  for (const a of final.actions) {
    m.apply(a.seat, a.action);
    record();
  }
  const logs = new Map(viewers.map((v) => [v, final.logFor(v)]));
  const clamp = (step: number) => Math.max(0, Math.min(views.length - 1, step));
  return {
    ok: true,
    replay: {
      game: entry.game,
      players,
      setup: { players, options: final.setup.options ?? {} },
      steps: views.length - 1,
      view: (step, viewer) => views[clamp(step)]!.get(viewer)!,
      log: (step, viewer) => (logs.get(viewer) ?? []).slice(0, clamp(step) + 1),
      revealed: (step, viewer) => {
        const k = clamp(step);
        if (k === 0) return [];
        const before = hidden[k - 1]!.get(viewer)!;
        const seen = leaves(views[k]!.get(viewer), new Set());
        return [...before].filter((x) => seen.has(x));
      },
      scores: final.result?.scores ?? null,
    },
  };
}
