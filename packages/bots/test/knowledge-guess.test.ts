/**
 * What a seat has been shown is part of what its bot searches over: in Court Letters (a game
 * that is not ours, from `@ruleloom/core/games`), after seat X looks at seat Y's hand with a
 * priest (a declared reveal), X's ISMCTS bot, holding a guard on its next turn, names the
 * peeked card's rank (a right guess knocks Y out and wins a 2-player game). Its
 * determinizations keep the known card where X saw it; without that knowledge it would guess
 * among the ranks still possible.
 */
import { createMatch, Engine, publicOptions, Rng, type Match } from '@ruleloom/core';
import { courtLetters, type CourtAction, type CourtState } from '@ruleloom/core/games';
import { describe, expect, it } from 'vitest';
import { ismctsPreset, mctsBot, type BotRules } from '../src/index.js';
import { createBotInput } from '../src/tournament/bot-input.js';

const game = courtLetters as unknown as Parameters<typeof createMatch>[0];
const RANKS: Readonly<Record<string, number>> = {
  guard: 1,
  priest: 2,
  baron: 3,
  handmaid: 4,
  king: 6,
  princess: 8,
};
const rankOf = (id: string): number => RANKS[id.split('#')[0] as string] ?? 0;

interface Position {
  readonly match: Match;
  readonly seat: number;
  readonly peeked: string;
}

/**
 * Plays seed `seed` at random until a seat that has just peeked at the other's hand is to act
 * again with a guard in hand, the peeked card (not a guard) still in the other's hand and the
 * other not shielded; undefined when the game never gets there.
 */
function peekedPosition(seed: number): Position | undefined {
  const match = createMatch(game, { seed, players: 2 });
  const rng = Rng.fromSeed(seed);
  let peek: { seat: number; target: number; card: string } | undefined;
  while (!match.isOver) {
    const seat = match.toAct[0]!;
    const s = match.state.game as CourtState;
    if (peek !== undefined && seat === peek.seat) {
      const them = s.players[peek.target]!;
      const mine = s.players[seat]!.hand;
      if (
        them.hand.includes(peek.card) &&
        !them.shielded &&
        rankOf(peek.card) > 1 &&
        mine.some((id) => id.startsWith('guard'))
      )
        return { match, seat, peeked: peek.card };
      peek = undefined;
    }
    const legal = match.legalActions(seat);
    const r = match.apply(seat, rng.pick(legal));
    if (!r.ok) throw new Error(r.error.message);
    for (const e of match.log.at(-1)?.events ?? [])
      if (e.type === 'peeked' && e.seat === seat)
        peek = { seat, target: e.target as number, card: e.card as string };
  }
  return undefined;
}

describe('an ISMCTS bot uses what it has been shown (Court Letters)', () => {
  it('names the card it has just looked at with its next guess at least 90% of the time', async () => {
    const rules = new Engine(game, {
      players: 2,
      options: publicOptions(game, {}),
    }) as unknown as BotRules;
    // The generic ISMCTS settings, with rollouts played to the end (Court Letters declares no
    // heuristic to cut them with).
    const bot = mctsBot({ ...ismctsPreset('court-letters'), rolloutDepth: Infinity });
    let guesses = 0;
    let right = 0;
    let positions = 0;
    for (let seed = 1; seed <= 400 && guesses < 30; seed++) {
      const found = peekedPosition(seed);
      if (found === undefined) continue;
      positions++;
      const { match, seat, peeked } = found;
      // The view carries the knowledge: the peeked card, where the seat saw it.
      expect(match.view(seat).known).toEqual([{ card: peeked, zone: expect.any(String) }]);
      const input = createBotInput(match.engine, match.state, seat, rules, Rng.fromSeed(seed));
      const action = (await bot.act(input)) as CourtAction;
      if (!action.card.startsWith('guard')) continue;
      guesses++;
      if (action.guess === rankOf(peeked)) right++;
    }
    console.log(
      `court-letters: ${String(right)} of ${String(guesses)} guesses named the peeked card (${String(positions)} positions)`,
    );
    expect(guesses).toBeGreaterThanOrEqual(20);
    expect(right / guesses).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
