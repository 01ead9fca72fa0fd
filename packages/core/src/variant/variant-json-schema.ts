import type { AnyGame } from '../define/game.js';
import type { OptionSpec } from '../options/options.js';

/**
 * A JSON Schema document (draft 2020-12), as plain JSON data.
 * @public
 */
export type JsonSchema = { readonly [key: string]: unknown };

interface Described {
  readonly checkParams?: ((params: unknown) => readonly string[]) & {
    readonly paramNames?: readonly string[];
  };
}

function optionSchema(spec: OptionSpec): JsonSchema {
  const base = { description: spec.description, default: spec.default };
  switch (spec.type) {
    case 'integer':
      return {
        ...base,
        type: 'integer',
        ...(spec.min === undefined ? {} : { minimum: spec.min }),
        ...(spec.max === undefined ? {} : { maximum: spec.max }),
        ...(spec.multipleOf === undefined ? {} : { multipleOf: spec.multipleOf }),
      };
    case 'enum':
      return { ...base, enum: spec.values };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'custom':
      // A custom option is checked by its own validator: the schema can only describe it.
      return { ...base, description: `${spec.description} (checked by the game)` };
  }
}

/** `{ type, params }` references to the named handlers of a record. */
function refSchema(handlers: Readonly<Record<string, unknown>>, what: string): JsonSchema {
  const names = Object.keys(handlers).sort();
  return {
    type: 'object',
    required: ['type'],
    properties: { type: { enum: names, description: `the ${what}'s name` }, params: {} },
    additionalProperties: false,
    allOf: names.map((name) => {
      const check = (handlers[name] as Described | undefined)?.checkParams;
      const fields = check?.paramNames;
      const params: JsonSchema =
        fields === undefined
          ? check === undefined
            ? { description: `'${name}' takes no declared params` }
            : { description: `'${name}' params, checked by the game when the variant is loaded` }
          : {
              type: 'object',
              required: fields,
              properties: Object.fromEntries(
                fields.map((f) => [f, { description: `checked by the game (${name}.${f})` }]),
              ),
              additionalProperties: false,
            };
      return {
        if: { properties: { type: { const: name } } },
        then: { properties: { params } },
      };
    }),
  };
}

/**
 * The JSON Schema of variant files for one game, generated from its declared options, cards,
 * phases, effects and conditions, so that editors can complete and check them.
 *
 * @remarks
 * Options are described fully (types, ranges, enums, defaults). Effect and condition params are
 * described as far as their declaration allows: params declared with `checkParamFields` list
 * their field names (their values are checked by the game's own schemas when the variant is
 * loaded, not by this JSON Schema); params checked by another function are described only as
 * "checked by the game". `ruleloom variant check` (or {@link variantFromData}) is the full check.
 * @public
 */
export function variantJsonSchema(game: AnyGame): JsonSchema {
  const options = game.options;
  const cardIds = (game.cards as readonly { id: string }[]).map((c) => c.id);
  const phaseIds = (game.phases as readonly { id: string }[]).map((p) => p.id);
  const effects = refSchema(game.effects, 'effect');
  const conditions = refSchema(game.conditions ?? {}, 'condition');
  const card: JsonSchema = {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
      copies: { type: 'integer', minimum: 1, maximum: 1000 },
      effect: { $ref: '#/$defs/effect' },
      traits: { type: 'object' },
    },
    description: `a card definition of '${game.id}' (its own fields are checked by the game)`,
  };
  const phase: JsonSchema = {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string' },
      description: { type: 'string' },
      skipIf: { $ref: '#/$defs/condition' },
      steps: { type: 'array', items: { $ref: '#/$defs/effect' } },
      next: {
        type: 'array',
        items: {
          type: 'object',
          required: ['to'],
          properties: { to: { type: 'string' }, when: { $ref: '#/$defs/condition' } },
          additionalProperties: false,
        },
      },
      actions: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://ruleloom.dev/schemas/${game.id}.variant.json`,
    title: `${game.name} variant`,
    type: 'object',
    required: ['game'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      game: { const: game.id },
      id: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', not: { const: game.id } },
      name: { type: 'string' },
      description: { type: 'string' },
      options: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          Object.entries(options).map(([name, spec]) => [name, optionSchema(spec)]),
        ),
      },
      cards: {
        type: 'object',
        additionalProperties: false,
        properties: {
          add: { type: 'array', items: card },
          replace: {
            type: 'array',
            items: { allOf: [card, { properties: { id: { enum: cardIds } } }] },
          },
          remove: { type: 'array', items: { enum: cardIds } },
        },
      },
      phases: {
        type: 'object',
        additionalProperties: false,
        properties: {
          remove: { type: 'array', items: { enum: phaseIds } },
          replace: {
            type: 'array',
            items: {
              allOf: [{ $ref: '#/$defs/phase' }, { properties: { id: { enum: phaseIds } } }],
            },
          },
          insert: {
            type: 'array',
            items: {
              type: 'object',
              required: ['phase'],
              properties: {
                phase: { $ref: '#/$defs/phase' },
                before: { enum: phaseIds },
                after: { enum: phaseIds },
              },
              additionalProperties: false,
            },
          },
        },
      },
    },
    $defs: { effect: effects, condition: conditions, phase },
  };
}
