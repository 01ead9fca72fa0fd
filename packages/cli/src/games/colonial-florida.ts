import type { GameEvent, GameView } from '@ruleloom/core';
import {
  colonialFlorida,
  colonialFloridaHeuristic,
  FLORIDA_MAP,
  MARKER_NAMES,
  NATIONS,
  stepAround,
  type ColonialFloridaCard,
  type Pending,
  type RingMap,
  type SettlementState,
} from '@ruleloom/colonial-florida';
import { seatName } from '../narration/narrate.js';
import { renderTable } from '../output/table.js';
import type { CliGame, EventNarration, NarrationContext } from './cli-game.js';

const MARKER_LABELS: Readonly<Record<string, string>> = {
  hurricane: 'Hurricane',
  pirate: 'Pirates',
  raid: 'Indian Raid',
  disease: 'Disease',
};

/** The Pirates take a plural verb ("Pirates move"); the other markers and every seat ("Spanish (you) wins") a singular one. */
function verb(name: string, singular: string, pluralForm: string, isPlural: boolean): string {
  return `${name} ${isPlural ? pluralForm : singular}`;
}

function markerLabel(marker: unknown): string {
  return MARKER_LABELS[String(marker)] ?? String(marker);
}

function markerIsPlural(marker: unknown): boolean {
  return marker === 'pirate';
}

interface CfPlayerView {
  readonly nation: string;
  readonly gold: number;
  readonly pawn: number;
  readonly markersLeft: number;
}

interface CfView {
  readonly phase: string;
  readonly turn: number;
  readonly goldToWin: number;
  readonly deckSize: number;
  readonly discard: readonly string[];
  readonly markers: Readonly<Record<string, number>>;
  readonly players: readonly CfPlayerView[];
  readonly settlements: readonly SettlementState[];
  readonly pending: Pending | null;
}

function mapOf(ctx: NarrationContext): RingMap {
  const options = ctx.engine.options as { readonly map?: RingMap } | null;
  return options?.map ?? FLORIDA_MAP;
}

/** `St Augustine (3)`. */
function spaceName(ctx: NarrationContext, space: unknown): string {
  const n = Number(space);
  const name = mapOf(ctx).spaces[n - 1]?.name;
  return name === undefined ? `space ${String(space)}` : `${name} (${String(n)})`;
}

function cardName(ctx: NarrationContext, id: string): string {
  const card = ctx.engine.cards.byInstance.get(id) as ColonialFloridaCard | undefined;
  return card?.name ?? id;
}

function cardList(ctx: NarrationContext, ids: readonly string[]): string {
  return ids.length === 0 ? '-' : ids.map((id) => cardName(ctx, id)).join(', ');
}

function plural(n: number, word: string): string {
  return `${String(n)} ${word}${n === 1 ? '' : 's'}`;
}

function pendingText(pending: Pending, ctx: NarrationContext): string {
  const who = seatName(ctx, pending.seat);
  switch (pending.type) {
    case 'move':
      return `${who} rolled ${String(pending.dice[0])} and ${String(pending.dice[1])}: choose a die to move by`;
    case 'attack':
      return `${who} may attack ${spaceName(ctx, pending.target)} (eligible: ${cardList(ctx, pending.eligible)})`;
    case 'chooseCasualty':
      return `${who} must lose one combatant at ${spaceName(ctx, pending.target)}`;
    case 'transfer':
      return `${who} may move a combatant onto ${spaceName(ctx, pending.target)}`;
    case 'moveCombatant':
      return `${who} may move combatants, then end the action`;
  }
}

function renderBoard(gameView: GameView, ctx: NarrationContext): string[] {
  const view = gameView as unknown as CfView;
  const c = ctx.palette;
  const markers = MARKER_NAMES.map(
    (m) => `${markerLabel(m)} ${spaceName(ctx, view.markers[m])}`,
  ).join(' · ');
  const lines = [
    c.bold(`Turn ${String(view.turn)}`) +
      ` · phase ${view.phase} · deck ${String(view.deckSize)} cards · first to ${String(view.goldToWin)} gold wins`,
    `Markers: ${markers}`,
  ];
  lines.push(
    renderTable(
      ['Player', 'Gold', 'Pawn', 'Markers left'],
      view.players.map((p, seat) => [
        seatName(ctx, seat),
        String(p.gold),
        spaceName(ctx, p.pawn),
        String(p.markersLeft),
      ]),
      ['left', 'right', 'left', 'right'],
    ),
  );
  lines.push(
    renderTable(
      ['Settlement', 'Controller', 'Raze', 'Cards'],
      view.settlements.map((s) => [
        spaceName(ctx, s.space),
        s.controller === null ? c.dim('-') : seatName(ctx, s.controller),
        s.raze === 0 ? '0' : c.red(String(s.raze)),
        cardList(ctx, s.cards),
      ]),
      ['left', 'left', 'right', 'left'],
    ),
  );
  if (view.pending !== null) lines.push(c.yellow(pendingText(view.pending, ctx)));
  return lines;
}

