// The event profile form and resubmissions on the Event check screen (real renderer in Chromium, real
// engine). The form: a profile loaded shows every rule (banned armies too), edited with the army
// search, saved as the file it says, and applied by the check. Resubmissions: a folder checked,
// its report saved as JSON, one roster fixed and another changed, the folder checked again against
// the saved report; each resubmission says what changed since, a change beyond what was flagged is
// marked, and the summary counts them. A file that is not a report is refused in words. The HTML
// report of the second check is rendered too (event-report-resubmission.png).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { appContext, axeViolations, describeInBrowser, screens, screenshot, type App } from '../support/app'
import { tempFolders } from '../support/tmp'
import { roman48 } from '../support/fixtures-roman'

const tmp = tempFolders('muster-e2e-resubmit-')

// Early Imperial Roman, 60 AD, 48 points (worked out in test/support/fixtures-roman.ts).
const legal = roman48
const withUnit = (id: string, unit: object) => legal.units.map((u) => (u.id === id ? { ...u, ...unit } : u))

async function openEventCheck(app: App, page: Page, folder: string) {
  await page.getByRole('button', { name: 'Events', exact: true }).click()
  await page.getByLabel('Event name').fill('Club night')
  await page.getByLabel('Event ruleset').selectOption('triumph')
  await page.getByLabel('Event points limit').fill('48')
  await chooseFiles(app, page, folder)
}
/** Choose files… (main's open dialog, a fake answering these paths); each check reads them afresh (and the last report goes once they are chosen). */
async function chooseFiles(app: App, page: Page, folder: string) {
  app.dialogs.pick(['ann', 'bob', 'cy'].map((n) => join(folder, `${n}.muster.json`)))
  await page.getByRole('button', { name: 'Choose files…' }).click()
  await page.getByLabel('Event report').waitFor({ state: 'detached' })
}
const summary = (page: Page) => page.getByRole('status').filter({ hasText: 'Club night' })

