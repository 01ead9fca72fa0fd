import type { GameEvent } from '../model/event.js';
import type { GameView } from '../view/view.js';
import type { CardDefinition, CardOverrides } from '../cards/cards.js';
import { applyCardOverrides } from '../cards/cards.js';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import type { Problem } from '../errors/problem.js';
import { didYouMean } from '../errors/suggest.js';
import type { OptionSpec, OptionsSchema } from '../options/options.js';
import { finishGame } from './define-game.js';
import type { DefinedGame } from './game.js';
import type { ActionBase } from '../model/action.js';
import type {
  ConditionHandler,
  ConditionRefOf,
  EffectHandler,
  EffectRefOf,
  PhaseDefinition,
} from './types.js';

/**
 * How a variant changes the phases of its base game, by phase id.
 * @public
 */
export interface PhaseOverrides<TPhase> {
  /** Phases to remove, by id. */
  readonly remove?: readonly string[];
  /** Phases that replace the base phase with the same id. */
  readonly replace?: readonly TPhase[];
  /** New phases, inserted before or after an existing phase (or at the end). */
  readonly insert?: readonly {
    readonly phase: TPhase;
    readonly before?: string;
    readonly after?: string;
  }[];
}

/**
 * What a variant may change. Everything is optional; what is not named stays as in the base.
 * @public
 */
export interface VariantSpec<
  TState,
  TOptions,
  TCard extends CardDefinition,
  TSchema extends OptionsSchema,
  TEffects,
  TConditions,
  TNewEffects,
  TNewConditions,
> {
  /** The variant's id (kebab-case). Saves are tied to it. */
  readonly id: string;
  /** Display name (default: base name + " (variant)"). */
  readonly name?: string;
  /** Rules version of the variant (default: the base's). */
  readonly rulesVersion?: number;
  /** New defaults for existing options. */
  readonly defaults?: { readonly [K in keyof TOptions]?: TOptions[K] };
  /** Replacement option declarations (e.g. a wider range); names must exist in the base. */
  readonly optionSpecs?: { readonly [K in keyof TSchema]?: OptionSpec };
  /**
   * Card additions, replacements and removals. Any card definition: the game's `checkCard`
   * and the effect checks judge them when the variant is defined, so a card may name an effect
   * this variant adds (typed with the game's own card type and that effect, without a cast).
   */
  readonly cards?: CardOverrides<TCard | CardDefinition>;
  /** Additional named effects (new phases and cards may refer to them). */
  readonly effects?: TNewEffects;
  /** Additional named conditions. */
  readonly conditions?: TNewConditions;
  /** Phase removals, replacements and insertions. */
  readonly phases?: PhaseOverrides<
    PhaseDefinition<
      EffectRefOf<NoInfer<TEffects & TNewEffects>>,
      ConditionRefOf<NoInfer<TConditions & TNewConditions>>
    >
  >;
  /** Player count bounds (default: the base's). */
  readonly players?: { readonly min: number; readonly max: number };
  /** Reserved type witness. */
  readonly _state?: TState;
}

/**
 * Derives a new game from an existing one without forking it: new option defaults, card
 * additions/replacements/removals, new effects and conditions, and phase removals,
 * replacements and insertions by id. The result is checked like any definition.
 *
 * @example
 * ```ts
 * const longGame = defineVariant(stAugustine, { id: 'st-augustine-long', defaults: { turns: 60 } });
 * ```
 * @public
 */
export function defineVariant<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
  TSchema extends OptionsSchema,
  TEffects,
  TConditions,
  TView extends GameView,
  TNewEffects extends Readonly<Record<string, EffectHandler<TState, TOptions, TCard, never>>> =
    Readonly<Record<never, never>>,
  TNewConditions extends Readonly<
    Record<string, ConditionHandler<TState, TOptions, TCard, never>>
  > = Readonly<Record<never, never>>,
  TEvent extends GameEvent = GameEvent,
