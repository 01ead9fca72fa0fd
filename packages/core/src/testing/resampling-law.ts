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
import { fieldHidden, hiddenFrom } from '../view/view.js';
import { forEachZoneHolder } from '../zones/zone.js';
import {
  another,
  choose,
  copiesOfOneCard,
  FIX,
  short,
  who,
  zoneOfShuffle,
  type Viewer,
} from './information-laws.js';
import { firstDifference } from './difference.js';
import { assertProperty, type Law } from './law.js';
import type { BotInputOf } from './trust-laws.js';
import type { Walk } from './walk.js';

type AnyEngine = Engine<unknown, ActionBase, unknown>;

/** Steps compared after a perturbed shuffle, at most (the histories usually part sooner). */
const MAX_COMPARED = 120;
/** Shuffles perturbed per walk and viewer (the first and some later ones), and tries each. */
const STARTS = 4;
const TRIES = 3;

/** One shuffle of a walk: the log entry it happened in, its rank in that entry, its outcome. */
interface ShuffleSeen {
  readonly entry: number;
  readonly ordinal: number;
  readonly zone: string;
  readonly items: readonly unknown[];
}

/**
 * What a viewer is declared to know at a state, as canonical JSON: the contents of every zone
 * it may see (card instance ids as their card definition: copies of one card are
 * interchangeable), every private field it may see, the cards it has been shown where they
 * are now (`ctx.reveal`), and the public consequences of secrets emitted by the step
 * (`ctx.emit(event, { consequence: true })`). Two histories whose knowledge differs have
 * legitimately parted for that viewer.
 */
export function declaredKnowledge(
  engine: AnyEngine,
  game: Game<unknown, ActionBase, unknown>,
  state: MatchState,
  viewer: Viewer,
  events: readonly GameEvent[],
  reveals: readonly (readonly [string, readonly number[] | 'everyone'])[] = [],
): string {
  const def = (id: unknown): unknown =>
    typeof id === 'string' ? (engine.cards.byInstance.get(id)?.id ?? id) : id;
  const zones: unknown[] = [];
  for (const zone of game.zones)
    forEachZoneHolder(state.game, zone.path, (holder, key, owner) => {
      if (hiddenFrom(zone, owner, viewer)) return;
      const content = holder[key];
      zones.push(Array.isArray(content) ? content.map(def) : def(content));
    });
  const fields: unknown[] = [];
  for (const field of game.privateFields ?? [])
    forEachZoneHolder(state.game, field.path, (holder, key, owner) => {
      if (!fieldHidden(field, owner, viewer, state.phase)) fields.push(holder[key] ?? null);
    });
  const known = (state as { known?: readonly KnownCard[] }).known;
  const shown =
    known === undefined
      ? []
      : known
          .filter((k) => viewer !== 'spectator' && k.seats.includes(viewer))
          .map((k) => [def(k.card), k.zone]);
  const consequences = events
    .filter((e) => (e as { consequence?: unknown }).consequence === true)
    .map((e) => redactEvent(e, viewer));
  // Cards shown in this step (a showdown followed by a reshuffle leaves no knowledge behind).
  const now = reveals
    .filter(([, to]) => to === 'everyone' || (viewer !== 'spectator' && to.includes(viewer)))
    .map(([card]) => def(card));
  return canonicalJson({ zones, fields, shown, consequences, now });
}

/** A card some seats have been shown, where it was then (see `ctx.reveal`). */
interface KnownCard {
  readonly card: string;
  readonly zone: string;
  readonly seats: readonly number[];
}

/**
 * Counts of what the law did: for its variety half, and for tests (see `onTally` of
 * {@link resamplingLaws}).
 */
export interface ResamplingTally {
  /** Hidden shuffles resampled (per viewer). */
  hiddenShuffles: number;
  /** Steps compared between a walk and a resampled history. */
  compared: number;
  /** Replays made (one per swap tried, relabelled copies included). */
  replays: number;
  /** Private draws the viewer may not see, redrawn in those replays. */
  redrawn: number;
  /**
   * Replays in which both a shuffle was swapped and a private draw redrawn before the
   * histories parted (or the walk ended): one history that differs in both.
   */
  combined: number;
}
type Tally = ResamplingTally;

/**
 * Replays a walk for one viewer with one hidden shuffle's outcome changed (two items of
 * different cards swapped) and, from that shuffle's log entry on, every private draw the
 * viewer may not see redrawn (a draw whose audience leaves it out): one history that differs
 * in both. Compares everything the viewer receives until the two histories legitimately part
 * (its declared knowledge differs, or an action is no longer legal). Returns the leak's
 * sentence, if any.
 */
