// An event's results page on a phone, in real Chromium (390x844 with touch; light and dark; and a desk
// at 1366x768): the event paired by the built CLI in a temp library, its page served by the real
// results server. A player taps their table, picks the winner and the score, sends it, and reads
// Muster's answer (a live region); the library keeps it as a phone's. A result that came in meanwhile
// from another phone is refused in words on the page; a damaged result code too. Axe clean throughout.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { chromiumPath, launchChromium } from '../support/browser'
import { axeViolations, screens } from '../support/app'
import { repoRoot } from '../support/engine'
import { pairedEvent, type PairedEvent } from '../support/event-day'
import { json, send } from '../support/http'
import { tempFolders } from '../support/tmp'
import { openLibrary, type Library } from '../../src-main/store'
import * as events from '../../src-main/store/events'
import { serveResults, type ResultsServer } from '../../src-main/services/event-results'

const tmp = tempFolders('muster-results-page-')
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const desk = { viewport: { width: 1366, height: 768 } }

let browser: Browser
let event: PairedEvent
let lib: Library
let server: ResultsServer

const stored = (table: number) => events.eventRounds(lib.db, event.id)[0].tables.find((t) => t.table === table)!
const playersAt = (table: number) => event.round.tables.find((t) => t.table === table)!.players as [string, string]
const said = (page: Page) => page.getByRole('status').innerText()
const shot = (page: Page, name: string) => page.screenshot({ path: join(screens, `results-${name}.png`), fullPage: true })

describe.skipIf(!chromiumPath)("an event's results page on the players' phones", () => {
  beforeAll(async () => {
    event = pairedEvent(
      tmp(),
      ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit', 'Lu', 'Max', 'Ned', 'Oz', 'Pam', 'Quin'],
      'Spring Tournament'
    )
    lib = await openLibrary(event.db)
    server = await serveResults({ db: lib.db, dir: join(repoRoot, 'out', 'phone'), eventId: event.id })
    browser = await launchChromium()
    mkdirSync(screens, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    lib?.close()
  })

  it('a player taps their table, sends who won and the score, and reads the answer; the library keeps it as a phone result', async () => {
    const context = await browser.newContext({ ...phone, colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto(server.url)
    await expect.poll(() => page.getByRole('heading', { name: 'Tap your table' }).count()).toBe(1)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Spring Tournament')
    expect(await page.title()).toBe('Spring Tournament: results')
    // 17 players: 8 tables to play and a bye, which takes no result
    expect(await page.locator('button.results-table').count()).toBe(8)
    expect(await page.locator('.results-done').innerText()).toMatch(/^Table 9\n.*: a bye\nNo result to send$/)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'tables-390x844-light')

    // a long list: a player finds their table by name (any case), or by its number
    const [a, b] = playersAt(1)
    const find = page.getByLabel("Find it: your name, or the table's number")
    await find.fill(b.toLowerCase())
    await expect.poll(() => page.locator('.results-table').count()).toBe(1)
    await find.fill('9')
    expect(await page.locator('.results-table').innerText()).toMatch(/^Table 9\n/)
    await find.fill(a)
    await page.getByRole('button', { name: new RegExp(`^Table 1 ${a} v ${b}`) }).tap()
    await expect.poll(() => page.getByRole('heading', { name: `Table 1: ${a} v ${b}` }).count()).toBe(1)
    // every target a thumb's width or more
    for (const box of await page
      .locator('button, .results-choice, input[type=text], textarea')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(48)
    expect(await axeViolations(page)).toEqual([])
    // nothing picked: the page says so, and sends nothing
    await page.getByRole('button', { name: 'Send the result' }).tap()
    expect(await said(page)).toBe(`Say who won: ${a}, ${b}, or a draw.`)
    await page.getByRole('radio', { name: b }).check()
    // the problem said no longer stands once the player picks
    expect(await said(page)).toBe('')
    await page.getByLabel(`${a} destroyed`).fill('2')
    await page.getByLabel(`${b} destroyed`).fill('7')
    await shot(page, 'form-390x844-light')
    await page.getByRole('button', { name: 'Send the result' }).tap()
    await expect.poll(() => said(page)).toBe(`Muster has table 1's result: ${b} beat ${a}, 7-2.`)
    await expect.poll(() => page.locator('.results-done').first().innerText()).toMatch(new RegExp(`^Table 1\\n${a} v ${b}\\nIn: ${b} beat ${a}, 7-2$`))
    expect(stored(1)).toMatchObject({ result: { winner: 1, score: [2, 7] }, resultSource: 'phone' })
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'sent-390x844-light')
    await context.close()
  })

  it("says in words why Muster refused: another phone's result came first, a damaged result code; Refresh reads the tables again", async () => {
    const context = await browser.newContext({ ...phone, colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(server.url)
    await expect.poll(() => page.locator('button.results-table').count()).toBe(7)
    const [a, b] = playersAt(2)
    await page.getByRole('button', { name: new RegExp(`^Table 2 ${a} v ${b}`) }).tap()
    await page.getByLabel("Or paste the result code from the game's slip").fill('MR1.damaged')
    await page.getByRole('button', { name: 'Send the code' }).tap()
    await expect.poll(() => said(page)).toMatch(/^Muster did not take this result\. This result code is damaged.*\.$/)
    expect(await page.locator('.results-said.phone-error').count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'refused-390x844-dark')
    // the other player's phone sends table 2 first
    const first = await send(`${server.url}result`, { method: 'POST', headers: json, body: JSON.stringify({ round: 1, table: 2, winner: 'draw' }) })
    expect(first.status).toBe(200)
    await page.getByRole('radio', { name: a }).check()
    await page.getByRole('button', { name: 'Send the result' }).tap()
    await expect
      .poll(() => said(page))
      .toBe('Muster did not take this result: table 2 of round 1 already has a result: only the organiser can replace it, in Muster.')
    expect(stored(2)).toMatchObject({ result: { winner: null }, resultSource: 'phone' })
    await page.getByRole('button', { name: 'All tables' }).tap()
    await page.getByRole('button', { name: 'Refresh' }).tap()
    await expect.poll(() => page.locator('button.results-table').count()).toBe(6)
    expect(await page.getByText(`In: ${a} and ${b} drew`).count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'tables-390x844-dark')
    await context.close()
  })

  it('reads well at a desk too (1366x768), light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ ...desk, colorScheme })
      const page = await context.newPage()
      await page.goto(server.url)
      await expect.poll(() => page.locator('button.results-table').count()).toBe(6)
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `tables-1366x768-${colorScheme}`)
      await context.close()
    }
  })
})
