import { FLORIDA_MAP } from '@ruleloom/colonial-florida';
import type { FloridaView } from './florida-view.js';

/** The colour of each nation (seat 0 Spanish, 1 British, 2 French). */
export const NATION_COLOURS = ['#c8102e', '#1d4f91', '#2e8b57'];

/** The four hazard markers: their letter on the ring, colour, name and what they do. */
export const MARKERS: readonly {
  readonly key: 'hurricane' | 'pirate' | 'raid' | 'disease';
  readonly letter: string;
  readonly colour: string;
  readonly name: string;
  readonly effect: string;
}[] = [
  {
    key: 'hurricane',
    letter: 'H',
    colour: '#6b4fa0',
    name: 'Hurricane',
    effect:
      'moves 3 dice counterclockwise; razes the settlement it reaches and may destroy its cards',
  },
  {
    key: 'pirate',
    letter: 'P',
    colour: '#222',
    name: 'Pirates',
    effect: 'move 2 dice; raid the settlement they reach (a battle; a lost one razes it)',
  },
  {
    key: 'raid',
    letter: 'R',
    colour: '#b35900',
    name: 'Indian Raid',
    effect: 'moves 1 die; raids the settlement it reaches, as the Pirates do',
  },
  {
    key: 'disease',
    letter: 'D',
    colour: '#5a7d00',
    name: 'Disease',
    effect: 'moves 1 die; razes the settlement it reaches and may kill its combatants',
  },
];

const C = 250;
const RING = 175;
/** Each marker on its own circle inside the ring, so two never overlap. */
const MARKER_RADII = [132, 110, 88, 66];
/** Each pawn on its own circle outside the ring. */
const PAWN_RADII = [201, 215, 229];

function at(space: number, radius: number, size: number): [number, number] {
  const angle = ((space - 1) / size) * 2 * Math.PI - Math.PI / 2;
  return [C + radius * Math.cos(angle), C + radius * Math.sin(angle)];
}

/**
 * The 36-space ring as SVG: settlements (coloured by controller, raze markers as a red
 * count on their inner side), the four hazard markers each on its own inner circle, the pawns
 * each on its own outer circle, so no two pieces overlap. The legend explains every mark.
 */
export function FloridaRing({ view }: { view: FloridaView }) {
  const size = FLORIDA_MAP.spaces.length;
  const bySpace = new Map(view.settlements.map((s) => [s.space, s]));
  return (
    <svg viewBox="0 0 500 500" className="ring" role="img" aria-label="the map of Florida">
      <title>{`The ring of ${String(size)} spaces`}</title>
      <circle cx={C} cy={C} r={RING} fill="none" stroke="#d8d2c4" strokeWidth={20} />
      {FLORIDA_MAP.spaces.map((space, i) => {
        const n = i + 1;
        const [x, y] = at(n, RING, size);
        const s = bySpace.get(n);
        const controller = s?.controller ?? null;
        const [rx, ry] = at(n, RING - 24, size);
        return (
          <g key={n} data-space={n}>
            <title>{`${String(n)} ${space.name}${s === undefined ? '' : ` · ${controller === null ? 'uncontrolled' : `controlled by the ${view.players[controller]?.nation ?? ''}`} · ${String(s.raze)} raze · ${String(s.cards.length)} cards`}`}</title>
            <circle
              cx={x}
              cy={y}
              r={space.settlement ? 14 : 6}
              fill={controller === null ? '#fff' : NATION_COLOURS[controller]}
              stroke={space.settlement ? '#333' : '#999'}
              strokeWidth={space.settlement ? 2 : 1}
            />
            {space.settlement && (
              <text
                x={x}
                y={y + 4}
                fontSize={11}
                textAnchor="middle"
                fill={controller === null ? '#000' : '#fff'}
              >
                {n}
              </text>
            )}
            {s !== undefined && s.raze > 0 && (
              <g aria-label={`${String(s.raze)} raze on ${String(n)}`}>
                <circle cx={rx} cy={ry} r={7} fill="#b00020" />
                <text x={rx} y={ry + 3.5} fontSize={10} textAnchor="middle" fill="#fff">
                  {s.raze}
                </text>
              </g>
            )}
          </g>
        );
      })}
      {MARKERS.map((m, i) => {
        const [x, y] = at(view.markers[m.key], MARKER_RADII[i]!, size);
        return (
          <g key={m.key} aria-label={`${m.name} on ${String(view.markers[m.key])}`}>
            <title>{`${m.name} on space ${String(view.markers[m.key])}: ${m.effect}`}</title>
            <rect x={x - 8} y={y - 8} width={16} height={16} fill={m.colour} rx={3} />
            <text x={x} y={y + 4} fontSize={11} textAnchor="middle" fill="#fff">
              {m.letter}
            </text>
          </g>
        );
      })}
      {view.players.map((p, seat) => {
        const [x, y] = at(p.pawn, PAWN_RADII[seat % PAWN_RADII.length]!, size);
        return (
          <polygon
            key={seat}
            points={`${String(x)},${String(y - 7)} ${String(x - 6)},${String(y + 5)} ${String(x + 6)},${String(y + 5)}`}
            fill={NATION_COLOURS[seat]}
            stroke="#000"
            aria-label={`${p.nation} pawn on ${String(p.pawn)}`}
          >
            <title>{`${p.nation} pawn on ${String(p.pawn)}`}</title>
          </polygon>
        );
      })}
    </svg>
  );
}
