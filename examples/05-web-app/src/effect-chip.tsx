import type { SyntheticEvent } from 'react';

/** The bubble's margin from the screen's edges, in px. */
const EDGE = 8;

/**
 * Moves a chip's effect bubble (its `::after`, as wide as `min(18rem, 80vw)`) left by as much
 * as it would reach past the right edge of the screen, never past the left edge: a chip near
 * the right edge of a phone opens its bubble in sight.
 */
function placeBubble(e: SyntheticEvent<HTMLElement>): void {
  const chip = e.currentTarget;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const screen = document.documentElement.clientWidth;
  const width = Math.min(18 * rem, 0.8 * window.innerWidth) + rem; // its padding: 0.5rem a side
  const left = chip.getBoundingClientRect().left;
  const shift = Math.max(EDGE - left, Math.min(0, screen - EDGE - left - width));
  chip.style.setProperty('--bubble-left', `${String(Math.round(shift))}px`);
}

/**
 * A card's name that shows what the card does on hover, on keyboard focus, and on tap (a tap
 * focuses it), in a bubble that opens within the screen; the effect is also its title. Each
 * game's board words the name and the effect (from its presenter and card table).
 */
export function EffectChip({ name, effect }: { name: string; effect: string }) {
  return (
    <span
      className="card-chip"
      tabIndex={0}
      data-effect={effect}
      title={effect}
      onFocus={placeBubble}
      onMouseEnter={placeBubble}
    >
      {name}
    </span>
  );
}
