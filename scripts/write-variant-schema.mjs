// Writes dist/variant.schema.json for the game package it runs in (after tsup): the JSON Schema
// of the game's variant files, generated from its declared options, cards, phases and effects.
// Usage, from a game package folder: node ../../scripts/write-variant-schema.mjs <exportName>
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const exportName = process.argv[2];
if (exportName === undefined) throw new Error('usage: write-variant-schema.mjs <exportName>');
const cwd = process.cwd();
const require = createRequire(join(cwd, 'package.json'));
const core = await import(pathToFileURL(require.resolve('@ruleloom/core')).href);
const pkg = await import(pathToFileURL(join(cwd, 'dist', 'index.js')).href);
const game = pkg[exportName];
if (game === undefined) throw new Error(`dist/index.js has no export '${exportName}'`);
const schema = core.variantJsonSchema(game);
writeFileSync(join(cwd, 'dist', 'variant.schema.json'), `${JSON.stringify(schema, null, 2)}\n`);
