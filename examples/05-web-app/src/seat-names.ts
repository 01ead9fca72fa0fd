import { createContext, useContext } from 'react';
import { seatLabel } from './presenters.js';

/** A seat's display name for the game on screen (`Seat 1 · Normal bot`), set by the game screen. */
export const SeatNames = createContext<((seat: number) => string) | null>(null);

/** The display name of a seat: the game screen's, else the presenter's label. */
export function useSeatName(game: string): (seat: number) => string {
  const names = useContext(SeatNames);
  return names ?? ((seat) => seatLabel(game, seat));
}
