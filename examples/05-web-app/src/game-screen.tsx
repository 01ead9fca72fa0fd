import type { LocalClient, RulesClient } from '@ruleloom/client';
import { ActionList } from './action-list.js';
import { BOARDS } from './boards.js';
import { GameLog } from './game-log.js';
import { seatLabel } from './presenters.js';
import { SaveButton } from './save-button.js';
import { useSnapshot } from './use-snapshot.js';

export { actionLabel } from './action-label.js';

/** The status line: who is to play, who is thinking, the connection, the result. */
function statusText(s: ReturnType<RulesClient['getSnapshot']>): string {
  if (s.isOver) return `Game over. Scores: ${(s.result?.scores ?? []).join(', ')}`;
  if (s.status === 'connecting' || s.status === 'reconnecting') return `${s.status}…`;
  if (s.status === 'closed') return `Closed: ${s.closeReason?.message ?? ''}`;
  if (s.thinking.length > 0) return `${seatLabel(s.game, s.thinking[0]!)} is thinking…`;
  if (s.seat !== null && s.toAct.includes(s.seat)) return `${seatLabel(s.game, s.seat)} to play`;
  return `Waiting for ${s.toAct.map((t) => seatLabel(s.game, t)).join(', ')}`;
}

/** One match, for any game: status, the game's board (or generic buttons), log, save. */
export function GameScreen({ client, onLeave }: { client: RulesClient; onLeave?: () => void }) {
  const s = useSnapshot(client);
  const Board = s.game === null ? undefined : BOARDS[s.game];
  const act = (a: Parameters<RulesClient['act']>[0]) => void client.act(a);
  const local = 'save' in client ? (client as LocalClient) : null;
  return (
    <main>
      <div className="row">
        {onLeave !== undefined && <button onClick={onLeave}>Back to the lobby</button>}
        <p aria-live="polite" data-testid="status">
          {statusText(s)}
        </p>
      </div>
      {s.lastRejection !== null && <p role="alert">{s.lastRejection.message}</p>}
      <div className="columns">
        <section aria-label="board">
          {s.view !== null && Board !== undefined && (
            <Board
              view={s.view}
              seat={s.seat}
              legalActions={s.legalActions}
              toAct={s.toAct}
              log={s.log}
              disabled={s.pending || s.isOver}
              act={act}
            />
          )}
          {Board === undefined && (
            <ActionList actions={s.legalActions} disabled={s.pending} act={act} />
          )}
        </section>
        <section aria-label="history">
          <h2>Log</h2>
          <GameLog game={s.game} log={s.log} setup={{ players: s.players }} />
          {local !== null && <SaveButton client={local} />}
        </section>
      </div>
    </main>
  );
}
