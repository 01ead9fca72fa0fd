/**
 * dependency-cruiser rules for the whole repository (`pnpm run deps:check`, run by CI):
 * no import cycle anywhere, type-only imports included, and core's folders layered.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports count): split the shared contract out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-model-is-plain',
      severity: 'error',
      comment:
        'core/src/model holds plain JSON contracts and imports only model/ and the rng state type.',
      from: { path: '^packages/core/src/model/', pathNot: '\\.test(-d)?\\.ts$' },
      to: { pathNot: ['^packages/core/src/model/', '^packages/core/src/rng/seed\\.ts$'] },
    },
    {
      name: 'core-define-below-run',
      severity: 'error',
      comment: 'The author-time SDK (define/) never imports the interpreter, sessions or kits.',
      from: { path: '^packages/core/src/define/', pathNot: '\\.test(-d)?\\.ts$' },
      to: { path: '^packages/core/src/(run|match|session|testing|games)/' },
    },
    {
      name: 'core-run-below-match',
      severity: 'error',
      from: { path: '^packages/core/src/run/', pathNot: '\\.test(-d)?\\.ts$' },
      to: { path: '^packages/core/src/(match|session|testing|games)/' },
    },
    {
      name: 'core-match-below-session',
      severity: 'error',
      comment: 'The match never depends on the session that hosts it.',
      from: { path: '^packages/core/src/match/', pathNot: '\\.test(-d)?\\.ts$' },
      to: { path: '^packages/core/src/(session|testing|games)/' },
    },
    {
      name: 'core-foundations-below-game',
      severity: 'error',
      comment:
        'util, errors, rng, cards, options, zones, view, log and phases sit below define/run/match.',
      from: {
        path: '^packages/core/src/(util|errors|rng|cards|options|zones|view|log|phases|observation)/',
        pathNot: '\\.test(-d)?\\.ts$',
      },
      to: { path: '^packages/core/src/(define|run|match|session|testing|games)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|temp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
