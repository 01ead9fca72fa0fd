import type { CardDefinition } from '../cards/cards.js';
import { actionTraitsOf, checkActionTraits } from '../define/action-traits.js';
import { checkEvent, type EventDeclarations } from '../define/declare-events.js';
import { checkRecordFields } from '../define/field-spec.js';
import type { Game } from '../define/game.js';
import { compactLegalActions, declaredRangeFields } from '../define/legal-action-entries.js';
import { createMatch, type MatchSetup } from '../match/match.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import { Engine } from '../run/engine.js';
import { atDecision, lawFailure, shown } from './law.js';
import { playWalk, type Walk } from './walk.js';

/** What {@link declarationLaws} needs of the laws' run. */
interface Run<TState, TAction extends ActionBase, TOptions, TCard extends CardDefinition> {
  readonly game: Game<TState, TAction, TOptions, TCard>;
  readonly law: (name: string, check: (walk: Walk) => void) => { name: string; run: () => void };
  readonly maxActions: number;
  readonly events?: EventDeclarations;
}

/**
 * Amounts just outside what a `'listed'` amount declares: below the lowest listed, above the
 * highest, and between two steps. Each must be refused.
 */
function offListAmounts(listed: readonly number[], step: number): number[] {
  const low = Math.min(...listed);
  const high = Math.max(...listed);
  const out = [low - step, high + step];
  if (step > 1 && !listed.includes(low + step / 2)) out.push(low + step / 2);
  return out;
}

function checkAmounts<TState, TAction extends ActionBase>(
  engine: Engine<TState, TAction, unknown>,
  state: MatchState<TState>,
  seat: number,
  legal: readonly TAction[],
  where: string,
): void {
  const traits = actionTraitsOf(engine.game);
  for (const type of traits.amountTypes) {
    const trait = traits.amountTrait(type);
    const ofType = legal.filter((a) => a.type === type);
    if (trait === undefined || ofType.length === 0) continue;
    const amounts: number[] = [];
    for (const action of ofType) {
      const amount = traits.amountOf(action);
      if (amount === undefined)
        throw lawFailure(
          `${where}, the legal '${type}' action ${shown(action)} has no finite number in its declared amount field '${trait.field}'`,
          `make the '${type}' handler's enumerate put a number in '${trait.field}', or declare the amount on the field that holds it`,
        );
      if (
        trait.step !== undefined &&
        Math.abs(amount / trait.step - Math.round(amount / trait.step)) > 1e-9
      )
        throw lawFailure(
          `${where}, the legal '${type}' amount ${String(amount)} (field '${trait.field}') is not a multiple of its declared step ${String(trait.step)}`,
          `list only multiples of ${String(trait.step)} in the '${type}' handler's enumerate, or declare the step the rules use`,
        );
      if (trait.ascending === true && amounts.length > 0 && amount < (amounts.at(-1) as number))
        throw lawFailure(
          `${where}, '${type}' declares its amounts listed in ascending order, but ${String(amount)} is listed after ${String(amounts.at(-1))}`,
          `list the '${type}' actions by ascending '${trait.field}' in enumerate, or drop ascending: true from its traits`,
        );
      amounts.push(amount);
    }
    if (trait.bounds !== 'listed') continue;
    const sample = ofType[0] as TAction;
    for (const amount of offListAmounts(amounts, trait.step ?? 1)) {
      const r = engine.apply(state, seat, { ...sample, [trait.field]: amount });
      if (r.ok)
        throw lawFailure(
          `${where}, '${type}' declares its listed amounts as the bounds, but ${String(amount)} in '${trait.field}' (not listed: ${String(Math.min(...amounts))}..${String(Math.max(...amounts))}) was accepted`,
          `make the '${type}' handler's validate refuse amounts outside what enumerate lists, or declare bounds other than 'listed'`,
        );
    }
  }
}

/**
 * The laws of what a game declares (run by `gameLaws`): the action traits are well formed,
 * every legal action has exactly the fields its type declares, declared amounts are finite
 * multiples of their step, listed in ascending order when declared so, and, when the legal
 * actions list the bounds, an amount just outside them is refused; the phases' declared
 * `actions` and the declared kinds of decision (`decisions`, `awaitedDecision`) leave out no
 * legal action, shared lists (`sharedLegalActions`) list the same and never change, and the
 * compact set (`legalActionSet`, from handlers' `enumerateCompact` where declared) is the
 * list compacted; and (given the game's event declarations) every recorded event is declared
 * with its declared fields.
 */
