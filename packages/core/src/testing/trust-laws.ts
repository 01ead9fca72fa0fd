import type fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import type { Game } from '../define/game.js';
import { createMatch, validateSetup, type Match } from '../match/match.js';
import { restoreMatch } from '../match/restore-match.js';
import type { Engine } from '../run/engine.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import { canonicalJson } from '../util/canonical-json.js';
import { describeValue } from '../util/describe.js';
import { firstDifference } from './difference.js';
import { redactLog, type LogEntry } from '../log/log.js';
import { Rng } from '../rng/rng.js';
import { hostileInputs, hostileSetups, type HostileInput, type HostileSetup } from './hostile.js';
import { playWalk, type Walk } from './walk.js';
import { assertProperty, lawFailure, shown } from './law.js';

/** What the trust laws tried, for a report (the closing line of a CI run, a benchmark). */
export interface HostileReport {
  /** Hostile inputs sent (actions, seats, setups, saves). */
  tried: number;
  /** Refused with a snake_case code, a bounded message and the state unchanged. */
  refused: number;
  /** Accepted (for example `-0` where 0 is legal): the law then checked the save round trip. */
  accepted: number;
}

/**
 * What a bot of a seat would be given at a state (its view, legal actions, its random
 * stream's state...), as plain data, for the bot-input law: `gameSeed` is the seed the match
 * was created with, which a bot must not be able to learn.
 * @public
 */
export type BotInputOf<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
> = (
  engine: Engine<TState, TAction, TOptions, TCard>,
  state: MatchState<TState>,
  seat: number,
  gameSeed: number,
) => unknown;

/** The longest rejection message a hostile input may get. */
const MAX_MESSAGE = 500;

/** Where the trust laws step through a walk: the choice rule of `playWalk`, on a match. */
function pickStep<TAction extends ActionBase>(
  match: Match<unknown, TAction>,
  walk: Walk,
  i: number,
  rng: Rng,
): { seat: number; legal: readonly TAction[]; action: TAction } {
  const seats = match.toAct;
  const c = walk.choices[i];
  const seat = seats[c === undefined ? rng.int(0, seats.length - 1) : c % seats.length] as number;
  const legal = match.legalActions(seat);
  const action = legal[
    c === undefined ? rng.int(0, legal.length - 1) : Math.floor(c / seats.length) % legal.length
  ] as TAction;
  return { seat, legal, action };
}

function describeInput(h: HostileInput): string {
  return h.label.length > 80 ? `${h.label.slice(0, 80)}…` : h.label;
}

/** Where a hostile setup that made validateSetup throw was aimed: which hook read it. */
function setupTarget(game: Game<unknown, ActionBase, unknown>, hostile: HostileSetup): string {
  if (hostile.option !== undefined && game.options[hostile.option]?.type === 'custom')
    return ` (option '${hostile.option}': its validate threw)`;
  if (hostile.cards === true && game.checkCard !== undefined)
    return ' (the card overrides in options.cards: checkCard threw, or the game reads the card before checking it)';
  return '';
}

/** What to change so that a hostile setup is refused: the hook that read it, else the ways to declare options. */
function setupFix(game: Game<unknown, ActionBase, unknown>, hostile: HostileSetup): string {
  const typeFirst =
    'check the type of the value before using it and return a problem sentence for anything else; never call String() or methods on it';
  if (hostile.option !== undefined && game.options[hostile.option]?.type === 'custom')
    return `in the validate of option.custom '${hostile.option}', ${typeFirst} (typeof value === 'string' && ...)`;
  if (hostile.cards === true && game.checkCard !== undefined)
    return `in checkCard, ${typeFirst} (typeof card === 'object' && card !== null && typeof card.id === 'string')`;
  return `declare every option with option.integer, option.enum or option.boolean (their checks refuse bad values); in an option.custom validate, checkCard or checkSetup, ${typeFirst}`;
}

/** A save, through JSON text, restores to the match's hash. */
function checkSaveRoundTrip(
  game: Game<unknown, ActionBase, unknown>,
  match: Match,
  when: string,
): void {
  const text = JSON.stringify(match.toJSON());
  const restored = restoreMatch(game, JSON.parse(text));
  if (!restored.ok)
    throw lawFailure(
      `${when}, the match's save does not restore: ${restored.error.code}: ${restored.error.message}`,
      'keep the state plain JSON data and the rules deterministic, so that replaying the saved actions gives the same game (a rule must not tell -0 from 0: JSON text turns -0 into 0)',
    );
  if (restored.match.hash() !== match.hash())
    throw lawFailure(
      `${when}, the restored match has another hash than the match that was saved`,
      'a rule reads a value JSON text does not keep (-0 turns into 0, undefined disappears): normalise it (x === 0 ? 0 : x) or compare with === rather than Object.is',
    );
}

