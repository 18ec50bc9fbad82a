// The event day on the Event tab (real renderer in Chromium, the real handlers over a real library):
// the profile filled in on the Check view, 16 submitted rosters chosen and Run this event: the event
// made, its rosters entered (Pam's illegal one held back with its reasons), Pam's fixed roster added as
// revision 2; round 1 paired, a slip's code pasted at table 1 (a forged one refused beside table 2),
// the other tables typed; standings; the projector view and the published page; back to the list of
// events. Each view looked at in 1366x768 and 1920x1080, light and dark, axe clean.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appContext, chromiumPath, screens, screenshotsEverywhere, startBrowser, stopBrowser } from '../support/app'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { gameResultCode, scoreGameFile } from '../../src-main/services/game-file'

const tmp = tempFolders('muster-e2e-event-day-')
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit', 'Lu', 'Max', 'Ned', 'Oz', 'Pam']
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8')) as Record<string, unknown>

/** rosters/<name>.json for the 16 players (Pam's illegal) and fixed.json (Pam's, legal). */
function writeRosters(dir: string): void {
  mkdirSync(join(dir, 'rosters'))
  for (const [i, player] of NAMES.entries())
    writeFileSync(
      join(dir, 'rosters', `${player}.json`),
      JSON.stringify({ ...example(i === 15 ? 'triumph-illegal.muster.json' : 'triumph-legal.muster.json'), player })
    )
  writeFileSync(join(dir, 'fixed.json'), JSON.stringify({ ...example('triumph-legal.muster.json'), player: 'Pam' }))
}

/** Game day's result code of a game the first player wins by agreement; forged: the first side's roster is not the one entered. */
function slipCode(dir: string, a: string, b: string, forged = false): string {
  const roster = (p: string) => (p === 'Pam' ? 'fixed.json' : `rosters/${p}.json`)
  const sides = [roster(a), roster(b)]
  if (forged) {
    const doc = JSON.parse(readFileSync(join(dir, sides[0]), 'utf8')) as Record<string, unknown>
    writeFileSync(join(dir, 'forged.json'), JSON.stringify({ ...doc, name: `${String(doc.name)} (swapped)` }))
    sides[0] = 'forged.json'
  }
  const game = join(dir, 'game.json')
  writeFileSync(game, JSON.stringify({ format: 'muster-game', version: 1, sides: sides.map((r) => ({ roster: r, losses: [] })), agreed: { winner: 0 } }))
  return gameResultCode(scoreGameFile(bundledEngine(), game))
}

/** The players at a table of round 1, as the screen shows them. */
async function seated(page: Page, table: number): Promise<string[]> {
  const row = page
    .getByRole('table', { name: 'Round 1 tables' })
    .locator('tbody tr')
    .nth(table - 1)
  return row.locator('.pairing-player').allInnerTexts()
}
const tableRow = (page: Page, table: number) =>
  page
    .getByRole('table', { name: 'Round 1 tables' })
    .locator('tbody tr')
    .nth(table - 1)

