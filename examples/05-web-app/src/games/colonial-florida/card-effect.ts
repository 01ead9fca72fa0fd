import type { ColonialFloridaPresentContext } from '@ruleloom/colonial-florida/present';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  T: 'Trade',
  L: 'Labor',
  F: 'Food Crop',
  K: 'Cash Crop',
  V: 'Civilization',
  A: 'Animal',
  W: 'Wood',
  S: 'Sea',
  C: 'Combatant',
  M: 'Movable Combatant',
  X: 'Special',
};

/** What a card does for its settlement, in a sentence, from its definition (variants included). */
export function cardEffect(ctx: ColonialFloridaPresentContext, id: string): string {
  const card = ctx.rules.cards.byInstance.get(id);
  if (card === undefined) return '';
  const types = card.types.map((t) => TYPE_NAMES[t] ?? t).join(' / ');
  const t = card.traits;
  switch (t.type) {
    case 'income':
      return `Income card (${types}): the settlement earns ${String(t.count)} more gold a turn${t.count > 1 ? '' : ''}; two income cards of one type earn 1 more, and a Labor card with another income card 1 more.`;
    case 'incomePenalty':
      return `Special: the settlement earns ${String(t.amount)} gold less a turn.`;
    case 'combatant': {
      const parts = [
        t.canAttack
          ? 'defends its settlement and can join attacks'
          : 'defends its settlement but never attacks',
      ];
      if (t.movable) parts.push('may move one step to an adjacent settlement per action');
      if (t.indestructible) parts.push('is never destroyed and changes hands with the settlement');
      return `Combatant: ${parts.join('; ')}.`;
    }
    default:
      return types;
  }
}
