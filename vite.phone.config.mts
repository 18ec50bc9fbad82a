// The phone page (src-phone/): its own small bundle, beside the app's renderer (electron-vite). Built
// into out/phone/ with relative paths, so it works under the local server's secret path, on any static
// host, and inlined into one file (`muster play --html`). Its service worker is written here with the
// list of what the build made (a dozen lines, where vite-plugin-pwa would bring workbox's build
// toolchain): the page and its assets are kept on the phone at the first visit, so it opens offline.
// An event's results page (results.html) is built after it into the same folder (resultsPage below).
import { build, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { createHash } from 'node:crypto'
import { readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cssModules } from './scripts/css-modules'

const here = dirname(fileURLToPath(import.meta.url))

const worker = (files: string[]) => `// Written by vite.phone.config.mts: keeps the phone page and its assets for offline use.
const CACHE = ${JSON.stringify(`muster-phone-${createHash('sha256').update(files.join('|')).digest('hex').slice(0, 12)}`)}
const FILES = ${JSON.stringify(['./', ...files])}
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())))
self.addEventListener('activate', (e) =>
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()))
)
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url)
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.endsWith('/game')) return
  // the page from the network while Muster serves it, else from the cache; assets (hashed names) from the cache
  const page = e.request.mode === 'navigate'
  e.respondWith(
    page
      ? fetch(e.request).catch(() => caches.match('./', { ignoreSearch: true }).then((r) => r || Response.error()))
      : caches.match(e.request).then((r) => r || fetch(e.request))
  )
})
`

/** sw.js with the build's own files to keep. */
function serviceWorker(): Plugin {
  return {
    name: 'muster-phone-worker',
    apply: 'build',
    // after the write: every file the build made (the style sheet is added late in the bundle)
    writeBundle(options) {
      const dir = options.dir!
      const files = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => relative(dir, join(f.parentPath, f.name)).split(sep).join('/'))
        .filter((f) => !f.endsWith('.map') && !f.endsWith('.html') && f !== 'sw.js')
        .sort()
      writeFileSync(join(dir, 'sw.js'), worker(files.map((f) => `./${f}`)))
    }
  }
}

const root = resolve(here, 'src-phone')
const outDir = resolve(here, 'out/phone')

/**
 * The event's results page (results.html, results.tsx): built by a second build into the same folder
 * once this one is written. Not a second input of this build: two inputs share chunks, and the game's
 * page must stay one script and one style sheet (what `muster play --html` inlines). Built after the
 * service worker is written, so the game's worker does not keep it (the results page needs the venue's
 * network anyway). Both pages get the server's one Content-Security-Policy and its asset serving.
 */
function resultsPage(): Plugin {
  return {
    name: 'muster-results-page',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root,
        base: './',
        publicDir: false,
        plugins: [react()],
        css: { modules: cssModules },
        build: {
          outDir,
          emptyOutDir: false,
          minify: true,
          cssCodeSplit: false,
          assetsInlineLimit: 0,
          rolldownOptions: { input: resolve(root, 'results.html') }
        },
        logLevel: 'warn'
      })
    }
  }
}

export default defineConfig({
  root,
  base: './',
  plugins: [react(), serviceWorker(), resultsPage()],
  // named as the app's (scripts/css-modules.ts): src-renderer/play/ is shared with the app
  css: { modules: cssModules },
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    // one script and one style sheet: what `muster play --html` inlines
    cssCodeSplit: false,
    assetsInlineLimit: 0
  },
  logLevel: 'warn'
})
