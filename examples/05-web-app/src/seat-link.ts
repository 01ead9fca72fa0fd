/**
 * A seat of an online match, as a link to share. The seat token is a credential: it travels
 * only in the URL fragment (`#seat=…`), which browsers never send to a server and which no
 * server log sees, never in the query string.
 */
export interface SeatLink {
  /** The server's base URL (`http://127.0.0.1:8080`). */
  readonly server: string;
  /** The match id. */
  readonly match: string;
  /** The seat, or null for a spectator link. */
  readonly seat: number | null;
  /** The seat token (absent for a spectator). */
  readonly token?: string;
}

const PREFIX = '#seat=';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The fragment of a seat link (`#seat=…`). */
export function seatLinkFragment(link: SeatLink): string {
  return PREFIX + toBase64Url(JSON.stringify(link));
}

/** The full link: the app's address (without its fragment) plus the seat fragment. */
export function seatLinkUrl(appUrl: string, link: SeatLink): string {
  return appUrl.replace(/#.*$/, '') + seatLinkFragment(link);
}

/** Reads a seat link from a URL or a fragment; null when it is not a valid one. */
export function parseSeatLink(text: string): SeatLink | null {
  const at = text.indexOf(PREFIX);
  if (at < 0) return null;
  const json = fromBase64Url(text.slice(at + PREFIX.length).trim());
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const v = value as Partial<Record<keyof SeatLink, unknown>> | null;
  if (v === null || typeof v !== 'object') return null;
  if (typeof v.server !== 'string' || !/^https?:\/\/[^\s]{1,200}$/.test(v.server)) return null;
  if (typeof v.match !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(v.match)) return null;
  const seat =
    v.seat === null
      ? null
      : typeof v.seat === 'number' && Number.isInteger(v.seat) && v.seat >= 0 && v.seat < 64
        ? v.seat
        : undefined;
  if (seat === undefined) return null;
  if (v.token !== undefined && (typeof v.token !== 'string' || v.token.length > 1024)) return null;
  return {
    server: v.server,
    match: v.match,
    seat,
    ...(typeof v.token === 'string' ? { token: v.token } : {}),
  };
}