function firstNonRoll(
  events: readonly GameEvent[],
): { event: GameEvent; index: number } | undefined {
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as GameEvent;
    if (e.type !== 'roll') return { event: e, index: i };
  }
  return undefined;
}

function narrateEvent(
  event: GameEvent,
  ctx: NarrationContext,
  following: readonly GameEvent[],
): EventNarration {
  const c = ctx.palette;
  const who = (): string => seatName(ctx, event.seat);
  switch (event.type) {
    case 'turnStarted':
      return c.bold(`— Turn ${String(event.turn)} —`);
    case 'roll':
      return event.reason === 'move'
        ? `Dice for the move: ${(event.values as number[]).join(' and ')}`
        : null;
    case 'markerMoved': {
      const text = `${verb(c.magenta(markerLabel(event.marker)), 'moves', 'move', markerIsPlural(event.marker))} ${String(event.spaces)} to ${spaceName(ctx, event.to)}`;
      const next = firstNonRoll(following);
      if (
        next?.event.type === 'razed' &&
        next.event.space === event.to &&
        next.event.cause === event.marker
      ) {
        return {
          text: `${text}: ${c.red(plural(Number(next.event.added), 'Raze marker'))}${Number(next.event.raze) > Number(next.event.added) ? ` (now ${String(next.event.raze)})` : ''}`,
          consumes: next.index + 1,
        };
      }
      return text;
    }
    case 'raid':
      return `${verb(c.magenta(markerLabel(event.marker)), 'strikes', 'strike', markerIsPlural(event.marker))} ${spaceName(ctx, event.space)} with ${plural(Number(event.raiders), 'raider')}`;
    case 'battle': {
      const seatAttacks = typeof event.attacker === 'number';
      const attacker = seatAttacks ? seatName(ctx, event.attacker) : markerLabel(event.attacker);
      const defender = event.defender === null ? 'the settlement' : seatName(ctx, event.defender);
      const attackerWon = event.winner === 'attacker';
      const outcome = attackerWon
        ? verb(c.bold(attacker), 'wins', 'win', !seatAttacks && markerIsPlural(event.attacker))
        : event.defender === null
          ? `${c.bold('the settlement')} holds`
          : verb(c.bold(defender), 'wins', 'win', false);
      return `Battle at ${spaceName(ctx, event.space)}: ${attacker} ${String(event.attackTotal)} (${String(event.attackDice)}) vs ${defender} ${String(event.defenceTotal)} (${String(event.defenceDice)}): ${outcome}${Number(event.rerolls) > 0 ? ` after ${plural(Number(event.rerolls), 'reroll')}` : ''}`;
    }
    case 'razed':
      return `${spaceName(ctx, event.space)} gets ${c.red(plural(Number(event.added), 'Raze marker'))} (${String(event.cause)}; now ${String(event.raze)})`;
    case 'razeRemoved':
      return `${spaceName(ctx, event.space)} rebuilds: ${plural(Number(event.removed), 'Raze marker')} removed (now ${String(event.raze)})`;
    case 'repaired':
      return `${who()} repairs ${spaceName(ctx, event.space)}: ${plural(Number(event.removed), 'Raze marker')} removed (now ${String(event.raze)})`;
    case 'cardDestroyed':
      return `${cardName(ctx, String(event.card))} at ${spaceName(ctx, event.space)} is lost (${String(event.cause)})`;
    case 'income':
      return `${who()} collects ${c.green(`${String(event.amount)} gold`)} from ${spaceName(ctx, event.space)} (now ${String(event.gold)})`;
    case 'noIncome':
      return `${spaceName(ctx, event.space)} pays ${who()} nothing (${String(event.reason)})`;
    case 'actionSkipped':
      return `${who()} loses the action: a hazard marker stands on ${spaceName(ctx, event.space)}`;
    case 'pawnMoved':
      return `${who()} moves ${String(event.spaces)} to ${spaceName(ctx, event.to)}`;
    case 'actionEnded':
      return null;
    case 'nothingToDraw':
      return `${who()} would draw for ${spaceName(ctx, event.space)}, but no cards are left`;
    case 'cardDrawn':
      return `${who()} draws ${c.cyan(cardName(ctx, String(event.card)))} for ${spaceName(ctx, event.space)}`;
    case 'founded':
      return `${c.bold(who())} founds ${c.cyan(spaceName(ctx, event.space))}`;
    case 'cannotFound':
      return `${who()} cannot found ${spaceName(ctx, event.space)} (${String(event.reason)})`;
    case 'combatantMoved':
    case 'transferred':
      return `${who()} moves ${cardName(ctx, String(event.card))} from ${spaceName(ctx, event.from)} to ${spaceName(ctx, event.to)}`;
    case 'attackDeclined':
      return null;
    case 'conquered':
      return `${c.bold(who())} conquers ${c.cyan(spaceName(ctx, event.space))}${typeof event.from === 'number' ? ` from ${seatName(ctx, event.from)}` : ''}`;
    case 'discardReshuffled':
      return `The discard pile is shuffled into a new deck (${String(event.size)} cards).`;
    default:
      return undefined;
  }
}

