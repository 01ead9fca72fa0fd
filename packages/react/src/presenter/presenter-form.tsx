import {
  plainText,
  type ActionBase,
  type ActionForm,
  type FormValue,
  type RichText,
} from '@ruleloom/core';
import { useId, useState } from 'react';
import { RichTextView } from './rich-text-view.js';
import {
  answered,
  builtAction,
  currentStep,
  FORM_START,
  formContext,
  prepareStep,
  readAmount,
  stepText,
  type FormDecision,
  type FormProgress,
  type PreparedStep,
  type Step,
} from './presenter-forms.js';

/** The controls of one step; `answer` goes on, `cancel` leaves the form. */
function StepControls({
  step,
  prepared,
  question,
  disabled,
  answer,
  cancel,
}: {
  step: Step;
  /** The step's rows, bounds or explanation, from the game's handlers. */
  prepared: PreparedStep;
  /** The step's question, as plain text. */
  question: RichText;
  disabled: boolean;
  answer: (value: FormValue | boolean | readonly FormValue[]) => void;
  cancel: () => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState<readonly number[]>([]);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  switch (step.type) {
    case 'chooseOne': {
      const { choices } = prepared;
      return (
        <div role="group" aria-label={plainText(question)} className="row">
          {choices.length === 0 && <p className="hint">Nothing to choose now.</p>}
          {choices.map((c, i) => (
            <button key={i} disabled={disabled} onClick={() => answer(c.value)}>
              <RichTextView text={c.label} />
            </button>
          ))}
          {step.cancel !== undefined && (
            <button disabled={disabled} onClick={cancel}>
              <RichTextView text={step.cancel} />
            </button>
          )}
        </div>
      );
    }
    case 'chooseMany': {
      const { choices } = prepared;
      return (
        <div role="group" aria-label={plainText(question)} className="stack">
          {choices.map((c, i) => (
            <label key={i}>
              <input
                type="checkbox"
                checked={picked.includes(i)}
                disabled={disabled}
                onChange={(e) =>
                  setPicked(e.target.checked ? [...picked, i] : picked.filter((p) => p !== i))
                }
              />{' '}
              <RichTextView text={c.label} />
            </label>
          ))}
          <div className="row">
            <button
              className="primary"
              disabled={disabled}
              onClick={() =>
                answer(choices.filter((_, i) => picked.includes(i)).map((c) => c.value))
              }
            >
              Next
            </button>
          </div>
        </div>
      );
    }
    case 'amount': {
      const { min, max } = prepared.bounds;
      const submit = () => {
        const read = readAmount(step, prepared.bounds, typed);
        if ('answer' in read) answer(read.answer);
        else setProblem(read.problem);
      };
      return (
        <div className="stack">
          <label htmlFor={id} className="form-question">
            <RichTextView text={question} />
          </label>
          <div className="row">
            <input
              id={id}
              inputMode="numeric"
              value={typed}
              disabled={disabled}
              aria-describedby={`${id}-bounds`}
              onChange={(e) => {
                setTyped(e.target.value);
                setProblem(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') submit();
              }}
            />
            <button className="primary" disabled={disabled} onClick={submit}>
              Next
            </button>
          </div>
          <p className="hint" id={`${id}-bounds`} aria-live="polite">
            {problem ??
              (min !== undefined && max !== undefined
                ? `From ${String(min)} to ${String(max)}.`
                : min !== undefined
                  ? `${String(min)} or more.`
                  : max !== undefined
                    ? `Up to ${String(max)}.`
                    : 'A whole number.')}
          </p>
        </div>
      );
    }
    case 'confirm': {
      const { lines } = prepared;
      return (
        <div className="stack">
          {lines.length > 0 && (
            <ul className="form-explain" aria-label="what it does">
              {lines.map((line, i) => (
                <li key={i}>
                  <RichTextView text={line} />
                </li>
              ))}
            </ul>
          )}
          <div role="group" aria-label={plainText(question)} className="row">
            <button className="primary" disabled={disabled} onClick={() => answer(true)}>
              <RichTextView text={step.accept} />
            </button>
            <button disabled={disabled} onClick={cancel}>
              <RichTextView text={step.reject} />
            </button>
          </div>
        </div>
      );
    }
  }
}

/**
 * A game's declared action form, asked step by step (see `presenter-forms.ts`): the form's
 * title, the question of the step asked now and its controls, and a way back to the other
 * legal actions. After the last step it plays the action `build` makes; a form a hook of the
 * game fails in says so and offers only the way back.
 */
export function PresenterForm({
  form,
  type,
  decision,
  disabled,
  act,
  close,
}: {
  form: ActionForm;
  /** The action type the form builds. */
  type: string;
  decision: FormDecision;
  disabled: boolean;
  act: (action: ActionBase) => void;
  /** Leaves the form (back to the decision's other controls). */
  close: () => void;
}) {
  const [progress, setProgress] = useState<FormProgress>(FORM_START);
  /** What a handler of the game threw while the form went on (its `when`, `build`...). */
  const [failure, setFailure] = useState<Error | undefined>(undefined);
  const title = plainText(form.title);
  /** Runs a step of the form's flow; a handler that throws ends the form with its message. */
  const guarded = (run: () => void) => () => {
    try {
      run();
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
    }
  };
  let body;
  try {
    if (failure !== undefined) throw failure;
    const ctx = formContext(decision, type, progress.answers);
    const now = currentStep(form, ctx, progress);
    if (now === undefined) {
      // A form with no step to ask now: its action, at one press.
      body = (
        <div className="row">
          <button
            className="primary"
            disabled={disabled}
            onClick={guarded(() => {
              act(builtAction(form, ctx, progress.answers));
              close();
            })}
          >
            {title}
          </button>
        </div>
      );
    } else {
      const question = stepText(now.step.message, ctx);
      const prepared = prepareStep(form, now.step, ctx, progress.answers);
      body = (
        <>
          {/* An amount's question is its field's label (in its controls). */}
          {now.step.type !== 'amount' && (
            <p className="form-question">
              <RichTextView text={question} />
            </p>
          )}
          <StepControls
            // A fresh set of controls per step (no checkbox or typed text carried over).
            key={now.index}
            step={now.step}
            prepared={prepared}
            question={question}
            disabled={disabled}
            cancel={close}
            answer={(value) =>
              guarded(() => {
                const next = answered(now.index, now.step.id, value, progress);
                const nextCtx = formContext(decision, type, next.answers);
                if (currentStep(form, nextCtx, next) === undefined) {
                  act(builtAction(form, nextCtx, next.answers));
                  close();
                } else setProgress(next);
              })()
            }
          />
        </>
      );
    }
  } catch (error) {
    body = (
      <p role="alert" className="hint">
        {`This form failed: ${error instanceof Error ? error.message : String(error)}`}
      </p>
    );
  }
  return (
    <fieldset className="action-form presenter-form" aria-label={title}>
      <legend>{title}</legend>
      {body}
      <div className="row">
        <button className="form-back" disabled={disabled} onClick={close}>
          Back to the moves
        </button>
      </div>
    </fieldset>
  );
}
