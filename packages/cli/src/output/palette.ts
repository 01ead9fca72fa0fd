import pc from 'picocolors';

/**
 * The few text styles the command line uses; identity functions when colours are off.
 * @public
 */
export interface Palette {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly blue: (text: string) => string;
  readonly magenta: (text: string) => string;
  readonly cyan: (text: string) => string;
}

/**
 * A {@link Palette} with colours on or off.
 * @public
 */
export function createPalette(enabled: boolean): Palette {
  const c = pc.createColors(enabled);
  return {
    bold: (t) => c.bold(t),
    dim: (t) => c.dim(t),
    red: (t) => c.red(t),
    green: (t) => c.green(t),
    yellow: (t) => c.yellow(t),
    blue: (t) => c.blue(t),
    magenta: (t) => c.magenta(t),
    cyan: (t) => c.cyan(t),
  };
}