export function declarationLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(run: Run<TState, TAction, TOptions, TCard>): { name: string; run: () => void }[] {
  const { game, law, maxActions, events } = run;
  const traits = actionTraitsOf(game);
  // What each phase and each kind of decision leaves out (where a missing type may be).
  const handlerTypes = Object.keys(game.actions);
  const leftOut = [
    ...game.phases.flatMap((p) =>
      p.actions === undefined
        ? []
        : handlerTypes
            .filter((t) => !(p.actions as readonly string[]).includes(t))
            .map((t) => `phase '${p.id}' lists no '${t}'`),
    ),
    ...Object.entries(game.decisions ?? {}).flatMap(([kind, types]) =>
      handlerTypes
        .filter((t) => !(types as readonly string[]).includes(t))
        .map((t) => `decision '${kind}' lists no '${t}'`),
    ),
  ];
  const laws: { name: string; run: () => void }[] = [
    law('its declared action traits hold for every legal action', (walk) => {
      const problems = checkActionTraits(game.actions);
      if (problems.length > 0)
        throw lawFailure(
          `the declared action traits are malformed: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
          'correct the traits at the paths named (actions.<type>.traits)',
        );
      playWalk(game, walk, maxActions, ({ index, state, seat, legal }, engine) => {
        if (index % 3 !== 0) return;
        for (const action of legal) {
          const fields = traits.fieldsOf(action.type);
          if (fields === undefined) continue;
          const wrong = checkRecordFields(
            fields,
            action as unknown as Record<string, unknown>,
            action.type,
          );
          if (wrong.length > 0)
            throw lawFailure(
              `${atDecision(index, state.phase, seat)}, the legal action ${shown(action)} breaks the fields its type declares: ${wrong.join('; ')}`,
              `make the '${action.type}' handler's enumerate build actions with exactly the fields its traits declare, or correct traits.fields`,
            );
        }
        checkAmounts(
          engine as unknown as Engine<TState, TAction, unknown>,
          state,
          seat,
          legal,
          atDecision(index, state.phase, seat),
        );
      });
    }),
  ];
  laws.push(
    law('its declared phase actions and decisions leave out no legal action', (walk) => {
      // The same game asking every handler at every decision (no phase `actions`, no declared
      // decisions): it must list the same actions, in the same order, at every decision, and
      // force the same ones in between. Shared lists must list them too and never change.
      const { awaitedDecision: _awaited, decisions: _decisions, ...rest } = game;
      const plain = { ...rest, phases: game.phases.map(({ actions: _actions, ...p }) => p) };
      const all = new Engine(plain, walk.setup);
      let kept: { list: readonly TAction[]; json: string } | undefined;
      const rangeFields = declaredRangeFields(game);
      const { engine, final, actions } = playWalk(
        game,
        walk,
        maxActions,
        ({ index, state, seat, legal }, walked) => {
          const expected = JSON.stringify(all.legalActions(state, seat));
          const where = `at decision ${String(index)} (phase '${state.phase}'${game.awaitedDecision === undefined ? '' : `, decision '${String(game.awaitedDecision(state.game))}'`})`;
          if (JSON.stringify(legal) !== expected) {
            const listed = new Set(legal.map((a) => a.type));
            const left = [
              ...new Set(
                all
                  .legalActions(state, seat)
                  .map((a) => a.type)
                  .filter((t) => !listed.has(t)),
              ),
            ];
            throw lawFailure(
              `${where}, seat ${String(seat)}: legalActions lists ${String(legal.length)} actions, every handler together ${String(all.legalActions(state, seat).length)}: a declaration leaves out an action type${left.length > 0 ? ` (${left.map((t) => `'${t}'`).join(', ')})` : ''}`,
              `add ${left.length > 0 ? left.map((t) => `'${t}'`).join(', ') : 'the missing type'} to the actions of phase '${state.phase}'${game.awaitedDecision === undefined ? '' : ` or of the decision awaited`}, or make its handler's enumerate list nothing there`,
            );
          }
          const shared = walked.sharedLegalActions(state, seat);
          if (JSON.stringify(shared) !== expected)
            throw lawFailure(
              `${where}, seat ${String(seat)}: sharedLegalActions lists other actions than legalActions`,
              "a handler's shared list must list exactly what its enumerate lists for the same state and seat",
            );
          const compact = JSON.stringify(walked.legalActionSet(state, seat));
          if (compact !== JSON.stringify(compactLegalActions(legal, { rangeFields })))
            throw lawFailure(
              `${where}, seat ${String(seat)}: legalActionSet gives other entries than compacting legalActions`,
              "make each handler's enumerateCompact describe exactly the actions its enumerate lists",
            );
          if (kept !== undefined && JSON.stringify(kept.list) !== kept.json)
            throw lawFailure(
              `${where}: a shared list of legal actions handed out earlier has changed`,
              'never change a shared list after handing it out: build a new array when the actions change',
            );
          if (index % 5 === 0) kept = { list: shared, json: JSON.stringify(shared) };
        },
      );
      let state = all.initialState(walk.seed).state;
      const forced =
        'a declaration leaves out an action type, so the engine forced an action where every handler together lists more';
      const declared = `add the missing action type to the phase's actions (or the decision's list)${leftOut.length === 0 ? '' : `: ${leftOut.join('; ')}`}`;
      if (all.hash(state) !== engine.hash(engine.initialState(walk.seed).state))
        throw lawFailure(
          `the first decision differs from the game asking every handler: ${forced}`,
          declared,
        );
      for (const [i, { seat, action }] of actions.entries()) {
        const r = all.apply(state, seat, action);
        if (!r.ok)
          throw lawFailure(
            `at decision ${String(i)}, the game asking every handler refuses seat ${String(seat)}'s action ${shown(action)}: ${r.error.message}`,
            declared,
          );
        state = r.state;
      }
      if (all.hash(state) !== engine.hash(final))
        throw lawFailure(
          `the walk ends elsewhere when every handler is asked: ${forced}`,
          declared,
        );
    }),
  );
  if (events !== undefined)
    laws.push(
      law('every event it records is declared, with its declared fields', (walk) => {
        const { actions } = playWalk(game, walk, maxActions);
        const match = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
        for (const { seat, action } of actions) match.apply(seat, action);
        for (const entry of match.log)
          for (const event of entry.events) {
            const problems = checkEvent(events, event);
            if (problems.length > 0)
              throw lawFailure(
                `log entry ${String(entry.seq)} records the event ${shown(event)}, which its declarations do not allow: ${problems.join('; ')}`,
                `declare the event '${String((event as { type?: unknown }).type)}' with its fields in defineEvents, or emit it with exactly its declared fields`,
              );
          }
      }),
    );
  return laws;
}