function describeAction(action: unknown, ctx: NarrationContext): string | undefined {
  const a = action as { type: string; card?: string; to?: number; commit?: string[] };
  switch (a.type) {
    case 'attack':
      return `attacks with ${cardList(ctx, a.commit ?? [])}`;
    case 'chooseCasualty':
      return `loses ${cardName(ctx, a.card ?? '')}`;
    case 'transfer':
      return `moves ${cardName(ctx, a.card ?? '')} onto the conquered settlement`;
    case 'moveCombatant':
      return `moves ${cardName(ctx, a.card ?? '')} to ${spaceName(ctx, a.to)}`;
    default:
      return undefined;
  }
}

function describeChoice(
  action: unknown,
  gameView: GameView,
  ctx: NarrationContext,
): string | undefined {
  const view = gameView as unknown as CfView;
  const a = action as { type: string; die?: number; card?: string; to?: number; commit?: string[] };
  switch (a.type) {
    case 'move': {
      const pending = view.pending;
      if (pending?.type !== 'move' || a.die === undefined) return undefined;
      const steps = pending.dice[a.die] ?? 0;
      const pawn = view.players[pending.seat]?.pawn ?? 1;
      return `move ${String(steps)} to ${spaceName(ctx, stepAround(pawn, steps, mapOf(ctx).spaces.length))}`;
    }
    case 'attack':
      return `attack with ${cardList(ctx, a.commit ?? [])}`;
    case 'chooseCasualty':
      return `lose ${cardName(ctx, a.card ?? '')}`;
    case 'transfer':
      return `move ${cardName(ctx, a.card ?? '')} onto the conquered settlement`;
    case 'moveCombatant':
      return `move ${cardName(ctx, a.card ?? '')} to ${spaceName(ctx, a.to)}`;
    default:
      return undefined;
  }
}

/**
 * Colonial Florida as the command line shows it.
 * @public
 */
export const colonialFloridaCli: CliGame = {
  id: 'colonial-florida',
  game: colonialFlorida,
  gameRef: { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
  summary: [
    'Colonial Florida, for 2 or 3 players (Spanish, British, French): found, develop and conquer settlements on a ring of 36 spaces.',
    'Each turn the Hurricane (3D6), Pirate (2D6), Indian Raid (1D6) and Disease (1D6) markers move counterclockwise and strike the settlement they land on: Raze markers, lost cards, raids fought as battles. Then every settlement that is neither razed nor occupied by an opposing pawn pays its controller Gold.',
    'Then each player in turn rolls two dice and moves by one of them. On an empty settlement you found it with a control marker; on your own you repair it or draw an Enhancement card (income, combatants, Fortresses); on an opposing one you may attack with combatants from adjacent settlements: (1 + attackers)D6 against (2 + defenders)D6.',
    'The first player with 50 Gold at a check wins (goldToWin); after maxTurns the most Gold wins.',
  ],
  rulesDoc: 'docs/rules/colonial-florida.md',
  defaultPlayers: 2,
  quickOptions: { goldToWin: 15, maxTurns: 30 },
  heuristic: colonialFloridaHeuristic,
  heuristicRef: { module: '@ruleloom/colonial-florida', export: 'colonialFloridaHeuristic' },
  seatLabel: (seat) => NATIONS[seat] ?? `Seat ${String(seat)}`,
  formatScore: (score) => `${String(score)} gold`,
  renderBoard,
  narrateEvent,
  describeChoice,
  describeAction,
};
