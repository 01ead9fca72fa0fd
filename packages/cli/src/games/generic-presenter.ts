import type { AnyGame, BoardBlock, GamePresenter, GameView } from '@ruleloom/core';

/** The most characters of one board line. */
const MAX_LINE = 200;
/** How deep a preview goes into nested arrays and objects before it writes `…`. */
const MAX_DEPTH = 8;

/**
 * The start of a value's JSON, never longer than `limit` characters (`…` marks a cut): it
 * stops walking the value once the limit is reached, so a view with a million-card deck costs
 * as much as one with ten cards.
 */
export function jsonPreview(value: unknown, limit: number): string {
  let out = '';
  const write = (text: string): boolean => {
    out += text;
    return out.length <= limit;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v === 'boolean' || typeof v === 'number') {
      return write(typeof v === 'number' && !Number.isFinite(v) ? 'null' : String(v));
    }
    if (typeof v === 'string') {
      return write(JSON.stringify(v.length > limit ? v.slice(0, limit + 1) : v));
    }
    if (typeof v !== 'object') return write('null');
    if (depth >= MAX_DEPTH) return write('…');
    if (Array.isArray(v)) {
      if (!write('[')) return false;
      for (let i = 0; i < v.length; i++) {
        if (i > 0 && !write(',')) return false;
        if (!walk(v[i], depth + 1)) return false;
      }
      return write(']');
    }
    if (!write('{')) return false;
    let first = true;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      const item = (v as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function') continue;
      if (!first && !write(',')) return false;
      first = false;
      if (!write(`${JSON.stringify(key.length > limit ? key.slice(0, limit + 1) : key)}:`)) {
        return false;
      }
      if (!walk(item, depth + 1)) return false;
    }
    return write('}');
  };
  return walk(value, 0) ? out : `${out.slice(0, limit - 1)}…`;
}

/**
 * The presenter of a kit that brings none: seats by number, scores as numbers, the view's
 * fields as the board (one line each, at most 200 characters), and the engine's own
 * descriptions of actions and events.
 * @public
 */
export function genericPresenter(game: AnyGame): GamePresenter {
  return {
    gameId: game.id,
    summary: [`${game.name}: ${String(game.players.min)}-${String(game.players.max)} players.`],
    seatLabel: (seat) => `Seat ${String(seat + 1)}`,
    formatScore: (score) => String(score),
    renderBoard: (view: GameView): readonly BoardBlock[] =>
      Object.entries(view).map(([key, value]) => {
        const head = `${key.length > 60 ? `${key.slice(0, 59)}…` : key}: `;
        return { type: 'line' as const, text: head + jsonPreview(value, MAX_LINE - head.length) };
      }),
    narrateEvent: () => undefined,
  };
}
