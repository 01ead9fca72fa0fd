import { BOT_CATALOG, createCatalogBot, type Bot } from '@ruleloom/bots';
import { plainText, type GameKit } from '@ruleloom/core';
import type { EngineGame, EngineHost } from '../src/index.js';

/**
 * A small engine host for the bridge's own tests: games from kits by id, boards as plain text,
 * the bots package's honest catalog bots set up by each kit.
 */
export function kitHost(kits: Readonly<Record<string, GameKit>>): EngineHost {
  const gameOf = (id: string, kit: GameKit): EngineGame => {
    const presenter = kit.presenter;
    return {
      id,
      game: kit.game,
      defaultPlayers: kit.defaultSetup.players,
      seatLabel: (seat) => presenter?.seatLabel(seat) ?? `Seat ${String(seat + 1)}`,
      render: (view, { names, engine }) =>
        (presenter?.renderBoard(view, { names, rules: engine }) ?? []).map((block) =>
          block.type === 'line'
            ? plainText(block.text)
            : block.rows.map((row) => row.map((cell) => plainText(cell)).join(' | ')).join('\n'),
        ),
      formatScore: (score) => presenter?.formatScore(score) ?? String(score),
      createBot: (name) => createCatalogBot(name, kit) as Bot,
    };
  };
  return {
    resolveGame: (spec) => {
      const kit = kits[spec];
      return kit === undefined
        ? Promise.reject(
            new Error(`unknown game '${spec}' (known: ${Object.keys(kits).join(', ')})`),
          )
        : Promise.resolve(gameOf(spec, kit));
    },
    games: () => Object.keys(kits),
    bots: BOT_CATALOG.filter((b) => !b.cheats).map((b) => b.name),
    version: '0.0.0-test',
  };
}
