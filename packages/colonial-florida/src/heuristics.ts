import { GAME_OVER_PHASE, type GameView, type Heuristic } from '@ruleloom/core';
import {
  FLORIDA_RING,
  hazardPerTurn,
  razeChance,
  strikeChance,
  type SettlementModel,
} from './heuristics-model.js';
import { stepAround } from './map/map.js';
import { boardOf, num, pendingDice, settledPawn, type ViewPlayer } from './view-reads.js';

/** The weights of the race model (tuned by self-play; see docs/bots.md). */
export interface FloridaWeights {
  /** What skipping one action costs, in Gold (a founding or a card forgone, roughly). */
  readonly skipCost: number;
  /** Share of the remaining turns in which a player with markers finds an unclaimed settlement. */
  readonly foundingRate: number;
  /** Softmax temperature: `base + perTurn × turns left`, in Gold. */
  readonly temperatureBase: number;
  readonly temperaturePerTurn: number;
  /** Most turns the projection looks ahead. */
  readonly horizon: number;
  /** Weight of the pawn's next landing (the best of two dice), 0 to leave it out. */
  readonly landing: number;
  /** Expected income a drawn Enhancement adds (income cards are about half the deck). */
  readonly drawIncome: number;
}

/** The tuned weights. */
export const FLORIDA_WEIGHTS: FloridaWeights = {
  skipCost: 1.5,
  foundingRate: 0.3,
  temperatureBase: 2,
  temperaturePerTurn: 0.3,
  horizon: 40,
  landing: 1,
  drawIncome: 0.6,
};

/**
 * A heuristic evaluation for bots: a race model of the game. Each player's projected Gold
 * when the leader is expected to reach `goldToWin` is their Gold plus the income of their
 * settlements over the turns left — each settlement's income by the game's own formula,
 * none while it is razed or occupied by an opposing pawn at the next Income phase, less the
 * income the hazard markers are expected to take (raids by the game's battle odds against
 * the attached combatants, the markers' next landing from their dice) — plus the settlements
 * still to be founded with the markers left, less the chance of a skipped action (a marker on
 * the pawn). The projections are turned into win shares (a softmax whose temperature grows
 * with the turns left), a number in [0, 1]; the shares of all seats sum to 1. A finished game
 * scores 1 for a winner (shared between tied winners) and 0 for the others.
 * @public
 */
export const colonialFloridaHeuristic: Heuristic = (view, seat) =>
  floridaRaceValue(view, seat, FLORIDA_WEIGHTS);

/**
 * The ring size of a match's map, from its rules (`options.map`), else the default ring.
 * Views do not carry the map, so evaluations read it from the rules of the match.
 * @public
 */
export function ringSizeOf(rules: { readonly options: unknown } | undefined): number {
  const options = rules?.options as { readonly map?: { readonly spaces?: unknown } } | undefined;
  const spaces = options?.map?.spaces;
  return Array.isArray(spaces) && spaces.length >= 2 ? spaces.length : FLORIDA_RING;
}

/**
 * {@link colonialFloridaHeuristic} for the rules of one match: the race model on that match's
 * map (a custom `map` option moves the pawns and the hazard markers around its own ring).
 * `colonialFloridaHeuristic` is this factory applied to the default rules.
 * @public
 */
export function colonialFloridaHeuristicFor(rules: { readonly options: unknown }): Heuristic {
  const ring = ringSizeOf(rules);
  return (view, seat) => floridaRaceValue(view, seat, FLORIDA_WEIGHTS, ring);
}

/**
 * {@link colonialFloridaHeuristic} with explicit weights (for tuning), on a ring of `ring`
 * spaces (the match's map; views do not carry it).
 */
