// An event's results page on a phone, in real Chromium (390x844 with touch; light and dark; and a desk
// at 1366x768): the event paired by the built CLI in a temp library, its page served by the real
// results server. A player taps their table, types its result PIN (a wrong one refused in words), picks
// the winner and the score, reads it back ("Quin beat Bob, 7-2. Send it?"), sends it, and reads Muster's
// answer (a live region); the library keeps it as a phone's. A bye reads "Bye: Ann". A result that came
// in meanwhile from another phone is refused in words on the page; a damaged result code too. The event
// deleted while served: the page says it is no longer run here. Axe clean throughout.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { chromiumPath, launchChromium } from '../support/browser'
import { axeViolations, screens, screenshot } from '../support/app'
import { repoRoot } from '../support/engine'
import { pairedEvent, type PairedEvent } from '../support/event-day'
import { json, send } from '../support/http'
import { tempFolders } from '../support/tmp'
import { openLibrary, type Library } from '../../src-main/store'
import * as events from '../../src-main/store/events'
import { serveResults, type ResultsServer } from '../../src-main/services/event-results'
import { eventPins } from '../../src-main/services/event-result-pins'

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
const pinOf = (table: number) => eventPins(lib.db, event.id)!(1, table)
/** Table `table`'s PIN typed and taken: the result's form shows. */
async function unlock(page: Page, table: number) {
  await page.getByLabel(`Table ${table}'s result PIN`).fill(pinOf(table).toLowerCase())
  await page.getByRole('button', { name: 'Go on' }).tap()
  await expect.poll(() => page.getByRole('group', { name: 'Who won?' }).count()).toBe(1)
}
const shot = (page: Page, name: string) => screenshot(page, { path: join(screens, `results-${name}.png`), fullPage: true })

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
    expect(await page.locator('.results-done').innerText()).toMatch(/^Bye:\n\w+\nNo result to send$/)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'tables-390x844-light')

    // a long list: a player finds their table by name (any case), or by its number
    const [a, b] = playersAt(1)
    const find = page.getByLabel("Find it: your name, or the table's number")
    await find.fill(b.toLowerCase())
    await expect.poll(() => page.locator('.results-table').count()).toBe(1)
    await find.fill('8')
    expect(await page.locator('.results-table').innerText()).toMatch(/^Table 8\n/)
    // a bye is found by its player's name, and says so
    const bye = event.round.tables.find((t) => t.players.length === 1)!.players[0]
    await find.fill(bye)
    expect(await page.locator('.results-table').innerText()).toBe(`Bye:\n${bye}\nNo result to send`)
    await find.fill(a)
    await page.getByRole('button', { name: new RegExp(`^Table 1 ${a} v ${b}`) }).tap()
    await expect.poll(() => page.getByRole('heading', { name: `Table 1: ${a} v ${b}` }).count()).toBe(1)
    // the table's PIN first: none typed, then a wrong one, refused in words
    await page.getByRole('button', { name: 'Go on' }).tap()
    expect(await said(page)).toBe("Type table 1's result PIN first: it is on the table's result slip.")
    await page.getByLabel("Table 1's result PIN").fill('zzzzz')
    expect(await page.getByLabel("Table 1's result PIN").inputValue()).toBe('ZZZZZ')
    await page.getByRole('button', { name: 'Go on' }).tap()
    await expect.poll(() => said(page)).toBe("That is not table 1's PIN: it is on the table's result slip (4 more tries).")
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'pin-390x844-light')
    await unlock(page, 1)
    expect(await said(page)).toBe('')
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
    // said back before it is sent; changed, then sent
    const confirm = page.getByRole('region', { name: 'Send this result?' })
    await expect.poll(() => confirm.count()).toBe(1)
    expect(await confirm.locator('.results-confirm-words').innerText()).toBe(`${b} beat ${a}, 7-2.`)
    expect(await confirm.getByRole('button').allInnerTexts()).toEqual(['Send it', 'Change it'])
    expect(await page.evaluate('document.activeElement?.className')).toBe('results-confirm')
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'confirm-390x844-light')
    expect(stored(1).result).toBeNull()
    await page.getByRole('button', { name: 'Change it' }).tap()
    expect(await page.getByRole('radio', { name: b }).isChecked()).toBe(true)
    expect(await page.getByLabel(`${b} destroyed`).inputValue()).toBe('7')
    await page.getByRole('button', { name: 'Send the result' }).tap()
    await page.getByRole('button', { name: 'Send it' }).tap()
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
    await unlock(page, 2)
    await page.getByLabel("Or paste the result code from the game's slip").fill('MR1.damaged')
    await page.getByRole('button', { name: 'Send the code' }).tap()
    await expect
      .poll(() => page.locator('.results-confirm-words').innerText())
      .toBe(`The result code from table 2's slip (${a} v ${b}): Muster reads who won from it.`)
    await page.getByRole('button', { name: 'Send it' }).tap()
    await expect.poll(() => said(page)).toMatch(/^Muster did not take this result\. This result code is damaged.*\.$/)
    expect(await page.locator('.results-said.phone-error').count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'refused-390x844-dark')
    // the other player's phone sends table 2 first
    const first = await send(`${server.url}result`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ round: 1, table: 2, pin: pinOf(2), winner: 'draw' })
    })
    expect(first.status).toBe(200)
    // refused: the form again, to put it right
    expect(await page.getByRole('region', { name: 'Send this result?' }).count()).toBe(0)
    await page.getByRole('radio', { name: a }).check()
    await page.getByRole('button', { name: 'Send the result' }).tap()
    await page.getByRole('button', { name: 'Send it' }).tap()
    await expect
      .poll(() => said(page))
      .toBe('Muster did not take this result. Table 2 of round 1 already has a result: only the organiser can replace it, in Muster.')
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

  it('says the event is no longer run here once it is deleted while served, and asks nothing more', async () => {
    const context = await browser.newContext({ ...phone, colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(server.url)
    const [a, b] = playersAt(3)
    await page.getByRole('button', { name: new RegExp(`^Table 3 ${a} v ${b}`) }).tap()
    await page.getByLabel("Table 3's result PIN").fill(pinOf(3))
    expect(events.deleteEvent(lib.db, event.id)).toBe(true)
    await page.getByRole('button', { name: 'Go on' }).tap()
    const gone = 'This event is no longer run here: the organiser deleted it in Muster.'
    await expect.poll(() => page.locator('main').innerText()).toBe(gone)
    await page.getByRole('button', { name: 'Refresh' }).tap()
    await page.reload()
    await expect.poll(() => page.locator('main').innerText()).toBe(gone)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'gone-390x844-dark')
    await context.close()
  })
})
