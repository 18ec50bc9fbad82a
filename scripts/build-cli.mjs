// Bundles the `muster` CLI (TypeScript in src-main) into build/cli.cjs so `npx muster` starts fast.
// Runs on `npm ci` (prepare) and before benchmarks. Native and data files stay outside the bundle.
// Each command imports what only it needs when it runs (import() in its action), which esbuild
// leaves unevaluated until then: `muster validate` never evaluates the PDF, event or SQLite code.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

await build({
  entryPoints: [join(root, 'src-main/cli/main.ts')],
  outfile: join(root, 'build/cli.cjs'),
  bundle: true,
  platform: 'node',
  mainFields: ['module', 'main'],
  target: 'node20',
  format: 'cjs',
  external: ['better-sqlite3', 'electron', 'pdfmake'],
  sourcemap: true,
  logLevel: 'warning'
})
