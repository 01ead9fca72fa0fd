/** The most characters of a value that a message shows. */
const MAX_DESCRIPTION = 200;
/** The most characters of a string shown inside a description. */
const MAX_STRING_SHOWN = 60;

/**
 * A short, bounded rendering of any value for a message to a person: never more than 200
 * characters, never throws (objects with their own `toString`, proxies, getters that throw,
 * cycles and huge or deeply nested values are all described without being converted).
 *
 * @example
 * ```ts
 * describeValue('x'.repeat(1e6)); // "a string of 1000000 characters ('xxxx…')"
 * describeValue({ toString: 1 }); // 'an object'
 * describeValue([[[]]]);          // 'an array of 1'
 * ```
 * @public
 */
export function describeValue(value: unknown): string {
  let text: string;
  switch (typeof value) {
    case 'undefined':
      return 'nothing';
    case 'string':
      text =
        value.length > MAX_STRING_SHOWN
          ? `a string of ${String(value.length)} characters ('${value.slice(0, MAX_STRING_SHOWN)}…')`
          : `'${value}'`;
      break;
    case 'number':
      text = Object.is(value, -0) ? '-0' : String(value);
      break;
    case 'boolean':
      return String(value);
    case 'bigint':
      return 'a bigint';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default: {
      if (value === null) return 'null';
      try {
        if (Array.isArray(value)) return `an array of ${String(value.length)}`;
      } catch {
        return 'an object';
      }
      return 'an object';
    }
  }
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/**
 * A name from input (an option name, a field, a card id) quoted for a message, cut to 60
 * characters.
 * @public
 */
export function quoteName(name: string): string {
  return name.length > MAX_STRING_SHOWN ? `'${name.slice(0, MAX_STRING_SHOWN)}…'` : `'${name}'`;
}
