import type { Engine } from '../run/engine.js';
import type { ActionHandler } from '../define/types.js';

type AnyHandler = ActionHandler<unknown, never, unknown, never>;

/**
 * Where an action handler's optional `count` disagrees with the length of its `enumerate` for
 * a seat (the engine trusts `count` to spot forced decisions), or `undefined` if all agree.
 */
export function countMismatch(engine: Engine, game: unknown, seat: number): string | undefined {
  const handlers = engine.game.actions as unknown as Readonly<Record<string, AnyHandler>>;
  for (const type of Object.keys(handlers).sort()) {
    const handler = handlers[type]!;
    if (handler.count === undefined) continue;
    const counted = handler.count(game, seat, engine as never);
    const listed = handler.enumerate(game, seat, engine as never).length;
    if (counted !== listed)
      return `the '${type}' handler's count gives ${String(counted)} for seat ${String(seat)} but its enumerate lists ${String(listed)} actions`;
  }
  return undefined;
}
