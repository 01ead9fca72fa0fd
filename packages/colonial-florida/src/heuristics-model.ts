import { parseDice } from '@ruleloom/core';
import { attackWinChance } from './battle/battle-odds.js';
import { COLONIAL_FLORIDA_CARDS } from './cards/cards.js';
import { FLORIDA_MAP } from './map/map.js';
import { COLONIAL_FLORIDA_PHASES } from './phases/phases.js';
import { describeCard, type CardInfo } from './rules/card-info.js';
import { diceSumDistribution } from './rules/dice-odds.js';
import { incomeOfCards } from './rules/income.js';

/** Card data by card id (instance ids are `<id>#<n>`). */
const INFO: ReadonlyMap<string, CardInfo> = new Map(
  COLONIAL_FLORIDA_CARDS.map((card) => [card.id, describeCard(card)]),
);

/** How far each hazard marker moves per turn, read from the game's phases (the one source). */
const MARKER_MOVES: readonly { readonly marker: string; readonly dist: readonly number[] }[] =
  COLONIAL_FLORIDA_PHASES.flatMap((phase) =>
    phase.steps.flatMap((step) => {
      if (step.type !== 'moveMarker' || !('params' in step)) return [];
      const params = step.params as { readonly marker: string; readonly dice: string };
      const dice = parseDice(params.dice);
      return dice === undefined
        ? []
        : [{ marker: params.marker, dist: diceSumDistribution(dice.count, dice.sides) }];
    }),
  );

/** Markers whose strike razes when the raiders win a battle (the others always raze). */
const RAIDERS = new Set(['pirate', 'raid']);

/** Mean win chance of 1D3 raiders against `defenders` combatants. */
function raidWinChance(defenders: number): number {
  return (
    (attackWinChance(1, defenders) +
      attackWinChance(2, defenders) +
      attackWinChance(3, defenders)) /
    3
  );
}

/** Mean turns without income that one Raze placement (1D6) costs. */
const RAZE_TURNS = 3.5;

/** What the heuristic reads of one settlement in a view. */
export interface SettlementModel {
  readonly space: number;
  readonly controller: number | null;
  readonly raze: number;
  /** Gold per income phase when neither razed nor occupied (the game's own formula). */
  readonly income: number;
  /** Attached combatants, Fortresses included (the defence in a battle). */
  readonly combatants: number;
}

/** Reads a view's settlement defensively (views are plain data; bad fields count as empty). */
export function settlementModel(value: unknown): SettlementModel | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = value as { space?: unknown; controller?: unknown; raze?: unknown; cards?: unknown };
  const infos: CardInfo[] = [];
  let combatants = 0;
  if (Array.isArray(s.cards)) {
    for (const id of s.cards as unknown[]) {
      const info = typeof id === 'string' ? INFO.get(id.split('#')[0] ?? '') : undefined;
      if (info === undefined) continue;
      infos.push(info);
      if (info.combatant) combatants++;
    }
  }
  return {
    space: typeof s.space === 'number' ? s.space : -1,
    controller: typeof s.controller === 'number' ? s.controller : null,
    raze: typeof s.raze === 'number' && s.raze > 0 ? s.raze : 0,
    income: incomeOfCards(infos),
    combatants,
  };
}

/** Ring size of the default map (views do not carry the map: a match's rules do). */
export const FLORIDA_RING = FLORIDA_MAP.spaces.length;

/** Steps counterclockwise from `from` to `to` on a ring of `ring` spaces. */
function ccw(from: number, to: number, ring: number): number {
  return (((from - to) % ring) + ring) % ring;
}

/**
 * The chance that some hazard marker lands on `space` in the next board phases, counting only
 * the markers in `which` (every marker when undefined), from their positions in the view, on a
 * ring of `ring` spaces.
 */
export function strikeChance(
  markers: Readonly<Record<string, unknown>>,
  space: number,
  ring: number,
  which?: (marker: string) => number,
): number {
  let miss = 1;
  for (const { marker, dist } of MARKER_MOVES) {
    const at = markers[marker];
    if (typeof at !== 'number') continue;
    const p = (dist[ccw(at, space, ring)] ?? 0) * (which === undefined ? 1 : which(marker));
    miss *= 1 - p;
  }
  return 1 - miss;
}

/**
 * Turns of income a settlement is expected to lose per turn to hazards in the long run
 * (each marker lands on a given settlement about once in `ring` turns; raids raze only when
 * the raiders win, by the game's battle odds).
 */
export function hazardPerTurn(settlement: SettlementModel, ring: number): number {
  let razes = 0;
  for (const { marker } of MARKER_MOVES)
    razes += RAIDERS.has(marker) ? raidWinChance(settlement.combatants) : 1;
  return (razes / ring) * RAZE_TURNS;
}

/** The chance that the next strike on `settlement` razes it, for marker `marker`. */
export function razeChance(settlement: SettlementModel, marker: string): number {
  return RAIDERS.has(marker) ? raidWinChance(settlement.combatants) : 1;
}
