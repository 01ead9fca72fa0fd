import { usageError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { parseBotList, type BotKind } from '../players/bot-kinds.js';
import { parseCount } from '../setup/parse-options.js';

/**
 * The seating flags of `ruleloom play` (see `PlayFlags`).
 * @public
 */
export interface SeatingFlags {
  readonly players?: string;
  readonly bots?: string;
  readonly seat?: string;
  readonly watch?: boolean;
}

/**
 * Who plays which seat: the human's seat (null when bots play alone) and one bot kind per
 * other seat, in seat order.
 * @public
 */
export interface Seating {
  readonly players: number;
  readonly human: number | null;
  readonly bots: readonly BotKind[];
}

/**
 * The `cli` field of a save written by `ruleloom play`: who played each seat (`human` or a
 * bot name), so `--resume` seats them again.
 * @public
 */
export interface SavedSeating {
  readonly seats: readonly string[];
}

/** The bot used for seats when `--bots` is not given: greedy when the game has a heuristic. */
function defaultBot(cliGame: CliGame): string {
  return cliGame.heuristic === undefined ? 'random' : 'greedy';
}

/**
 * Seats a new game from the flags: the player count, the human's seat and the bots.
 * Throws a usage error for lists that do not fit.
 * @public
 */
export function planSeats(cliGame: CliGame, flags: SeatingFlags, fixedPlayers?: number): Seating {
  const watch = flags.watch === true;
  const listed = flags.bots === undefined ? undefined : parseBotList(flags.bots, cliGame);
  const players =
    fixedPlayers ??
    (flags.players !== undefined
      ? parseCount('--players', flags.players)
      : listed !== undefined && listed.length > 1
        ? listed.length + (watch ? 0 : 1)
        : cliGame.defaultPlayers);
  const botSeats = watch ? players : players - 1;
  const kinds = listed ?? parseBotList(defaultBot(cliGame), cliGame);
  let bots: BotKind[];
  if (kinds.length === 1) bots = Array.from({ length: botSeats }, () => kinds[0] as BotKind);
  else if (kinds.length === botSeats) bots = kinds;
  else {
    throw usageError(
      `--bots lists ${String(kinds.length)} bots but ${String(players)} players leave ${String(botSeats)} bot seat${botSeats === 1 ? '' : 's'} (give one bot name for all of them, or exactly ${String(botSeats)})`,
    );
  }
  let human: number | null = null;
  if (!watch) {
    human = flags.seat === undefined ? 0 : parseCount('--seat', flags.seat, 0);
    if (human >= players)
      throw usageError(`--seat must be from 0 to ${String(players - 1)}, got ${String(human)}`);
  }
  return { players, human, bots };
}

/**
 * The seating of a resumed game: the save's own (its `cli.seats`) unless `--bots`, `--seat`
 * or `--watch` say otherwise; a save without one is seated from the flags.
 * @public
 */
export function resumeSeats(
  cliGame: CliGame,
  flags: SeatingFlags,
  players: number,
  saved: unknown,
): Seating {
  const seats = (saved as { cli?: { seats?: unknown } } | null)?.cli?.seats;
  const usable =
    flags.bots === undefined &&
    flags.seat === undefined &&
    flags.watch !== true &&
    Array.isArray(seats) &&
    seats.length === players &&
    seats.every((s): s is string => typeof s === 'string') &&
    seats.filter((s) => s === 'human').length <= 1;
  if (!usable) return planSeats(cliGame, flags, players);
  const human = seats.indexOf('human');
  const botNames = seats.filter((s) => s !== 'human');
  return {
    players,
    human: human < 0 ? null : human,
    bots: botNames.length === 0 ? [] : parseBotList(botNames.join(','), cliGame),
  };
}

/**
 * The `cli` field a save records for a seating.
 * @public
 */
export function savedSeating(seating: Seating): SavedSeating {
  const seats: string[] = [];
  let next = 0;
  for (let seat = 0; seat < seating.players; seat++) {
    seats.push(seat === seating.human ? 'human' : (seating.bots[next++]?.name ?? 'random'));
  }
  return { seats };
}
