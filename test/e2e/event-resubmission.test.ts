// Resubmissions on the Event check screen (real renderer in Chromium, real engine): a folder checked,
// its report saved as JSON, one roster fixed and another changed, the folder checked again against
// the saved report; each resubmission says what changed since, a change beyond what was flagged is
// marked, and the summary counts them. A file that is not a report is refused in words. The HTML
// report of the second check is rendered too (event-report-resubmission.png).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appContext, axeViolations, type App, chromiumPath, screens, startBrowser, stopBrowser } from '../support/app'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-e2e-resubmit-')

// Early Imperial Roman, 60 AD, 48 points (worked out in test/event/resubmission.test.ts).
const legal = {
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  year: 60,
  units: [
    { id: 'g', troop: 'elite-foot', count: 1, general: true },
    { id: 'legio', troop: 'elite-foot', count: 3 },
    { id: 'ala', troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
    { id: 'bh', troop: 'bad-horse', count: 1 },
    { id: 'aux', troop: 'raiders', count: 4 },
    { id: 'art', troop: 'artillery', count: 1 },
    { id: 'lf', troop: 'light-foot', count: 2 }
  ]
}
const withUnit = (id: string, unit: object) => legal.units.map((u) => (u.id === id ? { ...u, ...unit } : u))

async function openEventCheck(app: App, page: Page, folder: string) {
  await page.getByRole('button', { name: 'Event check', exact: true }).click()
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

describe.skipIf(!chromiumPath)('resubmissions on the Event check screen', () => {
  beforeAll(startBrowser)
  afterAll(stopBrowser)

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
      await expect.poll(() => page.locator('.event-previous').innerText()).toContain('none: resubmissions are not compared')
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
      await expect.poll(() => page.locator('.event-previous').innerText()).toContain('round1.json')
      await page.getByRole('button', { name: 'Check 3 rosters' }).click()
      const since = page.locator('.event-since-summary')
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
      await page.screenshot({ path: join(screens, `event-resubmission-picker-1366x768-${scheme}.png`) })
      await summary(page).scrollIntoViewIfNeeded()
      await page.evaluate(`document.querySelector('.event-screen').scrollTop += document.querySelector('.event-report').getBoundingClientRect().top - 60`)
      await page.screenshot({ path: join(screens, `event-resubmission-1366x768-${scheme}.png`) })

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
        await view.screenshot({ path: join(screens, 'event-report-resubmission.png'), fullPage: true })
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
        expect(await page.locator('.event-since-summary').count()).toBe(0)
        expect(await page.locator('.event-since-row').count()).toBe(0)
      }
      await app.dispose()
    })
  }
})
