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
import type { ZoneDeclaration } from '../zones/zone.js';
import { assertProperty, type Law } from './law.js';
import { firstDifference } from './difference.js';
import type { BotInputOf } from './trust-laws.js';
import type { Walk } from './walk.js';

/**
 * The declared zone a shuffle's zone name stands for, and its owner seat (first `*`);
 * undefined for a name that is no declared zone (such a shuffle is a public draw).
 */
export function zoneOfShuffle(
  zones: readonly ZoneDeclaration[],
  name: string | undefined,
): { zone: ZoneDeclaration; owner: number | null } | undefined {
  if (typeof name !== 'string' || name === '') return undefined;
  const parts = name.split('.');
  for (const zone of zones) {
    const pattern = zone.path.split('.');
    if (pattern.length !== parts.length) continue;
    let owner: number | null = null;
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const p = pattern[i] as string;
      const n = parts[i] as string;
      if (p === '*') {
        if (!/^\d+$/.test(n)) ok = false;
        else owner ??= Number(n);
      } else if (p !== n) ok = false;
    }
    if (ok) return { zone, owner };
  }
  return undefined;
}

/** Whose information set is checked. */
export type Viewer = number | 'spectator';

/** Where a viewer's two histories first differ, with a sentence for people. */
interface Leak {
  readonly message: string;
}

/** Not a leak: a swapped secret choice shown to the viewer (its reveal); the histories part. */
const REVEALED: Leak = { message: 'revealed' };

