// The phone page (issue 40's goals): its JS and CSS gzip-compressed (goal <= 150 KB), and a tap to the
// updated score (changed and laid out) in headless Chromium at 390x844 with touch, the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate), goal <= 16 ms: from the click on a unit's +1 or -1 to the side's
// loss total showing the new number, measured in the page. `npm run bench -- phone` runs only this.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromiumPath, launchChromium } from '../test/support/browser'
import { repoRoot } from '../test/support/engine'
import { met } from './verdict'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export async function phoneBench(taps = 41): Promise<void> {
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.phone.config.mts'], {
    cwd: repoRoot,
    stdio: 'pipe'
  })
  const dir = join(repoRoot, 'out', 'phone')
  // Each page counts what it loads (the JS and CSS its HTML names): the game's tracker and the event's
  // results page are two pages of one build, and a phone loads only the one it opens.
  for (const [page, what] of [
    ['index.html', 'phone page (the game tracker)'],
    ['results.html', "phone page (an event's results)"]
  ]) {
    const assets = [...readFileSync(join(dir, page), 'utf8').matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
    const gz = assets.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0)
    console.log(`${what}: JS+CSS ${(gz / 1024).toFixed(1)} KB gzip (${assets.length} files; goal <= 150 KB, ${met(assets.length > 0 && gz <= 150 * 1024)})`)
  }

  if (!chromiumPath) return console.log('phone page: a tap to the updated score: no Chromium (not measured)')
  // A game of two Triumph! rosters of the examples, kept in a library and served as Show on phone serves it.
  const { testLibrary } = await import('../test/support/library')
  const t = await testLibrary()
  const game = await t.handlers.startGame({
    mine: { file: join(repoRoot, 'examples', 'triumph-legal.muster.json') },
    opponent: { file: join(repoRoot, 'examples', 'triumph-illegal.muster.json') }
  })
  const { sheet } = game
  const serving = await t.handlers.showOnPhone(game.id)
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    await page.goto(serving.url)
    await page.waitForSelector('[class*="play-lost-value_"]')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const side = sheet.sides[1].name
    const times: number[] = []
    for (let i = 0; i < taps; i++) {
      const label = i % 2 === 0 ? '+1' : '−1'
      // In the page: the click, then the loss total's text changed (a MutationObserver's first call) and
      // laid out (style and layout forced; the paint that follows is the compositor's).
      const ms = (await page.evaluate(`new Promise((done) => {
        const total = document.querySelectorAll('[class*="play-lost-value_"]')[1]
        const before = total.textContent
        const button = [...document.querySelectorAll('ul[aria-label="Units of ' + ${JSON.stringify(side)} + '"] button')].find((b) => b.textContent.trim() === ${JSON.stringify(label)})
        const t0 = performance.now()
        const seen = () => { if (total.textContent !== before) { observer.disconnect(); total.getBoundingClientRect(); done(performance.now() - t0) } }
        const observer = new MutationObserver(seen)
        observer.observe(total, { subtree: true, characterData: true, childList: true })
        button.click()
        seen()
      })`)) as number
      times.push(ms)
    }
    const m = median(times.slice(1))
    console.log(
      `phone page: a tap to the updated score at 390x844, CPU 4x slower: median ${m.toFixed(1)} ms of ${taps - 1} taps (goal <= 16 ms, ${met(m <= 16)})`
    )
  } finally {
    await browser.close()
    await t.handlers.stopShowingOnPhone()
    t.dispose()
  }
}
