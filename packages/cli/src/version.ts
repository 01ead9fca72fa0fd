/**
 * The version of `@ruleloom/cli`.
 * @public
 */
export const VERSION = '0.1.0';
