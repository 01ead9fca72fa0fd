import type { AnyGame, OptionSpec } from '@ruleloom/core';

/** The options a lobby may offer: declared integer, enum and boolean options that are not secret. */
export function listedOptions(game: AnyGame): [string, OptionSpec][] {
  return Object.entries(game.options).filter(
    ([, spec]) => spec.secret !== true && spec.type !== 'custom',
  );
}

/** One field per public option the game declares, read from its declaration (no game names here). */
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
      <legend>Options</legend>
      <div className="row">
        {listedOptions(game).map(([key, spec]) => {
          const value = values[key] ?? spec.default;
          const id = `option-${key}`;
          return (
            <label key={key} htmlFor={id} title={spec.description}>
              {key}{' '}
              {spec.type === 'integer' ? (
                <input
                  id={id}
                  type="number"
                  value={Number(value)}
                  min={spec.min}
                  max={spec.max}
                  step={spec.multipleOf ?? 1}
                  onChange={(e) => set(key, Number(e.target.value))}
                />
              ) : spec.type === 'enum' ? (
                <select id={id} value={String(value)} onChange={(e) => set(key, e.target.value)}>
                  {spec.values.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              ) : spec.type === 'boolean' ? (
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  onChange={(e) => set(key, e.target.checked)}
                />
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
