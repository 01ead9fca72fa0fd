import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { variantJsonSchema } from '@ruleloom/core';
import type { Command } from 'commander';
import { CliError, EXIT_CODES, messageOf } from '../errors.js';
import { getCliGame, listGameIds } from '../games/registry.js';
import { escapeControl } from '../terminal-text.js';
import { checkVariantData, readVariantData } from '../variant/variant-file.js';
import type { CommandContext } from './context.js';

async function check(context: CommandContext, file: string): Promise<void> {
  const { io, palette: c } = context;
  const checked = checkVariantData(await readVariantData(file, io.cwd));
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

async function schema(
  context: CommandContext,
  gameId: string,
  out: string | undefined,
): Promise<void> {
  const { io } = context;
  const text = `${JSON.stringify(variantJsonSchema(getCliGame(gameId).game), null, 2)}\n`;
  if (out === undefined) {
    io.out(text);
    return;
  }
  try {
    await writeFile(resolve(io.cwd, out), text, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${out}': ${messageOf(error)}`);
  }
  io.out(`JSON Schema of ${gameId} variant files written to ${out}\n`);
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
    .addHelpText(
      'after',
      `
Example:
  $ ruleloom variant check docs/guides/variants/cheap-monopolies.yaml`,
    )
    .action(async (file: string) => check(context, file));
  variant
    .command('schema')
    .description("print (or write) the JSON Schema of a game's variant files, for editors")
    .argument('<game>', `the game: ${listGameIds().join(', ')}`)
    .option('--out <file>', 'write the schema to a file')
    .action(async (game: string, flags: { out?: string }) => schema(context, game, flags.out));
}
