// Renderer figures: the initial JS the page loads (gzip), and the time from a count change in the
// editor to the points and validation panel showing the new verdict, in headless Chromium on a
// 40-unit roster (window.muster routed to the real handlers, as in the e2e tests).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { channelNames, type Channel } from '../src-main/ipc/contract'
import { createDispatch, rulesHandlers } from '../src-main/ipc/handlers'
import type { RosterDocument } from '../src-main/store/types'
import { chromiumPath, launchChromium, serveFolder } from '../test/support/browser'
import { bundledEngine, repoRoot } from '../test/support/engine'
import { testLibrary } from '../test/support/library'
import { wrgRoster } from './rosters'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export async function rendererBench(): Promise<void> {
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: repoRoot, stdio: 'pipe' })
  const assets = join(repoRoot, 'out', 'renderer', 'assets')
  const html = readFileSync(join(repoRoot, 'out', 'renderer', 'index.html'), 'utf8')
  const initial = readdirSync(assets).filter((f) => (f.endsWith('.js') || f.endsWith('.css')) && html.includes(f))
  const sizes = initial.map((f) => {
    const bytes = readFileSync(join(assets, f))
    return { f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  const js = sizes.filter((s) => s.f.endsWith('.js'))
  console.log(`renderer: initial JS ${(js.reduce((s, x) => s + x.gzip, 0) / 1024).toFixed(1)} KiB gzip (${(js.reduce((s, x) => s + x.raw, 0) / 1024).toFixed(1)} KiB raw); CSS ${(sizes.filter((s) => s.f.endsWith('.css')).reduce((s, x) => s + x.gzip, 0) / 1024).toFixed(1)} KiB gzip`)

  if (!chromiumPath) {
    console.log('renderer: count change to verdict skipped (no chromium)')
    return
  }
  const library = await testLibrary()
  const server = await serveFolder(join(repoRoot, 'out', 'renderer'))
  const browser = await launchChromium()
  try {
    const roster = { ...wrgRoster(40), pointsLimit: 100000 } as unknown as RosterDocument
    const row = await library.handlers.createRoster(roster)
    const dispatch = createDispatch({ ...rulesHandlers(bundledEngine()), ...library.handlers })
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } })
    await context.exposeFunction('__musterInvoke', (channel: Channel, args: unknown) => dispatch(channel, args))
    // A string, not a function: tsx would add helpers to a function that the page does not have.
    await context.addInitScript(`
      window.muster = Object.fromEntries(${JSON.stringify(Object.keys(channelNames))}.map((c) => [c, (...args) => window.__musterInvoke(c, args)]))
      window.muster.onCommand = () => () => undefined
      localStorage.setItem('muster.lastRoster', ${JSON.stringify(row.id)})
    `)
    const page = await context.newPage()
    await page.goto(server.url)
    await page.locator('li.unit').nth(39).waitFor({ state: 'attached', timeout: 10000 }).catch(async (e) => {
      await page.screenshot({ path: join(repoRoot, 'test-output', 'bench-renderer.png') })
      throw e
    })
    await page.locator('.points-text').waitFor()
    const times = (await page.evaluate(`(async () => {
      const times = []
      for (let i = 0; i < 40; i++) {
        const button = document.querySelectorAll('li.unit')[10].querySelector('.stepper button:last-of-type')
        const points = document.querySelector('.points-text')
        const before = points.textContent
        const t0 = performance.now()
        const changed = new Promise((resolve) => {
          const watch = new MutationObserver(() => { if (points.textContent !== before) { watch.disconnect(); resolve() } })
          watch.observe(points, { subtree: true, childList: true, characterData: true })
        })
        button.click()
        await changed
        times.push(performance.now() - t0)
        await new Promise((r) => setTimeout(r, 20))
      }
      return times
    })()`)) as number[]
    console.log(`editor: count change to new verdict on screen, 40-unit roster: ${median(times).toFixed(1)} ms median of ${times.length} (goal < 50 ms)`)
    await context.close()
  } finally {
    await browser.close()
    await server.close()
    library.dispose()
  }
}
