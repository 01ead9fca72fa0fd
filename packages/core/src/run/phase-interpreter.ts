import type { CardDefinition } from '../cards/cards.js';
import type { Game } from '../define/game.js';
import type {
  ActionHandler,
  ConditionHandler,
  EffectHandler,
  RulesContext,
} from '../define/types.js';
import { EngineInvariantError } from '../errors/game-definition-error.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import type { MatchState } from '../model/match-state.js';
import { GAME_OVER_PHASE } from '../model/phase-ids.js';
import { compilePhases, type BoundRef, type CompiledPhase } from './compiled-phases.js';
import type { RunContext } from './run-context.js';
import { rankScores } from './scoring.js';

/** Transitions allowed within one run before the interpreter declares a cycle. */
const MAX_TRANSITIONS = 100_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type AnyEffectFn = EffectHandler<unknown, unknown, CardDefinition, unknown>;
type AnyConditionFn = ConditionHandler<unknown, unknown, CardDefinition, unknown>;
type Phase = CompiledPhase<AnyEffectFn, AnyConditionFn>;

/** A game's phase pipeline with its handlers resolved (it does not depend on the setup). */
interface Pipeline {
  readonly phases: readonly Phase[];
  readonly index: ReadonlyMap<string, number>;
}

/** Compiled phase pipelines by game. */
const pipelines = new WeakMap<object, Pipeline>();

function pipelineOf(game: Game<never, ActionBase, never>): Pipeline {
  let pipeline = pipelines.get(game);
  if (pipeline === undefined) {
    const phases = compilePhases(
      game.phases,
      game.effects as unknown as Readonly<Record<string, AnyEffectFn>>,
      (game.conditions ?? {}) as unknown as Readonly<Record<string, AnyConditionFn>>,
    );
    pipeline = { phases, index: new Map(phases.map((p, i) => [p.id, i])) };
    pipelines.set(game, pipeline);
  }
  return pipeline;
}

/**
 * The phase interpreter: runs an action's handler, then every automatic step (forced
 * actions, phase entries, transitions) until a decision is needed or the game ends.
 *
 * @remarks
 * It is the only code that walks the phase pipeline; the engine wraps it with validation,
 * copies and views. Handlers see only the run context and the frozen rules context.
 */
