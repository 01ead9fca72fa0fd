/**
 * The base denomination: every amount of money in the game is a multiple of it.
 * @public
 */
export const MONEY_UNIT = 1000;

/**
 * Formats whole dollars for people: `formatMoney(5500)` is `'$5,500'`.
 * @public
 */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount));
  const [whole = '', fraction] = digits.split('.');
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
    out += whole[i] ?? '';
  }
  return `${sign}$${out}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Whether an amount is a whole, non-negative multiple of {@link MONEY_UNIT}. */
export function isMoneyAmount(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value % MONEY_UNIT === 0
  );
}
