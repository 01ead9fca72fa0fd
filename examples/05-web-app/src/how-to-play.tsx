import { readableKey } from './option-labels.js';
import { presenterOf } from './presenters.js';

/** A presenter's rules text made for players: `trading=off` reads `trading is off`. */
function forPlayers(text: string): string {
  return text.replace(
    /\b([a-z]+[A-Z]?\w*)=(\w+)/g,
    (_, key: string, value: string) => `${readableKey(key).toLowerCase()} is ${value}`,
  );
}

/** "How to play": the game's rules summary, from its presenter. */
export function HowToPlay({ game, open = false }: { game: string; open?: boolean }) {
  const summary = presenterOf(game)?.summary ?? [];
  if (summary.length === 0) return null;
  return (
    <details className="how-to-play" open={open}>
      <summary>How to play</summary>
      {summary.map((p, i) => (
        <p key={i}>{forPlayers(p)}</p>
      ))}
    </details>
  );
}
