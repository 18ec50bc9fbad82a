// The phone page in real Chromium: served by the real local server (a phone at 390x844 with touch, and
// 1366x768; light and dark; axe clean; a tap that updates the score and survives a reload), and the
// one-file page `muster play --html` writes, opened from file:// with the network blocked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromiumPath, launchChromium } from '../support/browser'
import { axeViolations, screens } from '../support/app'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { decodeSheet } from '../../src-shared/play/sheet-link'
import { memoryGame, servePhone, type PhoneServing } from '../../src-main/services/phone'
import type { PlaySheet } from '../../src-shared/play/types'

const tempDir = tempFolders('muster-phone-')
let browser: Browser
let serving: PhoneServing
let sheet: PlaySheet
let file: string

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const desk = { viewport: { width: 1366, height: 768 } }

/** The opponent's loss total, as the tracker shows it. */
const opponentLost = (page: Page) => page.locator('.play-lost-value').nth(1).innerText()
const firstPlus = (page: Page) => page.locator(`ul[aria-label="Units of ${sheet.sides[1].name}"] button`, { hasText: '+1' }).first()

describe.skipIf(!chromiumPath)('the phone page', () => {
  beforeAll(async () => {
    file = join(tempDir(), 'table.html')
    const made = muster(['play', 'examples/triumph-legal.muster.json', '--vs', 'examples/triumph-illegal.muster.json', '--html', '-o', file])
    expect(made.code, made.stderr).toBe(0)
    sheet = decodeSheet(/id="muster-sheet">s=([A-Za-z0-9_-]+)</.exec(readFileSync(file, 'utf8'))![1])
    serving = await servePhone({ dir: join(repoRoot, 'out', 'phone'), sheet, game: memoryGame(sheet), port: 0 })
    browser = await launchChromium()
    mkdirSync(screens, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await serving?.close()
  })

  it('tracks a game on a phone and at a desk, light and dark, axe clean; a tap updates the score and a reload keeps it', async () => {
    for (const [size, opts] of [
      ['390x844', phone],
      ['1366x768', desk]
    ] as const)
      for (const colorScheme of ['light', 'dark'] as const) {
        const context: BrowserContext = await browser.newContext({ ...opts, colorScheme })
        const page = await context.newPage()
        await page.goto(serving.link)
        await expect.poll(() => page.locator('.play-lost-value').count()).toBe(2)
        if (size === '390x844' && colorScheme === 'light') {
          const before = await opponentLost(page)
          await firstPlus(page).tap()
          await expect.poll(() => opponentLost(page)).not.toBe(before)
          const after = await opponentLost(page)
          await page.reload()
          await expect.poll(() => page.locator('.play-lost-value').count()).toBe(2)
          expect(await opponentLost(page)).toBe(after)
        }
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: join(screens, `phone-${size}-${colorScheme}.png`), fullPage: size === '390x844' })
        await context.close()
      }
  })

  it('works as one file from file:// with the network blocked, asking for nothing outside itself', async () => {
    const context = await browser.newContext({ ...phone, offline: true })
    const asked: string[] = []
    context.on('request', (r) => asked.push(r.url()))
    const page = await context.newPage()
    await page.goto(`file://${file}`)
    await expect.poll(() => page.locator('.play-lost-value').count()).toBe(2)
    const before = await opponentLost(page)
    await firstPlus(page).tap()
    await expect.poll(() => opponentLost(page)).not.toBe(before)
    expect(asked.filter((u) => !u.startsWith('data:'))).toEqual([`file://${file}`])
    // as the browser parsed it: every address in the page is data: or a fragment
    const addresses = (await page.evaluate(`[...document.querySelectorAll('*')].flatMap((el) =>
      ['src', 'href', 'srcset', 'action', 'data', 'poster', 'formaction'].flatMap((a) => (el.hasAttribute(a) ? [el.getAttribute(a)] : [])))`)) as string[]
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.filter((a) => !a.startsWith('data:') && !a.startsWith('#'))).toEqual([])
    await page.screenshot({ path: join(screens, 'phone-file-390x844-light.png') })
    await context.close()
  })
})
