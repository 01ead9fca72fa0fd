import { createClient, createWorkerBotRunner, type RulesClient } from '@ruleloom/client';
import { useState } from 'react';
import {
  botLabel,
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  GAMES,
  type Difficulty,
  type LobbyGame,
} from './games.js';
import { HowToPlay } from './how-to-play.js';
import { OptionFields } from './option-fields.js';
import { seatLabel } from './presenters.js';
import { SERVED_KITS_MESSAGE, servedKitEntries } from './served-kits.js';
import { readVariant, rememberVariant, VARIANT_MESSAGE, type LoadedVariant } from './variants.js';

/** Who plays each seat of a local game: a person, or a bot kind (for names and the end screen). */
export type SeatKinds = readonly string[];

/** What the lobby starts: the client, who plays each seat, and how to start the same again. */
export interface LocalGame {
  readonly client: RulesClient;
  readonly game: LobbyGame;
  readonly seats: SeatKinds;
  /** A new game with the same settings and a new seed. */
  readonly again: () => LocalGame;
}

/** Starts a local match: bots think in a Web Worker; seats without a bot are hot-seat. */
export function startLocal(
  g: LobbyGame,
  players: number,
  seed: number,
  seats: readonly string[],
  options: Readonly<Record<string, unknown>>,
  variant: LoadedVariant | null = null,
): LocalGame {
  if (variant !== null) rememberVariant(variant, g.id);
  const bots: Record<number, string> = {};
  seats.forEach((kind, seat) => {
    if (seat < players && kind !== 'human') bots[seat] = kind;
  });
  const hasBots = Object.keys(bots).length > 0;
  let worker: Worker | undefined;
  if (hasBots) {
    worker = new Worker(new URL('./bots.worker.ts', import.meta.url), { type: 'module' });
    // First the served kits the page loaded (the worker imports them before anything else).
    worker.postMessage({ type: SERVED_KITS_MESSAGE, kits: servedKitEntries() });
    // The worker learns the variant before its first decision (messages keep their order).
    if (variant !== null) worker.postMessage({ type: VARIANT_MESSAGE, data: variant.data });
  }
  const client = createClient({
    type: 'local',
    game: variant?.game ?? g.game,
    setup: { seed, players, options },
    bots,
    ...(worker === undefined ? {} : { botRunner: createWorkerBotRunner(worker) }),
  });
  return {
    client,
    game: g,
    seats: seats.slice(0, players),
    again: () => startLocal(g, players, newSeed(), seats, options, variant),
  };
}

function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
}

/** Seat 0 a person, every other seat the bot of the difficulty. */
function defaultSeats(g: LobbyGame, difficulty: Difficulty): string[] {
  return ['human', ...Array<string>(7).fill(g.difficulties[difficulty])];
}

/**
 * The lobby's local game: the game, the opponents' difficulty and the start button first
 * (in sight on a phone); how to play; then, folded, the seed, each seat and every option.
 */
export function LocalSetup({ onStart }: { onStart: (game: LocalGame) => void }) {
  const [gameId, setGameId] = useState(GAMES[0]!.id);
  const g = GAMES.find((x) => x.id === gameId) ?? GAMES[0]!;
  const range = g.game.players;
  const [players, setPlayers] = useState(g.players);
  const [seed, setSeed] = useState(newSeed);
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  const [seats, setSeats] = useState<string[]>(() => defaultSeats(g, DEFAULT_DIFFICULTY));
  const [options, setOptions] = useState<Readonly<Record<string, unknown>>>(g.options);
  const [error, setError] = useState<string | null>(null);
  const [variant, setVariant] = useState<LoadedVariant | null>(null);
  const [variantProblems, setVariantProblems] = useState<readonly string[]>([]);
  const loadVariant = async (file: File | undefined) => {
    setVariant(null);
    setVariantProblems([]);
    setOptions(g.options);
    if (file === undefined) return;
    const r = await readVariant(g.game, file.name, await file.text());
    if (!r.ok) {
      setVariantProblems(r.problems);
      return;
    }
    setVariant(r.variant);
    // The variant's option values are its defaults: they replace the lobby's.
    setOptions({ ...g.options, ...(r.variant.data.options ?? {}) });
  };
  const start = () => {
    try {
      onStart(startLocal(g, players, seed, seats, options, variant));
    } catch (e) {
      setError(
        e instanceof Error
          ? `The game could not start: ${e.message.slice(0, 300)}`
          : 'The game could not start.',
      );
    }
  };
  return (
    <section aria-label="local game" className="panel">
      <h2>Play against bots</h2>
      <div className="row">
        <label className="stack">
          Game
          <select
            value={gameId}
            onChange={(e) => {
              const next = GAMES.find((x) => x.id === e.target.value) ?? GAMES[0]!;
              setGameId(next.id);
              setPlayers(next.players);
              setOptions(next.options);
              setVariant(null);
              setVariantProblems([]);
              setSeats(defaultSeats(next, difficulty));
            }}
          >
            {GAMES.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label className="stack">
          Opponents
          <select
            value={difficulty}
            aria-describedby="difficulty-help"
            onChange={(e) => {
              const d = e.target.value as Difficulty;
              setDifficulty(d);
              setSeats(seats.map((k) => (k === 'human' ? k : g.difficulties[d])));
            }}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label className="stack">
          Players
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
      </div>
      <p className="tagline">{g.tagline}</p>
      <p id="difficulty-help" className="hint">
        {DIFFICULTIES.find((d) => d.id === difficulty)?.label}:{' '}
        {DIFFICULTIES.find((d) => d.id === difficulty)?.description}.
      </p>
      {error !== null && <p role="alert">{error}</p>}
      <button className="primary" onClick={start}>
        Start the local game
      </button>
      <HowToPlay game={g.id} />
      <details className="more">
        <summary>More settings: seats, seed and rules options</summary>
        <fieldset>
          <legend>Seats</legend>
          <div className="row">
            {Array.from({ length: players }, (_, seat) => (
              <label key={seat} className="stack">
                {seatLabel(g.id, seat)}
                <select
                  value={seats[seat]}
                  onChange={(e) => setSeats(seats.map((k, i) => (i === seat ? e.target.value : k)))}
                >
                  <option value="human">a person (hot-seat)</option>
                  {g.botKinds.map((b) => (
                    <option key={b} value={b}>
                      bot: {botLabel(b)}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="stack">
          Seed
          <input
            aria-describedby="seed-help"
            type="number"
            min={0}
            value={seed}
            onChange={(e) => setSeed(Number(e.target.value))}
          />
        </label>
        <p id="seed-help" className="hint">
          The same seed and the same moves always give the same match.
        </p>
        <label className="stack">
          Rules variant (a JSON or YAML file, the same that ruleloom variant check reads)
          <input
            key={gameId}
            type="file"
            accept=".json,.yaml,.yml,application/json"
            aria-describedby="variant-help"
            onChange={(e) => void loadVariant(e.target.files?.[0])}
          />
        </label>
        <p id="variant-help" className="hint">
          {variant === null
            ? `Change the options, cards and phases of ${g.name} without code; the game is played with the variant's rules.`
            : `Playing the variant ${variant.label}`}
        </p>
        {variantProblems.length > 0 && (
          <div role="alert" aria-label="variant problems">
            <p>This variant cannot be played:</p>
            <ul>
              {variantProblems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <OptionFields game={variant?.game ?? g.game} values={options} onChange={setOptions} />
      </details>
    </section>
  );
}
