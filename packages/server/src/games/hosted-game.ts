import { isGame, isGameKit, type AnyGame, type GameKit, type OptionSpec } from '@ruleloom/core';
import type { ModuleRef } from '@ruleloom/bots';

/**
 * A game the server hosts, by id: a shipped game, or a variant the server registers with
 * options fixed by the server (secret ones such as `deckOrder` allowed) and its own rules
 * (a `defineVariant` game with card overrides). Clients only pick public options.
 * @public
 */
export interface HostedGame {
  /** The id clients create matches with (default: the game's id). */
  readonly id?: string;
  /** The game (or a variant built with `defineVariant`). */
  readonly game: AnyGame;
  /** Options fixed by the server: clients cannot set or see them. */
  readonly options?: Readonly<Record<string, unknown>>;
  /**
   * Where bot worker threads import the game, or its kit, from (for example
   * `{ module: '@ruleloom/st-augustine/kit', export: 'stAugustineKit' }`: bots then take the
   * kit's settings and its heuristic built from each match's rules). Without it the game has no
   * bots.
   */
  readonly module?: ModuleRef;
  /** The game's heuristic, for `greedy` bots. */
  readonly heuristic?: ModuleRef;
}

/** A hosted game with its id resolved. */
export interface ResolvedGame extends HostedGame {
  readonly id: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** Builds the game table (a Map: no prototype lookups on ids such as `constructor`). */
export function resolveGames(
  games: readonly (AnyGame | HostedGame | GameKit)[],
): ReadonlyMap<string, ResolvedGame> {
  const table = new Map<string, ResolvedGame>();
  for (const entry of games) {
    const hosted: HostedGame = isGame(entry)
      ? { game: entry }
      : isGameKit(entry)
        ? { game: entry.game }
        : entry;
    const id = hosted.id ?? (hosted.game as { id: string }).id;
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(id))
      throw new RangeError(`hosted game id '${id}' must be kebab-case`);
    if (table.has(id)) throw new RangeError(`two hosted games have the id '${id}'`);
    table.set(id, { ...hosted, id, options: hosted.options ?? {} });
  }
  return table;
}

/**
 * Checks the options a client asks for: only declared, non-secret integer, enum and
 * boolean options that the hosted game does not fix. Returns the problems (empty when fine).
 */
export function checkClientOptions(
  hosted: ResolvedGame,
  options: Readonly<Record<string, unknown>>,
): string[] {
  const declared = (hosted.game as { options: Readonly<Record<string, OptionSpec>> }).options;
  const problems: string[] = [];
  for (const key of Object.keys(options)) {
    const name = key.length > 40 ? `${key.slice(0, 40)}...` : key;
    const spec = Object.hasOwn(declared, key) ? declared[key] : undefined;
    if (spec === undefined) problems.push(`'${name}' is not an option of this game`);
    else if (spec.secret === true || spec.type === 'custom')
      problems.push(`'${name}' can only be set by a variant the server registers`);
    else if (Object.hasOwn(hosted.options, key))
      problems.push(`'${name}' is fixed by the server for '${hosted.id}'`);
  }
  return problems;
}
