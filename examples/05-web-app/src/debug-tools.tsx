// Development builds only: game-screen.tsx and app.tsx import this file behind
// `import.meta.env.DEV`, so a production bundle has none of it.
import { ismctsPreset, mctsBot, type SearchReport } from '@ruleloom/bots/browser';
import { createClient, type LocalClient, type RulesClient } from '@ruleloom/client';
import { colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import {
  createEngine,
  Rng,
  type ActionBase,
  type AnyGame,
  type Heuristic,
  type SavedMatch,
} from '@ruleloom/core';
import { DebugPanel, type DebugCandidate, type ExplainRequest } from '@ruleloom/react/debug';
import { stAugustineHeuristic } from '@ruleloom/st-augustine';
import { findGame } from './games.js';
import { startLocal, type LocalGame } from './local-setup.js';

const HEURISTICS: Readonly<Record<string, Heuristic>> = {
  'st-augustine': stAugustineHeuristic,
  'colonial-florida': colonialFloridaHeuristic,
};

/** The debug panel's "ask the bot": a short ISMCTS search (main thread) of the seat's view. */
function explainer(
  game: AnyGame,
  client: LocalClient,
): (request: ExplainRequest) => Promise<readonly DebugCandidate[]> {
  return async (request) => {
    const { setup } = client.save();
    const rules = createEngine(game, { players: setup.players, options: setup.options ?? {} });
    let report: SearchReport<ActionBase> | undefined;
    const heuristic = HEURISTICS[game.id];
    const bot = mctsBot({
      ...ismctsPreset(game.id),
      iterations: 200,
      ...(heuristic === undefined ? {} : { heuristic }),
      onSearch: (r) => (report = r),
    });
    await bot.act({
      ...request,
      rng: Rng.fromSeed(client.getSnapshot().version),
      rules: rules as never,
    });
    return report?.candidates ?? [];
  };
}

/** The debug panel with this app's tools: a bot's candidates and restore (local games). */
export function DevDebugPanel({
  client,
  game,
  onRestore,
}: {
  client: RulesClient;
  game?: AnyGame | undefined;
  onRestore?: ((save: SavedMatch) => void) | undefined;
}) {
  const local = 'save' in client ? (client as LocalClient) : null;
  return (
    <DebugPanel
      client={client}
      {...(game === undefined ? {} : { game })}
      {...(onRestore === undefined ? {} : { onRestore })}
      {...(game !== undefined && local !== null ? { explain: explainer(game, local) } : {})}
    />
  );
}

/**
 * A local game from a verified save: its setup with every action replayed, every seat a
 * person (hot-seat), so it can be played on from there; null when an action does not replay.
 */
export async function restoreLocal(save: SavedMatch): Promise<LocalGame | null> {
  const g = findGame(save.game);
  if (g === undefined) return null;
  const client = createClient({ type: 'local', game: g.game, setup: save.setup });
  for (const a of save.actions) {
    const r = await client.act(a.action);
    if (!r.ok) {
      client.close();
      return null;
    }
  }
  const players = save.setup.players;
  const seats = Array<string>(players).fill('human');
  const options = save.setup.options ?? {};
  return {
    client,
    game: g,
    seats,
    again: () =>
      startLocal(
        g,
        players,
        crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000,
        seats,
        options,
      ),
  };
}
