// Lint, including the process boundaries of docs/DESIGN: the renderer never touches electron,
// SQLite or Node; the rules engine and PDF builders never touch electron or SQLite.
import tseslint from 'typescript-eslint'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'

import { builtinModules } from 'node:module'

// Every Node built-in, with and without the node: prefix (and their subpaths, e.g. fs/promises).
const nodeBuiltins = ['node:*', ...builtinModules.flatMap((m) => [m, `${m}/*`])]

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'build/**', 'dist/**', 'test-output/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error'
    }
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'better-sqlite3', ...nodeBuiltins],
              message: 'The renderer runs sandboxed: talk to the main process through window.muster (src-renderer/api.ts).'
            },
            {
              group: ['**/src-main/**', '../src-main/**', '../../src-main/**'],
              allowTypeImports: true,
              message: 'The renderer may only import types from the main side (the IPC contract).'
            }
          ]
        }
      ]
    }
  },
  // The phone page runs in any browser: nothing of Node, Electron or the main side (folders: .dependency-cruiser.cjs)
  {
    files: ['src-phone/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'better-sqlite3', ...nodeBuiltins, '**/src-main/**'],
              message: 'The phone page is a web page: it takes src-shared and the tracker (src-renderer/play) only.'
            }
          ]
        }
      ]
    }
  },
  // React's rules of hooks and effect dependencies, and the React Compiler's checks, on the renderer and the phone page
  {
    files: ['src-renderer/**/*.{ts,tsx}', 'src-phone/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // Every hook rule is an error: a warning nobody fixes is noise.
      'react-hooks/exhaustive-deps': 'error',
      // Says only that the React Compiler would skip a component using TanStack Virtual; the app is not compiled.
      'react-hooks/incompatible-library': 'off'
    }
  },
  {
    files: ['src-main/rules/**/*.ts', 'src-main/export/**/*.ts'],
    ignores: ['src-main/export/write*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'better-sqlite3', '**/store/**', '**/ipc/**'],
              message: 'The rules engine and document builders are pure: no electron, no SQLite.'
            }
          ]
        }
      ]
    }
  },
  {
    // Pure code both processes run: nothing from Node, Electron, the DOM or the rest of the project.
    files: ['src-shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'better-sqlite3', ...nodeBuiltins, '../*', '**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared is pure: it imports only src-shared.'
            }
          ]
        }
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'process',
        'require',
        '__dirname',
        'Buffer',
        'fetch',
        'setImmediate'
      ]
    }
  },
  {
    // A folder inside src-shared (play/) reaches the rest of src-shared by '../', and nothing beyond it.
    files: ['src-shared/*/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'better-sqlite3', ...nodeBuiltins, '../../*', '**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared is pure: it imports only src-shared.'
            }
          ]
        }
      ]
    }
  },
  // Type-aware: a promise is awaited, returned, or visibly let go (`void`), never dropped by mistake;
  // none is handed where a function's result is ignored (an event handler, a forEach).
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json', './tsconfig.components.json'], tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error'
    }
  },
  // node:crypto only through src-main/files/node-crypto.ts, which loads it when first used: a start
  // that hashes nothing does not pay for it (docs/adr/0013)
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/files/node-crypto.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['node:crypto', 'crypto'].map((name) => ({ name, message: 'Take it from src-main/files/node-crypto.ts (loaded when first used).' })) }
      ]
    }
  },
  {
    files: ['**/*.cjs', 'bin/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  }
)