export function floridaRaceValue(
  view: GameView,
  seat: number,
  w: FloridaWeights,
  ring: number = FLORIDA_RING,
): number {
  const players = Array.isArray(view.players) ? (view.players as ViewPlayer[]) : [];
  const n = players.length;
  if (n === 0 || seat < 0 || seat >= n) return 0;
  const gold = players.map((p) => num(p.gold, 0));
  if (view.phase === GAME_OVER_PHASE) {
    const best = Math.max(...gold);
    const winners = gold.filter((g) => g === best).length;
    return gold[seat] === best ? 1 / winners : 0;
  }
  const { goal, markers, settlements } = boardOf(view);
  const pawns = players.map((p) => num(p.pawn, -1));
  const settled = players.map((_, j) => settledPawn(view, j));

  // Income per turn in the long run, and the turns left until the leader reaches the goal.
  const rate = gold.map(() => 0);
  let unclaimed = 0;
  for (const s of settlements) {
    if (s.controller === null) unclaimed++;
    else if (s.controller < n)
      rate[s.controller] = (rate[s.controller] as number) + s.income / (1 + hazardPerTurn(s, ring));
  }
  const founders = players.filter((p) => num(p.markersLeft, 0) > 0).length;
  const turnsLeft = Math.max(
    1,
    Math.min(
      w.horizon,
      ...gold.map((g, j) => Math.max(0, goal - g) / Math.max(0.5, rate[j] as number)),
    ),
  );

  const worth = gold.slice();
  for (const s of settlements) {
    const c = s.controller;
    if (c === null || c >= n || s.income === 0) continue;
    const blocked = pawns.some((pawn, j) => j !== c && pawn === s.space && settled[j] === true);
    const struck = strikeChance(markers, s.space, ring, (m) => razeChance(s, m));
    const earnsNext = s.raze <= 1 && !blocked ? 1 - struck : 0;
    const later =
      Math.max(0, turnsLeft - 1 - Math.max(0, s.raze - 1)) / (1 + hazardPerTurn(s, ring));
    worth[c] = (worth[c] as number) + s.income * (earnsNext + later);
  }
  const bySpace = new Map(settlements.map((s) => [s.space, s]));
  const newSettlement = (turnsLeft / 2) * (1 / (1 + hazardPerTurn(EMPTY, ring)));
  players.forEach((p, j) => {
    const markersLeft = num(p.markersLeft, 0);
    if (markersLeft > 0 && founders > 0) {
      const foundings = Math.min(markersLeft, unclaimed / founders, turnsLeft * w.foundingRate);
      worth[j] = (worth[j] as number) + foundings * newSettlement;
    }
    // A marker on the pawn at its next action: the action is skipped.
    const pawn = pawns[j] as number;
    const skip = settled[j] === true ? strikeChance(markers, pawn, ring) : markerOn(markers, pawn);
    worth[j] = (worth[j] as number) - skip * w.skipCost;
    if (w.landing > 0 && pawn > 0) {
      const value = (space: number): number =>
        landingValue(bySpace.get(space), j, markersLeft, turnsLeft, newSettlement, w, ring);
      const dice = pendingDice(view, j);
      const next =
        dice === undefined
          ? expectedBestLanding(pawn, value, ring)
          : bestLanding(pawn, dice, value, ring);
      worth[j] = worth[j] + w.landing * (1 - skip) * next;
    }
  });

  const temperature = w.temperatureBase + w.temperaturePerTurn * turnsLeft;
  const top = Math.max(...worth);
  const shares = worth.map((w) => Math.exp((w - top) / temperature));
  const total = shares.reduce((a, b) => a + b, 0);
  return (shares[seat] as number) / total;
}

/** A settlement with nothing attached, for the value of one still to be founded. */
const EMPTY: SettlementModel = { space: -1, controller: null, raze: 0, income: 1, combatants: 0 };

/**
 * What landing on a settlement is worth to `seat`, in Gold over the turns left: founding an
 * unclaimed one (with a marker left), repairing its own razed one (1D6 Raze markers off),
 * drawing an Enhancement onto its own; nothing elsewhere.
 */
function landingValue(
  s: SettlementModel | undefined,
  seat: number,
  markersLeft: number,
  turnsLeft: number,
  newSettlement: number,
  w: FloridaWeights,
  ring: number,
): number {
  if (s === undefined) return 0;
  if (s.controller === null) return markersLeft > 0 ? newSettlement : 0;
  if (s.controller !== seat) return 0;
  if (s.raze > 0) return s.income * Math.min(s.raze, 3.5);
  return (w.drawIncome * Math.max(0, turnsLeft - 1)) / (1 + hazardPerTurn(s, ring));
}

function bestLanding(
  pawn: number,
  dice: readonly [number, number],
  value: (space: number) => number,
  ring: number,
): number {
  return Math.max(value(stepAround(pawn, dice[0], ring)), value(stepAround(pawn, dice[1], ring)));
}

/** The mean over the 36 rolls of two dice of the better landing. */
function expectedBestLanding(pawn: number, value: (space: number) => number, ring: number): number {
  const v = [0, 1, 2, 3, 4, 5, 6].map((d) => (d === 0 ? 0 : value(stepAround(pawn, d, ring))));
  let total = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) total += Math.max(v[a] as number, v[b] as number);
  return total / 36;
}

function markerOn(markers: Readonly<Record<string, unknown>>, space: number): number {
  for (const at of Object.values(markers)) if (at === space) return 1;
  return 0;
}