/** Card ids anywhere in a JSON value. */
function mentionedCards(value: unknown, cards: ReadonlySet<string>, into: Set<string>): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (cards.has(node)) into.add(node);
    } else if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (typeof node === 'object' && node !== null)
      stack.push(...(Object.values(node) as unknown[]));
  }
}

/**
 * The laws of the trust boundary, run by `gameLaws` for every game: hostile input is refused
 * cleanly, every state a match reaches survives its own save, and the log a seat receives
 * mentions only cards that seat can see.
 */
export function trustLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  gameIn: Game<TState, TAction, TOptions, TCard>,
  walks: fc.Arbitrary<Walk>,
  params: fc.Parameters<[Walk]>,
  maxActions: number,
  report?: (law: string, counts: HostileReport) => void,
  botInput?: BotInputOf<TState, TAction, TOptions, TCard>,
): { name: string; run: () => void }[] {
  const game = gameIn as unknown as Game<unknown, ActionBase, unknown>;
  const law = (name: string, check: (walk: Walk) => void, runs?: number) => ({
    name: `${game.id}: ${name}`,
    run: () => {
      assertProperty(
        walks,
        check,
        runs === undefined
          ? params
          : { ...params, numRuns: Math.min(runs, params.numRuns ?? runs) },
        game.id,
      );
    },
  });

  const hostileCounts: HostileReport = { tried: 0, refused: 0, accepted: 0 };
  const tryHostile = (match: Match, h: HostileInput): boolean => {
    hostileCounts.tried++;
    const before = match.hash();
    let r: ReturnType<Match['apply']>;
    try {
      r = match.applyInput(h.seat as number, h.input);
      if (h.label.startsWith('seat ')) {
        // The reads take any seat too (a hostile one gets the spectator's view and log).
        match.legalActions(h.seat as number);
        match.view(h.seat as number);
        if (match.log.length < 60) match.logFor(h.seat as number);
      }
    } catch (e) {
      throw new Error(
        `seat ${describeValue(h.seat)} sent ${describeInput(h)} and the rules threw ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 120)}` : typeof e} instead of refusing it. Fix: in the action's parse, check the type of every field before using it (typeof input.card === 'string') and return { error: '...' } for anything else; never call methods or String() on input`,
        { cause: e },
      );
    }
    if (r.ok) {
      hostileCounts.accepted++;
      return true;
    }
    const sent = `seat ${describeValue(h.seat)} sent ${describeInput(h)}`;
    if (!/^[a-z][a-z0-9_]*$/.test(r.error.code))
      throw lawFailure(
        `${sent}, refused with the code '${r.error.code}', which is not snake_case`,
        `give the rejection a snake_case code: rejection('not_in_hand', 'That card is not in your hand.')`,
      );
    if (r.error.message.length < 5 || r.error.message.length > MAX_MESSAGE)
      throw lawFailure(
        `${sent}, refused as '${r.error.code}' with a message of ${String(r.error.message.length)} characters (5 to ${String(MAX_MESSAGE)} are allowed)`,
        'say in one short sentence what is wrong, and never repeat the input itself in the message (use describeValue for a bounded rendering)',
      );
    if (match.hash() !== before)
      throw lawFailure(
        `${sent}, refused as '${r.error.code}', and the refusal changed the state`,
        'parse and validate must only read the state: change it only in resolve and effects, through ctx.state',
      );
    hostileCounts.refused++;
    return false;
  };

  return [
    law(
      'hostile input (deep, huge, prototype names, toString objects, -0, wrong seats) is refused cleanly',
      (walk) => {
        const match = createMatch(game, { seed: walk.seed, ...walk.setup });
        const rng = Rng.fromSeed(walk.seed);
        for (let i = 0; !match.isOver && i < maxActions; i++) {
          const { seat, legal, action } = pickStep(match, walk, i, rng);
          let stepped = false;
          if (i % 25 === 0) {
            for (const h of hostileInputs(legal[i % legal.length], seat, match.engine.players)) {
              if (!tryHostile(match, h)) continue;
              // Accepted (a -0 that is 0): the match went on with it; its save must still restore.
              checkSaveRoundTrip(game, match, `after accepting ${describeInput(h)}`);
              stepped = true;
              break;
            }
          }
          if (!stepped) {
            const r = match.apply(seat, action);
            if (!r.ok)
              throw lawFailure(
                `at decision ${String(i)}, seat ${String(seat)}'s legal action ${shown(action)} is refused: ${r.error.code}: ${r.error.message}`,
                `make the '${action.type}' handler's enumerate list only actions its validate accepts`,
              );
          }
        }
        report?.('hostile actions', hostileCounts);
      },
    ),
    law(
      'hostile setups and saves are refused cleanly',
      (walk) => {
        const players = walk.setup.players;
        for (const hostile of hostileSetups(players, Object.keys(game.options))) {
          const { label, setup } = hostile;
          hostileCounts.tried++;
          let checked: ReturnType<typeof validateSetup>;
          try {
            checked = validateSetup(game, setup);
          } catch (e) {
            throw lawFailure(
              `the setup ${label} made validateSetup throw ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 120)}` : typeof e} instead of refusing it${setupTarget(game, hostile)}`,
              setupFix(game, hostile),
              e,
            );
          }
          if (checked.ok) {
            hostileCounts.accepted++;
            continue;
          }
          hostileCounts.refused++;
          const text = checked.errors.map((e) => e.path + e.message).join('');
          if (text.length > 60 * MAX_MESSAGE)
            throw lawFailure(
              `the setup ${label} is refused with ${String(text.length)} characters of problems`,
              'keep each option problem to a short sentence that does not repeat the value itself',
            );
        }
        const match = createMatch(game, { seed: walk.seed, ...walk.setup });
        const rng = Rng.fromSeed(walk.seed);
        for (let i = 0; i < 6 && !match.isOver; i++) {
          const { seat, action } = pickStep(match, walk, i, rng);
          match.apply(seat, action);
        }
        const save = JSON.parse(JSON.stringify(match.toJSON())) as Record<string, unknown>;
        const first = (save.actions as unknown[])[0];
        const saves: { label: string; save: unknown }[] = [];
        for (const field of [
          'format',
          'game',
          'rulesVersion',
          'setup',
          'actions',
          'hash',
          'signature',
        ])
          for (const h of hostileInputs(save[field], 0, players).slice(12, 45))
            saves.push({
              label: `its ${field} replaced by ${describeInput(h)}`,
              save: { ...save, [field]: h.input },
            });
        if (first !== undefined)
          for (const h of hostileInputs(first, 0, players))
            saves.push({
              label: `its first action entry replaced by ${describeInput(h)}`,
              save: { ...save, actions: [h.input, ...(save.actions as unknown[]).slice(1)] },
            });
        for (const { label, save: bad } of saves) {
          hostileCounts.tried++;
          let r: ReturnType<typeof restoreMatch>;
          try {
            r = restoreMatch(game, bad);
          } catch (e) {
            throw lawFailure(
              `a save (after ${String((save.actions as unknown[]).length)} actions) with ${label} made restoreMatch throw ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 120)}` : typeof e} instead of refusing it`,
              "the actions of a save are replayed through each action's parse: check every field's type there before using it, and return { error: '...' } for anything else",
              e,
            );
          }
          if (r.ok) {
            hostileCounts.accepted++;
            continue;
          }
          hostileCounts.refused++;
          if (r.error.message.length > 4 * MAX_MESSAGE)
            throw lawFailure(
              `a save (after ${String((save.actions as unknown[]).length)} actions) with ${label} is refused as '${r.error.code}' with a message of ${String(r.error.message.length)} characters (at most ${String(4 * MAX_MESSAGE)})`,
              "keep parse's and validate's messages to a short sentence that does not repeat the input",
            );
        }
        report?.('hostile setups and saves', hostileCounts);
      },
      3,
    ),
    law(
      'after every accepted action the state survives JSON text, and its save restores to the same hash',
      (walk) => {
        const match = createMatch(game, { seed: walk.seed, ...walk.setup });
        const rng = Rng.fromSeed(walk.seed);
        for (let i = 0; !match.isOver && i < maxActions; i++) {
          const { seat, action } = pickStep(match, walk, i, rng);
          // Junk-laced: the same decision sent as -0 (seat and every number that is 0) first.
          const negated = JSON.parse(JSON.stringify(action), (_k, v: unknown) =>
            v === 0 ? -0 : v,
          ) as unknown;
          const junk = i % 3 === 0 ? match.applyInput(-0, negated) : { ok: false };
          if (!junk.ok) {
            const r = match.apply(seat, action);
            if (!r.ok)
              throw lawFailure(
                `at decision ${String(i)}, seat ${String(seat)}'s legal action ${shown(action)} is refused: ${r.error.code}: ${r.error.message}`,
                `make the '${action.type}' handler's enumerate list only actions its validate accepts`,
              );
          }
          // After every action the state survives JSON text; the whole save is restored after each
          // of the first 25 actions, every 50th and the last (each restore replays the game).
          const state = match.state;
          if (match.engine.hash(JSON.parse(JSON.stringify(state)) as typeof state) !== match.hash())
            throw lawFailure(
              `after action ${String(i)} (seat ${String(seat)} played ${shown(action)}), the state does not survive JSON text`,
              'keep the state plain JSON data: no -0 (a number sent as -0 must be stored as 0), undefined, NaN, Infinity, Map, Set or class instances',
            );
          if (i < 25 || i % 50 === 0 || match.isOver)
            checkSaveRoundTrip(game, match, `after action ${String(i)}`);
        }
      },
    ),
    law('every event and action a seat receives mentions only cards that seat can see', (walk) => {
      const match = createMatch(game, { seed: walk.seed, ...walk.setup });
      const rng = Rng.fromSeed(walk.seed);
      const cards = new Set(match.engine.cards.instanceIds);
      const players = match.engine.players;
      const visible = (seat: number | 'spectator'): Set<string> => {
        const out = new Set<string>();
        mentionedCards(match.view(seat), cards, out);
        return out;
      };
      const check = (before: Set<string>[], entryIndex: number): void => {
        for (let s = -1; s < players; s++) {
          const seat = s < 0 ? 'spectator' : s;
          const seen = before[s + 1] as Set<string>;
          for (const id of visible(seat)) seen.add(id);
          const entry = redactLog([match.log[entryIndex] as LogEntry], seat, (a) =>
            match.engine.isSecretAction(a),
          )[0];
          const mentioned = new Set<string>();
          mentionedCards(entry, cards, mentioned);
          for (const id of mentioned)
            if (!seen.has(id))
              throw new Error(
                `${seat === 'spectator' ? 'the spectator' : `seat ${String(seat)}`} receives card '${id}' in log entry ${String(entryIndex)} but can see it neither before nor after. Fix: give the event an audience, or, if the rules show that card to that seat, declare it with ctx.reveal(card, { to: seat })`,
              );
        }
      };
      const views = (): Set<string>[] =>
        Array.from({ length: players + 1 }, (_, s) => visible(s === 0 ? 'spectator' : s - 1));
      check(
        Array.from({ length: players + 1 }, () => new Set<string>()),
        0,
      );
      for (let i = 0; !match.isOver && i < maxActions; i++) {
        const { seat, action } = pickStep(match, walk, i, rng);
        const before = views();
        const applied = match.apply(seat, action);
        if (!applied.ok)
          throw lawFailure(
            `at decision ${String(i)}, seat ${String(seat)}'s legal action ${shown(action)} is refused: ${applied.error.code}: ${applied.error.message}`,
            `make the '${action.type}' handler's enumerate list only actions its validate accepts`,
          );
        check(before, match.log.length - 1);
      }
    }),
    ...(botInput === undefined
      ? []
      : [
          law(
            'a bot input does not change when hidden state and the game seed are resampled',
            (walk) => {
              const rng = Rng.fromSeed(walk.seed ^ 0x0b07);
              playWalk(gameIn, walk, maxActions, ({ index, state }, engine) => {
                if (index % 7 !== 0) return;
                for (let seat = 0; seat < engine.players; seat++) {
                  if (!engine.toAct(state).includes(seat)) continue;
                  const resampled = engine.determinize(engine.view(state, seat), rng, seat);
                  const a = canonicalJson(botInput(engine, state, seat, walk.seed));
                  const b = canonicalJson(botInput(engine, resampled, seat, walk.seed ^ 0x5a5a5a5));
                  if (a !== b) {
                    const diff = firstDifference(JSON.parse(a), JSON.parse(b));
                    throw new Error(
                      `at decision ${String(index)} (phase '${state.phase}'), seat ${String(seat)}'s bot input changed${diff === undefined || diff.path === '' ? '' : ` at '${diff.path}'`} when hidden state and the game seed were resampled: it is a function of hidden information. Fix: build a bot's input from its view and legal actions only, and seed a bot's random stream from the seat's own seed, never the game's`,
                    );
                  }
                }
              });
            },
          ),
        ]),
  ];
}
