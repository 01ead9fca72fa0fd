import {
  cardName,
  colonialFloridaPresenter,
  spaceName,
  type ColonialFloridaPresentContext,
} from '@ruleloom/colonial-florida/present';
import { renderRichText, type ActionBase, type GameView } from '@ruleloom/core';
import type { BoardProps } from './board-props.js';
import { CommitPicker } from './commit-picker.js';
import { asFloridaView } from './florida-view.js';
import { FloridaRing } from './florida-ring.js';
import { namesContext } from './presenters.js';

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

type Fields = ActionBase & { die?: number };

const names = () => namesContext<ColonialFloridaPresentContext>('colonial-florida');

/** The label of a Colonial Florida decision button: the presenter's choice, capitalised. */
function decisionLabel(a: Fields, dice: readonly number[] | undefined, view: GameView): string {
  if (a.type === 'move')
    return `Move ${String(dice?.[a.die ?? 0] ?? '?')} (die ${String((a.die ?? 0) + 1)})`;
  if (a.type === 'skipTransfer') return 'Transfer nothing';
  if (a.type === 'endAction') return 'End the action';
  const choice = colonialFloridaPresenter.describeChoice?.(a as never, view, names());
  const text = choice === undefined ? a.type : renderRichText(choice);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Colonial Florida: the ring, the dice, the pending decision, gold and income per settlement. */
export function ColonialFloridaBoard({
  view: gameView,
  seat,
  legalActions,
  toAct,
  log,
  disabled,
  act,
}: BoardProps) {
  const view = asFloridaView(gameView);
  const pending = view.pending;
  const dice = pending?.type === 'move' ? pending.dice : undefined;
  const attacks = legalActions.filter((a) => a.type === 'attack');
  const eligible = pending?.eligible ?? [
    ...new Set(attacks.flatMap((a) => (a as ActionBase & { commit: string[] }).commit)),
  ];
  const buttons = legalActions.filter((a) => a.type !== 'attack' && a.type !== 'declineAttack');
  const lastIncome = new Map<number, number>();
  for (const entry of log)
    for (const e of entry.events)
      if (e.type === 'income' || e.type === 'noIncome')
        lastIncome.set(Number(e.space), e.type === 'income' ? Number(e.amount) : 0);
  return (
    <div>
      <p>
        Turn {view.turn} · phase {view.phase} · deck {view.deckSize} cards
        {view.goldToWin === undefined ? '' : ` · ${String(view.goldToWin)} gold wins`}
      </p>
      <FloridaRing view={view} />
      {dice !== undefined && (
        <p aria-label="dice" data-testid="dice">
          Dice:{' '}
          {dice.map((d, i) => (
            <span key={i} title={String(d)}>
              {DIE_FACES[d - 1] ?? '?'} {d}{' '}
            </span>
          ))}
        </p>
      )}
      {act !== undefined && attacks.length > 0 && (
        <CommitPicker
          key={`${String(pending?.target)}-${eligible.join()}`}
          target={pending?.target}
          eligible={eligible}
          legalActions={legalActions}
          disabled={disabled}
          act={act}
        />
      )}
      {act !== undefined && buttons.length > 0 && (
        <div role="group" aria-label="decision" className="row">
          {buttons.map((a) => (
            <button key={JSON.stringify(a)} disabled={disabled} onClick={() => act(a)}>
              {decisionLabel(a as Fields, dice, gameView)}
            </button>
          ))}
        </div>
      )}
      <div className="scroll">
        <table aria-label="players">
          <thead>
            <tr>
              <th>Nation</th>
              <th>Gold</th>
              <th>Pawn</th>
              <th>Markers left</th>
            </tr>
          </thead>
          <tbody>
            {view.players.map((p, s) => (
              <tr key={s} className={toAct.includes(s) ? 'to-act' : undefined}>
                <td>
                  {p.nation}
                  {s === seat ? ' (you)' : ''}
                </td>
                <td data-testid={`gold-${String(s)}`}>{p.gold}</td>
                <td>{spaceName(names(), p.pawn)}</td>
                <td>{p.markersLeft}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="scroll">
        <table aria-label="settlements">
          <thead>
            <tr>
              <th>Settlement</th>
              <th>Controller</th>
              <th>Raze</th>
              <th>Cards</th>
              <th>Last income</th>
            </tr>
          </thead>
          <tbody>
            {view.settlements.map((s) => (
              <tr key={s.space}>
                <td>{spaceName(names(), s.space)}</td>
                <td>{s.controller === null ? '—' : (view.players[s.controller]?.nation ?? '')}</td>
                <td>{s.raze}</td>
                <td>{s.cards.map((c) => cardName(names(), c)).join(', ')}</td>
                <td>{lastIncome.get(s.space) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
