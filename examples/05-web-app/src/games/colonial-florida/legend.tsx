import { NATION_COLOURS, MARKERS } from './florida-ring.js';

/** What every mark on the ring means. */
export function FloridaLegend({ nations }: { nations: readonly string[] }) {
  return (
    <details className="legend" open>
      <summary>Legend</summary>
      <ul aria-label="legend">
        {nations.map((n, seat) => (
          <li key={n}>
            <svg width="16" height="16" viewBox="-8 -8 16 16" aria-hidden="true">
              <polygon points="0,-7 -6,5 6,5" fill={NATION_COLOURS[seat]} stroke="#000" />
            </svg>{' '}
            {n} pawn; a settlement filled in this colour is controlled by the {n}
          </li>
        ))}
        <li>
          <svg width="16" height="16" viewBox="-8 -8 16 16" aria-hidden="true">
            <circle r="7" fill="#fff" stroke="#333" strokeWidth="2" />
          </svg>{' '}
          Uncontrolled settlement (big circle); small dots are spaces without a settlement
        </li>
        <li>
          <svg width="16" height="16" viewBox="-8 -8 16 16" aria-hidden="true">
            <circle r="7" fill="#b00020" />
          </svg>{' '}
          Raze markers (the number): a razed settlement pays no income until rebuilt
        </li>
        {MARKERS.map((m) => (
          <li key={m.key}>
            <svg width="16" height="16" viewBox="-8 -8 16 16" aria-hidden="true">
              <rect x="-7" y="-7" width="14" height="14" rx="3" fill={m.colour} />
              <text y="4" fontSize="10" textAnchor="middle" fill="#fff">
                {m.letter}
              </text>
            </svg>{' '}
            <strong>{m.name}</strong>: {m.effect}
          </li>
        ))}
      </ul>
    </details>
  );
}
