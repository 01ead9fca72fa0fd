import type { LobbyCreateRequest, LobbySeat } from './lobby-api.js';

/**
 * A match the lobby created, as it remembers it: what it asked for (for "play again") and
 * the tokens of the seats it still holds. The server never lists tokens: they live here only.
 * @public
 */
export interface RememberedMatch {
  readonly server: string;
  readonly match: string;
  readonly request: LobbyCreateRequest;
  /** Seats still held (a seat left is removed). */
  readonly seats: readonly LobbySeat[];
}

/**
 * Where the lobby keeps its {@link RememberedMatch} list between page loads.
 * @public
 */
export interface LobbyMemory {
  load(): readonly RememberedMatch[];
  save(matches: readonly RememberedMatch[]): void;
}

/**
 * A lobby memory in a variable (lost with the page): the default, and for tests.
 * @public
 */
export function memoryLobbyMemory(initial: readonly RememberedMatch[] = []): LobbyMemory {
  let kept = initial;
  return {
    load: () => kept,
    save(matches) {
      kept = matches;
    },
  };
}

/** At most this many matches are remembered (the newest). */
const KEPT = 50;

function isRemembered(x: unknown): x is RememberedMatch {
  const m = x as Partial<RememberedMatch> | null;
  return (
    m !== null &&
    typeof m === 'object' &&
    typeof m.server === 'string' &&
    typeof m.match === 'string' &&
    typeof m.request === 'object' &&
    m.request !== null &&
    typeof m.request.game === 'string' &&
    typeof m.request.players === 'number' &&
    Array.isArray(m.seats) &&
    m.seats.every((s: unknown) => {
      const t = s as Partial<LobbySeat> | null;
      return typeof t?.seat === 'number' && typeof t.token === 'string';
    })
  );
}

/**
 * A lobby memory in a `Storage` (the browser's `localStorage` by default) under `key`; it
 * keeps the newest 50 matches and ignores anything unreadable. The seat tokens are stored
 * there: anyone who can read this origin's storage can play those seats.
 * @public
 */
export function storageLobbyMemory(
  key = 'ruleloom-lobby',
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): LobbyMemory {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
        return Array.isArray(parsed) ? (parsed as unknown[]).filter(isRemembered) : [];
      } catch {
        return [];
      }
    },
    save(matches) {
      try {
        storage?.setItem(key, JSON.stringify(matches.slice(0, KEPT)));
      } catch {
        // A full or refused storage: the lobby still works for this page.
      }
    },
  };
}
