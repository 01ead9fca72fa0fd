import type { OptionLabels } from '../../option-label-table.js';

/** St. Augustine's options as the lobby words them (the rest read from their keys). */
export const ST_AUGUSTINE_LABELS: OptionLabels = {
  options: {
    startingMoney: 'Starting money ($)',
    turns: 'Turns',
    turnCounting: 'How turns are counted',
    minimumBid: 'Minimum opening bid ($)',
    tieRule: 'Ties for least money or fewest shops',
    onDeckExhausted: 'When the deck runs out',
    trading: 'Trading between players',
    maxProposalsPerPlayer: 'Trade proposals per player per turn',
    maxPlayers: 'Largest player count',
  },
  values: {
    total: 'all players’ turns together',
    perPlayer: 'each player plays that many',
    all: 'pay every tied player',
    none: 'pay nobody',
    reshuffle: 'reshuffle the discards',
    end: 'end the game',
    on: 'on',
    off: 'off',
  },
};
