import { createClient, type RulesClient } from '@ruleloom/client';
import type { SavedMatch } from '@ruleloom/core';
import { lazy, Suspense, useState } from 'react';
import { GAMES } from './games.js';
import { LocalSetup, type LocalGame } from './local-setup.js';
import { onlinePlayAgain } from './online-lobby.js';
import { OnlineSetup } from './online-setup.js';

// The game screen and the replay viewer are chunks of their own, loaded when first opened:
// the lobby's page loads only what the lobby shows.
const GameScreen = lazy(() => import('./game-screen.js').then((m) => ({ default: m.GameScreen })));
const ReplayViewer = lazy(() =>
  import('./replay-viewer.js').then((m) => ({ default: m.ReplayViewer })),
);
import { parseSeatLink, seatLinkFragment, type SeatLink } from './seat-link.js';

type Screen =
  | { readonly kind: 'lobby' }
  | {
      readonly kind: 'game';
      readonly client: RulesClient;
      readonly local?: LocalGame;
      /** Starts the online match again (a match this browser created). */
      readonly again?: (() => void) | undefined;
      /** A new number per game, so a new game starts with fresh board state. */
      readonly id: number;
    }
  | { readonly kind: 'replay' };

/** `A`, `A and B`, `A, B and C`: the lobby's games in words (as many as it offers). */
function namesInWords(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** A client of an online seat (or a spectator), from a seat link. */
function joinOnline(link: SeatLink): RulesClient {
  return createClient({
    type: 'remote',
    url: link.server,
    match: link.match,
    ...(link.token === undefined ? {} : { token: link.token }),
  });
}

/** The first screen: an online seat when the page was opened from a seat link, else the lobby. */
function firstScreen(): Screen {
  const link = parseSeatLink(globalThis.location?.hash ?? '');
  return link === null
    ? { kind: 'lobby' }
    : { kind: 'game', client: joinOnline(link), id: ++games, again: againOnline(link) };
}

/** Joins an online seat: the link in the fragment (a reload rejoins it) and its game screen. */
let openOnline: (link: SeatLink) => void = () => undefined;
const againOnline = (link: SeatLink) => onlinePlayAgain(link, (next) => openOnline(next));

let initial: Screen | undefined;
let games = 0;

/** The app: the lobby, a game (local or online), or the replay viewer. */
export function App() {
  // Once per page (React's strict mode calls initialisers twice: one client, not two).
  const [screen, setRawScreen] = useState<Screen>(() => (initial ??= firstScreen()));
  const setScreen = (next: Screen) => {
    if (screen.kind === 'game') screen.client.close();
    setRawScreen(next);
  };
  const toLobby = () => {
    history.replaceState(null, '', location.pathname + location.search);
    initial = { kind: 'lobby' };
    setScreen({ kind: 'lobby' });
  };
  openOnline = (link: SeatLink) => {
    // The seat stays in the fragment (never sent to a server): a reload rejoins it.
    location.hash = seatLinkFragment(link);
    setScreen({ kind: 'game', client: joinOnline(link), id: ++games, again: againOnline(link) });
  };
  const playLocal = (local: LocalGame) =>
    setScreen({ kind: 'game', client: local.client, local, id: ++games });
  if (screen.kind === 'game') {
    const local = screen.local;
    return (
      <Suspense fallback={<p className="loading">Loading the game…</p>}>
        <GameScreen
          key={screen.id}
          client={screen.client}
          onLeave={toLobby}
          {...(local === undefined
            ? screen.again === undefined
              ? {}
              : { onPlayAgain: screen.again }
            : {
                seats: local.seats,
                game: local.game.game,
                onPlayAgain: () => playLocal(local.again()),
                // Development builds only (the debug panel's restore); none in production.
                onRestore: import.meta.env.DEV
                  ? (save: SavedMatch) =>
                      void import('./debug-tools.js')
                        .then((m) => m.restoreLocal(save))
                        .then((restored) => restored !== null && playLocal(restored))
                  : undefined,
              })}
        />
      </Suspense>
    );
  }
  if (screen.kind === 'replay')
    return (
      <Suspense fallback={<p className="loading">Loading the replay viewer…</p>}>
        <ReplayViewer onLeave={toLobby} />
      </Suspense>
    );
  return (
    <main className="lobby">
      <header className="hero">
        <h1>Ruleloom</h1>
        <p>
          Play {namesInWords(GAMES.map((g) => g.name))} in your browser: against bots that think in
          the background, hot-seat or online.
        </p>
      </header>
      <LocalSetup onStart={playLocal} />
      <OnlineSetup onJoin={openOnline} />
      <section aria-label="replays" className="panel">
        <h2>Replays</h2>
        <button onClick={() => setScreen({ kind: 'replay' })}>Open the replay viewer</button>
      </section>
    </main>
  );
}
