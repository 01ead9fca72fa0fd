import { cardName, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';
import { EffectChip } from '../../effect-chip.js';
import { namesContext } from '../../presenters.js';
import { cardEffect } from './card-effect.js';

const ctx = () => namesContext<StAugustinePresentContext>('st-augustine');

/** A card's name that shows what the card does on hover, keyboard focus and tap. */
export function CardChip({ id }: { id: string }) {
  return <EffectChip name={cardName(ctx(), id)} effect={cardEffect(ctx(), id)} />;
}
