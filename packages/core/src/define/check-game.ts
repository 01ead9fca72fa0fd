import { checkActionTraits } from './action-traits.js';
import {
  buildCardTable,
  checkCards,
  type CardDefinition,
  type HandlerRef,
} from '../cards/cards.js';
import { GAME_OVER_PHASE } from '../model/phase-ids.js';
import type { Problem } from '../errors/problem.js';
import { didYouMean } from '../errors/suggest.js';
import { checkOptionValue, type OptionSpec } from '../options/options.js';
import { describeValue } from '../util/describe.js';
import type { PhaseDefinition, Transition } from './types.js';
import type { GameSpec } from './game.js';
import type { PrivateFieldDeclaration, ZoneDeclaration } from '../zones/zone.js';

const RESERVED_OPTIONS = ['cards'];
const OPTION_KINDS = ['integer', 'enum', 'boolean', 'custom'];

type AnySpec = GameSpec<
  unknown,
  { type: string },
  CardDefinition,
  Record<string, OptionSpec>,
  unknown,
  unknown,
  unknown
>;

function checkRef(
  ref: unknown,
  path: string,
  kind: 'effect' | 'condition',
  handlers: Readonly<Record<string, unknown>>,
  problems: Problem[],
): void {
  if (typeof ref !== 'object' || ref === null || typeof (ref as HandlerRef).type !== 'string') {
    problems.push({
      path,
      message: `expected a ${kind} reference { type, params }, got ${describeValue(ref)}`,
    });
    return;
  }
  const { type, params } = ref as HandlerRef;
  const handler: unknown = handlers[type];
  if (typeof handler !== 'function') {
    const known = Object.keys(handlers);
    problems.push({
      path: `${path}.type`,
      message: `unknown ${kind} '${type}'.${didYouMean(type, known) || (known.length ? ` Known: ${known.join(', ')}.` : '')}`,
    });
    return;
  }
  const checkParams = (handler as { checkParams?: (p: unknown) => readonly string[] }).checkParams;
  if (checkParams) {
    for (const message of checkParams(params))
      problems.push({ path: `${path}.params`, message: `${type}: ${message}` });
  }
}

function checkPhaseActions(
  phase: PhaseDefinition,
  at: string,
  actionTypes: ReadonlySet<string>,
  problems: Problem[],
): void {
  const declared: unknown = phase.actions;
  if (declared === undefined) return;
  if (!Array.isArray(declared)) {
    problems.push({
      path: `${at}.actions`,
      message: `actions must be a list of the game's action types, got ${describeValue(declared)}`,
    });
    return;
  }
  declared.forEach((type: unknown, j: number) => {
    if (typeof type !== 'string' || !actionTypes.has(type))
      problems.push({
        path: `${at}.actions[${String(j)}]`,
        message: `unknown action type ${describeValue(type)}.${typeof type === 'string' ? didYouMean(type, actionTypes) : ''}`,
      });
  });
}

/** `decisions` names known action types, and comes with `awaitedDecision` (each needs the other). */
function checkDecisions(spec: AnySpec, problems: Problem[]): void {
  const decisions: unknown = spec.decisions;
  const awaited: unknown = spec.awaitedDecision;
  if (decisions === undefined && awaited === undefined) return;
  if (awaited !== undefined && typeof awaited !== 'function')
    problems.push({ path: 'awaitedDecision', message: 'should be a function of the state' });
  if (decisions === undefined) {
    problems.push({ path: 'decisions', message: 'awaitedDecision needs the decisions it names' });
    return;
  }
  if (awaited === undefined)
    problems.push({
      path: 'awaitedDecision',
      message: 'decisions need awaitedDecision, which names the one awaited now',
    });
  if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) {
    problems.push({
      path: 'decisions',
      message: `should map each kind of decision to its action types, got ${describeValue(decisions)}`,
    });
    return;
  }
  const actionTypes = new Set(Object.keys(spec.actions ?? {}));
  for (const [kind, types] of Object.entries(decisions as Record<string, unknown>)) {
    const at = `decisions.${kind}`;
    if (!Array.isArray(types) || types.length === 0) {
      problems.push({ path: at, message: 'should list at least one action type' });
      continue;
    }
    (types as unknown[]).forEach((type, j) => {
      if (typeof type !== 'string' || !actionTypes.has(type))
        problems.push({
          path: `${at}[${String(j)}]`,
          message: `unknown action type ${describeValue(type)}.${typeof type === 'string' ? didYouMean(type, actionTypes) : ''}`,
        });
    });
  }
}