export function short(value: unknown): string {
  const text = value === undefined ? 'absent' : canonicalJson(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function who(viewer: Viewer): string {
  return viewer === 'spectator' ? 'the spectator' : `seat ${String(viewer)}`;
}

/** Whether two values are copies of one interchangeable card (`face-3#1`, `face-3#2`). */
export function copiesOfOneCard(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const at = a.lastIndexOf('#');
  return at > 0 && /^\d+$/.test(a.slice(at + 1)) && b.startsWith(a.slice(0, at + 1));
}

export const FIX = {
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
 * Plays one walk twice for a viewer: as is, and, from log entry `from` on (0 is the setup,
 * `i + 1` the walk's action `i`), with every private draw the viewer may not see redrawn and
 * every secret choice of another seat replaced by another of its type; the viewer's view, log,
 * legal actions, observation and bot input must be byte-equal until a declared reveal (a phase
 * in a private field's `revealIn`) after `from`. Starting later than the setup checks the
 * secrets of later rounds too, which a first reveal would otherwise hide. Returns the first leak.
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
  from: number,
  status?: { nothingPerturbed: boolean },
): Leak | undefined {
  const real = new Engine(game, walk.setup);
  const other = new Engine(game, walk.setup);
  if (viewer !== 'spectator' && viewer >= real.players) return undefined;
  const redrawRng = Rng.fromSeed(walk.seed ^ 0x1f05);
  const redrawn = new Set<string>();
  // The log entry being made (0: the setup); nothing changes before `from`.
  let entryNow = 0;
  other.setRedraw((value, min, max, audience) => {
    if (
      entryNow < from ||
      audience === undefined ||
      (viewer !== 'spectator' && audience.includes(viewer))
    )
      return value;
    redrawn.add(
      audience.length === 0 ? 'nobody' : audience.map((s) => `seat ${String(s)}`).join('+'),
    );
    // Another value of the range: what the viewer saw allows it just as well.
    return max <= min ? value : another(value, min, max, redrawRng);
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
  // The string fields of the secret choices swapped so far: one of them showing up in what
  // the viewer sees is that choice revealed (a showdown), after which the histories part.
  const secretValues = new Set<string>();
  const revealsSecret = (value: unknown): boolean => {
    if (secretValues.size === 0) return false;
    let found = false;
    JSON.stringify(value ?? null, (_key, v: unknown) => {
      if (typeof v === 'string' && secretValues.has(v)) found = true;
      return v;
    });
    return found;
  };
  const leak = (where: string, path: string, a: unknown, b: unknown, fix: string): Leak =>
    revealsSecret(a) || revealsSecret(b)
      ? REVEALED
      : {
          message: `${who(viewer)} can tell apart two histories that differ only in what it may not know (${differs()}): ${where}${path === '' ? '' : ` at '${path}'`} is ${short(a)} in one and ${short(b)} in the other. Fix: ${fix}.`,
        };

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
    // A declared public consequence of a secret (`ctx.emit(e, { consequence: true })`, the
    // cups lifted at a showdown) that differs: the viewer has learned it, the histories part.
    const consequencesA = eventsA.filter(isConsequence).map((e) => redactEvent(e, viewer));
    const consequencesB = eventsB.filter(isConsequence).map((e) => redactEvent(e, viewer));
    if (firstDifference(consequencesA, consequencesB) !== undefined) return REVEALED;
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
  if (from === 0 && reveals.has(startA.state.phase)) return undefined;
  let a = startA.state;
  let b = startB.state;
  if (redrawn.size > 0) {
    const found = compare(a, b, startA.events, startB.events, 0, null, null, null);
    if (found !== undefined) return found === REVEALED ? undefined : found;
  }
  const rng = Rng.fromSeed(walk.seed);
  const pickRng = Rng.fromSeed(walk.seed ^ 0x5ec7);
  for (let i = 0; !real.isOver(a) && i < maxActions; i++) {
    const { seat, action } = choose(
      real as unknown as Engine<TState, TAction, unknown>,
      a,
      walk,
      i,
      rng,
    );
    entryNow = i + 1;
    let actionB = action;
    if (entryNow >= from && seat !== viewer && real.isSecretAction(action)) {
      const same = other.legalActions(b, seat).filter((x) => x.type === action.type);
      if (same.length > 1) {
        actionB = pickRng.pick(same);
        substituted.add(seat);
        for (const x of [action, actionB])
          for (const [key, v] of Object.entries(x))
            if (key !== 'type' && typeof v === 'string') secretValues.add(v);
      }
    }
    const ra = real.apply(a, seat, action);
    const rb = other.apply(b, seat, actionB);
    // A choice the other history cannot make: the histories part where the viewer sees it.
    if (!ra.ok || !rb.ok) return undefined;
    a = ra.state;
    b = rb.state;
    // Until something was redrawn or substituted, both histories are the same one.
    if (redrawn.size === 0 && substituted.size === 0) continue;
    // A declared reveal: the viewer now sees what was redrawn; the histories stop being alike.
    if (reveals.has(a.phase) || reveals.has(b.phase)) return undefined;
    const step = compare(a, b, ra.events, rb.events, i + 1, action, actionB, seat);
    if (step !== undefined) return step === REVEALED ? undefined : step;
  }
  // The whole walk replayed and nothing the viewer may not know was drawn or chosen: no later
  // start can perturb anything either.
  if (status !== undefined && redrawn.size === 0 && substituted.size === 0)
    status.nothingPerturbed = true;
  return undefined;
}

/** Whether an event is a declared public consequence of a secret. */
function isConsequence(e: GameEvent): boolean {
  return (e as { consequence?: unknown }).consequence === true;
}

/**
 * The log entries of a walk's actions that end a declared reveal (the first action taken in a
 * reveal phase, whose effects start what comes after it: the next round's private draws), or
 * that declare a public consequence (a showdown whose step rolls the next round).
 */
function afterReveals<TState, TAction extends ActionBase, TOptions, TCard extends CardDefinition>(
  game: Game<TState, TAction, TOptions, TCard>,
  walk: Walk,
  maxActions: number,
): number[] {
  const reveals = new Set<string>();
  for (const field of game.privateFields ?? [])
    for (const p of field.revealIn ?? []) reveals.add(p);
  const engine = new Engine(game, walk.setup) as unknown as Engine<TState, TAction, unknown>;
  let state = engine.initialState(walk.seed).state;
  const rng = Rng.fromSeed(walk.seed);
  const found: number[] = [];
  for (let i = 0; !engine.isOver(state) && i < maxActions; i++) {
    const inReveal = reveals.has(state.phase);
    const { seat, action } = choose(engine, state, walk, i, rng);
    const r = engine.apply(state, seat, action);
    if (!r.ok) break;
    state = r.state;
    if ((inReveal && !reveals.has(state.phase)) || r.events.some(isConsequence)) found.push(i + 1);
  }
  return found;
}

/** Another value of `[min, max]` than `value` (`max > min`), drawn from `rng`. */
export function another(value: number, min: number, max: number, rng: Rng): number {
  return min + ((value - min + 1 + rng.int(0, max - min - 1)) % (max - min + 1));
}

/** The seat to act, the legal actions and the chosen one at decision `i` of a walk. */
export function choose<TState, TAction extends ActionBase>(
  engine: Engine<TState, TAction, unknown>,
  state: MatchState<TState>,
  walk: Walk,
  i: number,
  rng: Rng,
): { seat: number; action: TAction } {
  const seats = engine.toAct(state);
  const c = walk.choices[i];
  const seat = seats[c === undefined ? rng.int(0, seats.length - 1) : c % seats.length] as number;
  const legal = engine.legalActions(state, seat);
  const action = legal[
    c === undefined ? rng.int(0, legal.length - 1) : Math.floor(c / seats.length) % legal.length
  ] as TAction;
  return { seat, action };
}

/**
 * A public draw whose outcome changes what some seat sees but nothing another seat sees: its
 * value, in every log, is that seat's private information. Public draws are the draws without
 * an audience and the shuffles of anything that is not a declared zone (a label that names no
 * zone, or none): such a shuffle's order is everyone's to know. Tries up to `tries` public
 * draws of the walk, each changed alone (a shuffle: two items of different values swapped).
 */
function publicDrawLeak<TState, TAction extends ActionBase, TOptions, TCard extends CardDefinition>(
  game: Game<TState, TAction, TOptions, TCard>,
  walk: Walk,
  maxActions: number,
  tries: number,
): Leak | undefined {
  const reveals = new Set<string>();
  for (const field of game.privateFields ?? [])
    for (const p of field.revealIn ?? []) reveals.add(p);
  // First pass: the actions of the walk and where its public draws are.
  const base = new Engine(game, walk.setup) as unknown as Engine<TState, TAction, unknown>;
  type Drawn =
    | { readonly entry: number; readonly kind: 'roll' | 'randomInt' | 'pick'; readonly n: number }
    | {
        readonly entry: number;
        readonly kind: 'shuffle';
        readonly n: number;
        readonly zone: string;
        readonly items: readonly unknown[];
      };
  const draws: Drawn[] = [];
  let entry = 0;
  let numbers = 0;
  let shuffles = 0;
  base.setRedraw((value, min, max, audience, kind) => {
    if (audience === undefined && max > min) draws.push({ entry, kind, n: numbers++ });
    return value;
  });
  // `zone` is the label the game gave, if any (plain JavaScript may leave it out).
  base.setShuffleHook((items, zone: string | undefined) => {
    if (zoneOfShuffle(game.zones, zone) !== undefined) return items;
    const first = canonicalJson(items[0]);
    if (items.some((x) => canonicalJson(x) !== first))
      draws.push({
        entry,
        kind: 'shuffle',
        n: shuffles,
        zone: zone ?? '',
        items: items.slice(),
      });
    shuffles++;
    return items;
  });
  const start = base.initialState(walk.seed).state;
  const actions: { seat: number; action: TAction }[] = [];
  const rng = Rng.fromSeed(walk.seed);
  let state = start;
  for (let i = 0; !base.isOver(state) && i < maxActions; i++) {
    entry = i + 1;
    const step = choose(base, state, walk, i, rng);
    const r = base.apply(state, step.seat, step.action);
    if (!r.ok) return undefined;
    actions.push(step);
    state = r.state;
  }
  base.setRedraw(null);
  base.setShuffleHook(null);
  if (draws.length === 0) return undefined;
  const players = base.players;
  const changeRng = Rng.fromSeed(walk.seed ^ 0x9b1c);
  for (let t = 0; t < tries; t++) {
    const drawn = draws[t === 0 ? 0 : changeRng.int(0, draws.length - 1)] as Drawn;
    const changed = new Engine(game, walk.setup) as unknown as Engine<TState, TAction, unknown>;
    if (drawn.kind === 'shuffle') {
      // Two items of different values swapped: another order the shuffle gives as often.
      const size = drawn.items.length;
      let i = changeRng.int(0, size - 1);
      let j = changeRng.int(0, size - 1);
      for (
        let guard = 0;
        guard < 20 && canonicalJson(drawn.items[i]) === canonicalJson(drawn.items[j]);
        guard++
      ) {
        i = changeRng.int(0, size - 1);
        j = changeRng.int(0, size - 1);
      }
      if (canonicalJson(drawn.items[i]) === canonicalJson(drawn.items[j])) continue;
      let seen = 0;
      changed.setShuffleHook((items, zone) => {
        if (zoneOfShuffle(game.zones, zone) !== undefined || seen++ !== drawn.n) return items;
        const out = items.slice();
        out[i] = items[j];
        out[j] = items[i];
        return out;
      });
    } else {
      let seen = 0;
      changed.setRedraw((value, min, max, audience) => {
        if (audience !== undefined || max <= min) return value;
        return seen++ === drawn.n ? another(value, min, max, changeRng) : value;
      });
    }
    let a = start;
    let b = changed.initialState(walk.seed).state;
    const moved: ({ path: string; a: unknown; b: unknown } | undefined)[] = new Array<undefined>(
      players,
    ).fill(undefined);
    const look = (): void => {
      for (let s = 0; s < players; s++) {
        if (moved[s] !== undefined) continue;
        moved[s] =
          firstDifference(base.view(a, s), changed.view(b, s)) ??
          firstDifference(base.legalActions(a, s), changed.legalActions(b, s));
      }
    };
    look();
    for (const { seat, action } of actions) {
      if (reveals.has(a.phase) || reveals.has(b.phase)) break;
      const ra = base.apply(a, seat, action);
      const rb = changed.apply(b, seat, action);
      if (!ra.ok || !rb.ok) break;
      a = ra.state;
      b = rb.state;
      if (reveals.has(a.phase) || reveals.has(b.phase)) break;
      look();
    }
    const saw = moved.findIndex((m) => m !== undefined);
    const blind = moved.findIndex((m) => m === undefined);
    if (saw >= 0 && blind >= 0) {
      const where = moved[saw] as { path: string };
      const at = `log entry ${String(drawn.entry)}${drawn.entry === 0 ? ' (setup)' : ''}`;
      if (drawn.kind === 'shuffle') {
        const label = drawn.zone === '' ? '' : `'${drawn.zone}' `;
        return {
          message: `seat ${String(blind)} is told a chance outcome that changes only what other seats see: the ${label}shuffle of ${at} names no declared zone, so its order is public, and it changes seat ${String(saw)}'s view at '${where.path}' and nothing seat ${String(blind)} can see. Fix: shuffle a declared zone whose visibility says who sees it (zones: [{ path: '...', visibility: 'nobody' }], then ctx.random.shuffle(items, '<that path>')), or draw the private part with an audience, as in ctx.random.pick(items, { audience: ${String(saw)} }).`,
        };
      }
      return {
        message: `seat ${String(blind)} is told a chance outcome that changes only what other seats see: the public '${drawn.kind}' event of ${at} shows every seat a value that changes seat ${String(saw)}'s view at '${where.path}' and nothing seat ${String(blind)} can see. Fix: name who may learn it, as in ctx.random.${drawn.kind === 'randomInt' ? 'int(min, max' : drawn.kind === 'pick' ? 'pick(items' : 'roll(dice'}, { audience: ${String(saw)} }) (a seat, a list of seats, or 'nobody').`,
      };
    }
  }
  return undefined;
}

/**
 * The information-set laws: for every seat (and for the spectator), histories that differ only
 * in what that viewer may not know — other seats' private draws (any draw naming an audience
 * without the viewer) and their secret choices — must look byte-equal to it: its view, its log,
 * who is to act, its legal actions, its observation features and its bot input. And a public
 * draw (no audience) may not change what one seat sees and nothing another sees: that is a
 * private draw that forgot its audience.
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
    // From the setup, and from the end of each declared reveal or consequence (up to four):
    // the secrets of later rounds, which the first reveal would otherwise hide from the
    // comparison. Those starts are looked for only when the setup's pair perturbed something.
    let later: number[] | undefined;
    for (const viewer of viewers(walk)) {
      const status = { nothingPerturbed: false };
      const found = compareHistories(game, walk, viewer, maxActions, botInput, 0, status);
      if (found !== undefined) throw new Error(found.message);
      if (status.nothingPerturbed) continue;
      later ??= afterReveals(game, walk, maxActions).slice(0, 4);
      for (const from of later) {
        const again = compareHistories(game, walk, viewer, maxActions, botInput, from);
        if (again !== undefined) throw new Error(again.message);
      }
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
      name: `${game.id}: no public chance outcome changes only what some seats can see (a private draw must name its audience)`,
      run: () => {
        assertProperty(
          walks,
          (walk) => {
            const found = publicDrawLeak(game, walk, maxActions, 3);
            if (found !== undefined) throw new Error(found.message);
          },
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