describeInBrowser('resubmissions on the Event check screen', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: check, save the JSON report, change a roster, check again against it: the changes are listed`, async () => {
      const dir = tmp()
      const write = (name: string, roster: object) => writeFileSync(join(dir, `${name}.muster.json`), JSON.stringify(roster, null, 2))
      // round 1: Ann has 7 raiders (over the option's 6 and the limit); Bob and Cy are legal
      write('ann', { ...legal, player: 'Ann', units: withUnit('aux', { count: 7 }) })
      write('bob', { ...legal, player: 'Bob' })
      write('cy', { ...legal, player: 'Cy' })
      const app = await appContext(scheme, { viewport: { width: 1366, height: 768 } })
      const page = await app.open()
      await openEventCheck(app, page, dir)
      await expect.poll(() => page.locator('[class*="event-previous_"]').innerText()).toContain('none: resubmissions are not compared')
      await page.getByRole('button', { name: 'Check 3 rosters' }).click()
      await summary(page).waitFor()
      expect(await summary(page).innerText()).toMatch(/3 submissions, 2 legal, 1 illegal/)
      const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save report (JSON)…' }).click()])
      expect(saved.suggestedFilename()).toBe('club-night-report.json')
      const round1 = join(dir, 'round1.json')
      await saved.saveAs(round1)
      // the report as the CLI writes it with --json: rows with each roster as submitted
      expect(
        (JSON.parse(readFileSync(round1, 'utf8')) as { rows: Array<{ document?: { player?: string } }> }).rows.map((r) => r.document?.player).sort()
      ).toEqual(['Ann', 'Bob', 'Cy'])

      // round 2: Ann fixes her raiders (flagged) and moves her year (not flagged); Bob swaps his artillery; Cy sends the same
      write('ann', { ...legal, player: 'Ann', year: 61 })
      write('bob', { ...legal, player: 'Bob', units: withUnit('art', { troop: 'skirmishers' }) })
      await chooseFiles(app, page, dir)
      app.dialogs.pick([round1])
      await page.getByRole('button', { name: 'Previous report…' }).click()
      await expect.poll(() => page.locator('[class*="event-previous_"]').innerText()).toContain('round1.json')
      await page.getByRole('button', { name: 'Check 3 rosters' }).click()
      const since = page.locator('[class*="event-since-summary_"]')
      await expect.poll(() => since.innerText()).toBe('Compared with round1.json: 3 resubmissions: 2 changed (2 beyond what was flagged), 1 the same as before')
      const ann = page.getByRole('list', { name: 'Changes by Ann' })
      expect(await ann.getByRole('listitem').allInnerTexts()).toEqual(['not flagged year: 60 AD → 61 AD', 'unit 5 (Raiders) count: 7 → 4'])
      expect(await page.getByRole('list', { name: 'Changes by Bob' }).innerText()).toBe('not flagged unit 6 (Skirmishers) troop: Artillery → Skirmishers')
      const report = await page.getByLabel('Event report').innerText()
      expect(report).toMatch(/Changed since the last check \(1 beyond what was flagged\)\s*· illegal then/)
      expect(report).toContain('Same as at the last check')
      expect(report).toContain('Changed since the last check, beyond what it flagged: year: 60 AD → 61 AD.')
      expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      // looked at: the picker with its file, and the table with the changes under the rows
      await screenshot(page, { path: join(screens, `event-resubmission-picker-1366x768-${scheme}.png`) })
      await summary(page).scrollIntoViewIfNeeded()
      await page.evaluate(
        `document.querySelector('section[aria-label=Event]').scrollTop += document.querySelector('[class*="event-report_"]').getBoundingClientRect().top - 60`
      )
      await screenshot(page, { path: join(screens, `event-resubmission-1366x768-${scheme}.png`) })

      // remembered for the session's re-checks: new files, the same previous report
      await chooseFiles(app, page, dir)
      await page.getByRole('button', { name: 'Check 3 rosters' }).click()
      await expect.poll(() => since.innerText()).toContain('3 resubmissions: 2 changed')

      if (scheme === 'light') {
        // the HTML report of the same check, as exported, in the browser
        const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export HTML' }).click()])
        const htmlFile = join(dir, 'report.html')
        await html.saveAs(htmlFile)
        const view = await app.context.newPage()
        await view.setViewportSize({ width: 1366, height: 768 })
        await view.setContent(readFileSync(htmlFile, 'utf8'))
        expect(await view.locator('body').innerText()).toContain('3 resubmissions: 2 changed (2 beyond what was flagged), 1 the same as before')
        await screenshot(view, { path: join(screens, 'event-report-resubmission.png'), fullPage: true })
        await view.close()

        // a file that is not a report: refused in words, the table goes; cleared, the check runs uncompared
        const profile = join(dir, 'club.event.json')
        writeFileSync(profile, JSON.stringify({ format: 'muster-event', version: 1, name: 'Club night', ruleset: 'triumph' }))
        app.dialogs.pick([profile])
        await page.getByRole('button', { name: 'Previous report…' }).click()
        await page.getByRole('button', { name: 'Check 3 rosters' }).click()
        const alert = page.getByRole('alert')
        await expect
          .poll(() => alert.innerText())
          .toContain('club.event.json: this is the event profile, not the report of a check (after a check, Save report (JSON)… writes one)')
        expect(await page.getByLabel('Event report').count()).toBe(0)
        await page.getByRole('button', { name: 'Clear the previous report club.event.json' }).click()
        await page.getByRole('button', { name: 'Check 3 rosters' }).click()
        await summary(page).waitFor()
        expect(await page.locator('[class*="event-since-summary_"]').count()).toBe(0)
        expect(await page.locator('[class*="event-since-row_"]').count()).toBe(0)
      }
      await app.dispose()
    })
  }
})

describeInBrowser('the event profile form on the Event check screen', () => {
  // Every rule the schema has (issue 41 §5): the day's rules too, and one this Muster does not know... as a later one might write.
  const profile = {
    format: 'muster-event',
    version: 1,
    name: 'Club night',
    date: '2026-05-12',
    ruleset: 'triumph',
    pointsLimit: 48,
    dates: { from: -200, to: 200 },
    armies: { banned: ['early-imperial-roman'], categories: ['Roman'] },
    allies: false,
    battleCards: { banned: ['SC'] },
    requiredFields: ['player', 'year'],
    dataVersion: '1.4.0',
    rounds: 5,
    scoring: { win: 10, draw: 5, loss: 1 },
    tiebreaks: ['pointsDestroyed', 'opponentsScore'],
    constraints: { clubApart: true, fixedTables: [{ player: 'Ann', table: 1 }] },
    players: [{ name: 'Ann', club: 'Deal Wargames', country: 'England' }]
  }
  const views = [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 }
  ]
  for (const viewport of views)
    for (const scheme of ['light', 'dark'] as const) {
      const size = `${viewport.width}x${viewport.height}`
      const full = size === '1366x768' && scheme === 'light'
      it(`${size} ${scheme}: a loaded profile shows every rule${full ? '; edited, saved and applied by the check' : ''}; axe clean`, async () => {
        const dir = tmp()
        writeFileSync(join(dir, 'club.event.json'), JSON.stringify(profile))
        const app = await appContext(scheme, { viewport })
        const page = await app.open()
        await page.getByRole('button', { name: 'Events', exact: true }).click()
        await page.getByLabel('Load event profile').setInputFiles(join(dir, 'club.event.json'))
        await expect.poll(() => page.getByLabel('Event name').inputValue()).toBe('Club night')
        const banned = page.getByRole('list', { name: 'Banned armies' })
        expect(await banned.innerText()).toMatch(/Early Imperial Roman/)
        expect(await page.getByLabel('Event date').inputValue()).toBe('2026-05-12')
        expect(await page.getByLabel('Period from').inputValue()).toBe('200 BC')
        expect(await page.getByLabel('Army pool: categories').inputValue()).toBe('Roman')
        expect(await page.getByLabel('Banned battle cards').inputValue()).toBe('SC')
        expect(await page.getByRole('checkbox', { name: 'Allied contingents allowed' }).isChecked()).toBe(false)
        expect(await page.getByRole('checkbox', { name: 'its year' }).isChecked()).toBe(true)
        expect(await page.getByLabel('Event data version').inputValue()).toBe('1.4.0')
        expect(await page.getByLabel('Rounds planned').inputValue()).toBe('5')
        expect(await page.getByLabel('Points for a win').inputValue()).toBe('10')
        expect(await page.getByLabel('Tie-break 1').inputValue()).toBe('pointsDestroyed')
        expect(await page.getByLabel('Tie-break 3').inputValue()).toBe('')
        expect(await page.getByRole('checkbox', { name: 'players of one club' }).isChecked()).toBe(true)
        expect(await page.getByLabel('Fixed table 1: player').inputValue()).toBe('Ann')
        expect(await page.getByLabel('Player 1: club').inputValue()).toBe('Deal Wargames')
        expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
        await screenshot(page, { path: join(screens, `event-profile-${size}-${scheme}.png`) })
        // the form's lower rules, scrolled to
        await page.getByRole('button', { name: 'Save profile…' }).scrollIntoViewIfNeeded()
        await screenshot(page, { path: join(screens, `event-profile-lower-${size}-${scheme}.png`) })
        if (full) {
          // ban Marian Roman with the search (Enter takes the only match), allow it back out; Early Imperial Roman unbanned
          await page.getByLabel('Search armies to ban').fill('marian')
          await page.getByLabel('Search armies to ban').press('Enter')
          await expect.poll(() => banned.innerText()).toMatch(/Marian Roman/)
          await page.getByRole('button', { name: /^Remove .*Early Imperial Roman from banned armies$/ }).click()
          await page.getByLabel('Search armies to allow').fill('roman')
          await page.getByLabel('Search armies to allow').press('ArrowDown')
          await screenshot(page.locator('[class*="army-multi_"]').first(), { path: join(screens, 'event-profile-army-search.png') })
          await page.getByRole('listbox', { name: 'Armies to allow' }).press('Enter')
          expect(await page.getByRole('list', { name: 'Allowed armies' }).getByRole('listitem').count()).toBe(1)
          await page.getByLabel('Tie-break 1').selectOption('headToHead')
          const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save profile…' }).click()])
          const file = join(dir, 'saved.json')
          await saved.saveAs(file)
          const written = JSON.parse(readFileSync(file, 'utf8')) as typeof profile & { armies: { allowed: string[] } }
          expect(written.armies.banned).toEqual(['marian-roman-111a'])
          expect(written.armies.allowed).toHaveLength(1)
          expect(written.tiebreaks).toEqual(['headToHead', 'opponentsScore'])
          expect({ ...written, armies: undefined, tiebreaks: undefined }).toEqual({ ...profile, armies: undefined, tiebreaks: undefined })
          // the check applies the profile as shown: Marian Roman banned
          writeFileSync(join(dir, 'cy.muster.json'), JSON.stringify({ ...legal, army: 'marian-roman-111a', year: -100, player: 'Cy', units: [] }))
          app.dialogs.pick([join(dir, 'cy.muster.json')])
          await page.getByRole('button', { name: 'Choose files…' }).click()
          await page.getByRole('button', { name: 'Check 1 roster' }).click()
          await expect.poll(() => page.getByLabel('Event report').innerText()).toMatch(/Marian Roman[\s\S]*banned/i)
        }
        await app.dispose()
      })
    }
})
