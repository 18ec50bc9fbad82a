// The event day on the Events tab (real renderer in Chromium, the real handlers over a real library):
// the profile filled in on the Check view, 16 submitted rosters chosen and Run this event: the event
// made with its rosters entered (Pam's illegal one held back with its reasons), Pam's fixed roster
// added as revision 2; round 1 paired, a slip's code pasted once for the round (it goes to table 1,
// whose players it names; a forged one refused in words), a table found by name, the others typed
// from the keyboard (Enter saves and moves on), only tables without a result; results from phones kept
// served while the list is shown and across a reload of the window (the badge, Stop, link and QR back),
// stopped there; Ann dropped, the standings (army, W-D-L, after round 1); the profile changed on the
// event's page (round length); round 2 paired with a bye said "Bye: NAME" and counted in the standings
// ("+1 bye"); a round 1 result replaced with the warning before and after; the projector view of
// round 2 with its clock and bye; the published page; Ann reinstated; back to the list of events.
// Each view looked at in 1366x768 and 1920x1080, light and dark, axe clean.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { appContext, describeInBrowser, screens, screenshot, screenshotsEverywhere } from '../support/app'
import { bundledEngine } from '../support/engine'
import { NAMES, slipGame, writeRosters } from '../support/sixteen-cup'
import { tempFolders } from '../support/tmp'
import { gameResultCode, scoreGameFile } from '../../src-main/services/game-file'

const tmp = tempFolders('muster-e2e-event-day-')
/** A round's table rows (byes are no rows: "Bye: NAME" under the table). */
const tableRow = (page: Page, table: number, round = 1) =>
  page
    .getByRole('table', { name: `Round ${round} tables` })
    .locator('tbody tr')
    .nth(table - 1)
/** The players at a table (of round 1 unless said), as the screen shows them. */
const seated = (page: Page, table: number, round = 1): Promise<string[]> => tableRow(page, table, round).locator('.pairing-player').allInnerTexts()
const focusedLabel = (page: Page) => page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''") as Promise<string>