>(
  base: DefinedGame<
    TState,
    TAction,
    TOptions,
    TCard,
    TSchema,
    TEffects,
    TConditions,
    TView,
    TEvent
  >,
  variant: VariantSpec<
    TState,
    TOptions,
    TCard,
    TSchema,
    TEffects,
    TConditions,
    TNewEffects,
    TNewConditions
  >,
): DefinedGame<
  TState,
  TAction,
  TOptions,
  TCard,
  TSchema,
  TEffects & TNewEffects,
  TConditions & TNewConditions,
  TView,
  TEvent
> {
  const problems: Problem[] = [];
  if (variant.id === base.id)
    problems.push({
      path: 'id',
      message: `a variant needs an id of its own, not its base game's '${base.id}' (saves are tied to the id)`,
    });
  const schema: Record<string, OptionSpec> = { ...(base.options as Record<string, OptionSpec>) };
  for (const [name, spec] of Object.entries(
    (variant.optionSpecs ?? {}) as Record<string, OptionSpec | undefined>,
  )) {
    if (!Object.prototype.hasOwnProperty.call(schema, name) || spec === undefined) {
      problems.push({
        path: `optionSpecs.${name}`,
        message: `the base game has no option '${name}'.${didYouMean(name, Object.keys(schema))}`,
      });
    } else {
      schema[name] = spec;
    }
  }
  for (const [name, value] of Object.entries((variant.defaults ?? {}) as Record<string, unknown>)) {
    const spec = Object.prototype.hasOwnProperty.call(schema, name) ? schema[name] : undefined;
    if (spec === undefined) {
      problems.push({
        path: `defaults.${name}`,
        message: `the base game has no option '${name}'.${didYouMean(name, Object.keys(schema))}`,
      });
    } else {
      schema[name] = { ...spec, default: value } as OptionSpec;
    }
  }
  const { cards, problems: cardProblems } = applyCardOverrides(base.cards, variant.cards, 'cards');
  problems.push(...cardProblems);

  let phases = [...(base.phases as readonly PhaseDefinition[])];
  const ov = (variant.phases ?? {}) as PhaseOverrides<PhaseDefinition>;
  const idsNow = (): string[] => phases.map((p) => p.id);
  (ov.remove ?? []).forEach((id, i) => {
    if (!phases.some((p) => p.id === id)) {
      problems.push({
        path: `phases.remove[${String(i)}]`,
        message: `no phase '${id}' to remove.${didYouMean(id, idsNow())}`,
      });
    }
  });
  phases = phases.filter((p) => !(ov.remove ?? []).includes(p.id));
  (ov.replace ?? []).forEach((phase, i) => {
    const at = phases.findIndex((p) => p.id === phase.id);
    if (at < 0)
      problems.push({
        path: `phases.replace[${String(i)}].id`,
        message: `no phase '${phase.id}' to replace.${didYouMean(phase.id, idsNow())}`,
      });
    else phases[at] = phase;
  });
  (ov.insert ?? []).forEach((entry, i) => {
    const anchor = entry.before ?? entry.after;
    if (anchor === undefined) {
      phases.push(entry.phase);
      return;
    }
    const at = phases.findIndex((p) => p.id === anchor);
    if (at < 0) {
      problems.push({
        path: `phases.insert[${String(i)}]`,
        message: `no phase '${anchor}' to insert next to.${didYouMean(anchor, idsNow())}`,
      });
      return;
    }
    phases.splice(entry.before !== undefined ? at : at + 1, 0, entry.phase);
  });
  if (problems.length > 0) throw new GameDefinitionError(variant.id, problems);

  return finishGame({
    ...base,
    id: variant.id,
    name: variant.name ?? `${base.name} (variant)`,
    rulesVersion: variant.rulesVersion ?? base.rulesVersion,
    players: variant.players ?? base.players,
    options: schema,
    cards,
    effects: { ...(base.effects as object), ...(variant.effects ?? {}) },
    conditions: { ...((base.conditions ?? {}) as object), ...(variant.conditions ?? {}) },
    phases,
  });
}
