import {
  markerLabel,
  spaceName,
  type ColonialFloridaPresentContext,
} from '@ruleloom/colonial-florida/present';
import type { LogEntry } from '@ruleloom/core';
import { narrateEntry } from '../../narration.js';
import { namesContext } from '../../presenters.js';
import { RichTextView } from '@ruleloom/react';
import { useSeatName } from '../../seat-names.js';
import { lastBattle, type BattleSide } from './battle.js';

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** One side's column: who, the dice rolled, each face, the total. */
function Side({
  role,
  side,
  won,
  nameOf,
}: {
  role: 'Attacker' | 'Defender';
  side: BattleSide;
  won: boolean;
  nameOf: (seat: number) => string;
}) {
  const who =
    typeof side.who === 'number'
      ? nameOf(side.who)
      : typeof side.who === 'string'
        ? markerLabel(side.who)
        : 'the settlement';
  return (
    <div
      className={`battle-side${won ? ' battle-won' : ''}`}
      data-testid={`battle-${role.toLowerCase()}`}
    >
      <p className="battle-role">{role}</p>
      <p className="battle-who">
        <strong>{who}</strong>
      </p>
      <p className="dice" aria-label={`${role} dice ${side.faces.join(' ')}`}>
        {side.faces.map((f, i) => (
          <span key={i} title={String(f)}>
            {DIE_FACES[f - 1] ?? '?'}
          </span>
        ))}
      </p>
      <p>
        {side.dice}:{' '}
        <strong data-testid={`battle-${role.toLowerCase()}-total`}>{side.total}</strong>
        {won ? ' · wins' : ''}
      </p>
    </div>
  );
}

/**
 * The latest battle of the log shown as a battle: where, attacker against defender with their
 * dice and totals, who won, and what followed (conquest, lost cards, casualties).
 */
export function BattleView({ log }: { log: readonly LogEntry[] }) {
  const nameOf = useSeatName('colonial-florida');
  const battle = lastBattle(log);
  if (battle === undefined) return null;
  const ctx = namesContext<ColonialFloridaPresentContext>('colonial-florida');
  const latest = log[log.length - 1]?.seq === battle.seq;
  const aftermath = narrateEntry('colonial-florida', ctx, {
    ...log.find((e) => e.seq === battle.seq)!,
    events: battle.aftermath,
  });
  return (
    <section aria-label="battle" className={`battle${latest ? ' battle-new' : ''}`}>
      <h3>
        {latest ? 'Battle' : 'Last battle'} at {spaceName(ctx, battle.space)}{' '}
        <small className="hint">(log {battle.seq})</small>
      </h3>
      <div className="battle-sides">
        <Side
          role="Attacker"
          side={battle.attacker}
          won={battle.winner === 'attacker'}
          nameOf={nameOf}
        />
        <p className="battle-vs" aria-hidden="true">
          vs
        </p>
        <Side
          role="Defender"
          side={battle.defender}
          won={battle.winner === 'defender'}
          nameOf={nameOf}
        />
      </div>
      {battle.rerolls > 0 && (
        <p className="hint">
          {battle.rerolls === 1 ? 'One tie' : `${String(battle.rerolls)} ties`} rerolled first.
        </p>
      )}
      {aftermath.length > 0 && (
        <ul className="battle-aftermath" data-testid="battle-aftermath">
          {aftermath.map((line, i) => (
            <li key={i}>
              <RichTextView text={line} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
