import type { GameView } from '@ruleloom/core';
import { FLORIDA_WEIGHTS, floridaRaceValue } from './heuristics.js';
import { FLORIDA_RING, hazardPerTurn, razeChance, strikeChance } from './heuristics-model.js';
import { stepAround } from './map/map.js';
import { boardOf, num, pendingDice, settledPawn, type ViewPlayer } from './view-reads.js';

/**
 * The features of {@link colonialFloridaValue}, in the order of
 * {@link colonialFloridaFeatures}' vectors. Each is a number per seat read from a view:
 *
 * - `raceLog`: the natural log of the race model's win share ({@link colonialFloridaHeuristic});
 * - `gold`, `goldSq`: Gold over the Gold to win, and its square;
 * - `rate`: long-run income per turn (each settlement's income by the game's formula, less the
 *   share of turns the hazard markers are expected to raze it);
 * - `nextIncome`: the income expected at the next Income phase (none from a settlement razed
 *   past it or occupied by an opposing pawn, less the chance a marker strikes it first);
 * - `reach`: 1 when Gold plus the next income without hazards reaches the Gold to win;
 * - `surplus`: Gold plus expected next income above the Gold to win, over 10 (0 below);
 * - `settlements`, `razed`, `combatants`: settlements held, those razed, combatants attached;
 * - `exposed`: the income of the seat's settlements that an opposing pawn still to move this
 *   turn may land on (and so block at the Income phase, or attack), times the chance it can;
 * - `skip`: the chance the seat's next action is skipped (a marker on its pawn, now or after
 *   the markers' next moves);
 * - `landFound`, `landOwn`: the chance the better die of the seat's next roll (its pending
 *   dice when it has rolled) reaches an unclaimed settlement it can found, or else its own;
 * - `moved`: 1 when the seat's pawn stays put until the next Income phase (it has moved this
 *   turn, or the board phases are under way);
 * - `first`, `second`: 1 for seat 0 and for seat 1 (the play order);
 * - `goldLate`, `rateLate`, `nextLate`: `gold`, `rate` and `nextIncome` times the leader's
 *   progress (the most Gold over the Gold to win), to let their weight grow near the end.
 * @public
 */
export const COLONIAL_FLORIDA_FEATURES = [
  'raceLog',
  'gold',
  'goldSq',
  'rate',
  'nextIncome',
  'reach',
  'surplus',
  'settlements',
  'razed',
  'combatants',
  'exposed',
  'skip',
  'landFound',
  'landOwn',
  'moved',
  'first',
  'second',
  'goldLate',
  'rateLate',
  'nextLate',
] as const;

/**
 * One feature name of {@link COLONIAL_FLORIDA_FEATURES}.
 * @public
 */
export type ColonialFloridaFeature = (typeof COLONIAL_FLORIDA_FEATURES)[number];

/** The chance that the better of two dice lands where `kind` is best (2 before 1 before 0). */
function landingChances(
  pawn: number,
  dice: readonly [number, number] | undefined,
  kind: (space: number) => number,
  ring: number,
): readonly [number, number] {
  const best = (a: number, b: number): number =>
    Math.max(kind(stepAround(pawn, a, ring)), kind(stepAround(pawn, b, ring)));
  if (dice !== undefined) {
    const k = best(dice[0], dice[1]);
    return [k === 2 ? 1 : 0, k === 1 ? 1 : 0];
  }
  let found = 0;
  let own = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      const k = best(a, b);
      if (k === 2) found++;
      else if (k === 1) own++;
    }
  return [found / 36, own / 36];
}

/**
 * The feature vectors of every seat in a view (one array per seat, in the order of
 * {@link COLONIAL_FLORIDA_FEATURES}); empty when the view has no players. Defensive: a view is
 * plain data, and malformed fields count as empty or zero. `ring` is the number of spaces of
 * the match's map (views do not carry it; `ringSizeOf(rules)` reads it from the rules), the
 * default map's when omitted.
 * @public
 */
export function colonialFloridaFeatures(input: GameView, ring: number = FLORIDA_RING): number[][] {
  const players: ViewPlayer[] = Array.isArray(input.players)
    ? (input.players as unknown[]).map((p) => (typeof p === 'object' && p !== null ? p : {}))
    : [];
  if (players.length === 0) return [];
  const view: GameView = { ...input, players };
  const { goal, markers, settlements } = boardOf(view);
  const gold = players.map((p) => Math.max(0, num(p.gold, 0)));
  const pawns = players.map((p) => num(p.pawn, -1));
  const markersLeft = players.map((p) => Math.max(0, num(p.markersLeft, 0)));
  const moved = players.map((_, j) => settledPawn(view, j));
  const progress = Math.min(1.5, Math.max(...gold) / goal);
  const bySpace = new Map(settlements.map((s) => [s.space, s]));

  return players.map((_, j) => {
    let rate = 0;
    let nextIncome = 0;
    let plainNext = 0;
    let held = 0;
    let razed = 0;
    let combatants = 0;
    for (const s of settlements) {
      if (s.controller !== j) continue;
      held++;
      combatants += s.combatants;
      if (s.raze > 0) razed++;
      rate += s.income / (1 + hazardPerTurn(s, ring));
      const blocked = pawns.some((pawn, k) => k !== j && pawn === s.space && moved[k] === true);
      if (s.raze <= 1 && !blocked) {
        plainNext += s.income;
        const struck = strikeChance(markers, s.space, ring, (m) => razeChance(s, m));
        nextIncome += s.income * (1 - struck);
      }
    }
    const g = gold[j] as number;
    const pawn = pawns[j] as number;
    const left = markersLeft[j] as number;
    const skip =
      moved[j] === true
        ? strikeChance(markers, pawn, ring)
        : Object.values(markers).includes(pawn)
          ? 1
          : 0;
    const kind = (space: number): number => {
      const s = bySpace.get(space);
      if (s === undefined) return 0;
      if (s.controller === null) return left > 0 ? 2 : 0;
      return s.controller === j ? 1 : 0;
    };
    const [landFound, landOwn] =
      pawn <= 0 ? [0, 0] : landingChances(pawn, pendingDice(view, j), kind, ring);
    let exposed = 0;
    for (const s of settlements) {
      if (s.controller !== j || s.income === 0) continue;
      let miss = 1;
      pawns.forEach((p, k) => {
        const ahead = (((s.space - p) % ring) + ring) % ring;
        if (k !== j && moved[k] !== true && p > 0 && ahead >= 1 && ahead <= 6) miss *= 25 / 36;
      });
      exposed += s.income * (1 - miss);
    }
    const race = floridaRaceValue(view, j, FLORIDA_WEIGHTS, ring);
    return [
      Math.log(Math.max(1e-6, race)),
      g / goal,
      (g / goal) ** 2,
      rate,
      nextIncome,
      g + plainNext >= goal ? 1 : 0,
      Math.max(0, g + nextIncome - goal) / 10,
      held,
      razed,
      combatants,
      exposed,
      skip,
      landFound,
      landOwn,
      moved[j] === true ? 1 : 0,
      j === 0 ? 1 : 0,
      j === 1 ? 1 : 0,
      (g / goal) * progress,
      rate * progress,
      nextIncome * progress,
    ];
  });
}
