import { cardName, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';
import { namesContext } from '../../presenters.js';
import { cardEffect } from './card-effect.js';

const ctx = () => namesContext<StAugustinePresentContext>('st-augustine');

/**
 * A card's name that shows what the card does on hover, on keyboard focus, and on tap (a tap
 * focuses it): the effect is also its accessible description.
 */
export function CardChip({ id }: { id: string }) {
  const effect = cardEffect(ctx(), id);
  return (
    <span className="card-chip" tabIndex={0} data-effect={effect} title={effect}>
      {cardName(ctx(), id)}
    </span>
  );
}
