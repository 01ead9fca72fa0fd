import { formatMoney } from '@ruleloom/st-augustine';
import { cardOf, streetName, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';

/** A shop type's name from its id (`ice-cream-parlor` → `Ice Cream Parlor`), via the card table. */
function shopTypeName(ctx: StAugustinePresentContext, shopType: string): string {
  for (const card of ctx.rules.cards.byInstance.values())
    if (card.kind === 'shop' && card.shopType === shopType) return card.name;
  return shopType;
}

const SHOP_TEXT =
  'A shop, sold at auction to the highest bidder. On its owner’s turn each shop earns $1,000; leading a street and owning several shops of one type earn bonuses.';

/** What a card does, in one or two sentences, from its definition (variants included). */
export function cardEffect(ctx: StAugustinePresentContext, id: string): string {
  const card = cardOf(ctx, id);
  if (card === undefined) return '';
  if (card.kind === 'shop')
    return SHOP_TEXT.replace('A shop', `A shop on ${streetName(card.street)}`);
  const { type, params } = card.effect as { type: string; params: Record<string, unknown> };
  const amount = typeof params.amount === 'number' ? formatMoney(params.amount) : '';
  switch (type) {
    case 'streetIncome':
      return `Attraction: every player earns ${amount} per shop they own on ${streetName(String(params.street))}.`;
    case 'typeIncome':
      return `Attraction: every player earns ${amount} per ${shopTypeName(ctx, String(params.shopType))} they own.`;
    case 'shopIncome':
      return `Attraction: every player earns ${amount} per shop they own.`;
    case 'leastMoneyBonus':
      return `Attraction: the player with the least money receives ${amount}.`;
    case 'fewestShopsBonus':
      return `Attraction: the player with the fewest shops receives ${amount}.`;
    default:
      return 'Attraction: pays the players when flipped, then the next card is flipped.';
  }
}
