import {
  identifierWords,
  plainText,
  type ActionBase,
  type AnyGame,
  type GamePresenter,
} from '@ruleloom/core';
import { useState } from 'react';
import { PresenterForm } from './presenter-form.js';
import { formOf, formTypes, type FormDecision } from './presenter-forms.js';
import {
  asButtons,
  chosenAction,
  formControls,
  groupActions,
  type ActionGroup,
} from './action-groups.js';

/** An action's label for a control: the game's words (`calls liar`) with a capital letter. */
export type ChoiceLabel = (action: ActionBase) => string;

/** A field or type name as words (`maxBid` → `Max bid`). */
function readableKey(key: string): string {
  return capitalised(identifierWords(key));
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A form for a group of many actions: a select or number input per field, then one button. */
function ActionForm({
  game,
  group,
  label,
  disabled,
  act,
}: {
  game: AnyGame | undefined;
  group: ActionGroup;
  label: ChoiceLabel;
  disabled: boolean;
  act: (action: ActionBase) => void;
}) {
  const [chosen, setChosen] = useState<Readonly<Record<string, unknown>>>({});
  const { controls, values } = formControls(game, group, chosen);
  const action = chosenAction(group, values);
  const set = (field: string, value: unknown) => setChosen({ ...values, [field]: value });
  const name = readableKey(group.type);
  const notLegal = `Not a legal ${name.toLowerCase()} now: ${String(group.actions.length)} are, from ${label(group.actions[0]!).toLowerCase()} to ${label(group.actions[group.actions.length - 1]!).toLowerCase()}.`;
  return (
    <fieldset className="action-form" aria-label={name}>
      <legend>{name}</legend>
      <div className="row">
        {controls.map((c) => {
          const id = `action-${group.type}-${c.field}`;
          return (
            <label key={c.field} className="stack" htmlFor={id}>
              {readableKey(c.field)}
              {c.kind === 'select' ? (
                <select
                  id={id}
                  value={JSON.stringify(values[c.field] ?? null)}
                  disabled={disabled}
                  onChange={(e) => set(c.field, JSON.parse(e.target.value) as unknown)}
                >
                  {c.values.map((v) => (
                    <option key={JSON.stringify(v)} value={JSON.stringify(v)}>
                      {String(v)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  type="number"
                  min={c.min}
                  max={c.max}
                  step={c.step}
                  value={Number(values[c.field])}
                  disabled={disabled}
                  onChange={(e) => set(c.field, Number(e.target.value))}
                />
              )}
            </label>
          );
        })}
        <button
          className="primary"
          disabled={disabled || action === undefined}
          {...(action === undefined
            ? { title: notLegal, 'aria-describedby': `choice-${group.type}` }
            : {})}
          onClick={() => {
            if (action !== undefined) act(action);
          }}
        >
          {name}
        </button>
      </div>
      <p
        className="hint"
        aria-live="polite"
        id={`choice-${group.type}`}
        data-testid={`choice-${group.type}`}
      >
        {action === undefined ? notLegal : label(action)}
      </p>
    </fieldset>
  );
}

/**
 * The seat's legal actions as controls, for any game: grouped by type; a type the game's
 * presenter declares a form for (its `forms`) as one button with the form's title, which asks
 * the form's questions in place of the other controls (see `presenter-form.tsx`); else a few
 * actions as one button each (the game's words), many actions of one type as a form whose
 * fields offer only legal values (see `action-groups.ts`).
 */
export function ActionControls({
  game,
  presenter,
  decision,
  actions,
  label,
  disabled,
  act,
}: {
  game: AnyGame | undefined;
  /** The game's presenter, whose `forms` are asked (none: no declared forms). */
  presenter?: GamePresenter | undefined;
  /** The seat, view and present context the forms read (null: no declared forms). */
  decision?: FormDecision | null;
  actions: readonly ActionBase[];
  label: ChoiceLabel;
  disabled: boolean;
  act: (action: ActionBase) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const groups = groupActions(game, actions);
  const withForms = decision == null ? [] : formTypes(presenter, actions);
  const openForm = open === null ? undefined : formOf(presenter, open);
  if (open !== null && openForm !== undefined && decision != null)
    return (
      <div role="group" aria-label="decision" className="action-controls">
        <PresenterForm
          form={openForm}
          type={open}
          decision={decision}
          disabled={disabled}
          act={act}
          close={() => setOpen(null)}
        />
      </div>
    );
  return (
    <div role="group" aria-label="decision" className="action-controls">
      {groups.map((g) =>
        withForms.includes(g.type) ? (
          <div key={g.type} className="row">
            <button disabled={disabled} onClick={() => setOpen(g.type)}>
              {plainText(formOf(presenter, g.type)!.title)}
            </button>
          </div>
        ) : asButtons(g) ? (
          <div key={g.type} className="row">
            {g.actions.map((a, i) => (
              <button key={i} disabled={disabled} onClick={() => act(a)}>
                {label(a)}
              </button>
            ))}
          </div>
        ) : (
          // A new form per set of legal actions (a new decision starts from its first choice).
          <ActionForm
            key={`${g.type}:${JSON.stringify(g.actions[0])}:${String(g.actions.length)}`}
            game={game}
            group={g}
            label={label}
            disabled={disabled}
            act={act}
          />
        ),
      )}
    </div>
  );
}

/** The game's words for an action as a control label (`Calls liar`). */
export function choiceLabel(describe: (action: ActionBase) => unknown): ChoiceLabel {
  return (action) => capitalised(plainText(describe(action) as Parameters<typeof plainText>[0]));
}
