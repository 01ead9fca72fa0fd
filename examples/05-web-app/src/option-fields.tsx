import type { AnyGame, OptionSpec } from '@ruleloom/core';
import { optionHelp, optionLabel, optionValueLabel } from './option-labels.js';

/** The options a lobby may offer: declared integer, enum and boolean options that are not secret. */
export function listedOptions(game: AnyGame): [string, OptionSpec][] {
  return Object.entries(game.options).filter(
    ([, spec]) => spec.secret !== true && spec.type !== 'custom',
  );
}

/**
 * One field per public option the game declares, read from its declaration, each with a
 * readable label and its description (no game names here).
 */
export function OptionFields({
  game,
  values,
  onChange,
}: {
  game: AnyGame;
  values: Readonly<Record<string, unknown>>;
  onChange: (values: Readonly<Record<string, unknown>>) => void;
}) {
  const set = (key: string, value: unknown) => onChange({ ...values, [key]: value });
  return (
    <fieldset>
      <legend>Rules options</legend>
      <div className="options">
        {listedOptions(game).map(([key, spec]) => {
          const value = values[key] ?? spec.default;
          const id = `option-${key}`;
          const help = optionHelp(game.id, spec.description);
          return (
            <div key={key} className="option">
              <label htmlFor={id}>{optionLabel(game.id, key)}</label>
              {spec.type === 'integer' ? (
                <input
                  id={id}
                  type="number"
                  value={Number(value)}
                  min={spec.min}
                  max={spec.max}
                  step={spec.multipleOf ?? 1}
                  aria-describedby={`${id}-help`}
                  onChange={(e) => set(key, Number(e.target.value))}
                />
              ) : spec.type === 'enum' ? (
                <select
                  id={id}
                  value={String(value)}
                  aria-describedby={`${id}-help`}
                  onChange={(e) => set(key, e.target.value)}
                >
                  {spec.values.map((v) => (
                    <option key={v} value={v}>
                      {optionValueLabel(game.id, v)}
                    </option>
                  ))}
                </select>
              ) : spec.type === 'boolean' ? (
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  aria-describedby={`${id}-help`}
                  onChange={(e) => set(key, e.target.checked)}
                />
              ) : null}
              <small id={`${id}-help`}>{help}</small>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
