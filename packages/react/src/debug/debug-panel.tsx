import type { ActResult, ClientSnapshot } from '@ruleloom/client';
import {
  restoreMatch,
  type ActionBase,
  type AnyGame,
  type Game,
  type GameView,
  type Rejection,
  type SavedMatch,
} from '@ruleloom/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { MatchStore } from '../client-types.js';
import { useMatch } from '../use-match.js';
import { viewAtVersion } from './time-travel.js';

/**
 * The text every debug panel carries in its markup (`data-ruleloom-debug`): search a
 * production bundle for it to prove the panel is not in it.
 * @public
 */
export const DEBUG_PANEL_MARKER = 'ruleloom-debug-panel';

/**
 * What the debug panel needs of a client: the store, `act`, and (local clients) `save` for
 * time travel, the state and save/restore.
 * @public
 */
export interface DebugClient<TAction extends ActionBase = ActionBase> extends MatchStore<
  ClientSnapshot<TAction>
> {
  /** Plays an action for the snapshot's seat. */
  act(action: TAction): Promise<ActResult>;
  /** The save of the match so far (local clients). */
  save?(): SavedMatch<TAction>;
}

/**
 * Props of {@link DebugPanel}.
 * @public
 */
export interface DebugPanelProps<TAction extends ActionBase = ActionBase> {
  /** The client of the match. */
  readonly client: DebugClient<TAction>;
  /**
   * The game (or variant) played. With a local client (one with `save`), the panel replays
   * the save: the state and any seat's view at any version. Without it, only the live view.
   */
  readonly game?: AnyGame;
  /** Called with a pasted save once `restoreMatch` accepted it (absent: no restore button). */
  readonly onRestore?: (save: SavedMatch) => void;
  /** Whether the panel starts open (default false: a summary line). */
  readonly defaultOpen?: boolean;
  /**
   * Runs a bot's search for the seat to act and answers its root candidates with their values
   * (absent: no "ask the bot" button). The panel shows the top ten, most visited first; an
   * empty list reads as "nothing to search" (one choice), and a thrown error is shown as an
   * alert with its message.
   */
  readonly explain?: (
    request: ExplainRequest<TAction>,
  ) => Promise<readonly DebugCandidate<TAction>[]> | readonly DebugCandidate<TAction>[];
}

/**
 * A candidate action of a bot's search, as the debug panel shows it (`BotCandidate` of
 * `@ruleloom/bots`, from `mctsBot({ onSearch })`, has this shape).
 * @public
 */
export interface DebugCandidate<TAction extends ActionBase = ActionBase> {
  readonly action: TAction;
  /** How often the search tried it. */
  readonly visits: number;
  /** The mean reward it found for the bot's seat, from 0 to 1. */
  readonly value: number;
}

/**
 * What the panel's "ask the bot" hands {@link DebugPanelProps.explain}: the seat to act and
 * what it sees now.
 * @public
 */
export interface ExplainRequest<TAction extends ActionBase = ActionBase> {
  readonly seat: number;
  readonly view: GameView;
  readonly legalActions: readonly TAction[];
}

