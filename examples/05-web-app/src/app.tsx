import { createClient, type RulesClient } from '@ruleloom/client';
import { useState } from 'react';
import { GameScreen } from './game-screen.js';
import { LocalSetup } from './local-setup.js';
import { OnlineSetup } from './online-setup.js';
import { ReplayViewer } from './replay-viewer.js';
import { parseSeatLink, seatLinkFragment, type SeatLink } from './seat-link.js';

type Screen =
  | { readonly kind: 'lobby' }
  | { readonly kind: 'game'; readonly client: RulesClient }
  | { readonly kind: 'replay' };

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
  return link === null ? { kind: 'lobby' } : { kind: 'game', client: joinOnline(link) };
}

let initial: Screen | undefined;

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
  if (screen.kind === 'game') return <GameScreen client={screen.client} onLeave={toLobby} />;
  if (screen.kind === 'replay') return <ReplayViewer onLeave={toLobby} />;
  return (
    <main>
      <h1>Ruleloom</h1>
      <LocalSetup onStart={(c) => setScreen({ kind: 'game', client: c })} />
      <OnlineSetup
        onJoin={(link) => {
          // The seat stays in the fragment (never sent to a server): a reload rejoins it.
          location.hash = seatLinkFragment(link);
          setScreen({ kind: 'game', client: joinOnline(link) });
        }}
      />
      <section aria-label="replays">
        <h2>Replays</h2>
        <button onClick={() => setScreen({ kind: 'replay' })}>Open the replay viewer</button>
      </section>
    </main>
  );
}
