import { FLORIDA_MAP } from '@ruleloom/colonial-florida';
import type { FloridaView } from './florida-view.js';

const NATION_COLOURS = ['#c8102e', '#1d4f91', '#2e8b57'];
const MARKERS: readonly {
  key: 'hurricane' | 'pirate' | 'raid' | 'disease';
  letter: string;
  colour: string;
}[] = [
  { key: 'hurricane', letter: 'H', colour: '#6b4fa0' },
  { key: 'pirate', letter: 'P', colour: '#222' },
  { key: 'raid', letter: 'R', colour: '#b35900' },
  { key: 'disease', letter: 'D', colour: '#5a7d00' },
];

function at(space: number, radius: number, size: number): [number, number] {
  const angle = ((space - 1) / size) * 2 * Math.PI - Math.PI / 2;
  return [250 + radius * Math.cos(angle), 250 + radius * Math.sin(angle)];
}

/**
 * The 36-space ring as SVG: settlements (coloured by controller, with their raze markers),
 * the four hazard markers inside the ring, the pawns outside it.
 */
export function FloridaRing({ view }: { view: FloridaView }) {
  const size = FLORIDA_MAP.spaces.length;
  const bySpace = new Map(view.settlements.map((s) => [s.space, s]));
  return (
    <svg viewBox="0 0 500 500" className="ring" role="img" aria-label="the map of Florida">
      <title>The ring of {size} spaces</title>
      <circle cx={250} cy={250} r={190} fill="none" stroke="#ccc" strokeWidth={22} />
      {FLORIDA_MAP.spaces.map((space, i) => {
        const n = i + 1;
        const [x, y] = at(n, 190, size);
        const s = bySpace.get(n);
        const controller = s?.controller ?? null;
        return (
          <g key={n} data-space={n}>
            <title>{`${String(n)} ${space.name}${s === undefined ? '' : ` · ${controller === null ? 'uncontrolled' : `controlled by ${view.players[controller]?.nation ?? ''}`} · raze ${String(s.raze)} · ${String(s.cards.length)} cards`}`}</title>
            <circle
              cx={x}
              cy={y}
              r={space.settlement ? 15 : 8}
              fill={controller === null ? '#fff' : NATION_COLOURS[controller]}
              stroke={space.settlement ? '#333' : '#999'}
              strokeWidth={space.settlement ? 2 : 1}
            />
            <text
              x={x}
              y={y + 4}
              fontSize={space.settlement ? 11 : 8}
              textAnchor="middle"
              fill={controller === null ? '#000' : '#fff'}
            >
              {n}
            </text>
            {s !== undefined && s.raze > 0 && (
              <text
                x={x}
                y={y - 19}
                fontSize={11}
                textAnchor="middle"
                fill="#b00"
                aria-label={`raze ${String(s.raze)}`}
              >
                {'✕'.repeat(Math.min(s.raze, 6))}
              </text>
            )}
          </g>
        );
      })}
      {MARKERS.map((m, i) => {
        const [x, y] = at(view.markers[m.key], 150 - i * 12, size);
        return (
          <g key={m.key} aria-label={`${m.key} marker on ${String(view.markers[m.key])}`}>
            <rect x={x - 8} y={y - 8} width={16} height={16} fill={m.colour} rx={3} />
            <text x={x} y={y + 4} fontSize={11} textAnchor="middle" fill="#fff">
              {m.letter}
            </text>
          </g>
        );
      })}
      {view.players.map((p, seat) => {
        const [x, y] = at(p.pawn, 222 + seat * 9, size);
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
