// The phone page in real Chromium: a library game served by the real local server (a phone at 390x844
// with touch, and 1366x768; light and dark; axe clean; a tap that updates the score, reaches the library
// and survives a reload; an app's tap taken up; once over, the result code and its QR, no tap but Undo,
// then finished from the phone), and the one-file page `muster play --html` writes, opened from file://
// with the network blocked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromiumPath, launchChromium } from '../support/browser'
import { axeViolations, screens, screenshot } from '../support/app'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { testLibrary } from '../support/library'
import type { PlaySheet } from '../../src-shared/play/types'

const tempDir = tempFolders('muster-phone-')
let browser: Browser
let t: Awaited<ReturnType<typeof testLibrary>>
let gameId: string
let url: string
let sheet: PlaySheet
let file: string

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const desk = { viewport: { width: 1366, height: 768 } }

/** The opponent's loss total, as the tracker shows it. */
const opponentLost = (page: Page) => page.locator('[class*="play-lost-value_"]').nth(1).innerText()
const firstPlus = (page: Page) => page.locator(`ul[aria-label="Units of ${sheet.sides[1].name}"] button`, { hasText: '+1' }).first()

describe.skipIf(!chromiumPath)('the phone page', () => {
  beforeAll(async () => {
    file = join(tempDir(), 'table.html')
    const made = muster(['play', 'examples/triumph-legal.muster.json', '--vs', 'examples/triumph-illegal.muster.json', '--html', '-o', file])
    expect(made.code, made.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toMatch(/id="muster-sheet">s=[A-Za-z0-9_.-]+&g=[A-Za-z0-9_-]+</)
    t = await testLibrary()
    const game = await t.handlers.startGame({
      mine: { file: join(repoRoot, 'examples', 'triumph-legal.muster.json') },
      opponent: { file: join(repoRoot, 'examples', 'triumph-illegal.muster.json') }
    })
    ;({ id: gameId, sheet } = game)
    url = (await t.handlers.showOnPhone(gameId)).url
    browser = await launchChromium()
    mkdirSync(screens, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await t?.handlers.stopShowingOnPhone()
    t?.dispose()
  })

  it('tracks a game on a phone and at a desk, light and dark, axe clean; a tap updates the score and a reload keeps it', async () => {
    for (const [size, opts] of [
      ['390x844', phone],
      ['1366x768', desk]
    ] as const)
      for (const colorScheme of ['light', 'dark'] as const) {
        const context: BrowserContext = await browser.newContext({ ...opts, colorScheme })
        const page = await context.newPage()
        await page.goto(url)
        await expect.poll(() => page.locator('[class*="play-lost-value_"]').count()).toBe(2)
        if (size === '390x844' && colorScheme === 'light') {
          const before = await opponentLost(page)
          await firstPlus(page).tap()
          await expect.poll(() => opponentLost(page)).not.toBe(before)
          const after = await opponentLost(page)
          await page.reload()
          await expect.poll(() => page.locator('[class*="play-lost-value_"]').count()).toBe(2)
          expect(await opponentLost(page)).toBe(after)
        }
        expect(await axeViolations(page)).toEqual([])
        await screenshot(page, { path: join(screens, `phone-${size}-${colorScheme}.png`), fullPage: size === '390x844' })
        await context.close()
      }
  })

  it("keeps in step with the library game: the app's taps taken up, once over the result code and its QR with no tap but Undo, then finished from the phone", async () => {
    const context = await browser.newContext({ ...phone })
    const page = await context.newPage()
    await page.goto(url)
    await expect.poll(() => page.locator('[class*="play-lost-value_"]').count()).toBe(2)
    // the tap of the test above reached the library
    const held = (await t.handlers.getGame(gameId)).taps.length
    expect(held).toBeGreaterThan(0)
    // a tap in the app's tracker: the phone reads it within its next read of Muster
    await t.handlers.tapGame(gameId, { kind: 'loss', side: 0, unit: 0, delta: 1 })
    await expect.poll(() => page.locator('[class*="play-last_"]').innerText(), { timeout: 15_000 }).toMatch(new RegExp(`\\(${sheet.sides[0].name}\\)$`))
    // the players agree a result: over, with its code and QR, and no tap taken but Undo
    await page.locator('summary', { hasText: 'Result by agreement' }).tap()
    await page.getByLabel(`${sheet.sides[0].name} wins`).check()
    await page.getByRole('button', { name: 'Record this result' }).tap()
    await expect.poll(() => page.locator('[class*="play-code_"]').count()).toBe(1)
    expect(await page.locator('[class*="play-code_"]').innerText()).toMatch(/^MR1\./)
    await expect.poll(() => page.getByAltText('QR code of the result code').count()).toBe(1)
    expect(await page.locator('.play-undo').isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, { path: join(screens, 'phone-over-390x844-light.png'), fullPage: true })
    await page.getByRole('button', { name: 'Undo the last tap' }).tap()
    await expect.poll(() => page.locator('[class*="play-code_"]').count()).toBe(0)
    expect(await page.locator('.play-undo').isDisabled()).toBe(false)
    await expect.poll(async () => (await t.handlers.getGame(gameId)).taps.length).toBe(held + 1)
    // agreed again, and finished from the phone: the library keeps the result, the page its code
    await page.locator('summary', { hasText: 'Result by agreement' }).tap()
    await page.getByLabel(`${sheet.sides[0].name} wins`).check()
    await page.getByRole('button', { name: 'Record this result' }).tap()
    await page.getByRole('button', { name: 'Finish the game' }).tap()
    await expect.poll(() => page.getByRole('status').filter({ hasText: "kept in Muster's library" }).count()).toBe(1)
    const kept = await t.handlers.getGame(gameId)
    expect(kept.result?.winner).toBe(0)
    expect(await page.locator('[class*="play-code_"]').innerText()).toBe(kept.result?.code)
    expect(await page.getByRole('button', { name: 'Undo the last tap' }).count()).toBe(0)
    await context.close()
  })

  it('works as one file from file:// with the network blocked, asking for nothing outside itself', async () => {
    const context = await browser.newContext({ ...phone, offline: true })
    const asked: string[] = []
    context.on('request', (r) => asked.push(r.url()))
    const page = await context.newPage()
    await page.goto(`file://${file}`)
    await expect.poll(() => page.locator('[class*="play-lost-value_"]').count()).toBe(2)
    const before = await opponentLost(page)
    await firstPlus(page).tap()
    await expect.poll(() => opponentLost(page)).not.toBe(before)
    expect(asked.filter((u) => !u.startsWith('data:'))).toEqual([`file://${file}`])
    // as the browser parsed it: every address in the page is data: or a fragment
    const addresses = (await page.evaluate(`[...document.querySelectorAll('*')].flatMap((el) =>
      ['src', 'href', 'srcset', 'action', 'data', 'poster', 'formaction'].flatMap((a) => (el.hasAttribute(a) ? [el.getAttribute(a)] : [])))`)) as string[]
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.filter((a) => !a.startsWith('data:') && !a.startsWith('#'))).toEqual([])
    await screenshot(page, { path: join(screens, 'phone-file-390x844-light.png') })
    await context.close()
  })
})
