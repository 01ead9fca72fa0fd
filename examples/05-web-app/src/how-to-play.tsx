import { optionLabel, readableKey } from './option-labels.js';
import { presenterOf } from './presenters.js';

/**
 * A presenter's rules text made for players, with no option key in it: `trading=off` reads
 * `trading is off`, `(goldToWin)` goes, `maxTurns` reads `the turn limit`.
 */
function forPlayers(game: string, text: string): string {
  return text
    .replace(
      /\b([a-z]+[A-Z]?\w*)=(\w+)/g,
      (_, key: string, value: string) => `${readableKey(key).toLowerCase()} is ${value}`,
    )
    .replace(/\s*\(([a-z]+[A-Z]\w*)\)/g, '')
    .replace(/\b[a-z]+[A-Z]\w*\b/g, (key) => `the ${optionLabel(game, key).toLowerCase()}`);
}

/** "How to play": the game's rules summary, from its presenter. */
export function HowToPlay({ game, open = false }: { game: string; open?: boolean }) {
  const summary = presenterOf(game)?.summary ?? [];
  if (summary.length === 0) return null;
  return (
    <details className="how-to-play" open={open}>
      <summary>How to play</summary>
      {summary.map((p, i) => (
        <p key={i}>{forPlayers(game, p)}</p>
      ))}
    </details>
  );
}
