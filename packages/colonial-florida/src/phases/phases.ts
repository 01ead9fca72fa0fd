/**
 * The turn of Colonial Florida as data: six board phases (automatic chance steps), then the
 * Action phase once per player in seat order. Victory is checked after Income and after
 * every action; after `maxTurns` turns the game ends.
 * @public
 */
export const COLONIAL_FLORIDA_PHASES = [
  {
    id: 'rebuild',
    description: 'Remove one Raze marker from every settlement that has any.',
    steps: [{ type: 'startTurn' }, { type: 'rebuild' }],
  },
  {
    id: 'hurricane',
    description:
      'The Hurricane moves 3D6 spaces counterclockwise and strikes a settlement it lands on.',
    steps: [
      { type: 'moveMarker', params: { marker: 'hurricane', dice: '3d6' } },
      { type: 'hurricaneStrike', params: { marker: 'hurricane' } },
    ],
  },
  {
    id: 'pirate',
    description:
      'The Pirate marker moves 2D6 spaces counterclockwise; pirates raid a settlement it lands on.',
    steps: [
      { type: 'moveMarker', params: { marker: 'pirate', dice: '2d6' } },
      { type: 'raidStrike', params: { marker: 'pirate' } },
    ],
  },
  {
    id: 'raid',
    description:
      'The Indian Raid marker moves 1D6 spaces counterclockwise and raids a settlement it lands on.',
    steps: [
      { type: 'moveMarker', params: { marker: 'raid', dice: 'd6' } },
      { type: 'raidStrike', params: { marker: 'raid' } },
    ],
  },
  {
    id: 'disease',
    description:
      'The Disease marker moves 1D6 spaces counterclockwise and strikes a settlement it lands on.',
    steps: [
      { type: 'moveMarker', params: { marker: 'disease', dice: 'd6' } },
      { type: 'diseaseStrike', params: { marker: 'disease' } },
    ],
  },
  {
    id: 'income',
    description:
      'Every settlement that is neither razed nor occupied by an opposing pawn pays its controller.',
    steps: [{ type: 'collectIncome' }],
    next: [{ to: '$end', when: { type: 'someoneWon' } }],
  },
  {
    id: 'action',
    description:
      'One player acts (seat order): move by one of two dice, resolve the space, move combatants.',
    steps: [{ type: 'beginAction' }],
    next: [
      { to: '$end', when: { type: 'someoneWon' } },
      { to: 'action', when: { type: 'moreSeats' } },
      { to: '$end', when: { type: 'lastTurn' } },
      { to: 'rebuild' },
    ],
  },
] as const;
