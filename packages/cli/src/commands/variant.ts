import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { variantJsonSchema, type JsonSchema } from '@ruleloom/core';
import type { Command } from 'commander';
import { CliError, EXIT_CODES, messageOf, usageError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { GAMES, gameArgumentHelp, resolveCliGame } from '../games/registry.js';
import { escapeControl } from '../terminal-text.js';
import { readVariantData, resolveVariantData } from '../variant/variant-file.js';
import type { CommandContext } from './context.js';

async function check(
  context: CommandContext,
  file: string,
  gameSpec: string | undefined,
): Promise<void> {
  const { io, palette: c } = context;
  const named = gameSpec === undefined ? [] : [await resolveCliGame(gameSpec, { cwd: io.cwd })];
  const checked = await resolveVariantData(
    await readVariantData(file, io.cwd),
    dirname(resolve(io.cwd, file)),
    { games: named },
  );
  if (checked.ok) {
    const { data, cliGame } = checked;
    const changes = [
      data.options === undefined
        ? undefined
        : `${String(Object.keys(data.options).length)} options`,
      data.cards === undefined ? undefined : 'cards',
      data.phases === undefined ? undefined : 'phases',
    ].filter((x) => x !== undefined);
    io.out(
      `${c.green('valid')}: ${escapeControl(file)} is a variant of ${escapeControl(cliGame.id)} (${escapeControl(cliGame.game.name)}; id ${escapeControl(cliGame.game.id)}${changes.length === 0 ? '' : `; changes ${changes.join(', ')}`})\n`,
    );
    return;
  }
  io.out(
    `${c.red('invalid')}: ${escapeControl(file)} has ${String(checked.problems.length)} problem${checked.problems.length === 1 ? '' : 's'}:\n`,
  );
  for (const p of checked.problems)
    io.out(`  ${c.bold(escapeControl(p.path) || '(file)')}: ${escapeControl(p.message)}\n`);
  throw new CliError(`${file} is not a valid variant`, EXIT_CODES.failure);
}

/**
 * The JSON Schema of a game's variant files. A kit's (not a built-in game's) variant files may
 * name their game by its id or by the kit module's path relative to the file.
 */
function schemaOf(cliGame: CliGame): JsonSchema {
  const schema = variantJsonSchema(cliGame.game);
  if (GAMES.includes(cliGame)) return schema;
  const properties = schema['properties'] as Readonly<Record<string, unknown>>;
  return {
    ...schema,
    properties: {
      ...properties,
      game: {
        description: `the game this variant changes: its id ('${cliGame.game.id}') or the path of its kit module, relative to this file (./dist/my-game.mjs)`,
        anyOf: [
          { const: cliGame.game.id },
          { type: 'string', pattern: '^(\\.{1,2}/|/).*\\.(mjs|cjs|js)$' },
        ],
      },
    },
  };
}

async function schema(
  context: CommandContext,
  gameSpec: string | undefined,
  out: string | undefined,
): Promise<void> {
  const { io } = context;
  if (gameSpec === undefined)
    throw usageError(
      'variant schema needs a game: ruleloom variant schema <game> (or --game <package-or-path>)',
    );
  const cliGame = await resolveCliGame(gameSpec, { cwd: io.cwd });
  const text = `${JSON.stringify(schemaOf(cliGame), null, 2)}\n`;
  if (out === undefined) {
    io.out(text);
    return;
  }
  try {
    await writeFile(resolve(io.cwd, out), text, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${out}': ${messageOf(error)}`);
  }
  io.out(`JSON Schema of ${escapeControl(cliGame.id)} variant files written to ${out}\n`);
}

/**
 * Adds `ruleloom variant check <file>` and `ruleloom variant schema <game>` to the program.
 * @public
 */
export function registerVariantCommand(program: Command, context: CommandContext): void {
  const variant = program
    .command('variant')
    .description('check a variant file (JSON or YAML), or print the JSON Schema of variant files');
  variant
    .command('check')
    .description('validate a variant file: every problem with its path (exit 0 valid, 1 not)')
    .argument('<file>', 'the variant file (.json, .yaml or .yml)')
    .option(
      '--game <package-or-path>',
      "the game kit the variant changes, when its file names the game by id (its `game:` may also be the kit module's path, relative to the file)",
    )
    .addHelpText(
      'after',
      `
Examples:
  $ ruleloom variant check docs/guides/variants/cheap-monopolies.yaml
  $ ruleloom variant check short-game.yaml --game ./dist/liars-dice.mjs`,
    )
    .action(async (file: string, flags: { game?: string }) => check(context, file, flags.game));
  variant
    .command('schema')
    .description("print (or write) the JSON Schema of a game's variant files, for editors")
    .argument('[game]', gameArgumentHelp())
    .option('--game <package-or-path>', 'the game, as the argument (a kit: ./dist/my-game.mjs)')
    .option('--out <file>', 'write the schema to a file')
    .addHelpText(
      'after',
      `
Examples:
  $ ruleloom variant schema st-augustine --out st-augustine.variant.json
  $ ruleloom variant schema --game ./dist/liars-dice.mjs`,
    )
    .action(async (game: string | undefined, flags: { game?: string; out?: string }) => {
      if (game !== undefined && flags.game !== undefined && game !== flags.game)
        throw usageError(
          `variant schema: give the game once (got '${game}' and --game '${flags.game}')`,
        );
      return schema(context, game ?? flags.game, flags.out);
    });
}