function checkPhases(spec: AnySpec, problems: Problem[]): void {
  const actionTypes = new Set(Object.keys(spec.actions ?? {}));
  const effects = (spec.effects ?? {}) as Readonly<Record<string, unknown>>;
  const conditions = (spec.conditions ?? {}) as Readonly<Record<string, unknown>>;
  const raw: unknown = spec.phases;
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push({ path: 'phases', message: 'a game needs at least one phase' });
    return;
  }
  const phases = raw as readonly PhaseDefinition[];
  const ids = new Set<string>();
  phases.forEach((phase, i) => {
    const at = `phases[${String(i)}]`;
    if (
      typeof phase.id !== 'string' ||
      phase.id === '' ||
      phase.id.startsWith('$') ||
      phase.id === GAME_OVER_PHASE
    ) {
      problems.push({
        path: `${at}.id`,
        message: `phase id must be non-empty text, not '${GAME_OVER_PHASE}' and not starting with '$'`,
      });
    } else if (ids.has(phase.id)) {
      problems.push({ path: `${at}.id`, message: `duplicate phase id '${phase.id}'` });
    } else {
      ids.add(phase.id);
    }
  });
  phases.forEach((phase, i) => {
    const at = `phases[${String(i)}]`;
    (phase.steps ?? ([] as readonly HandlerRef[])).forEach((step: HandlerRef, j: number) =>
      checkRef(step, `${at}.steps[${String(j)}]`, 'effect', effects, problems),
    );
    if (phase.skipIf !== undefined)
      checkRef(phase.skipIf, `${at}.skipIf`, 'condition', conditions, problems);
    checkPhaseActions(phase, at, actionTypes, problems);
    (phase.next ?? ([] as readonly Transition[])).forEach((t: Transition, j: number) => {
      const tp = `${at}.next[${String(j)}]`;
      if (t.to !== '$next' && t.to !== '$end' && !ids.has(t.to)) {
        problems.push({
          path: `${tp}.to`,
          message: `unknown phase '${t.to}' (use a phase id, '$next' or '$end').${didYouMean(t.to, ids)}`,
        });
      }
      if (t.when !== undefined) checkRef(t.when, `${tp}.when`, 'condition', conditions, problems);
    });
  });
}

function checkOptions(spec: AnySpec, problems: Problem[], cardIds: readonly string[]): void {
  if (typeof spec.options !== 'object' || spec.options === null) {
    problems.push({ path: 'options', message: 'expected an object of option declarations' });
    return;
  }
  for (const [name, opt] of Object.entries(spec.options)) {
    const at = `options.${name}`;
    if (RESERVED_OPTIONS.includes(name)) {
      problems.push({ path: at, message: `'${name}' is reserved for card overrides` });
      continue;
    }
    if (typeof opt !== 'object' || !OPTION_KINDS.includes(opt.type)) {
      problems.push({
        path: `${at}.type`,
        message: `option type must be one of ${OPTION_KINDS.join(', ')}`,
      });
      continue;
    }
    if (opt.type === 'integer' && (typeof opt.max !== 'number' || !Number.isSafeInteger(opt.max))) {
      problems.push({
        path: `${at}.max`,
        message: `integer option '${name}' needs a max: setups come from outside, and every number they give must be bounded`,
      });
    }
    for (const message of checkOptionValue(opt, opt.default, {
      players: spec.players.min,
      cardIds,
    })) {
      problems.push({ path: `${at}.default`, message });
    }
  }
}

