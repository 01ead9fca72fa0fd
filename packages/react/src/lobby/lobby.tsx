import { useState, type ReactNode } from 'react';
import type { LobbyError, LobbySeat } from './lobby-api.js';
import { isNoServerError, lobbyErrorSentence } from './lobby-error-sentence.js';
import type { LobbyMatch, LobbyState } from './use-lobby.js';

/**
 * Props of {@link Lobby}.
 * @public
 */
export interface LobbyProps {
  /** The lobby, from {@link useLobby}. */
  readonly lobby: LobbyState;
  /** Plays a held seat (e.g. opens the game screen with its token). */
  readonly onJoin: (match: LobbyMatch, seat: LobbySeat) => void;
  /** The link to send the person who plays a seat (shown to copy); none when absent. */
  readonly joinUrl?: (match: LobbyMatch, seat: LobbySeat) => string;
  /** Called with the new match after "play again" (default: nothing more). */
  readonly onPlayAgain?: (match: LobbyMatch) => void;
  /** A seat's label (default `Seat N`). */
  readonly seatLabel?: (game: string, seat: number) => string;
  /** A game's display name (default: its id). */
  readonly gameName?: (game: string) => string;
  /**
   * A refusal as shown to players (default {@link lobbyErrorSentence}: a sentence, never a
   * raw status or code). When no server answers, the lobby shows this one sentence and no
   * empty list.
   */
  readonly errorText?: (error: LobbyError) => string;
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  active: 'in play',
  over: 'over',
  quarantined: 'cannot be played (quarantined)',
  unknown: 'status unknown (not in the server’s list)',
};

/**
 * The list of the caller's matches on a server, from {@link useLobby}: each with its game,
 * status and player names, and per held seat a play button, the seat's join link and a leave
 * button; "play again" for the matches this lobby created.
 * @example
 * ```tsx
 * const lobby = useLobby({ server: location.origin, memory: storageLobbyMemory() });
 * <Lobby lobby={lobby} onJoin={(m, seat) => play(m.match, seat.token)} />
 * ```
 * @public
 */
export function Lobby({
  lobby,
  onJoin,
  joinUrl,
  onPlayAgain,
  seatLabel = (_, seat) => `Seat ${String(seat)}`,
  gameName = (game) => game,
  errorText,
}: LobbyProps): ReactNode {
  const error = lobby.error;
  const noServer = error !== null && isNoServerError(error);
  const sentence =
    error === null ? null : (errorText?.(error) ?? lobbyErrorSentence(error, lobby.server));
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  return (
    <section aria-label="your matches" className="ruleloom-lobby">
      <div className="row">
        <h3>Your matches</h3>
        <button type="button" disabled={lobby.loading} onClick={() => void lobby.refresh()}>
          {lobby.loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {sentence !== null &&
        (noServer ? (
          // No server here (a page that plays locally): a calm note, not an alert.
          <p role="status" className="ruleloom-lobby-offline">
            {sentence}
          </p>
        ) : (
          <p role="alert">{sentence}</p>
        ))}
      {lobby.matches.length === 0 && !noServer && <p>No matches yet.</p>}
      <ul aria-label="matches">
        {lobby.matches.map((m) => {
          const bots = new Map((m.request?.bots ?? []).map((b) => [b.seat, b.bot]));
          return (
            <li key={m.match} data-match={m.match} aria-label={`match ${m.match}`}>
              <p>
                <strong>{gameName(m.game)}</strong> · {STATUS_TEXT[m.status] ?? m.status} ·{' '}
                <code>{m.match.slice(0, 8)}</code>
              </p>
              <ul aria-label="seats">
                {Array.from({ length: m.players }, (_, seat) => {
                  const label = seatLabel(m.game, seat);
                  const name = m.names[seat] ?? null;
                  const held = m.seats.find((s) => s.seat === seat);
                  const bot = bots.get(seat);
                  return (
                    <li key={seat} className="row" data-seat={seat}>
                      <span>
                        {label}
                        {name === null ? '' : `: ${name}`}
                        {bot === undefined ? '' : ` (server bot: ${bot})`}
                      </span>
                      {held !== undefined && (
                        <>
                          {joinUrl !== undefined && (
                            <input
                              readOnly
                              aria-label={`seat link of ${label}`}
                              value={joinUrl(m, held)}
                            />
                          )}
                          <button
                            type="button"
                            disabled={m.status === 'quarantined'}
                            onClick={() => onJoin(m, held)}
                          >
                            Play as {name ?? label}
                          </button>
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => run(() => lobby.leave(m.match, seat))}
                          >
                            Leave {label}
                          </button>
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
              {m.request !== null && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      const r = await lobby.playAgain(m.match);
                      if (r.ok) onPlayAgain?.(r.value);
                    })
                  }
                >
                  Play again
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
