import { formatMoney, STREET_NAMES, STREETS, stAugustineCards } from '@ruleloom/st-augustine';
import { cardName, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';
import { namesContext, seatLabel } from '../../presenters.js';
import { useSeatName } from '../../seat-names.js';

const byId = new Map<string, (typeof stAugustineCards)[number]>(
  stAugustineCards.map((c) => [c.id, c]),
);

/** One St. Augustine player: money, and shops grouped by street, then by type. */
export function PlayerShops({
  seat,
  money,
  shops,
  acting,
  you,
}: {
  seat: number;
  money: number;
  shops: readonly string[];
  acting: boolean;
  you: boolean;
}) {
  const streets = new Map<string, Map<string, string[]>>();
  for (const id of shops) {
    const card = byId.get(id);
    const street = card?.kind === 'shop' ? card.street : '?';
    const type = card?.kind === 'shop' ? card.name : id;
    const types = streets.get(street) ?? new Map<string, string[]>();
    types.set(type, [...(types.get(type) ?? []), id]);
    streets.set(street, types);
  }
  const order = [...(STREETS as readonly string[]), '?'].filter((s) => streets.has(s));
  const name = useSeatName('st-augustine')(seat);
  return (
    <article
      className={`card${acting ? ' to-act' : ''}`}
      aria-label={`${seatLabel('st-augustine', seat)}${you ? ' (you)' : ''}`}
    >
      <h3>
        {name.endsWith('(you)') || !you ? name : `${name} (you)`}:{' '}
        <span data-testid={`money-${String(seat)}`}>{formatMoney(money)}</span>
      </h3>
      {order.length === 0 && <p>No shops</p>}
      {order.map((street) => (
        <div key={street}>
          <strong>{STREET_NAMES[street as keyof typeof STREET_NAMES] ?? street}</strong>
          <ul>
            {[...streets.get(street)!].map(([type, ids]) => (
              <li
                key={type}
                title={ids
                  .map((id) =>
                    cardName(namesContext<StAugustinePresentContext>('st-augustine'), id),
                  )
                  .join(', ')}
              >
                {type}
                {ids.length > 1 ? ` ×${String(ids.length)}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </article>
  );
}
