/**
 * Seats in clockwise order starting at `from`: `clockwiseFrom(2, 4)` is `[2, 3, 0, 1]`.
 * @public
 */
export function clockwiseFrom(from: number, players: number): number[] {
  const order: number[] = [];
  for (let i = 0; i < players; i++) order.push((from + i) % players);
  return order;
}

/**
 * The next seat clockwise after `seat` for which `eligible` holds, or `undefined` when none
 * (the seat itself is considered last).
 * @public
 */
export function nextClockwise(
  seat: number,
  players: number,
  eligible: (seat: number) => boolean = () => true,
): number | undefined {
  for (let i = 1; i <= players; i++) {
    const s = (seat + i) % players;
    if (eligible(s)) return s;
  }
  return undefined;
}

/**
 * Every seat once, in seat order: `[0, 1, ..., players - 1]`.
 * @public
 */
export function seatOrder(players: number): number[] {
  return clockwiseFrom(0, players);
}

const SINGLE_SEATS: (readonly number[])[] = [];
const NO_SEATS: readonly number[] = Object.freeze([]);

/**
 * `[seat]` as a shared, frozen list (and `[]` for `null`): `toAct` is called on every step,
 * so returning these keeps it allocation-free.
 * @public
 */
export function onlySeat(seat: number | null): readonly number[] {
  if (seat === null) return NO_SEATS;
  let list = SINGLE_SEATS[seat];
  if (list === undefined) {
    list = Object.freeze([seat]);
    SINGLE_SEATS[seat] = list;
  }
  return list;
}
