import type fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import type { Game } from '../define/game.js';
import { redactEvent } from '../log/log.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import type { MatchState } from '../model/match-state.js';
import { encodeObservation } from '../observation/observation.js';
import { Rng } from '../rng/rng.js';
import { Engine } from '../run/engine.js';
import { canonicalJson } from '../util/canonical-json.js';
import { assertProperty, type Law } from './law.js';
import type { BotInputOf } from './trust-laws.js';
import type { Walk } from './walk.js';

type Viewer = number | 'spectator';

/** Where a viewer's two histories first differ, with a sentence for people. */
interface Leak {
  readonly message: string;
}

/** The first place two JSON values differ: a dotted path and both values (short). */
function firstDifference(
  a: unknown,
  b: unknown,
  path = '',
): { path: string; a: unknown; b: unknown } | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return canonicalJson(a) === canonicalJson(b) ? undefined : { path, a, b };
  if (Array.isArray(a) !== Array.isArray(b)) return { path, a, b };
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      path === '' ? key : `${path}.${key}`,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

function short(value: unknown): string {
  const text = value === undefined ? 'absent' : canonicalJson(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function who(viewer: Viewer): string {
  return viewer === 'spectator' ? 'the spectator' : `seat ${String(viewer)}`;
}

/** Whether two values are copies of one interchangeable card (`face-3#1`, `face-3#2`). */
function copiesOfOneCard(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const at = a.lastIndexOf('#');
  return at > 0 && /^\d+$/.test(a.slice(at + 1)) && b.startsWith(a.slice(0, at + 1));
}

const FIX = {
  view: (path: string) =>
    `declare it private (privateFields: [{ path: '${path.replace(/\.\d+(?=\.|$)/g, '.*')}', visibility: 'owner' }]) or compute it only from what every seat may see`,
  copies: `holding one copy of an interchangeable card rather than another tells which copies others hold: deal copies into private zones only from a shuffled zone (the top card), never "the first copy"`,
  log: `give the event an audience (ctx.emit({ ..., audience: [seat] })) or draw with ctx.random.roll(dice, { audience: seat })`,
  legal: `a seat's legal actions may depend only on what it can see: check the hidden part in validate or resolve instead of leaving actions out`,
  toAct: 'who acts next may depend only on public information',
  observation: 'encode only the view given to encode',
  bot: "build a bot's input from its view and legal actions only",
};

/**
 * Plays one walk twice for a viewer: as is, and with every private draw the viewer may not
 * see redrawn and every secret choice of another seat replaced by another of its type; the
 * viewer's view, log, legal actions, observation and bot input must be byte-equal until a
 * declared reveal (a phase in a private field's `revealIn`). Returns the first leak.
 */
function compareHistories<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  walk: Walk,
  viewer: Viewer,
  maxActions: number,
  botInput: BotInputOf<TState, TAction, TOptions, TCard> | undefined,
): Leak | undefined {
  const real = new Engine(game, walk.setup);
  const other = new Engine(game, walk.setup);
  if (viewer !== 'spectator' && viewer >= real.players) return undefined;
  const redrawRng = Rng.fromSeed(walk.seed ^ 0x1f05);
  const redrawn = new Set<string>();
  other.setRedraw((value, min, max, audience) => {
    if (viewer !== 'spectator' && audience.includes(viewer)) return value;
    redrawn.add(
      audience.length === 0 ? 'nobody' : audience.map((s) => `seat ${String(s)}`).join('+'),
    );
    if (max <= min) return value;
    // Another value of the range: what the viewer saw allows it just as well.
    return min + ((value - min + 1 + redrawRng.int(0, max - min - 1)) % (max - min + 1));
  });
  const reveals = new Set<string>();
  for (const field of game.privateFields ?? [])
    for (const p of field.revealIn ?? []) reveals.add(p);
  const substituted = new Set<number>();
  const differs = (): string => {
    const parts = [...redrawn].map((s) => `the private draws of ${s}`);
    for (const s of substituted) parts.push(`the secret choices of seat ${String(s)}`);
    return parts.length === 0 ? 'nothing it may not know' : parts.join(', ');
  };
  const leak = (where: string, path: string, a: unknown, b: unknown, fix: string): Leak => ({
    message: `${who(viewer)} can tell apart two histories that differ only in what it may not know (${differs()}): ${where}${path === '' ? '' : ` at '${path}'`} is ${short(a)} in one and ${short(b)} in the other. Fix: ${fix}.`,
  });

  const compare = (
    a: MatchState<TState>,
    b: MatchState<TState>,
    eventsA: readonly GameEvent[],
    eventsB: readonly GameEvent[],
    entry: number,
    actionA: TAction | null,
    actionB: TAction | null,
    actor: number | null,
  ): Leak | undefined => {
    const shownA =
      actionA !== null && actor !== viewer && real.isSecretAction(actionA)
        ? { type: actionA.type }
        : actionA;
    const shownB =
      actionB !== null && actor !== viewer && other.isSecretAction(actionB)
        ? { type: actionB.type }
        : actionB;
    const act = firstDifference(shownA, shownB);
    if (act !== undefined)
      return leak(`the action of log entry ${String(entry)}`, act.path, act.a, act.b, FIX.log);
    const logA = eventsA.map((e) => redactEvent(e, viewer));
    const logB = eventsB.map((e) => redactEvent(e, viewer));
    const log = firstDifference(logA, logB);
    if (log !== undefined) {
      const index = Number(log.path.split('.')[0]);
      const event = logA[index] ?? logB[index];
      return leak(
        `its log, entry ${String(entry)}${actor === null ? ' (setup)' : ` (after seat ${String(actor)}'s '${String(actionA?.type)}')`}, event ${String(index)} ('${String(event?.type)}')`,
        log.path.split('.').slice(1).join('.'),
        log.a,
        log.b,
        FIX.log,
      );
    }
    const viewA = real.view(a, viewer);
    const viewB = other.view(b, viewer);
    const view = firstDifference(viewA, viewB);
    if (view !== undefined)
      return leak(
        'its view',
        view.path,
        view.a,
        view.b,
        copiesOfOneCard(view.a, view.b) ? FIX.copies : FIX.view(view.path),
      );
    const toAct = firstDifference(real.toAct(a), other.toAct(b));
    if (toAct !== undefined) return leak('who is to act', toAct.path, toAct.a, toAct.b, FIX.toAct);
    if (viewer === 'spectator') return undefined;
    const legal = firstDifference(real.legalActions(a, viewer), other.legalActions(b, viewer));
    if (legal !== undefined)
      return leak('its legal actions', legal.path, legal.a, legal.b, FIX.legal);
    const observation = game.observation;
    if (observation !== undefined) {
      const encA = encodeObservation(observation, viewA, viewer);
      const encB = encodeObservation(observation, viewB, viewer);
      for (let i = 0; i < encA.length; i++)
        if (!Object.is(encA[i], encB[i]))
          return leak(`its observation`, `entry ${String(i)}`, encA[i], encB[i], FIX.observation);
    }
    if (botInput !== undefined && real.toAct(a).includes(viewer)) {
      const input = firstDifference(
        JSON.parse(canonicalJson(botInput(real, a, viewer, walk.seed))) as unknown,
        JSON.parse(canonicalJson(botInput(other, b, viewer, walk.seed))) as unknown,
      );
      if (input !== undefined) return leak('its bot input', input.path, input.a, input.b, FIX.bot);
    }
    return undefined;
  };

  const startA = real.initialState(walk.seed);
  const startB = other.initialState(walk.seed);
  if (reveals.has(startA.state.phase)) return undefined;
  let a = startA.state;
  let b = startB.state;
  const found = compare(a, b, startA.events, startB.events, 0, null, null, null);
  if (found !== undefined) return found;
  const rng = Rng.fromSeed(walk.seed);
  const pickRng = Rng.fromSeed(walk.seed ^ 0x5ec7);
  for (let i = 0; !real.isOver(a) && i < maxActions; i++) {
    const seats = real.toAct(a);
    const c = walk.choices[i];
    const seat = seats[c === undefined ? rng.int(0, seats.length - 1) : c % seats.length] as number;
    const legal = real.legalActions(a, seat);
    const action = legal[
      c === undefined ? rng.int(0, legal.length - 1) : Math.floor(c / seats.length) % legal.length
    ] as TAction;
    let actionB = action;
    if (seat !== viewer && real.isSecretAction(action)) {
      const same = other.legalActions(b, seat).filter((x) => x.type === action.type);
      if (same.length > 1) {
        actionB = pickRng.pick(same);
        substituted.add(seat);
      }
    }
    const ra = real.apply(a, seat, action);
    const rb = other.apply(b, seat, actionB);
    // A choice the other history cannot make: the histories part where the viewer sees it.
    if (!ra.ok || !rb.ok) return undefined;
    a = ra.state;
    b = rb.state;
    // A declared reveal: the viewer now sees what was redrawn; the histories stop being alike.
    if (reveals.has(a.phase) || reveals.has(b.phase)) return undefined;
    const step = compare(a, b, ra.events, rb.events, i + 1, action, actionB, seat);
    if (step !== undefined) return step;
  }
  return undefined;
}

/**
 * The information-set laws: for every seat (and for the spectator), histories that differ only
 * in what that viewer may not know — other seats' private draws (any draw naming an audience
 * without the viewer) and their secret choices — must look byte-equal to it: its view, its log,
 * who is to act, its legal actions, its observation features and its bot input.
 */
export function informationLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  walks: fc.Arbitrary<Walk>,
  params: fc.Parameters<[Walk]>,
  maxActions: number,
  botInput?: BotInputOf<TState, TAction, TOptions, TCard>,
): Law[] {
  const check = (viewers: (walk: Walk) => readonly Viewer[]) => (walk: Walk) => {
    for (const viewer of viewers(walk)) {
      const found = compareHistories(game, walk, viewer, maxActions, botInput);
      if (found !== undefined) throw new Error(found.message);
    }
  };
  return [
    {
      name: `${game.id}: no seat can tell apart histories that differ only in what it may not know (others' private draws and secret choices)`,
      run: () => {
        assertProperty(
          walks,
          check((walk) => Array.from({ length: walk.setup.players }, (_, s) => s)),
          params,
        );
      },
    },
    {
      name: `${game.id}: the spectator cannot tell apart histories that differ only in private draws and secret choices`,
      run: () => {
        assertProperty(
          walks,
          check(() => ['spectator']),
          params,
        );
      },
    },
  ];
}
