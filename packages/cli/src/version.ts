// Bundled at build time: the version is the one in package.json when the package was built
// (after `changeset version`), never a copy that can fall behind.
import manifest from '../package.json' with { type: 'json' };

/**
 * The version of `@ruleloom/cli` (from its package.json).
 * @public
 */
export const VERSION: string = manifest.version;
