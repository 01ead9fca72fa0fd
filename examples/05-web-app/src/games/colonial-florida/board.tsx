import type { ColonialFloridaView } from '@ruleloom/colonial-florida';
import {
  cardName,
  colonialFloridaPresenter,
  spaceName,
  type ColonialFloridaPresentContext,
} from '@ruleloom/colonial-florida/present';
import { renderRichText, type ActionBase, type GameView } from '@ruleloom/core';
import type { BoardProps } from '../../board-props.js';
import { namesContext } from '../../presenters.js';
import { BattleView } from './battle-view.js';
import './battle.css';
import { cardEffect } from './card-effect.js';
import { CommitPicker } from './commit-picker.js';
import { asFloridaView, type FloridaView } from './florida-view.js';
import { FloridaRing } from './florida-ring.js';
import { FloridaLegend } from './legend.js';
import { floridaPrompt, moveLabel } from './prompt.js';
import { EffectChip } from '../../effect-chip.js';

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

type Fields = ActionBase & { die?: number };

const names = () => namesContext<ColonialFloridaPresentContext>('colonial-florida');

/** The label of a Colonial Florida decision button: where a move goes, else the presenter's words. */
function decisionLabel(a: Fields, view: FloridaView, seat: number | null, raw: GameView): string {
  if (a.type === 'move') return moveLabel(view, seat, a.die ?? 0);
  if (a.type === 'skipTransfer') return 'Transfer nothing';
  if (a.type === 'endAction') return 'End the action';
  const choice = colonialFloridaPresenter.describeChoice?.(
    a as never,
    raw as ColonialFloridaView,
    names(),
  );
  const text = choice === undefined ? a.type : renderRichText(choice);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** A card name that shows its effect on hover, focus or tap. */
function CardChip({ id }: { id: string }) {
  return <EffectChip name={cardName(names(), id)} effect={cardEffect(names(), id)} />;
}

/**
 * Colonial Florida: the prompt and the decision first (in sight on a phone), then the ring
 * with its legend, the latest battle (attacker, defender, dice, result), gold, and each
 * settlement's cards (effects on hover/tap) and last income.
 */
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
  const prompt = act === undefined ? null : floridaPrompt(view, seat, legalActions);
  return (
    <div className="cf-board">
      {prompt !== null && (
        <div className="prompt" role="region" aria-label="your turn">
          <p data-testid="prompt">
            <strong>{prompt}</strong>
          </p>
          {dice !== undefined && (
            <p aria-label="dice" data-testid="dice" className="dice">
              {dice.map((d, i) => (
                <span key={i} title={String(d)}>
                  {DIE_FACES[d - 1] ?? '?'}{' '}
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
                <button
                  key={JSON.stringify(a)}
                  className={a.type === 'move' ? 'primary' : undefined}
                  disabled={disabled}
                  onClick={() => act(a)}
                >
                  {decisionLabel(a as Fields, view, seat, gameView)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <p className="turn-line">
        Turn {view.turn} · {view.deckSize} cards left in the deck
        {view.goldToWin === undefined ? '' : ` · ${String(view.goldToWin)} gold wins`}
      </p>
      <div className="ring-and-legend">
        <FloridaRing view={view} />
        <FloridaLegend nations={view.players.map((p) => p.nation)} />
      </div>
      <BattleView log={log} />
      <div className="scroll">
        <table aria-label="players">
          <thead>
            <tr>
              <th>Nation</th>
              <th>Gold</th>
              <th>Pawn on</th>
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
              <th>Cards (hover or tap for effects)</th>
              <th>Last income</th>
            </tr>
          </thead>
          <tbody>
            {view.settlements.map((s) => (
              <tr key={s.space}>
                <td>{spaceName(names(), s.space)}</td>
                <td>{s.controller === null ? '—' : (view.players[s.controller]?.nation ?? '')}</td>
                <td>{s.raze}</td>
                <td>
                  {s.cards.map((c, i) => (
                    <span key={c}>
                      {i > 0 ? ', ' : ''}
                      <CardChip id={c} />
                    </span>
                  ))}
                </td>
                <td>{lastIncome.get(s.space) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
