import type { CliIo } from '../io.js';
import type { Palette } from '../output/palette.js';

/**
 * What every command receives: where to read and write, and the text styles.
 * @public
 */
export interface CommandContext {
  readonly io: CliIo;
  readonly palette: Palette;
}
