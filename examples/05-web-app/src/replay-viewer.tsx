import { Suspense, useMemo, useState } from 'react';
import { BOARDS } from './boards.js';
import { GameLog } from './game-log.js';
import { namesContext, seatLabel } from './presenters.js';
import { loadReplay, type Replay, type Viewer } from './replay-steps.js';

/** A revealed value in words: a card's name from the game's card table, else the value. */
function cardWords(game: string, value: string): string {
  const card = namesContext(game).rules.cards.byInstance.get(value) as
    { readonly name?: unknown } | undefined;
  return typeof card?.name === 'string' ? card.name : value;
}

function Scrubber({ replay }: { replay: Replay }) {
  const [step, setStep] = useState(replay.steps);
  const [viewer, setViewer] = useState<Viewer>('spectator');
  const Board = BOARDS[replay.game.id];
  const view = replay.view(step, viewer);
  const revealed = replay.revealed(step, viewer);
  const revealSteps = useMemo(
    () =>
      new Set(
        Array.from({ length: replay.steps }, (_, i) => i + 1).filter(
          (k) => replay.revealed(k, viewer).length > 0,
        ),
      ),
    [replay, viewer],
  );
  return (
    <div>
      <div className="row" role="group" aria-label="replay controls">
        <button aria-label="first step" onClick={() => setStep(0)}>
          |◀
        </button>
        <button aria-label="previous step" onClick={() => setStep(Math.max(0, step - 1))}>
          ◀
        </button>
        <input
          type="range"
          aria-label="step"
          min={0}
          max={replay.steps}
          value={step}
          list="reveal-marks"
          onChange={(e) => setStep(Number(e.target.value))}
        />
        <datalist id="reveal-marks">
          {[...revealSteps].map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <button aria-label="next step" onClick={() => setStep(Math.min(replay.steps, step + 1))}>
          ▶
        </button>
        <button aria-label="last step" onClick={() => setStep(replay.steps)}>
          ▶|
        </button>
        <output aria-label="step number">
          step {step} of {replay.steps}
        </output>
        <label>
          View of{' '}
          <select
            value={String(viewer)}
            onChange={(e) =>
              setViewer(e.target.value === 'spectator' ? 'spectator' : Number(e.target.value))
            }
          >
            <option value="spectator">the spectator</option>
            {Array.from({ length: replay.players }, (_, s) => (
              <option key={s} value={s}>
                {seatLabel(replay.game.id, s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p aria-live="polite" data-testid="revealed">
        {revealed.length > 0
          ? `This step revealed: ${revealed.map((x) => cardWords(replay.game.id, x)).join(', ')}`
          : 'This step revealed nothing hidden from this viewer'}
      </p>
      {replay.scores !== null && step === replay.steps && (
        <p>Final scores: {replay.scores.join(', ')}</p>
      )}
      <div className="columns">
        <section aria-label="board">
          {Board !== undefined && (
            <Suspense fallback={<p className="loading">Loading the board…</p>}>
              <Board
                view={view}
                seat={viewer === 'spectator' ? null : viewer}
                legalActions={[]}
                toAct={[]}
                log={replay.log(step, viewer)}
                disabled
              />
            </Suspense>
          )}
        </section>
        <section aria-label="history">
          <h2>Log</h2>
          <p>Highlighted: steps that revealed hidden information ({revealSteps.size}).</p>
          <GameLog
            game={replay.game.id}
            setup={replay.setup}
            log={replay.log(step, viewer)}
            limit={400}
            revealed={revealSteps}
          />
        </section>
      </div>
    </div>
  );
}

/** The replay viewer: load a save file, verify it, scrub through it as any seat or the spectator. */
export function ReplayViewer({ onLeave }: { onLeave: () => void }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <main>
      <div className="row">
        <button onClick={onLeave}>Back to the lobby</button>
        <h1>Replay viewer</h1>
      </div>
      <label>
        Save file (CLI <code>play --save</code>, a local game’s save, a tournament record){' '}
        <input
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file === undefined) return;
            void file.text().then((text) => {
              const r = loadReplay(text);
              if (r.ok) {
                setError(null);
                setReplay(r.replay);
              } else {
                setReplay(null);
                setError(`Refused (${r.error.code}): ${r.error.message.slice(0, 300)}`);
              }
            });
          }}
        />
      </label>
      {error !== null && <p role="alert">{error}</p>}
      {replay !== null && (
        <>
          <p role="status" data-testid="verified">
            Verified: {replay.steps} actions replay to the saved hash.
          </p>
          <Scrubber key={replay.steps} replay={replay} />
        </>
      )}
    </main>
  );
}
