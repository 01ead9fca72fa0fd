import { createClient, createWorkerBotRunner, type RulesClient } from '@ruleloom/client';
import { useState } from 'react';
import { GAMES, type LobbyGame } from './games.js';
import { seatLabel } from './presenters.js';
import { OptionFields } from './option-fields.js';

/** Starts a local match: bots think in a Web Worker; seats without a bot are hot-seat. */
function startLocal(
  g: LobbyGame,
  players: number,
  seed: number,
  seats: readonly string[],
  options: Readonly<Record<string, unknown>>,
): RulesClient {
  const bots: Record<number, string> = {};
  seats.forEach((kind, seat) => {
    if (seat < players && kind !== 'human') bots[seat] = kind;
  });
  const hasBots = Object.keys(bots).length > 0;
  return createClient({
    type: 'local',
    game: g.game,
    setup: { seed, players, options },
    bots,
    ...(hasBots
      ? {
          botRunner: createWorkerBotRunner(
            new Worker(new URL('./bots.worker.ts', import.meta.url), { type: 'module' }),
          ),
        }
      : {}),
  });
}

/** The lobby's local game: pick the game, the players, each seat (a person or a bot), options. */
export function LocalSetup({ onStart }: { onStart: (client: RulesClient) => void }) {
  const [gameId, setGameId] = useState(GAMES[0]!.id);
  const g = GAMES.find((x) => x.id === gameId) ?? GAMES[0]!;
  const range = g.game.players;
  const [players, setPlayers] = useState(g.players);
  const [seed, setSeed] = useState(
    () => crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000,
  );
  const [seats, setSeats] = useState<string[]>(['human', ...Array<string>(7).fill('random')]);
  const [options, setOptions] = useState<Readonly<Record<string, unknown>>>(g.options);
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-label="local game">
      <h2>New local game</h2>
      <div className="row">
        <label>
          Game{' '}
          <select
            value={gameId}
            onChange={(e) => {
              const next = GAMES.find((x) => x.id === e.target.value) ?? GAMES[0]!;
              setGameId(next.id);
              setPlayers(next.players);
              setOptions(next.options);
              setSeats(['human', ...Array<string>(7).fill('random')]);
            }}
          >
            {GAMES.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Players{' '}
          <input
            type="number"
            min={range.min}
            max={range.max}
            value={players}
            onChange={(e) =>
              setPlayers(Math.min(range.max, Math.max(range.min, Number(e.target.value))))
            }
          />
        </label>
        <label>
          Seed{' '}
          <input
            type="number"
            min={0}
            value={seed}
            onChange={(e) => setSeed(Number(e.target.value))}
          />
        </label>
      </div>
      <fieldset>
        <legend>Seats</legend>
        <div className="row">
          {Array.from({ length: players }, (_, seat) => (
            <label key={seat}>
              {seatLabel(g.id, seat)}{' '}
              <select
                value={seats[seat]}
                onChange={(e) => setSeats(seats.map((k, i) => (i === seat ? e.target.value : k)))}
              >
                <option value="human">a person (hot-seat)</option>
                {g.botKinds.map((b) => (
                  <option key={b} value={b}>
                    bot: {b}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <OptionFields game={g.game} values={options} onChange={setOptions} />
      {error !== null && <p role="alert">{error}</p>}
      <button
        onClick={() => {
          try {
            onStart(startLocal(g, players, seed, seats, options));
          } catch (e) {
            setError(e instanceof Error ? e.message.slice(0, 300) : 'the game could not start');
          }
        }}
      >
        Start the local game
      </button>
    </section>
  );
}
