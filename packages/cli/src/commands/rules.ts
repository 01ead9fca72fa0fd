import type { OptionSpec } from '@ruleloom/core';
import type { Command } from 'commander';
import type { CliGame } from '../games/cli-game.js';
import { gameArgumentHelp, GAMES, getCliGame, resolveCliGame } from '../games/registry.js';
import { renderTable } from '../output/table.js';
import { fitLines, terminalColumns } from '../output/width.js';
import type { CommandContext } from './context.js';

/**
 * Wraps text to a width, breaking at spaces.
 * @public
 */
export function wrapText(text: string, width = 88): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function describeDefault(spec: OptionSpec): string {
  const text = JSON.stringify(spec.default) ?? 'none';
  return text.length > 24 ? `${text.slice(0, 21)}...` : text;
}

function describeRange(spec: OptionSpec): string {
  switch (spec.type) {
    case 'integer':
      return [
        spec.min === undefined ? '' : `min ${String(spec.min)}`,
        spec.max === undefined ? '' : `max ${String(spec.max)}`,
        spec.multipleOf === undefined ? '' : `×${String(spec.multipleOf)}`,
      ]
        .filter((s) => s !== '')
        .join(', ');
    case 'enum':
      return spec.values.join(' | ');
    case 'boolean':
      return 'true | false';
    case 'custom':
      return 'JSON';
  }
}

/**
 * The text of `ruleloom rules <game>`: summary, turn phases and options, fitted to `width`
 * columns (default: the terminal's; paragraphs never wider than 88).
 * @public
 */
export function rulesText(
  gameOrId: string | CliGame,
  context: CommandContext,
  width: number | undefined = terminalColumns(),
): string {
  const cliGame = typeof gameOrId === 'string' ? getCliGame(gameOrId) : gameOrId;
  const { game } = cliGame;
  const c = context.palette;
  const out: string[] = [
    c.bold(`${game.name} (${game.id}, rules version ${String(game.rulesVersion)})`),
    '',
  ];
  out.push(
    `Players: ${String(game.players.min)}-${String(game.players.max)} (default ${String(cliGame.defaultPlayers)})`,
    '',
  );
  const textWidth = Math.min(88, width ?? 88);
  for (const paragraph of cliGame.summary) out.push(...wrapText(paragraph, textWidth), '');
  out.push(c.bold('A turn, phase by phase'));
  for (const phase of game.phases) {
    const description = phase.description;
    out.push(
      `  ${c.cyan(phase.id)}${typeof description === 'string' && description !== '' ? `: ${description}` : ''}`,
    );
  }
  out.push('', c.bold('Options (--option key=value)'));
  const rows = Object.entries(game.options).map(([key, spec]) => [
    key,
    describeDefault(spec),
    describeRange(spec),
    spec.description,
  ]);
  // The descriptions wrap to fit: the table is at most as wide as the terminal (123 columns
  // when output is piped, when each description is read in lines of about 50).
  out.push(
    renderTable(['Option', 'Default', 'Values', 'Meaning'], rows, [], Math.min(width ?? 123, 123)),
  );
  if (cliGame.rulesDoc !== undefined) out.push('', `Full rules: ${cliGame.rulesDoc}`);
  return `${fitLines(out.join('\n').split('\n'), width).join('\n')}\n`;
}

/**
 * Adds `ruleloom rules <game>` and `ruleloom games` to the program.
 * @public
 */
export function registerRulesCommand(program: Command, context: CommandContext): void {
  program
    .command('rules')
    .description('print the rules summary of a game: how a turn goes, and its options')
    .argument('<game>', gameArgumentHelp())
    .addHelpText(
      'after',
      '\nExamples:\n  $ ruleloom rules colonial-florida\n  $ ruleloom rules ./my-game.mjs',
    )
    .action(async (game: string) =>
      context.io.out(rulesText(await resolveCliGame(game, { cwd: context.io.cwd }), context)),
    );
  program
    .command('games')
    .description('list the built-in games (any kit plays too: ruleloom play ./my-game.mjs)')
    .action(() => {
      const rows = GAMES.map((g) => [
        g.id,
        g.game.name,
        `${String(g.game.players.min)}-${String(g.game.players.max)}`,
      ]);
      context.io.out(`${renderTable(['Id', 'Game', 'Players'], rows)}\n`);
    });
}
