import type { GameResult } from '@ruleloom/core';
import { presenterOf } from './presenters.js';

/** The end of a match: who won, every player's name, rank and final score. */
export function EndScreen({
  game,
  result,
  nameOf,
  onPlayAgain,
  onLeave,
}: {
  game: string | null;
  result: GameResult;
  nameOf: (seat: number) => string;
  onPlayAgain?: (() => void) | undefined;
  onLeave?: (() => void) | undefined;
}) {
  const format = (score: number) => presenterOf(game)?.formatScore(score) ?? String(score);
  const order = result.scores.map((_, s) => s).sort((a, b) => result.ranks[a]! - result.ranks[b]!);
  const winners = result.winners.map(nameOf);
  const headline =
    winners.length === 0
      ? 'Nobody wins'
      : winners.length === 1
        ? `${winners[0]!} wins!`
        : `A tie: ${winners.join(' and ')} win!`;
  return (
    <section aria-label="game over" className="panel end-screen">
      <h2>{headline}</h2>
      <table data-testid="final-scores">
        <thead>
          <tr>
            <th>Rank</th>
            <th>Player</th>
            <th>Final score</th>
          </tr>
        </thead>
        <tbody>
          {order.map((seat) => (
            <tr
              key={seat}
              data-seat={seat}
              data-score={result.scores[seat]}
              className={result.winners.includes(seat) ? 'winner' : undefined}
            >
              <td>{result.ranks[seat]}</td>
              <td>
                {result.winners.includes(seat) ? '★ ' : ''}
                {nameOf(seat)}
              </td>
              <td>{format(result.scores[seat]!)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        {onPlayAgain !== undefined && (
          <button className="primary" onClick={onPlayAgain}>
            Play again
          </button>
        )}
        {onLeave !== undefined && <button onClick={onLeave}>Back to the lobby</button>}
      </div>
    </section>
  );
}
