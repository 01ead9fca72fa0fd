import { createLobbyApi, storageLobbyMemory, type LobbyMemory } from '@ruleloom/react';
import type { SeatLink } from './seat-link.js';

/** Where this app keeps the seat tokens of the online matches it created (this browser only). */
export const LOBBY_MEMORY: LobbyMemory = storageLobbyMemory('ruleloom-web-app-lobby');

/** Names typed in the lobby: trimmed, an empty one is "no name". */
export function typedNames(names: readonly string[], players: number): (string | null)[] {
  return Array.from({ length: players }, (_, s) => {
    const n = (names[s] ?? '').trim();
    return n === '' ? null : n;
  });
}

/**
 * "Play again" for an online seat this browser created: a new match with the same game,
 * names, options and bots, and the same seat's link in it; null when this browser did not
 * create the match (then only its creator can).
 */
export function onlinePlayAgain(
  link: SeatLink,
  onJoin: (next: SeatLink) => void,
): (() => void) | undefined {
  const made = LOBBY_MEMORY.load().find((m) => m.server === link.server && m.match === link.match);
  if (made === undefined || link.seat === null) return undefined;
  return () => {
    void createLobbyApi({ server: link.server })
      .create(made.request)
      .then((r) => {
        if (!r.ok) return;
        LOBBY_MEMORY.save([
          {
            server: link.server,
            match: r.value.match,
            request: made.request,
            seats: r.value.seats,
          },
          ...LOBBY_MEMORY.load(),
        ]);
        const seat = r.value.seats.find((s) => s.seat === link.seat);
        if (seat !== undefined)
          onJoin({ server: link.server, match: r.value.match, seat: seat.seat, token: seat.token });
      });
  };
}