function checkZones(spec: AnySpec, problems: Problem[]): void {
  const counts = new Set<string>();
  spec.zones.forEach((zone, i) => {
    const at = `zones[${String(i)}]`;
    const parts = typeof zone.path === 'string' ? zone.path.split('.') : [];
    if (parts.length === 0 || parts.some((p) => p === '') || parts[parts.length - 1] === '*') {
      problems.push({
        path: `${at}.path`,
        message: `zone path must be dotted field names ('*' for array items) ending with a field name, got ${describeValue(zone.path)}`,
      });
    }
    if (!['everyone', 'owner', 'nobody'].includes(zone.visibility)) {
      problems.push({
        path: `${at}.visibility`,
        message: `visibility must be 'everyone', 'owner' or 'nobody'`,
      });
    }
    if (zone.visibility === 'owner' && !parts.includes('*')) {
      problems.push({
        path: `${at}.visibility`,
        message: `an 'owner' zone needs a '*' in its path: the index is the owner seat`,
      });
    }
    if (
      zone.visibility !== 'everyone' &&
      (zone.kind ?? 'list') === 'list' &&
      zone.countAs === undefined
    ) {
      problems.push({
        path: `${at}.countAs`,
        message: 'a hidden list zone needs countAs: the view field that shows its size',
      });
    }
    if (zone.countAs !== undefined) {
      const key = `${parts.slice(0, -1).join('.')}.${zone.countAs}`;
      if (counts.has(key))
        problems.push({
          path: `${at}.countAs`,
          message: `duplicate countAs field '${zone.countAs}'`,
        });
      counts.add(key);
    }
  });
}

/** Checks a whole game spec; returns every problem found. */
export function checkGameSpec(spec: AnySpec): Problem[] {
  const problems: Problem[] = [];
  if (typeof spec.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(spec.id)) {
    problems.push({
      path: 'id',
      message: `game id must be kebab-case, got ${describeValue(spec.id)}`,
    });
  }
  if (typeof spec.name !== 'string' || spec.name === '')
    problems.push({ path: 'name', message: 'a game needs a name' });
  if (!Number.isInteger(spec.rulesVersion) || spec.rulesVersion < 1) {
    problems.push({
      path: 'rulesVersion',
      message: `rulesVersion must be a whole number of at least 1, got ${describeValue(spec.rulesVersion)}`,
    });
  }
  const { min, max } = spec.players ?? { min: NaN, max: NaN };
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) {
    problems.push({
      path: 'players',
      message: 'players must be { min, max } whole numbers with 1 <= min <= max',
    });
  }
  for (const fn of ['setup', 'toAct', 'score'] as const) {
    if (typeof spec[fn] !== 'function')
      problems.push({ path: fn, message: `${fn} must be a function` });
  }
  for (const fn of ['cloneState', 'cloneForStep', 'describeAction', 'forwardModel'] as const) {
    if (spec[fn] !== undefined && typeof spec[fn] !== 'function')
      problems.push({ path: fn, message: `${fn} must be a function when it is set` });
  }
  for (const [name, effect] of Object.entries(spec.effects ?? {})) {
    if (typeof effect !== 'function')
      problems.push({
        path: `effects.${name}`,
        message: 'an effect must be a function (ctx, params) => void',
      });
  }
  for (const [name, cond] of Object.entries(spec.conditions ?? {})) {
    if (typeof cond !== 'function')
      problems.push({
        path: `conditions.${name}`,
        message: 'a condition must be a function (state, params, ctx) => boolean',
      });
  }
  const actions = (spec.actions ?? {}) as unknown as Readonly<
    Record<string, Record<string, unknown>>
  >;
  if (Object.keys(actions).length === 0)
    problems.push({ path: 'actions', message: 'a game needs at least one action type' });
  for (const [type, handler] of Object.entries(actions)) {
    for (const fn of ['parse', 'validate', 'resolve', 'enumerate']) {
      if (typeof handler[fn] !== 'function')
        problems.push({ path: `actions.${type}.${fn}`, message: `${fn} must be a function` });
    }
    if (handler.enumerateCompact !== undefined && typeof handler.enumerateCompact !== 'function')
      problems.push({
        path: `actions.${type}.enumerateCompact`,
        message: 'enumerateCompact, when given, must be a function (state, seat, ctx) => entries',
      });
  }
  problems.push(...checkActionTraits(actions));
  checkPhases(spec, problems);
  checkDecisions(spec, problems);
  const effectNames = new Set(Object.keys(spec.effects ?? {}));
  const rawCards: unknown = spec.cards;
  const cards: readonly CardDefinition[] = Array.isArray(rawCards)
    ? (rawCards as readonly CardDefinition[])
    : [];
  if (!Array.isArray(spec.cards))
    problems.push({
      path: 'cards',
      message: 'cards must be an array (empty for a game without cards)',
    });
  const cardProblems = checkCards(cards, 'cards', effectNames, spec.checkCard);
  problems.push(...cardProblems);
  cards.forEach((card, i) => {
    if (card.effect !== undefined && effectNames.has(card.effect.type)) {
      checkRef(
        card.effect,
        `cards[${String(i)}].effect`,
        'effect',
        spec.effects as Record<string, unknown>,
        problems,
      );
    }
  });
  const cardIds = cardProblems.length === 0 ? buildCardTable(cards).instanceIds : [];
  checkOptions(spec, problems, cardIds);
  if (!Array.isArray(spec.zones))
    problems.push({ path: 'zones', message: 'zones must be an array' });
  else checkZones(spec, problems);
  checkSecrets(spec, cards, problems);
  return problems;
}

