import { OpenMatches, useOpenMatches } from '@ruleloom/react';
import { useState } from 'react';
import { findGame } from './games.js';
import { seatLabel } from './presenters.js';
import type { SeatLink } from './seat-link.js';

/**
 * The lobby's public list of open matches on `server`: matches their creators listed, with a
 * "Join as …" button per free seat that takes the seat (under the name typed here) and opens
 * the game with its token.
 */
export function OpenMatchList({
  server,
  onJoin,
}: {
  server: string;
  onJoin: (link: SeatLink) => void;
}) {
  // Read again every 15 s: a match listed meanwhile shows up without a click.
  const open = useOpenMatches({ server, refreshEveryMs: 15_000 });
  const [name, setName] = useState('');
  return (
    <OpenMatches
      openMatches={open}
      playerName={name}
      seatLabel={seatLabel}
      gameName={(id) => findGame(id)?.name ?? id}
      onJoin={(m, s) => onJoin({ server, match: m.match, seat: s.seat, token: s.token })}
    >
      <label className="row open-match-name">
        Your name for joining{' '}
        <input
          aria-label="your name for joining"
          placeholder="name (optional)"
          maxLength={32}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
    </OpenMatches>
  );
}