describe.skipIf(!chromiumPath)('the event day on the Event tab', () => {
  beforeAll(startBrowser)
  afterAll(stopBrowser)

  it('runs a 16-player event from the checked profile: rosters, round 1, results typed and from a slip, standings; axe clean', async () => {
    const dir = tmp()
    writeRosters(dir)
    const slipOf = (a: string, b: string, forged = false) => slipCode(dir, a, b, forged)
    const app = await appContext('light', { viewport: { width: 1366, height: 768 } })
    try {
      const page = await app.open()
      const look = async (name: string, before?: () => Promise<void>) => expect(await screenshotsEverywhere(page, name, 'light', before)).toEqual([])

      // the profile on the Check view, the 16 submissions chosen, Run this event
      await page.getByRole('button', { name: 'Event check', exact: true }).click()
      await page.getByLabel('Event name').fill('Sixteen Cup')
      await page.getByLabel('Event ruleset').selectOption('triumph')
      await page.getByLabel('Rounds planned').fill('5')
      app.dialogs.pick(NAMES.map((n) => join(dir, 'rosters', `${n}.json`)))
      await page.getByRole('button', { name: 'Choose files…' }).click()
      await expect.poll(() => page.getByText('16 roster files chosen').count()).toBe(1)
      await page.getByRole('button', { name: 'Run this event' }).click()
      await page.getByRole('heading', { name: 'Sixteen Cup' }).waitFor()
      expect(await page.getByRole('tab', { name: 'Event day' }).getAttribute('aria-selected')).toBe('true')
      expect(await page.locator('.event-day-head').innerText()).toMatch(/15 players active, 1 held back\s+No round paired yet \(5 planned\)/)
      const entered = page.getByRole('status', { name: 'Rosters entered' })
      expect(await entered.innerText()).toMatch(/16 rosters entered, 1 held back/)
      expect(await entered.innerText()).toMatch(/Active: Ann, Bob, [^]*Oz\s+Pam held back: .+/)
      expect(await page.getByRole('list', { name: 'Why Pam is held back' }).innerText()).not.toBe('')
      await look('event-day-players')

      // Pam's fixed roster: revision 2, active
      app.dialogs.pick([join(dir, 'fixed.json')])
      await page.getByRole('button', { name: 'Add rosters…' }).click()
      await expect.poll(() => entered.innerText()).toMatch(/1 roster entered\s*✕?\s*Active: Pam \(revision 2\)/)
      expect(await page.locator('.event-day-head').innerText()).toMatch(/16 players active\s+No round/)

      // round 1: 8 tables, each with why
      await page.getByRole('tab', { name: 'Rounds' }).click()
      await page.getByRole('button', { name: 'Pair round 1' }).click()
      await page.getByRole('table', { name: 'Round 1 tables' }).waitFor()
      expect(await page.getByRole('table', { name: 'Round 1 tables' }).locator('tbody tr').count()).toBe(8)
      expect(await page.locator('.event-day-head').innerText()).toMatch(/Round 1 of 5/)
      expect(await page.getByRole('button', { name: 'Pair round 2' }).isDisabled()).toBe(true)
      for (const why of await page.locator('.event-day-why').allInnerTexts()) expect(why.trim()).not.toBe('')
      // the entry open at every table, the slip field at table 3
      await tableRow(page, 3).getByRole('button', { name: 'Paste slip code for table 3' }).click()
      await look('event-day-round-entry')
      await tableRow(page, 3).getByRole('button', { name: 'Paste slip code for table 3' }).click()

      // table 1 from its slip's code (the second player won, as the slip says)
      const [a1, b1] = await seated(page, 1)
      await tableRow(page, 1).getByRole('button', { name: 'Paste slip code for table 1' }).click()
      await tableRow(page, 1).getByLabel('Result code from the slip of table 1').fill(slipOf(b1, a1))
      await tableRow(page, 1).getByRole('button', { name: 'Use slip' }).click()
      await expect.poll(() => tableRow(page, 1).innerText()).toMatch(new RegExp(`${b1} won[^]*from a slip`))
      // a forged slip at table 2: refused beside the table, nothing kept
      const [a2, b2] = await seated(page, 2)
      await tableRow(page, 2).getByRole('button', { name: 'Paste slip code for table 2' }).click()
      await tableRow(page, 2)
        .getByLabel('Result code from the slip of table 2')
        .fill(slipOf(a2, b2, true))
      await tableRow(page, 2).getByRole('button', { name: 'Use slip' }).click()
      await expect.poll(() => tableRow(page, 2).locator('.event-day-error').innerText()).toMatch(/matches no roster this event holds/)
      expect(await tableRow(page, 2).getByLabel('Winner at table 2').count()).toBe(1)
      await tableRow(page, 2).getByRole('button', { name: 'Paste slip code for table 2' }).click()
      // the rest typed: the first player wins 4-1, table 8 a draw
      for (let t = 2; t <= 8; t++) {
        const [a] = await seated(page, t)
        const row = tableRow(page, t)
        await row.getByLabel(`Winner at table ${t}`).selectOption(t === 8 ? 'draw' : a)
        await row
          .getByLabel(/’s score$/)
          .first()
          .fill(t === 8 ? '2' : '4')
        await row
          .getByLabel(/’s score$/)
          .last()
          .fill(t === 8 ? '2' : '1')
        await row.getByRole('button', { name: `Save the result of table ${t}` }).click()
        await expect.poll(() => row.innerText()).toMatch(t === 8 ? /A draw 2–2/ : new RegExp(`${a} won 4–1`))
      }
      await expect.poll(() => page.getByRole('button', { name: 'Pair round 2' }).isDisabled()).toBe(false)
      expect(await page.locator('.event-day-round summary').innerText()).toMatch(/all results in/)
      await look('event-day-rounds')

      // results from phones: served on this computer only (the test has no venue network), its link and QR shown, then stopped
      await page.getByRole('checkbox', { name: /Open to the venue network/ }).uncheck()
      await page.getByRole('button', { name: 'Collect results from phones' }).click()
      const phones = page.getByRole('region', { name: 'Results from phones' })
      await phones.getByRole('img', { name: 'QR code of the results page’s link' }).waitFor()
      expect(await phones.locator('code').innerText()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
      await look('event-day-phones')
      await page.getByRole('button', { name: 'Stop collecting results' }).click()
      await phones.getByRole('img').waitFor({ state: 'detached' })

      // Ann drops, after being asked: never paired again, still in the standings, marked
      await page.getByRole('tab', { name: 'Players' }).click()
      await page.getByRole('button', { name: 'Drop Ann…' }).click()
      await page.getByRole('dialog', { name: 'Drop Ann?' }).getByRole('button', { name: 'Drop player' }).click()
      await expect.poll(() => page.locator('.event-day-head').innerText()).toMatch(/15 players active, 1 dropped/)
      expect(await page.getByRole('button', { name: 'Drop Ann…' }).count()).toBe(0)

      // standings: the 7 winners on 3, the drawn pair on 1, the losers on 0; the tie-breaks labelled
      await page.getByRole('tab', { name: 'Standings' }).click()
      const standings = page.getByRole('table', { name: 'Standings' })
      await standings.waitFor()
      const heads = await standings.getByRole('columnheader').allInnerTexts()
      expect(heads.slice(0, 3).map((h) => h.toLowerCase())).toEqual(['rank', 'player', 'score'])
      expect(heads.length).toBeGreaterThan(3)
      const scores = (await standings.locator('tbody tr td:nth-child(3)').allInnerTexts()).map(Number)
      expect(scores).toHaveLength(16)
      expect(scores.filter((s) => s === 3)).toHaveLength(7)
      expect(scores.filter((s) => s === 1)).toHaveLength(2)
      expect(await standings.getByRole('rowheader', { name: /^Ann/ }).innerText()).toMatch(/Ann\s*dropped/)
      await look('event-day-standings')

      // the projector view of round 1, closed with Escape
      // (its tables fade in, unless motion is reduced: looked at as they stand)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.getByRole('button', { name: 'Projector' }).click()
      await page.getByRole('heading', { name: 'Round 1' }).waitFor()
      await page.screenshot({ path: join(screens, 'event-day-projector-1366x768-light.png') })
      await page.keyboard.press('Escape')
      await page.getByRole('heading', { name: 'Round 1' }).waitFor({ state: 'detached' })

      // the published page, as downloaded
      const [published] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Publish page…' }).click()])
      const html = join(dir, 'published.html')
      await published.saveAs(html)
      expect(readFileSync(html, 'utf8')).toContain('Sixteen Cup')

      // the list of events
      await page.getByRole('button', { name: '← All events' }).click()
      const events = page.getByRole('region', { name: 'Events' })
      await expect.poll(() => events.innerText()).toMatch(/Sixteen Cup[^]*15[^]*1 of 1 round complete/)
      await look('event-day-list')
    } finally {
      await app.dispose()
    }
  })
})
