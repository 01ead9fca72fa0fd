import { Lobby, lobbyErrorSentence, useLobby } from '@ruleloom/react';
import { useEffect, useState } from 'react';
import { findGame, GAMES } from './games.js';
import { LOBBY_MEMORY, typedNames } from './online-lobby.js';
import { seatLabel } from './presenters.js';
import { OpenMatchList } from './open-match-list.js';
import { OptionFields } from './option-fields.js';
import { parseSeatLink, seatLinkUrl, type SeatLink } from './seat-link.js';
import { fetchServerGames, type ServerGames } from './server-api.js';

/**
 * What the server at `server` hosts, read from its `GET /games` (null until it answers or
 * when it cannot be reached: then the seats offer people only).
 */
function useServerGames(server: string): ServerGames | null {
  const [hosted, setHosted] = useState<ServerGames | null>(null);
  useEffect(() => {
    setHosted(null);
    const abort = new AbortController();
    // A short pause: typing a URL does not send a request per key.
    const timer = setTimeout(() => {
      void fetchServerGames(server, abort.signal).then((r) => {
        if (!abort.signal.aborted) setHosted(r.ok ? r.hosted : null);
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [server]);
  return hosted;
}

/** The lobby's online game: create a match on a server, share its seat links, or join one. */
export function OnlineSetup({ onJoin }: { onJoin: (link: SeatLink) => void }) {
  const [server, setServer] = useState(
    () => globalThis.location?.origin ?? 'http://127.0.0.1:8080',
  );
  const [gameId, setGameId] = useState(GAMES[0]!.id);
  const g = GAMES.find((x) => x.id === gameId) ?? GAMES[0]!;
  const [players, setPlayers] = useState(2);
  const [seats, setSeats] = useState<string[]>(Array<string>(8).fill('human'));
  const [names, setNames] = useState<string[]>(Array<string>(8).fill(''));
  const lobby = useLobby({ server, memory: LOBBY_MEMORY });
  const [options, setOptions] = useState<Readonly<Record<string, unknown>>>(g.options);
  const [links, setLinks] = useState<readonly SeatLink[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [listed, setListed] = useState(false);
  const appUrl = globalThis.location?.href ?? '';
  const hosted = useServerGames(server);
  // The server's own bot kinds, for a game it hosts with bots; none otherwise.
  const serverBots =
    hosted !== null && hosted.games.some((x) => x.id === g.id && x.bots) ? hosted.bots : [];
  return (
    <section aria-label="online game" className="panel">
      <h2>Play online with friends</h2>
      <p className="hint">
        Needs a Ruleloom server (<code>ruleloom serve</code>) behind this page’s address: each
        person gets a seat link.
      </p>
      <div className="row">
        <label>
          Server URL <input value={server} onChange={(e) => setServer(e.target.value)} />
        </label>
        <label>
          Game{' '}
          <select
            value={gameId}
            onChange={(e) => {
              setGameId(e.target.value);
              setOptions(GAMES.find((x) => x.id === e.target.value)?.options ?? {});
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
            min={g.game.players.min}
            max={g.game.players.max}
            value={players}
            onChange={(e) => setPlayers(Number(e.target.value))}
          />
        </label>
      </div>
      <fieldset>
        <legend>Online seats</legend>
        <p className="hint" data-testid="server-bots">
          {hosted === null
            ? 'Waiting for the server’s game list: seats are for people until it answers.'
            : serverBots.length > 0
              ? `The server plays these bots: ${serverBots.join(', ')}.`
              : 'The server plays no bots for this game.'}
        </p>
        <div className="row">
          {Array.from({ length: players }, (_, seat) => (
            <label key={seat}>
              {seatLabel(g.id, seat)}{' '}
              <select
                value={seats[seat]}
                onChange={(e) => setSeats(seats.map((k, i) => (i === seat ? e.target.value : k)))}
              >
                <option value="human">a person (seat link)</option>
                {serverBots.map((b) => (
                  <option key={b} value={b}>
                    server bot: {b}
                  </option>
                ))}
              </select>
              {seats[seat] === 'human' && (
                <input
                  aria-label={`name for ${seatLabel(g.id, seat)}`}
                  placeholder="name (optional)"
                  maxLength={32}
                  value={names[seat]}
                  onChange={(e) => setNames(names.map((n, i) => (i === seat ? e.target.value : n)))}
                />
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <details className="more">
        <summary>Rules options</summary>
        <OptionFields game={g.game} values={options} onChange={setOptions} />
      </details>
      <label className="opt-in">
        <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} />
        List this match publicly: anyone on this server may join a seat whose name is empty
      </label>
      <button
        onClick={() => {
          setError(null);
          const bots = seats
            .slice(0, players)
            .map((bot, seat) => ({ seat, bot }))
            .filter((b) => b.bot !== 'human');
          const named = typedNames(names, players);
          // A listed match holds the human seats the creator named (theirs and their
          // friends'): strangers are offered only the unnamed ones.
          const held = named.flatMap((n, seat) =>
            n !== null && seats[seat] === 'human' ? [seat] : [],
          );
          if (listed && held.length === players - bots.length) {
            setError(
              'A listed match needs a free seat for a stranger: leave a person’s name empty.',
            );
            return;
          }
          const request = {
            game: g.id,
            players,
            options,
            bots,
            names: named,
            ...(listed ? { listed: true, ...(held.length > 0 ? { held } : {}) } : {}),
          };
          void lobby.create(request).then((r) => {
            if (!r.ok)
              setError(
                // `names.1: …` from the server, as a sentence about that seat; every other
                // refusal (no server here, a full server, ...) as a sentence too.
                /^names\.\d+: /.test(r.error.message)
                  ? r.error.message.replace(
                      /^names\.(\d+): (.)/,
                      (_, n: string, c: string) =>
                        `The name for ${seatLabel(g.id, Number(n))}: ${c.toLowerCase()}`,
                    )
                  : lobbyErrorSentence(r.error, server),
              );
            else
              setLinks(
                r.value.seats.map((s) => ({
                  server,
                  match: r.value.match,
                  seat: s.seat,
                  token: s.token,
                })),
              );
          });
        }}
      >
        Create the match
      </button>
      {error !== null && <p role="alert">{error}</p>}
      {links.length > 0 && (
        <ul aria-label="seat links">
          {links.map((l) => (
            <li key={l.seat} className="row">
              <span>{seatLabel(g.id, l.seat ?? 0)}</span>
              <input
                readOnly
                aria-label={`link for ${seatLabel(g.id, l.seat ?? 0)}`}
                value={seatLinkUrl(appUrl, l)}
              />
              <button onClick={() => void navigator.clipboard?.writeText(seatLinkUrl(appUrl, l))}>
                Copy the link
              </button>
              <button onClick={() => onJoin(l)}>Play {seatLabel(g.id, l.seat ?? 0)}</button>
            </li>
          ))}
          <li className="row">
            <button onClick={() => onJoin({ server, match: links[0]!.match, seat: null })}>
              Watch as a spectator
            </button>
          </li>
        </ul>
      )}
      <Lobby
        lobby={lobby}
        seatLabel={seatLabel}
        gameName={(id) => findGame(id)?.name ?? id}
        joinUrl={(m, s) =>
          seatLinkUrl(appUrl, { server, match: m.match, seat: s.seat, token: s.token })
        }
        onJoin={(m, s) => onJoin({ server, match: m.match, seat: s.seat, token: s.token })}
      />
      <OpenMatchList server={server} onJoin={onJoin} />
      <div className="row">
        <label>
          Seat link <input value={pasted} onChange={(e) => setPasted(e.target.value)} />
        </label>
        <button
          onClick={() => {
            const link = parseSeatLink(pasted);
            if (link === null)
              setError('That is not a seat link: a seat link ends with a #seat=… part.');
            else onJoin(link);
          }}
        >
          Join with the link
        </button>
      </div>
    </section>
  );
}