export class PhaseInterpreter<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
> {
  private readonly phases: readonly Phase[];
  private readonly phaseIndex: ReadonlyMap<string, number>;
  /** The phase last entered or left: most lookups of the current phase hit it. */
  private lastPhase: Phase;
  private readonly autoForced: boolean;
  /** The handlers each phase declares (`actions`), by phase number: the only ones asked there. */
  private readonly phaseHandlers: readonly (readonly ActionHandler<
    TState,
    TAction,
    TOptions,
    TCard
  >[])[];

  /** The game's `awaitedDecision`, if it declares one. */
  private readonly awaited: ((state: TState) => string | undefined) | undefined;
  /** The handlers of each declared kind of decision (`decisions`). */
  private readonly decisionHandlers: ReadonlyMap<
    string,
    readonly ActionHandler<TState, TAction, TOptions, TCard>[]
  >;

  constructor(
    private readonly game: Game<TState, TAction, TOptions, TCard>,
    private readonly rules: RulesContext<TOptions, TCard>,
    private readonly handlerList: readonly ActionHandler<TState, TAction, TOptions, TCard>[],
    private readonly ctx: RunContext,
  ) {
    const pipeline = pipelineOf(game as never);
    this.phases = pipeline.phases;
    this.phaseIndex = pipeline.index;
    this.lastPhase = this.phases[0] as Phase;
    this.autoForced = game.autoResolveForced ?? true;
    const types = Object.keys(game.actions);
    this.awaited = game.awaitedDecision;
    // In the game's handler order, as the phases' lists: the order a decision names its
    // action types in does not change the order of the legal actions.
    this.decisionHandlers = new Map(
      Object.entries(game.decisions ?? {}).map(([kind, answers]) => [
        kind,
        handlerList.filter((_, h) => (answers as readonly string[]).includes(types[h] as string)),
      ]),
    );
    this.phaseHandlers = this.phases.map((phase) => {
      const declared = phase.actions;
      return declared === undefined
        ? handlerList
        : handlerList.filter((_, h) => declared.includes(types[h] as string));
    });
  }

  /**
   * The handlers asked for legal actions and forced decisions while the game waits in a
   * phase: those it declares (`actions`), else every handler.
   */
  handlersIn(phase: string): readonly ActionHandler<TState, TAction, TOptions, TCard>[] {
    const last = this.lastPhase;
    if (last.id === phase) return this.phaseHandlers[last.index] as typeof this.handlerList;
    const index = this.phaseIndex.get(phase);
    return index === undefined
      ? this.handlerList
      : (this.phaseHandlers[index] as typeof this.handlerList);
  }

  /**
   * The handlers asked for legal actions and forced decisions now: those of the kind of
   * decision the game says it awaits (`awaitedDecision`, `decisions`), else the phase's.
   */
  handlersFor(
    game: TState,
    phase: string,
  ): readonly ActionHandler<TState, TAction, TOptions, TCard>[] {
    const awaited = this.awaited;
    if (awaited !== undefined) {
      const kind = awaited(game);
      if (kind !== undefined) {
        const handlers = this.decisionHandlers.get(kind);
        if (handlers === undefined)
          throw new EngineInvariantError(
            `game '${this.game.id}': awaitedDecision gave '${kind}', which is not one of its decisions (${[...this.decisionHandlers.keys()].join(', ')})`,
          );
        return handlers;
      }
    }
    return this.handlersIn(phase);
  }

  /** Enters the first phase of a freshly set-up state and runs up to the first decision. */
  start(state: Mutable<MatchState<TState>>): void {
    this.enter(state, this.phases[0] as Phase);
    this.advance(state);
  }

  /** Resolves a (validated or trusted) action in place, then runs the automatic steps. */
  resolve(
    state: Mutable<MatchState<TState>>,
    seat: number,
    action: TAction,
    handler: ActionHandler<TState, TAction, TOptions, TCard>,
    events: GameEvent[] | null,
  ): void {
    const ctx = this.ctx;
    ctx.begin(state.game, state.rng, events, state.known !== undefined);
    try {
      handler.resolve(ctx as never, seat, action);
      this.advance(state);
    } finally {
      state.rng = ctx.finish();
    }
    ctx.settleKnowledge(state);
  }

  /** Runs automatic steps until a decision is needed or the game ends. */
  private advance(state: Mutable<MatchState<TState>>): void {
    const ctx = this.ctx;
    let guard = 0;
    for (;;) {
      if (ctx.ended) {
        this.finishGame(state);
        return;
      }
      const seats = this.game.toAct(state.game, this.rules);
      if (seats.length > 0) {
        if (this.autoForced && seats.length === 1) {
          const seat = seats[0] as number;
          const forced = this.forcedAction(
            state.game,
            seat,
            this.handlersFor(state.game, state.phase),
          );
          if (forced !== undefined) {
            if (ctx.recording) ctx.emit({ type: 'forcedAction', seat, action: forced.action });
            forced.handler.resolve(ctx as never, seat, forced.action);
            if (++guard > MAX_TRANSITIONS) this.cycle(state);
            continue;
          }
        }
        return;
      }
      const next = this.nextPhase(state);
      if (next === undefined) {
        this.finishGame(state);
        return;
      }
      this.enter(state, next);
      if (++guard > MAX_TRANSITIONS) this.cycle(state);
    }
  }

  private cycle(state: MatchState<TState>): never {
    throw new EngineInvariantError(
      `game '${this.game.id}' ran ${String(MAX_TRANSITIONS)} automatic steps without needing a decision (last phase '${state.phase}'): the phase pipeline has a cycle`,
    );
  }

  /** The only legal action of a seat, if it has exactly one. */
  private forcedAction(
    game: TState,
    seat: number,
    handlers: readonly ActionHandler<TState, TAction, TOptions, TCard>[],
  ): { action: TAction; handler: ActionHandler<TState, TAction, TOptions, TCard> } | undefined {
    let total = 0;
    let only: ActionHandler<TState, TAction, TOptions, TCard> | undefined;
    const rules = this.rules;
    for (let h = 0; h < handlers.length; h++) {
      const handler = handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>;
      const n = handler.count
        ? handler.count(game, seat, rules)
        : handler.enumerate(game, seat, rules).length;
      if (n > 0) {
        total += n;
        only = handler;
        if (total > 1) return undefined;
      }
    }
    if (total !== 1 || only === undefined) return undefined;
    const action = only.enumerate(game, seat, rules)[0];
    return action === undefined ? undefined : { action, handler: only };
  }

  private enter(state: Mutable<MatchState<TState>>, phase: Phase): void {
    state.phase = phase.id;
    this.lastPhase = phase;
    const ctx = this.ctx;
    const skip = phase.skipIf;
    if (skip !== undefined && skip.fn(ctx.state, skip.params, this.rules)) return;
    const steps = phase.steps;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as BoundRef<AnyEffectFn>;
      step.fn(ctx, step.params);
      if (ctx.ended) return;
    }
  }

  private nextPhase(state: MatchState<TState>): Phase | undefined {
    let phase = this.lastPhase;
    if (phase.id !== state.phase) {
      const index = this.phaseIndex.get(state.phase);
      if (index === undefined) throw new EngineInvariantError(`unknown phase '${state.phase}'`);
      phase = this.phases[index] as Phase;
    }
    let to = phase.fallthrough;
    const next = phase.next;
    for (let i = 0; i < next.length; i++) {
      const t = next[i] as (typeof next)[number];
      if (t.when === undefined || t.when.fn(this.ctx.state, t.when.params, this.rules)) {
        to = t.to;
        break;
      }
    }
    return to < 0 ? undefined : this.phases[to];
  }

  private finishGame(state: Mutable<MatchState<TState>>): void {
    const score = this.game.score(state.game, this.rules);
    state.result = rankScores(score);
    state.phase = GAME_OVER_PHASE;
    if (this.ctx.recording)
      this.ctx.emit({
        type: 'gameOver',
        winners: state.result.winners,
        scores: state.result.scores,
      });
  }
}
