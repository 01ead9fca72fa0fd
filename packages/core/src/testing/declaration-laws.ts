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
        throw new Error(
          `legal '${type}' has no finite number in its declared amount field '${trait.field}'`,
        );
      if (
        trait.step !== undefined &&
        Math.abs(amount / trait.step - Math.round(amount / trait.step)) > 1e-9
      )
        throw new Error(
          `legal '${type}' amount ${String(amount)} is not a multiple of its declared step ${String(trait.step)}`,
        );
      if (trait.ascending === true && amounts.length > 0 && amount < (amounts.at(-1) as number))
        throw new Error(
          `'${type}' declares its amounts listed in ascending order, but ${String(amount)} is listed after ${String(amounts.at(-1))}`,
        );
      amounts.push(amount);
    }
    if (trait.bounds !== 'listed') continue;
    const sample = ofType[0] as TAction;
    for (const amount of offListAmounts(amounts, trait.step ?? 1)) {
      const r = engine.apply(state, seat, { ...sample, [trait.field]: amount });
      if (r.ok)
        throw new Error(
          `'${type}' declares its listed amounts as the bounds, but ${String(amount)} (not listed: ${String(Math.min(...amounts))}..${String(Math.max(...amounts))}) was accepted`,
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
  const laws: { name: string; run: () => void }[] = [
    law('its declared action traits hold for every legal action', (walk) => {
      const problems = checkActionTraits(game.actions);
      if (problems.length > 0)
        throw new Error(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
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
            throw new Error(`a legal action breaks its declared fields: ${wrong.join('; ')}`);
        }
        checkAmounts(engine as unknown as Engine<TState, TAction, unknown>, state, seat, legal);
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
          const where = `decision ${String(index)} (phase '${state.phase}'${game.awaitedDecision === undefined ? '' : `, decision '${String(game.awaitedDecision(state.game))}'`})`;
          if (JSON.stringify(legal) !== expected)
            throw new Error(
              `${where}: legalActions lists ${String(legal.length)} actions, every handler together ${String(all.legalActions(state, seat).length)}: a declaration leaves out an action type`,
            );
          const shared = walked.sharedLegalActions(state, seat);
          if (JSON.stringify(shared) !== expected)
            throw new Error(`${where}: sharedLegalActions lists other actions than legalActions`);
          const compact = JSON.stringify(walked.legalActionSet(state, seat));
          if (compact !== JSON.stringify(compactLegalActions(legal, { rangeFields })))
            throw new Error(
              `${where}: legalActionSet gives other entries than compacting legalActions (check the handlers' enumerateCompact against their enumerate)`,
            );
          if (kept !== undefined && JSON.stringify(kept.list) !== kept.json)
            throw new Error(`${where}: a shared list handed out earlier has changed`);
          if (index % 5 === 0) kept = { list: shared, json: JSON.stringify(shared) };
        },
      );
      let state = all.initialState(walk.seed).state;
      const forced =
        'a declaration leaves out an action type, so the engine forced an action where every handler together lists more';
      if (all.hash(state) !== engine.hash(engine.initialState(walk.seed).state))
        throw new Error(`the first decision differs from the game asking every handler: ${forced}`);
      for (const [i, { seat, action }] of actions.entries()) {
        const r = all.apply(state, seat, action);
        if (!r.ok)
          throw new Error(
            `decision ${String(i)}: the game asking every handler refuses the walk's action: ${r.error.message}`,
          );
        state = r.state;
      }
      if (all.hash(state) !== engine.hash(final))
        throw new Error(`the walk ends elsewhere when every handler is asked: ${forced}`);
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
              throw new Error(`log entry ${String(entry.seq)}: ${problems.join('; ')}`);
          }
      }),
    );
  return laws;
}
