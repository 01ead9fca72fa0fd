import type { ClaimedSeat, OpenMatch } from '@ruleloom/client';
import { useState, type ReactNode } from 'react';
import type { LobbyError } from './lobby-api.js';
import { isNoServerError, lobbyErrorSentence } from './lobby-error-sentence.js';
import type { OpenMatchesState } from './use-open-matches.js';

/**
 * Props of {@link OpenMatches}.
 * @public
 */
export interface OpenMatchesProps {
  /** The list, from {@link useOpenMatches}. */
  readonly openMatches: OpenMatchesState;
  /** Plays a seat just taken (e.g. opens the game screen with its token). */
  readonly onJoin: (match: OpenMatch, seat: ClaimedSeat) => void;
  /** The name a taken seat carries (none when absent or blank). */
  readonly playerName?: string;
  /** A seat's label (default `Seat N`). */
  readonly seatLabel?: (game: string, seat: number) => string;
  /** A game's display name (default: its id). */
  readonly gameName?: (game: string) => string;
  /** A refusal as shown to players (default: {@link openMatchesErrorSentence}). */
  readonly errorText?: (error: LobbyError) => string;
  /** Shown under the heading, above the list (e.g. a field for the joining player's name). */
  readonly children?: ReactNode;
}

/**
 * A refusal of the open-match list or of a claim as a sentence for players: a seat someone
 * took first and a match no longer listed get their own sentences; every other refusal is
 * {@link lobbyErrorSentence}'s.
 * @public
 */
export function openMatchesErrorSentence(error: LobbyError, server: string): string {
  if (error.code === 'seat_not_free')
    return 'That seat is no longer free (someone took it, or the match ended): pick another one.';
  if (error.code === 'match_not_listed') return 'That match is no longer listed.';
  return lobbyErrorSentence(error, server);
}

/** "1 free seat", "2 free seats". */
function freeSeats(n: number): string {
  return `${String(n)} free seat${n === 1 ? '' : 's'}`;
}

/**
 * The public list of open matches on a server, from {@link useOpenMatches}: each match with its
 * game, its free seats and the names of the players already in it, a "Join as …" button per
 * free seat (which takes the seat and calls `onJoin` with its token), "Refresh" and "More".
 * @example
 * ```tsx
 * const open = useOpenMatches({ server: location.origin });
 * <OpenMatches openMatches={open} playerName="Ben" onJoin={(m, seat) => play(m.match, seat.token)} />
 * ```
 * @public
 */
export function OpenMatches({
  openMatches,
  onJoin,
  playerName,
  seatLabel = (_, seat) => `Seat ${String(seat)}`,
  gameName = (game) => game,
  errorText,
  children,
}: OpenMatchesProps): ReactNode {
  const [busy, setBusy] = useState(false);
  const error = openMatches.error;
  const noServer = error !== null && isNoServerError(error);
  const sentence =
    error === null
      ? null
      : (errorText?.(error) ?? openMatchesErrorSentence(error, openMatches.server));
  return (
    <section aria-label="open matches" className="ruleloom-open-matches">
      <div className="row">
        <h3>Open matches</h3>
        <button
          type="button"
          disabled={openMatches.loading}
          onClick={() => void openMatches.refresh()}
        >
          {openMatches.loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {children}
      {sentence !== null &&
        (noServer ? <p role="status">{sentence}</p> : <p role="alert">{sentence}</p>)}
      {openMatches.matches.length === 0 && !noServer && !openMatches.loading && (
        <p>No open matches right now. Create one and list it publicly, or refresh later.</p>
      )}
      <ul aria-label="open match list">
        {openMatches.matches.map((m) => {
          const free = m.seats.filter((s) => s.state === 'free').length;
          return (
            <li key={m.match} data-match={m.match} aria-label={`open match ${m.match}`}>
              <p>
                <strong>{gameName(m.game)}</strong>
                {m.variant === null ? '' : ` (${m.variant})`} · {freeSeats(free)} of{' '}
                {String(m.players)}
                {m.turnSeconds === null ? '' : ` · ${String(m.turnSeconds)} s a turn`}
              </p>
              <ul aria-label="seats">
                {m.seats.map((s) => {
                  const label = seatLabel(m.game, s.seat);
                  return (
                    <li key={s.seat} className="row" data-seat={s.seat} data-state={s.state}>
                      <span>
                        {label}
                        {s.name === null ? '' : `: ${s.name}`}
                        {s.state === 'bot'
                          ? ' (server bot)'
                          : s.state === 'taken'
                            ? ' (taken)'
                            : ' (free)'}
                      </span>
                      {s.state === 'free' && (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => {
                            setBusy(true);
                            void openMatches
                              .claim(m.match, s.seat, playerName)
                              .then((r) => {
                                if (r.ok) onJoin(m, r.value);
                              })
                              .finally(() => setBusy(false));
                          }}
                        >
                          Join as {label}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      {openMatches.more && (
        <button
          type="button"
          disabled={openMatches.loading}
          onClick={() => void openMatches.loadMore()}
        >
          More open matches
        </button>
      )}
    </section>
  );
}
