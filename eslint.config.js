import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Forbids a core folder's source files from importing the given (higher) core folders. */
function layer(folder, forbidden) {
  return [
    {
      files: [`packages/core/src/${folder}/**/*.ts`],
      ignores: ['**/*.test.ts', '**/*.test-d.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: forbidden.map((above) => ({
              group: [`../${above}/*`, `../../${above}/*`],
              message: `core/src/${folder} sits below ${above}/: it must not import it (see docs/concepts.md, "How core is laid out").`,
            })),
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/temp/**',
      'docs/api/**',
      '**/coverage/**',
      '.tools/**',
      '**/node_modules/**',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', '.dependency-cruiser.mjs', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Relaxed for a rules-engine codebase: data tables, ids in messages, lookups by id.
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-dynamic-delete': 'off',
      // Curried SDK functions (defineGame<S, A>()(spec)) take type parameters on purpose.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      '@typescript-eslint/no-generated-empty-object-type': 'off',
      // `this: void` on a hook declared as a method (method bivariance keeps a typed game
      // assignable to AnyGame) says it may be called detached, as unbound-method asks.
      '@typescript-eslint/no-invalid-void-type': ['error', { allowAsThisParameter: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests use asymmetric matchers (expect.any, expect.stringContaining), typed any by vitest.
    files: ['**/*.test.ts', '**/*.test-d.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Core's layers (docs/concepts.md, "How core is laid out"): each folder may import only
    // from the layers below it, so the SDK never depends on the interpreter and no cycle forms.
    files: ['packages/core/src/model/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!model/|rng/seed\\.js$)',
              message:
                'model/ holds plain JSON contracts: it imports only model/ (and the rng state type).',
            },
          ],
        },
      ],
    },
  },
  ...layer('define', ['run', 'match', 'session', 'testing', 'games']),
  ...layer('run', ['match', 'session', 'testing', 'games']),
  ...layer('match', ['session', 'testing', 'games']),
  ...layer('session', ['testing', 'games']),
  ...[
    'util',
    'errors',
    'rng',
    'cards',
    'options',
    'zones',
    'view',
    'log',
    'phases',
    'observation',
  ].flatMap((base) => layer(base, ['define', 'run', 'match', 'session', 'testing', 'games'])),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
