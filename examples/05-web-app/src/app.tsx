import { createClient, createWorkerBotRunner, type RulesClient } from '@ruleloom/client';
import { useEffect, useState } from 'react';
import { GameScreen } from './game-screen.js';
import { GAMES } from './games.js';

/** The lobby: pick a game and play it in the page against two bots (they think in a Web Worker). */
export function App() {
  const [client, setClient] = useState<RulesClient | null>(null);
  useEffect(() => () => client?.close(), [client]);
  if (client !== null) return <GameScreen client={client} />;
  return (
    <main>
      <h1>Ruleloom</h1>
      {GAMES.map((g) => (
        <button
          key={g.id}
          onClick={() => {
            const worker = new Worker(new URL('./bots.worker.ts', import.meta.url), {
              type: 'module',
            });
            setClient(
              createClient({
                type: 'local',
                game: g.game,
                setup: {
                  seed: crypto.getRandomValues(new Uint32Array(1))[0]!,
                  players: g.players,
                  options: g.options,
                },
                bots: {
                  1: 'random',
                  2: g.id === 'st-augustine' ? 'greedy-st-augustine' : 'greedy-colonial-florida',
                },
                botRunner: createWorkerBotRunner(worker),
              }),
            );
          }}
        >
          Play {g.name} against two bots
        </button>
      ))}
    </main>
  );
}
