// Lint, including the process boundaries of docs/DESIGN: the renderer never touches electron,
// SQLite or Node; the rules engine and PDF builders never touch electron or SQLite.
import tseslint from 'typescript-eslint'
import globals from 'globals'

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'child_process', 'os', 'crypto', 'url', 'util', 'stream', 'worker_threads']

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
            { group: ['electron', 'better-sqlite3', ...nodeBuiltins], message: 'The renderer runs sandboxed: talk to the main process through window.muster (src-renderer/api.ts).' },
            { group: ['**/src-main/**', '../src-main/**', '../../src-main/**'], allowTypeImports: true, message: 'The renderer may only import types from the main side (the IPC contract).' }
          ]
        }
      ]
    }
  },
  {
    files: ['src-main/rules/**/*.ts', 'src-main/export/**/*.ts'],
    ignores: ['src-main/export/write*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['electron', 'better-sqlite3', '**/store/**', '**/ipc/**'], message: 'The rules engine and document builders are pure: no electron, no SQLite.' }] }
      ]
    }
  },
  {
    files: ['**/*.cjs', 'bin/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  }
)