function compareShuffled(
  game: Game<unknown, ActionBase, unknown>,
  walk: Walk,
  viewer: Viewer,
  base: {
    readonly actions: readonly { seat: number; action: ActionBase }[];
    readonly states: readonly MatchState[];
    readonly events: readonly (readonly GameEvent[])[];
    readonly reveals: readonly (readonly (readonly [string, readonly number[] | 'everyone'])[])[];
  },
  shuffle: ShuffleSeen,
  swap: readonly [number, number],
  botInput: BotInputOf<unknown, ActionBase, unknown, CardDefinition> | undefined,
  tally: Tally,
  relabels: readonly (readonly [string, string])[] = [],
): string | undefined {
  const real = new Engine(game, walk.setup);
  const other = new Engine(game, walk.setup);
  let seen = 0;
  let armed = false;
  tally.replays++;
  // The private draws the viewer may not see, redrawn from the shuffle's entry on (the same
  // values in every replay of this swap: relabelled copies compare like with like).
  const redrawRng = Rng.fromSeed(walk.seed ^ 0x3d7a ^ (shuffle.entry << 8) ^ shuffle.ordinal);
  const redrawnBy = new Set<string>();
  let redrawn = 0;
  let combined = false;
  other.setRedraw((value, min, max, audience) => {
    if (
      !armed ||
      max <= min ||
      audience === undefined ||
      (viewer !== 'spectator' && audience.includes(viewer))
    )
      return value;
    redrawn++;
    tally.redrawn++;
    redrawnBy.add(
      audience.length === 0 ? 'nobody' : audience.map((x) => `seat ${String(x)}`).join('+'),
    );
    return another(value, min, max, redrawRng);
  });
  other.setShuffleHook((items) => {
    if (!armed || seen++ !== shuffle.ordinal) return items;
    const out = items.slice();
    out[swap[0]] = items[swap[1]];
    out[swap[1]] = items[swap[0]];
    // Copies of one card relabelled too (see `relabelled`): an outcome just as likely.
    for (const [x, y] of relabels) {
      const i = out.indexOf(x);
      const j = out.indexOf(y);
      if (i >= 0 && j >= 0) {
        out[i] = y;
        out[j] = x;
      }
    }
    return out;
  });
  const a0 = swap[0];
  const b0 = swap[1];
  const what = (): string =>
    `the '${shuffle.zone}' shuffle of log entry ${String(shuffle.entry)}${shuffle.entry === 0 ? ' (setup)' : ''}, with ${short(shuffle.items[a0])} and ${short(shuffle.items[b0])} swapped${redrawnBy.size === 0 ? '' : `, and ${[...redrawnBy].map((x) => `the private draws of ${x}`).join(', ')} redrawn`}`;
  const leak = (where: string, path: string, x: unknown, y: unknown, fix: string): string =>
    `${who(viewer)} can tell apart two histories that differ only in a hidden shuffle it may not see (${what()}): ${where}${path === '' ? '' : ` at '${path}'`} is ${short(x)} in one and ${short(y)} in the other. Fix: ${fix}.`;
  const viewFix = (path: string, x: unknown, y: unknown): string =>
    copiesOfOneCard(x, y)
      ? FIX.copies
      : `${FIX.view(path)}; if the rules show it to this viewer, declare the reveal (ctx.reveal(card, { to: seat })) or, for a public result of a secret, the consequence (ctx.emit(event, { consequence: true }))`;
  /**
   * A difference only in which copy of one card (`card-4#1` against `card-4#2`) is a leak only
   * if no outcome of the shuffle that also trades those two copies makes the histories alike:
   * in an honest game copies are dealt from the shuffle, so the trade gives an equally likely
   * history (a game that numbers copies in deal order stays told apart).
   */
  const relabelled = (x: unknown, y: unknown, found: string): string | undefined => {
    if (
      !copiesOfOneCard(x, y) ||
      relabels.length >= 4 ||
      relabels.some(([p, q]) => (p === x && q === y) || (p === y && q === x))
    )
      return found;
    return compareShuffled(game, walk, viewer, base, shuffle, swap, botInput, tally, [
      ...relabels,
      [x as string, y as string],
    ]);
  };
  const logFix = `${FIX.log}; if the rules show the card to this seat, declare it with ctx.reveal(card, { to: seat }); a public result of a secret (a right guess) is declared with ctx.emit(event, { consequence: true })`;

  // Both histories from the entry of the shuffle on; before it they are the same.
  let a: MatchState;
  let b: MatchState;
  let eventsB: readonly GameEvent[];
  let revealsB: readonly (readonly [string, readonly number[] | 'everyone'])[];
  const start = shuffle.entry;
  armed = true;
  if (start === 0) {
    const initial = other.initialState(walk.seed);
    b = initial.state;
    eventsB = initial.events;
    revealsB = other.lastReveals();
  } else {
    const step = base.actions[start - 1] as { seat: number; action: ActionBase };
    const r = other.apply(base.states[start - 1] as MatchState, step.seat, step.action);
    if (!r.ok) return undefined;
    b = r.state;
    eventsB = r.events;
    revealsB = other.lastReveals();
  }
  a = base.states[start] as MatchState;
  let eventsA = base.events[start] as readonly GameEvent[];
  let revealsA = base.reveals[start] ?? [];
  for (let entry = start; ;) {
    const kA = declaredKnowledge(real, game, a, viewer, eventsA, revealsA);
    const kB = declaredKnowledge(other, game, b, viewer, eventsB, revealsB);
    if (kA !== kB) return undefined;
    tally.compared++;
    if (redrawn > 0 && !combined) {
      combined = true;
      tally.combined++;
    }
    const actor = entry === 0 ? null : (base.actions[entry - 1] as { seat: number }).seat;
    const logA = eventsA.map((e) => redactEvent(e, viewer));
    const logB = eventsB.map((e) => redactEvent(e, viewer));
    const log = firstDifference(logA, logB);
    if (log !== undefined) {
      const index = Number(log.path.split('.')[0]);
      const event = logA[index] ?? logB[index];
      const action = entry === 0 ? undefined : base.actions[entry - 1]?.action.type;
      return relabelled(
        log.a,
        log.b,
        leak(
          `its log, entry ${String(entry)}${actor === null ? ' (setup)' : ` (after seat ${String(actor)}'s '${String(action)}')`}, event ${String(index)} ('${String(event?.type)}')`,
          log.path.split('.').slice(1).join('.'),
          log.a,
          log.b,
          copiesOfOneCard(log.a, log.b) ? FIX.copies : logFix,
        ),
      );
    }
    const viewA = real.view(a, viewer);
    const viewB = other.view(b, viewer);
    const view = firstDifference(viewA, viewB);
    if (view !== undefined)
      return relabelled(
        view.a,
        view.b,
        leak('its view', view.path, view.a, view.b, viewFix(view.path, view.a, view.b)),
      );
    const toAct = firstDifference(real.toAct(a), other.toAct(b));
    if (toAct !== undefined) return leak('who is to act', toAct.path, toAct.a, toAct.b, FIX.toAct);
    if (viewer !== 'spectator') {
      const legal = firstDifference(real.legalActions(a, viewer), other.legalActions(b, viewer));
      if (legal !== undefined)
        return leak('its legal actions', legal.path, legal.a, legal.b, FIX.legal);
      if (game.observation !== undefined) {
        const encA = encodeObservation(game.observation, viewA, viewer);
        const encB = encodeObservation(game.observation, viewB, viewer);
        for (let i = 0; i < encA.length; i++)
          if (!Object.is(encA[i], encB[i]))
            return leak('its observation', `entry ${String(i)}`, encA[i], encB[i], FIX.observation);
      }
      if (botInput !== undefined && real.toAct(a).includes(viewer)) {
        const input = firstDifference(
          JSON.parse(canonicalJson(botInput(real, a, viewer, walk.seed))) as unknown,
          JSON.parse(canonicalJson(botInput(other, b, viewer, walk.seed))) as unknown,
        );
        if (input !== undefined)
          return leak('its bot input', input.path, input.a, input.b, FIX.bot);
      }
    }
    if (entry >= base.actions.length || entry - start >= MAX_COMPARED) return undefined;
    if (real.isOver(a) || other.isOver(b)) return undefined;
    const { seat, action } = base.actions[entry] as { seat: number; action: ActionBase };
    entry++;
    const rb = other.apply(b, seat, action);
    // An action the other history does not allow: the histories part there.
    if (!rb.ok) return undefined;
    a = base.states[entry] as MatchState;
    eventsA = base.events[entry] as readonly GameEvent[];
    b = rb.state;
    eventsB = rb.events;
    revealsB = other.lastReveals();
    revealsA = base.reveals[entry] ?? [];
  }
}

/**
 * The resampling law: for every seat and the spectator, a hidden shuffle (of a zone the viewer
 * may not see) is given another outcome — two items of different cards swapped, from the
 * first shuffle and from later ones — and the walk is replayed with, from that shuffle on,
 * every private draw the viewer may not see redrawn too (one history that differs in both:
 * conservation holds, since a swap and a redraw give outcomes the game gives as often). Until the viewer's declared
 * knowledge differs between the two histories (see {@link declaredKnowledge}) or an action is
 * no longer legal, its view, redacted log, `toAct`, legal actions, observation and bot input
 * must be byte-equal. Its variety half fails when a game shuffles hidden zones but the law
 * never compared two different histories. `onTally`, for tests, receives what a passing run
 * did (see {@link ResamplingTally}).
 */
export function resamplingLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  gameIn: Game<TState, TAction, TOptions, TCard>,
  walks: fc.Arbitrary<Walk>,
  params: fc.Parameters<[Walk]>,
  maxActions: number,
  botInputIn?: BotInputOf<TState, TAction, TOptions, TCard>,
  onTally?: (tally: ResamplingTally) => void,
): Law[] {
  const game = gameIn as unknown as Game<unknown, ActionBase, unknown>;
  const botInput = botInputIn as unknown as
    BotInputOf<unknown, ActionBase, unknown, CardDefinition> | undefined;
  const check = (tally: Tally) => (walk: Walk) => {
    const engine = new Engine(game, walk.setup);
    const shuffles: ShuffleSeen[] = [];
    let entry = 0;
    let ordinal = 0;
    engine.setShuffleHook((items, zone) => {
      shuffles.push({ entry, ordinal: ordinal++, zone, items: items.slice() });
      return items;
    });
    const initial = engine.initialState(walk.seed);
    const states: MatchState[] = [initial.state];
    const events: (readonly GameEvent[])[] = [initial.events];
    const reveals = [engine.lastReveals()];
    const actions: { seat: number; action: ActionBase }[] = [];
    const rng = Rng.fromSeed(walk.seed);
    let state = initial.state;
    for (let i = 0; !engine.isOver(state) && i < maxActions; i++) {
      const step = choose(engine, state, walk, i, rng);
      entry = i + 1;
      ordinal = 0;
      const r = engine.apply(state, step.seat, step.action);
      if (!r.ok) return;
      actions.push(step);
      state = r.state;
      states.push(state);
      events.push(r.events);
      reveals.push(engine.lastReveals());
    }
    engine.setShuffleHook(null);
    const def = (x: unknown): unknown =>
      typeof x === 'string' ? (engine.cards.byInstance.get(x)?.id ?? x) : x;
    const pickRng = Rng.fromSeed(walk.seed ^ 0x5a17);
    const viewers: Viewer[] = [...Array.from({ length: engine.players }, (_, s) => s), 'spectator'];
    for (const viewer of viewers) {
      // The hidden shuffles for this viewer with at least two different cards.
      const hidden = shuffles.filter((s) => {
        const found = zoneOfShuffle(game.zones, s.zone);
        if (found === undefined || !hiddenFrom(found.zone, found.owner, viewer)) return false;
        const first = def(s.items[0]);
        return s.items.some((x) => def(x) !== first);
      });
      if (hidden.length === 0) continue;
      tally.hiddenShuffles += hidden.length;
      const starts = [hidden[0] as ShuffleSeen];
      for (let n = 1; n < STARTS && n < hidden.length; n++)
        starts.push(hidden[pickRng.int(1, hidden.length - 1)] as ShuffleSeen);
      for (const shuffle of starts)
        for (let t = 0; t < TRIES; t++) {
          const size = shuffle.items.length;
          let i = pickRng.int(0, size - 1);
          let j = pickRng.int(0, size - 1);
          for (
            let guard = 0;
            guard < 20 && def(shuffle.items[i]) === def(shuffle.items[j]);
            guard++
          ) {
            i = pickRng.int(0, size - 1);
            j = pickRng.int(0, size - 1);
          }
          if (def(shuffle.items[i]) === def(shuffle.items[j])) continue;
          const found = compareShuffled(
            game,
            walk,
            viewer,
            { actions, states, events, reveals },
            shuffle,
            [i, j],
            botInput,
            tally,
          );
          if (found !== undefined) throw new Error(found);
        }
    }
  };
  return [
    {
      name: `${gameIn.id}: no seat or spectator can tell apart histories whose hidden shuffles differ, beyond what it is declared to learn`,
      run: () => {
        const tally: Tally = {
          hiddenShuffles: 0,
          compared: 0,
          replays: 0,
          redrawn: 0,
          combined: 0,
        };
        assertProperty(walks, check(tally), params);
        onTally?.({ ...tally });
        if (tally.hiddenShuffles > 0 && tally.compared === 0)
          throw new Error(
            `the resampling law compared nothing: ${String(tally.hiddenShuffles)} hidden shuffles were resampled, but no resampled history was ever consistent with what a viewer is declared to know (every viewer's declared knowledge differed at once). Fix: shuffle only zones declared hidden whose order no seat sees, and declare what is shown (zones' visibility, ctx.reveal).`,
          );
      },
    },
  ];
}