/** Whether a value is an array (without widening a typed list to `any[]`). */
function isList(value: unknown): boolean {
  return Array.isArray(value);
}

/**
 * Checks the private fields, and refuses card copies whose instance ids could reveal a
 * private hand (see `GameSpec.copyIds`).
 */
function checkSecrets(spec: AnySpec, cards: readonly CardDefinition[], problems: Problem[]): void {
  const fields: readonly PrivateFieldDeclaration[] | undefined = spec.privateFields;
  if (fields !== undefined) {
    if (!isList(fields)) {
      problems.push({ path: 'privateFields', message: 'privateFields must be an array' });
    } else {
      fields.forEach((field, i) => {
        const at = `privateFields[${String(i)}]`;
        const parts = typeof field.path === 'string' ? field.path.split('.') : [];
        if (
          parts.length === 0 ||
          parts.some((p: string) => p === '') ||
          parts[parts.length - 1] === '*'
        )
          problems.push({
            path: `${at}.path`,
            message: `a private field's path must be dotted field names ('*' for array items) ending with a field name, got ${describeValue(field.path)}`,
          });
        if (field.visibility !== 'owner' && field.visibility !== 'nobody')
          problems.push({
            path: `${at}.visibility`,
            message: `a private field's visibility must be 'owner' or 'nobody' (undeclared fields are public)`,
          });
        if (field.visibility === 'owner' && !parts.includes('*'))
          problems.push({
            path: `${at}.visibility`,
            message: `an 'owner' field needs a '*' in its path: the index is the owner seat`,
          });
      });
      if (fields.length > 0 && typeof spec.determinize !== 'function')
        problems.push({
          path: 'determinize',
          message:
            'a game with private fields needs a determinize hook that redraws them for a viewer (search bots and the information-set laws use it)',
        });
    }
  }
  if (spec.copyIds !== undefined && spec.copyIds !== 'shuffled')
    problems.push({ path: 'copyIds', message: `copyIds must be 'shuffled' when given` });
  const zones: readonly ZoneDeclaration[] = spec.zones;
  if (!isList(zones) || spec.copyIds === 'shuffled') return;
  const copied = cards.filter((c) => typeof c.copies === 'number' && c.copies > 1).map((c) => c.id);
  const owned = zones.findIndex((z) => z.visibility === 'owner');
  if (copied.length === 0 || owned < 0) return;
  problems.push({
    path: `zones[${String(owned)}]`,
    message: `zone '${zones[owned]?.path ?? ''}' is private to its owner and card${copied.length > 1 ? 's' : ''} ${copied
      .slice(0, 3)
      .map((c) => `'${c}'`)
      .join(
        ', ',
      )}${copied.length > 3 ? ', ...' : ''} have copies: holding '${String(copied[0])}#2' can tell a seat that another seat holds '${String(copied[0])}#1' when the rules take "the first copy". Deal copies into private zones only from a shuffled zone and declare copyIds: 'shuffled' (the information-set laws check it), or give each card one copy`,
  });
}

/** Checks a card effect reference's params (used for card overrides at setup). */
export function checkEffectRefs(
  cards: readonly CardDefinition[],
  path: string,
  effects: Readonly<Record<string, unknown>>,
): Problem[] {
  const problems: Problem[] = [];
  cards.forEach((card, i) => {
    if (card.effect !== undefined)
      checkRef(card.effect, `${path}[${String(i)}].effect`, 'effect', effects, problems);
  });
  return problems;
}