type SeatChoice = number | 'spectator';

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A short label of an action with its arguments: `bid {"amount":5000}`. */
function actionText(action: ActionBase): string {
  const { type, ...args } = action as ActionBase & Record<string, unknown>;
  return Object.keys(args).length === 0 ? type : `${type} ${JSON.stringify(args)}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

/**
 * A development tool for any Ruleloom match: the state and the view of any seat as JSON, the
 * legal actions as buttons with their arguments (and a field to send any action, legal or
 * not), the log with time travel to any version (the save's first k actions replayed), and
 * the save as JSON with a restore. Import it from `@ruleloom/react/debug` behind a
 * development check, so production bundles leave it out:
 * @example
 * ```tsx
 * const DebugPanel = import.meta.env.DEV
 *   ? lazy(() => import('@ruleloom/react/debug').then((m) => ({ default: m.DebugPanel })))
 *   : null;
 * {DebugPanel && <Suspense><DebugPanel client={client} game={stAugustine} /></Suspense>}
 * ```
 * @public
 */
export function DebugPanel<TAction extends ActionBase = ActionBase>({
  client,
  game,
  onRestore,
  defaultOpen = false,
  explain,
}: DebugPanelProps<TAction>): ReactNode {
  const [candidates, setCandidates] = useState<{
    readonly version: number;
    readonly list: readonly DebugCandidate<TAction>[];
  } | null>(null);
  const [explainError, setExplainError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const snapshot = useMatch(client);
  const [seat, setSeat] = useState<SeatChoice | null>(null);
  const [travel, setTravel] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [saveText, setSaveText] = useState('');
  const [restoreError, setRestoreError] = useState<Rejection | null>(null);
  const shownSeat: SeatChoice = seat ?? snapshot.seat ?? 'spectator';
  const live = snapshot.version;
  const version = travel === null ? live : Math.min(travel, live);
  const canTravel = game !== undefined && typeof client.save === 'function';
  const replayed = useMemo(
    () => (canTravel ? viewAtVersion(game, client.save!(), version, shownSeat) : null),
    // The save changes with the version: recompute when it or the choice changes.
    [canTravel, game, client, live, version, shownSeat],
  );
  const atVersion = replayed?.ok === true ? replayed.value : null;
  const view = atVersion?.view ?? (shownSeat === snapshot.seat ? snapshot.view : null);
  const players = snapshot.players ?? 0;
  const isLive = version === live;
  const send = (action: TAction) => {
    void client.act(action).then((r) => {
      setSent(
        r.ok ? `accepted as version ${String(r.version)}` : `${r.error.code}: ${r.error.message}`,
      );
    });
  };
  return (
    <details
      className="ruleloom-debug"
      data-ruleloom-debug={DEBUG_PANEL_MARKER}
      aria-label="debug panel"
      open={defaultOpen}
    >
      <summary>
        Debug · version {version}
        {isLive ? ' (live)' : ` of ${String(live)}`} ·{' '}
        {shownSeat === 'spectator' ? 'spectator' : `seat ${String(shownSeat)}`}
      </summary>
      <div role="group" aria-label="debug controls">
        <label>
          View as{' '}
          <select
            aria-label="debug seat"
            value={String(shownSeat)}
            onChange={(e) =>
              setSeat(e.target.value === 'spectator' ? 'spectator' : Number(e.target.value))
            }
          >
            <option value="spectator">spectator</option>
            {Array.from({ length: players }, (_, s) => (
              <option key={s} value={s}>
                seat {s}
              </option>
            ))}
          </select>
        </label>{' '}
        {canTravel && (
          <label>
            Version{' '}
            <input
              aria-label="debug version"
              type="range"
              min={0}
              max={live}
              value={version}
              onChange={(e) => setTravel(Number(e.target.value))}
            />
          </label>
        )}{' '}
        <button type="button" disabled={isLive} onClick={() => setTravel(null)}>
          Back to live
        </button>
      </div>
      {replayed?.ok === false && <p role="alert">{replayed.error.message}</p>}
      <Section title={`View at version ${String(version)}`}>
        <pre data-testid="debug-view">{view === null ? '(not known here)' : json(view)}</pre>
      </Section>
      {atVersion !== null && (
        <details>
          <summary>State at version {version}</summary>
          <pre data-testid="debug-state">{json(atVersion.state)}</pre>
        </details>
      )}
      <Section title="Legal actions">
        {isLive ? (
          <div role="group" aria-label="debug legal actions">
            {snapshot.legalActions.length === 0 && <p>None for this page now.</p>}
            {snapshot.legalActions.map((a) => (
              <button type="button" key={JSON.stringify(a)} onClick={() => send(a)}>
                {actionText(a)}
              </button>
            ))}
          </div>
        ) : (
          <ul aria-label="debug legal actions then">
            {(atVersion?.legalActions ?? []).map((a) => (
              <li key={JSON.stringify(a)}>{actionText(a)}</li>
            ))}
          </ul>
        )}
        <label>
          Any action (JSON){' '}
          <textarea
            aria-label="debug action JSON"
            rows={2}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button
          type="button"
          onClick={() => {
            let parsed: unknown;
            try {
              parsed = JSON.parse(draft);
            } catch {
              setSent('not JSON');
              return;
            }
            send(parsed as TAction);
          }}
        >
          Send
        </button>
        {sent !== null && <output aria-label="debug answer">{sent}</output>}
      </Section>
      {explain !== undefined && (
        <Section title="Bot’s candidates">
          <button
            type="button"
            disabled={
              asking ||
              !isLive ||
              snapshot.seat === null ||
              snapshot.view === null ||
              snapshot.legalActions.length === 0
            }
            onClick={() => {
              if (snapshot.seat === null || snapshot.view === null) return;
              setAsking(true);
              setExplainError(null);
              setCandidates(null);
              const at = snapshot.version;
              const request = {
                seat: snapshot.seat,
                view: snapshot.view,
                legalActions: snapshot.legalActions,
              };
              void Promise.resolve()
                .then(() => explain(request))
                .then(
                  (list) => setCandidates({ version: at, list }),
                  (error: unknown) =>
                    setExplainError(error instanceof Error ? error.message : String(error)),
                )
                .finally(() => setAsking(false));
            }}
          >
            {asking ? 'The bot is thinking…' : 'Ask the bot about this position'}
          </button>
          {explainError !== null && <p role="alert">The search failed: {explainError}</p>}
          {candidates !== null && candidates.list.length === 0 && (
            <p role="status">
              At version {candidates.version}: nothing to search, the bot has one choice here.
            </p>
          )}
          {candidates !== null && candidates.list.length > 0 && (
            <table aria-label="debug bot candidates">
              <caption>At version {candidates.version}, most visited first</caption>
              <thead>
                <tr>
                  <th>Action</th>
                  <th>Visits</th>
                  <th>Value</th>
                </tr>
              </thead>
              <tbody>
                {candidates.list.slice(0, 10).map((c) => (
                  <tr key={JSON.stringify(c.action)}>
                    <td>{actionText(c.action)}</td>
                    <td>{c.visits}</td>
                    <td>{c.value.toFixed(3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
      )}
      <Section title={`Log (${String(snapshot.log.length)} entries)`}>
        <ol aria-label="debug log" start={0}>
          {canTravel && (
            <li>
              <button type="button" onClick={() => setTravel(0)}>
                v0: setup
              </button>
            </li>
          )}
          {snapshot.log.map((e) => (
            <li key={e.seq} aria-current={e.seq === version ? 'step' : undefined}>
              {canTravel ? (
                <button type="button" onClick={() => setTravel(e.seq)}>
                  v{e.seq}: {e.seat === null ? '' : `seat ${String(e.seat)} `}
                  {e.action === null ? '' : actionText(e.action)}
                </button>
              ) : (
                `v${String(e.seq)}: ${e.seat === null ? '' : `seat ${String(e.seat)} `}${e.action === null ? '' : actionText(e.action)}`
              )}
              {e.events.length > 0 && <small> · {e.events.map((ev) => ev.type).join(', ')}</small>}
            </li>
          ))}
        </ol>
      </Section>
      {typeof client.save === 'function' && (
        <Section title="Save and restore">
          <button type="button" onClick={() => setSaveText(json(client.save!()))}>
            Show the save
          </button>
          <textarea
            aria-label="debug save JSON"
            rows={4}
            value={saveText}
            onChange={(e) => setSaveText(e.target.value)}
          />
          {onRestore !== undefined && game !== undefined && (
            <button
              type="button"
              onClick={() => {
                let parsed: unknown;
                try {
                  parsed = JSON.parse(saveText);
                } catch {
                  setRestoreError({ code: 'invalid_save', message: 'the save is not JSON' });
                  return;
                }
                const r = restoreMatch(game as Game<unknown, ActionBase, unknown>, parsed);
                if (!r.ok) {
                  setRestoreError(r.error);
                  return;
                }
                setRestoreError(null);
                onRestore(r.match.toJSON());
              }}
            >
              Restore this save
            </button>
          )}
          {restoreError !== null && <p role="alert">{restoreError.message}</p>}
        </Section>
      )}
    </details>
  );
}
