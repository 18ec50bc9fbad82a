// The event day's views in headless Chromium without the app: a page that mounts the projector view
// or the result-slip reader (test/components/event-day-views-page.tsx), bundled here with esbuild and
// served with the app's own Content-Security-Policy (src-main/electron/app-session.ts), and sample rounds.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { preprocessCSS, resolveConfig } from 'vite'
import { cssModules } from '../../scripts/css-modules'
import type { EventDayState, EventDayTable } from '../../src-main/ipc/contract'
import { repoRoot } from './engine'

/** The CSP the app's window is served with (frame-ancestors left out: a <meta> CSP cannot carry it). */
export function appCsp(): string {
  const session = readFileSync(join(repoRoot, 'src-main', 'electron', 'app-session.ts'), 'utf8')
  const csp = /const CSP =\s*"([^"]+)"/.exec(session)?.[1]
  if (!csp) throw new Error('no CSP string in src-main/electron/app-session.ts')
  return csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ')
}

/** A component's CSS Module (X.module.css) read as the app's build reads it (scripts/css-modules.ts):
 *  the same scoped class names, handed over in camelCase, the scoped rules into the page's style sheet. */
async function cssModulesAsTheApp(): Promise<Plugin> {
  const config = await resolveConfig({ configFile: false, logLevel: 'silent', css: { modules: cssModules } }, 'build')
  const scoped = new Map<string, string>()
  return {
    name: 'css-modules-as-the-app',
    setup(b) {
      b.onLoad({ filter: /\.module\.css$/, namespace: 'file' }, async ({ path }) => {
        const { code, modules } = await preprocessCSS(readFileSync(path, 'utf8'), path, config)
        scoped.set(path, code)
        return { contents: `import ${JSON.stringify(`${path}?scoped`)}\nexport default ${JSON.stringify(modules ?? {})}`, loader: 'js' }
      })
      b.onResolve({ filter: /\.module\.css\?scoped$/ }, ({ path }) => ({ path: path.replace(/\?scoped$/, ''), namespace: 'scoped-css' }))
      b.onLoad({ filter: /.*/, namespace: 'scoped-css' }, ({ path }) => ({ contents: scoped.get(path), loader: 'css' }))
    }
  }
}

/** Bundles the test page into a temporary folder to serve. */
export async function buildViewsPage(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-event-views-'))
  await build({
    entryPoints: { page: join(repoRoot, 'test', 'components', 'event-day-views-page.tsx') },
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    outdir: dir,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [await cssModulesAsTheApp()],
    logLevel: 'silent'
  })
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta http-equiv="Content-Security-Policy" content="${appCsp()}" />
<title>Muster event day</title><link rel="icon" href="data:," /><link rel="stylesheet" href="./page.css" /></head>
<body><div id="root"></div><script type="module" src="./page.js"></script></body></html>`
  )
  return dir
}

const FIRST = ['Ann', 'Bartholomew', 'Chloé', 'Dimitrios', 'Eleanor', 'Farouk', 'Gwendolyn', 'Hiroshi', 'Ingrid', 'Jean-Baptiste', 'Kasia', 'Lorenzo']
const LAST = ['Smith', 'Papadopoulos', 'Nguyen', 'Okonkwo-Adeyemi', 'García', 'Van der Berg', 'Kowalczyk', 'Müller', 'Fitzgerald', 'Lee', 'Johansson']

/** Player i's name: first and last names of varied lengths mixed at each table, none twice. */
export const nameOf = (i: number): string =>
  `${FIRST[i % FIRST.length]} ${LAST[(i + Math.floor(i / FIRST.length)) % LAST.length]}${i >= FIRST.length * LAST.length ? ` ${i}` : ''}`

/** An event whose round `round` has `tables` tables, the last a bye. */
export function sampleEvent(tables: number, round = 3, profile: Record<string, unknown> = {}): EventDayState {
  const rows: EventDayTable[] = Array.from({ length: tables }, (_, i) => ({
    table: i + 1,
    players: i === tables - 1 ? [nameOf(2 * i)] : [nameOf(2 * i), nameOf(2 * i + 1)],
    why: 'same score',
    result: null,
    resultSource: null,
    resultAt: null
  }))
  return {
    id: `sample-${tables}`,
    name: 'Salute Ancients Open 2026',
    profile: { format: 'muster-event', version: 1, name: 'Salute Ancients Open 2026', ruleset: 'triumph', ...profile },
    players: [],
    rounds: [{ round, pairedAt: '2026-05-16T09:00:00Z', tables: rows, open: tables - 1 }],
    standings: [],
    next: { canPair: false, why: `round ${round} has ${tables - 1} tables without a result` },
    standingsAfter: null,
    tiebreaks: []
  }
}
