// Renderer figures: the initial JS the page loads (gzip), and the time from a count change in the
// editor to the points and validation panel showing the new verdict, in headless Chromium on a
// 40-unit roster (window.muster routed to the real handlers, as in the e2e tests).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { channelNames, type Channel } from '../src-main/ipc/contract'
import type { Dispatch } from '../src-main/ipc/handlers'
import type { RosterDocument } from '../src-main/store/types'
import { chromiumPath, launchChromium, serveFolder } from '../test/support/browser'
import { repoRoot } from '../test/support/engine'
import { testLibrary } from '../test/support/library'
import { fillLibrary, wrgRoster } from './rosters'
import type { Browser } from 'playwright-core'
import { met } from './verdict'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** A browser context whose pages have window.muster routed to the app's wiring (a test library's dispatch), as the preload gives it. */
export async function appContext(browser: Browser, dispatch: Dispatch, viewport: { width: number; height: number }, init = '') {
  const context = await browser.newContext({ viewport })
  await context.exposeFunction('__musterInvoke', (channel: Channel, args: unknown) => dispatch(channel, args))
  // A string, not a function: tsx would add helpers to a function that the page does not have.
  await context.addInitScript(`
    window.muster = Object.fromEntries(${JSON.stringify(Object.keys(channelNames))}.map((c) => [c, (...args) => window.__musterInvoke(c, args)]))
    window.muster.onCommand = () => () => undefined
    ${init}
  `)
  return context
}

/**
 * As appContext, with window.muster carried over a WebSocket to the page's own server (serveFolder's
 * `call`): a message on an open local channel, as Electron's IPC is, for timing what the player
 * waits for, where playwright's exposeFunction would add its own milliseconds to every call.
 */
async function quickIpcContext(browser: Browser, viewport: { width: number; height: number }, init = '') {
  const context = await browser.newContext({ viewport })
  await context.addInitScript(`
    const socket = new WebSocket('ws://' + location.host + '/__muster')
    const opened = new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
    const waiting = new Map()
    let next = 0
    socket.addEventListener('message', (e) => {
      const { id, answer } = JSON.parse(e.data)
      waiting.get(id)(answer)
      waiting.delete(id)
    })
    const invoke = (channel, args) => new Promise((resolve) => {
      const id = next++
      waiting.set(id, resolve)
      const send = () => socket.send(JSON.stringify({ id, channel, args }))
      if (socket.readyState === 1) send()
      else opened.then(send)
    })
    window.muster = Object.fromEntries(${JSON.stringify(Object.keys(channelNames))}.map((c) => [c, (...args) => invoke(c, args)]))
    window.muster.onCommand = () => () => undefined
    ${init}
  `)
  return context
}

/** The app as `npm run build` makes it (out/renderer), for the parts that drive it in Chromium. */
export function buildRenderer(): void {
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: repoRoot, stdio: 'pipe' })
}

export async function rendererBench(): Promise<void> {
  buildRenderer()
  const assets = join(repoRoot, 'out', 'renderer', 'assets')
  const html = readFileSync(join(repoRoot, 'out', 'renderer', 'index.html'), 'utf8')
  const initial = readdirSync(assets).filter((f) => (f.endsWith('.js') || f.endsWith('.css')) && html.includes(f))
  const sizes = initial.map((f) => {
    const bytes = readFileSync(join(assets, f))
    return { f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  const js = sizes.filter((s) => s.f.endsWith('.js'))
  console.log(
    `renderer: initial JS ${(js.reduce((s, x) => s + x.gzip, 0) / 1024).toFixed(1)} KiB gzip (${(js.reduce((s, x) => s + x.raw, 0) / 1024).toFixed(1)} KiB raw); CSS ${(sizes.filter((s) => s.f.endsWith('.css')).reduce((s, x) => s + x.gzip, 0) / 1024).toFixed(1)} KiB gzip`
  )

  if (!chromiumPath) {
    console.log('renderer: count change to verdict skipped (no chromium)')
    return
  }
  const library = await testLibrary()
  const dispatch = library.dispatch
  const server = await serveFolder(join(repoRoot, 'out', 'renderer'), (channel, args) => dispatch(channel as Channel, args))
  const browser = await launchChromium()
  try {
    const roster = { ...wrgRoster(40), pointsLimit: 100000 } as unknown as RosterDocument
    const row = await library.handlers.createRoster(roster)
    const context = await quickIpcContext(browser, { width: 1360, height: 900 }, `localStorage.setItem('muster.lastRoster', ${JSON.stringify(row.id)})`)
    const page = await context.newPage()
    await page.goto(server.url)
    await page
      .locator('li[class*="unit_"]')
      .nth(39)
      .waitFor({ state: 'attached', timeout: 10000 })
      .catch(async (e) => {
        await page.screenshot({ path: join(repoRoot, 'test-output', 'bench-renderer.png') })
        throw e
      })
    await page.locator('[class*="points-text_"]').waitFor()
    const times = (await page.evaluate(`(async () => {
      const times = []
      for (let i = 0; i < 40; i++) {
        const button = document.querySelectorAll('li[class*="unit_"]')[10].querySelector('.stepper button:last-of-type')
        const points = document.querySelector('[class*="points-text_"]')
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
    console.log(
      `editor: count change to new verdict on screen, 40-unit roster (IPC over a local WebSocket): ${median(times).toFixed(1)} ms median of ${times.length} (goal <= 10 ms, ${met(median(times) <= 10)})`
    )
    await context.close()
    await libraryScreenBench(browser, server.url)
  } finally {
    await browser.close()
    await server.close()
    library.dispose()
  }
}

/** A library of 10,000 rosters: from the Library tab's click to its first rows drawn, and from page load. */
async function libraryScreenBench(browser: Browser, url: string): Promise<void> {
  const library = await testLibrary()
  try {
    fillLibrary(library.lib.db, 10_000)
    const context = await appContext(browser, library.dispatch, { width: 1366, height: 768 })
    const page = await context.newPage()
    const loads: number[] = []
    for (let i = 0; i < 5; i++) {
      await page.goto(url)
      await page.locator('.roster-table tr.clickable').first().waitFor()
      loads.push((await page.evaluate(`performance.now()`)) as number)
    }
    const opens: number[] = []
    for (let i = 0; i < 15; i++) {
      await page.getByRole('button', { name: 'Armies' }).click()
      await page.locator('.roster-table tr.clickable').first().waitFor({ state: 'detached' })
      opens.push(
        (await page.evaluate(`(async () => {
          const t0 = performance.now()
          document.querySelector('nav button').click()
          await new Promise((resolve) => {
            const seen = () => document.querySelector('.roster-table tr.clickable') && resolve()
            const watch = new MutationObserver(() => seen() && watch.disconnect())
            watch.observe(document.body, { subtree: true, childList: true })
          })
          return performance.now() - t0
        })()`)) as number
      )
    }
    console.log(
      `library of 10,000 rosters in Chromium: Library tab clicked to first rows drawn ${median(opens).toFixed(1)} ms median of ${opens.length} (goal < 300 ms, ${met(median(opens) < 300)}); page load to first rows ${median(loads).toFixed(0)} ms median of ${loads.length}`
    )
    await context.close()
  } finally {
    library.dispose()
  }
}