describeInBrowser('the event day on the Event tab', () => {
  it('runs a 16-player event from the checked profile: rosters, round 1, results typed and from a slip, standings; axe clean', async () => {
    const dir = tmp()
    writeRosters(dir)
    const slipOf = (a: string, b: string, forged = false) => gameResultCode(scoreGameFile(bundledEngine(), slipGame(dir, a, b, forged)))
    const app = await appContext('light', { viewport: { width: 1366, height: 768 } })
    try {
      const page = await app.open()
      const look = async (name: string, before?: () => Promise<void>) => expect(await screenshotsEverywhere(page, name, 'light', before)).toEqual([])

      // the profile on the Check view, the 16 submissions chosen, Run this event
      await page.getByRole('button', { name: 'Events', exact: true }).click()
      await page.getByLabel('Event name').fill('Sixteen Cup')
      await page.getByLabel('Event ruleset').selectOption('triumph')
      await page.getByLabel('Rounds planned').fill('5')
      app.dialogs.pick(NAMES.map((n) => join(dir, 'rosters', `${n}.json`)))
      await page.getByRole('button', { name: 'Choose files…' }).click()
      await expect.poll(() => page.getByText('16 roster files chosen').count()).toBe(1)
      await page.getByRole('button', { name: 'Run this event' }).click()
      await page.getByRole('heading', { name: 'Sixteen Cup' }).waitFor()
      expect(await page.getByRole('tab', { name: 'Event day' }).getAttribute('aria-selected')).toBe('true')
      expect(await page.locator('[class*="event-day-head_"]').innerText()).toMatch(/15 players active, 1 held back\s+No round paired yet \(5 planned\)/)
      const entered = page.getByRole('status', { name: 'Rosters entered' })
      expect(await entered.innerText()).toMatch(/16 rosters entered, 1 held back/)
      expect(await entered.innerText()).toMatch(/Active: Ann, Bob, [^]*Oz\s+Pam held back: .+/)
      expect(await page.getByRole('list', { name: 'Why Pam is held back' }).innerText()).not.toBe('')
      await look('event-day-players')

      // Pam's fixed roster: revision 2, active
      app.dialogs.pick([join(dir, 'fixed.json')])
      await page.getByRole('button', { name: 'Add rosters…' }).click()
      await expect.poll(() => entered.innerText()).toMatch(/1 roster entered\s*✕?\s*Active: Pam \(revision 2\)/)
      expect(await page.locator('[class*="event-day-head_"]').innerText()).toMatch(/16 players active\s+No round/)

      // round 1: 8 tables, each with why
      await page.getByRole('tab', { name: 'Rounds' }).click()
      await page.getByRole('button', { name: 'Pair round 1' }).click()
      await page.getByRole('table', { name: 'Round 1 tables' }).waitFor()
      expect(await page.getByRole('table', { name: 'Round 1 tables' }).locator('tbody tr').count()).toBe(8)
      expect(await page.locator('[class*="event-day-head_"]').innerText()).toMatch(/Round 1 of 5/)
      expect(await page.getByRole('button', { name: 'Pair round 2' }).isDisabled()).toBe(true)
      for (const why of await page.locator('[class*="event-day-why_"]').allInnerTexts()) expect(why.trim()).not.toBe('')
      // one slip reader and one paste for the round; the PIN for phones at each table
      expect(await page.getByRole('button', { name: 'Paste a slip code…' }).count()).toBe(1)
      expect(await tableRow(page, 1).locator('[class*="event-day-pin_"]').innerText()).toMatch(/^PIN \S+/)
      await page.getByRole('button', { name: 'Paste a slip code…' }).click()
      await look('event-day-round-entry')

      // table 1 from its slip's code (the second player won, as the slip says): found by the players it names
      const [a1, b1] = await seated(page, 1)
      const slipBox = page.getByLabel(/Result code from a slip of round 1/)
      await slipBox.fill(slipOf(b1, a1))
      await page.getByRole('button', { name: 'Use slip' }).click()
      await expect.poll(() => tableRow(page, 1).innerText()).toMatch(new RegExp(`${b1} beat ${a1}[^]*from a slip`))
      // a forged slip of table 2: refused in words, nothing kept
      const [a2, b2] = await seated(page, 2)
      await page.getByRole('button', { name: 'Paste a slip code…' }).click()
      await slipBox.fill(slipOf(a2, b2, true))
      await page.getByRole('button', { name: 'Use slip' }).click()
      await expect
        .poll(() => page.locator('[class*="event-day-round_"] [class*="event-day-error_"]').first().innerText())
        .toMatch(/^Table 2: .*matches no roster this event holds/)
      expect(await tableRow(page, 2).getByLabel('Winner at table 2').count()).toBe(1)
      await page.getByRole('button', { name: 'Paste a slip code…' }).click()

      // a table found by a player's name, then all shown again
      const [a5] = await seated(page, 5)
      await page.getByLabel('Find a player or table in round 1').fill(a5.slice(0, 3).toLowerCase())
      await expect.poll(() => page.getByRole('table', { name: 'Round 1 tables' }).locator('tbody tr').count()).toBeLessThan(8)
      expect(await tableRow(page, 1).innerText()).toContain(a5)
      await page.getByLabel('Find a player or table in round 1').fill('')

      // the rest typed from the keyboard: the first player wins 4-1, table 8 a draw; Enter saves and the next table's winner has the focus
      await page.getByLabel('Winner at table 2').focus()
      for (let t = 2; t <= 8; t++) {
        const [a, b] = await seated(page, t)
        const row = tableRow(page, t)
        await expect.poll(() => focusedLabel(page)).toBe(`Winner at table ${t}`)
        await row.getByLabel(`Winner at table ${t}`).selectOption(t === 8 ? 'draw' : a)
        await row.getByLabel(`${a}’s score`).fill(t === 8 ? '2' : '4')
        await row.getByLabel(`${b}’s score`).fill(t === 8 ? '2' : '1')
        await row.getByLabel(`${b}’s score`).press('Enter')
        await expect.poll(() => row.innerText()).toMatch(t === 8 ? new RegExp(`${a} and ${b} drew, 2-2`) : new RegExp(`${a} beat ${b}, 4-1`))
        if (t === 5) {
          // halfway: only the tables without a result
          await expect.poll(() => focusedLabel(page)).toBe('Winner at table 6')
          await page.getByLabel('Only tables without a result').check()
          expect(await page.getByRole('table', { name: 'Round 1 tables' }).locator('tbody tr').count()).toBe(3)
          await look('event-day-round-open-only')
          await page.getByLabel('Only tables without a result').uncheck()
          await page.getByLabel('Winner at table 6').focus()
        }
      }
      await expect.poll(() => page.getByRole('button', { name: 'Pair round 2' }).isDisabled()).toBe(false)
      expect(await page.locator('[class*="event-day-round_"] summary').innerText()).toMatch(/all results in/)
      await look('event-day-rounds')

      // results from phones: served on this computer only (the test has no venue network), its link and QR shown
      await page.getByRole('checkbox', { name: /Open to the venue network/ }).uncheck()
      await page.getByRole('button', { name: 'Collect results from phones' }).click()
      const phones = page.getByRole('region', { name: 'Results from phones' })
      await phones.getByRole('img', { name: 'QR code of the results page’s link' }).waitFor()
      expect(await phones.locator('code').innerText()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
      expect(await page.getByRole('heading', { name: /Sixteen Cup/ }).innerText()).toMatch(/collecting results from phones/)
      await look('event-day-phones')
      const link = await phones.locator('code').innerText()
      // leaving the event keeps them served: the list says so
      await page.getByRole('button', { name: '← All events' }).click()
      const collecting = page.locator('[class*="event-day-collecting_"]')
      expect(await collecting.innerText()).toMatch(/Collecting results from phones for Sixteen Cup/)
      // the window reloaded while served (as after a Meshwesh import): the page is still served, and the
      // list says so again, with the event's badge and Stop; its page has the same link and QR back
      await page.reload()
      await page.getByRole('button', { name: 'Events', exact: true }).click()
      await page.getByRole('tab', { name: 'Event day' }).click()
      await collecting.waitFor()
      expect(await collecting.innerText()).toMatch(/Collecting results from phones for Sixteen Cup/)
      expect(
        await page
          .getByRole('row', { name: /Sixteen Cup/ })
          .locator('.badge[class*="collecting_"]')
          .count()
      ).toBe(1)
      await look('event-day-list-collecting')
      await collecting.getByRole('button', { name: 'Open it' }).click()
      await phones.getByRole('img', { name: 'QR code of the results page’s link' }).waitFor()
      expect(await phones.locator('code').innerText()).toBe(link)
      expect(await phones.getByRole('button', { name: 'Stop collecting results' }).getAttribute('aria-pressed')).toBe('true')
      expect(await page.getByRole('heading', { name: /Sixteen Cup/ }).innerText()).toMatch(/collecting results from phones/)
      // stopped on the list
      await page.getByRole('button', { name: '← All events' }).click()
      await collecting.getByRole('button', { name: 'Stop collecting results' }).click()
      await collecting.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Open Sixteen Cup' }).click()
      await page.getByRole('heading', { name: 'Sixteen Cup' }).waitFor()
      expect(await page.getByRole('button', { name: 'Collect results from phones' }).count()).toBe(1)

      // Ann drops, after being asked: never paired again, still in the standings, marked
      await page.getByRole('tab', { name: 'Players' }).click()
      await page.getByRole('button', { name: 'Drop Ann…' }).click()
      await page.getByRole('dialog', { name: 'Drop Ann?' }).getByRole('button', { name: 'Drop player' }).click()
      await expect.poll(() => page.locator('[class*="event-day-head_"]').innerText()).toMatch(/15 players active, 1 dropped/)
      expect(await page.getByRole('button', { name: 'Drop Ann…' }).count()).toBe(0)

      // standings: the 7 winners on 3, the drawn pair on 1, the losers on 0; army, W-D-L and the tie-breaks labelled
      await page.getByRole('tab', { name: 'Standings' }).click()
      const standings = page.getByRole('table', { name: 'Standings' })
      await standings.waitFor()
      expect(await page.locator('[class*="event-day-after_"]').innerText()).toBe('After round 1: all 8 results in')
      const heads = await standings.getByRole('columnheader').allInnerTexts()
      expect(heads.slice(0, 3).map((h) => h.toLowerCase())).toEqual(['rank', 'player', 'army'])
      expect(heads).toContain('W-D-L')
      const scores = (await standings.locator('tbody td[class*="event-day-score-cell_"]').allInnerTexts()).map(Number)
      expect(scores).toHaveLength(16)
      expect(scores.filter((s) => s === 3)).toHaveLength(7)
      expect(scores.filter((s) => s === 1)).toHaveLength(2)
      expect((await standings.locator('tbody td[class*="event-day-wdl_"]').allInnerTexts()).filter((w) => w === '0-1-0')).toHaveLength(2)
      expect(await standings.getByRole('rowheader', { name: /^Ann/ }).innerText()).toMatch(/Ann\s*dropped/)
      await look('event-day-standings')

      // the profile changed on the event's page: the ruleset fixed, the round's length set
      await page.getByRole('button', { name: 'Event profile…' }).click()
      const profile = page.getByRole('dialog', { name: 'Sixteen Cup: event profile' })
      expect(await profile.getByLabel('Event ruleset').isDisabled()).toBe(true)
      await profile.getByLabel('Round length in minutes').fill('100')
      await look('event-day-profile')
      await profile.getByRole('button', { name: 'Save changes' }).click()
      await profile.waitFor({ state: 'detached' })

      // round 2 of 15: a bye, said by name with no table number
      await page.getByRole('tab', { name: 'Rounds' }).click()
      await page.getByRole('button', { name: 'Pair round 2' }).click()
      await page.getByRole('table', { name: 'Round 2 tables' }).waitFor()
      expect(await page.getByRole('table', { name: 'Round 2 tables' }).locator('tbody tr').count()).toBe(7)
      expect(await page.locator('[class*="event-day-bye_"]').innerText()).toMatch(/^Bye: \S+/)
      await look('event-day-round2')
      // once round 2 has a result, its bye counts in the standings, beside W-D-L as the PDF says it
      const bye = (await page.locator('[class*="event-day-bye_"] strong').innerText()).replace(/^Bye:\s*/, '').trim()
      const [a21] = await seated(page, 1, 2)
      await tableRow(page, 1, 2).getByLabel('Winner at table 1').selectOption(a21)
      await tableRow(page, 1, 2).getByRole('button', { name: 'Save the result of table 1' }).click()
      await expect.poll(() => tableRow(page, 1, 2).innerText()).toMatch(new RegExp(`${a21} beat`))
      await page.getByRole('tab', { name: 'Standings' }).click()
      expect(await page.locator('[class*="event-day-after_"]').innerText()).toBe('After round 2: 1 of 7 results in (the round is not over)')
      expect(
        await standings
          .getByRole('row', { name: new RegExp(`\\b${bye}\\b`) })
          .locator('td[class*="event-day-wdl_"]')
          .innerText()
      ).toMatch(/^\d-\d-\d \+1 bye$/)
      await look('event-day-standings-bye')
      await page.getByRole('tab', { name: 'Rounds' }).click()

      // round 1's draw replaced: asked first, warned that round 2 stands on it, the service's warning after
      await page.locator('[class*="event-day-round_"] summary', { hasText: 'Round 1' }).click()
      const [a8, b8] = await seated(page, 8)
      await tableRow(page, 8).getByRole('button', { name: 'Replace the result of table 8…' }).click()
      const asking = page.getByRole('dialog', { name: 'Replace the result of table 8?' })
      expect(await asking.innerText()).toMatch(/Round 2 is already paired on this result/)
      await asking.getByRole('button', { name: 'Replace result' }).click()
      await tableRow(page, 8).getByLabel('Winner at table 8').selectOption(b8)
      await tableRow(page, 8).getByRole('button', { name: 'Save the result of table 8' }).click()
      await expect.poll(() => tableRow(page, 8).innerText()).toMatch(new RegExp(`${b8} beat ${a8}`))
      expect(await tableRow(page, 8).locator('[class*="event-day-warning_"]').innerText()).toMatch(/round 2/i)

      // the projector view of round 2 (the profile's 100 minutes, the bye without a table), closed with Escape
      // (its tables fade in, unless motion is reduced: looked at as they stand)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.getByRole('button', { name: 'Projector' }).click()
      const projector = page.getByRole('dialog', { name: 'Round 2' })
      await projector.waitFor()
      expect(await projector.getByRole('timer').innerText()).toBe('1:40:00')
      expect(await projector.locator('[class*="projector-bye-row_"]').innerText()).toMatch(/^Bye:\s*\S+/)
      await screenshot(page, { path: join(screens, 'event-day-projector-1366x768-light.png') })
      await page.keyboard.press('Escape')
      await projector.waitFor({ state: 'detached' })

      // the published page, as downloaded
      const [published] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Publish page…' }).click()])
      const html = join(dir, 'published.html')
      await published.saveAs(html)
      expect(readFileSync(html, 'utf8')).toContain('Sixteen Cup')

      // Ann reinstated, after being asked: paired again from round 3
      await page.getByRole('tab', { name: 'Players' }).click()
      await page.getByRole('button', { name: 'Reinstate Ann…' }).click()
      const reinstate = page.getByRole('dialog', { name: 'Reinstate Ann?' })
      expect(await reinstate.innerText()).toMatch(/paired again from round 3/)
      await reinstate.getByRole('button', { name: 'Reinstate player' }).click()
      await expect.poll(() => page.locator('[class*="event-day-head_"]').innerText()).toMatch(/16 players active\s/)

      // the list of events
      await page.getByRole('button', { name: '← All events' }).click()
      const events = page.getByRole('region', { name: 'Events' })
      await expect.poll(() => events.innerText()).toMatch(/Sixteen Cup[^]*16[^]*1 of 2 rounds complete/)
      await look('event-day-list')
    } finally {
      await app.dispose()
    }
  })
})
