// Rules fidelity round 2 and data editions in the app (real renderer in Chromium, real engine): the
// part of a list a roster chooses, one role one entry (marking the general splits an entry), the data
// edition a roster is checked by, and Recheck… in the library.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, issues, newRoster, screens, screenshot, waitForStatus, waitSaved, withApp } from '../support/app'
import { hussite } from '../support/fixtures-hussite'
import { wrgLegio } from '../support/fixtures-roman'

/** How many Eagle bearer buttons the heavy infantry's entry shows. */
const eagleBearers = (page: Page) =>
  page
    .getByRole('listitem', { name: /Heavy infantry$/ })
    .getByRole('button', { name: /Eagle bearer/ })
    .count()

describeInBrowser('rules round 2, editions and the library recheck in the app', () => {
  it("a list in parts: the roster's part decides which options it may take and which minimums bind", () =>
    withApp('light', {}, async (app) => {
      const page = await app.open()
      await newRoster(page, /Triumph!/, 'Syro-Canaanite and Ugaritic', { minimums: true, year: '1200 BC' })
      // the suggested army is Ugarit, with the Elite Foot only Ugarit takes
      const part = page.getByLabel('Part of the list')
      await expect.poll(() => part.inputValue()).toBe('ugarit')
      await waitForStatus(page, 'Legal')
      await part.selectOption('other')
      await waitForStatus(page, 'Illegal')
      await expect.poll(() => issues(page)).toContain("Elite Foot are only for 'Ugarit'; this roster is for 'Any other'.")
      await screenshot(page, { path: join(screens, 'editor-part-of-list-1366x768-light.png') })
      // no part chosen: still to do, not illegal
      await part.selectOption('')
      await waitForStatus(page, 'Unfinished')
      await expect.poll(() => issues(page)).toContain("Choose which part of the Syro-Canaanite and Ugaritic list this army is: 'Ugarit' or 'Any other'.")
    }))

  it('marking an entry of several stands as the general splits it: the general is one stand, its stepper stops at 1', () =>
    withApp('dark', {}, async (app) => {
      const page = await app.open()
      await newRoster(page, /Triumph!/, 'Early Imperial Roman', { minimums: true, year: '60 AD' })
      await waitForStatus(page, 'Legal')
      await page.getByRole('radio', { name: 'Detailed' }).check()
      const units = page.locator('li[class*=unit_]')
      const elite = () => page.getByRole('listitem', { name: /, Elite Foot$/ })
      // the suggested army's general is the list's first choice (Javelin Cavalry), a stand of its own;
      // make the Elite Foot entry 3 stands
      await expect.poll(() => elite().count()).toBe(1)
      await elite().nth(0).getByRole('spinbutton').fill('3')
      await elite().nth(0).getByRole('spinbutton').press('Tab')
      await expect.poll(() => elite().nth(0).getByRole('spinbutton').inputValue()).toBe('3')
      const before = await units.count()
      // and make that entry the general's: it splits into the general (1 stand) and the other 2
      await elite().nth(0).getByLabel('General').check()
      await expect.poll(() => units.count()).toBe(before + 1)
      await expect.poll(() => elite().count()).toBe(2)
      const marked = await Promise.all([0, 1].map((i) => elite().nth(i).getByLabel('General').isChecked()))
      expect(marked).toEqual([true, false])
      expect(await elite().nth(0).getByRole('spinbutton').inputValue()).toBe('1')
      expect(await elite().nth(0).getByRole('button', { name: /^More/ }).isDisabled()).toBe(true)
      expect(await elite().nth(1).getByRole('spinbutton').inputValue()).toBe('2')
      await expect.poll(() => issues(page)).not.toMatch(/Only one stand can be marked General|cannot be the general/)
      await screenshot(page, { path: join(screens, 'editor-general-split-1366x768-dark.png') })
    }))

  it("the points line chooses the values a roster is checked by: War Wagons at the 2018 sheet's 4 points", () =>
    withApp('light', {}, async (app) => {
      const page = await app.open()
      await newRoster(page, /Triumph!/, 'Early Hussite', { minimums: true })
      await waitForStatus(page, 'Legal')
      await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('48 / 48 points')
      const values = page.getByLabel('Data edition')
      await values.selectOption({ label: 'Quick-reference sheet v1.0 (July 2018)' })
      // The starting army's 6 War Wagons (the general's and 5 more) at 4 instead of 3: 54
      await waitForStatus(page, 'Illegal')
      await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('54 / 48 points')
      // and the army list prices War Wagons as that sheet does
      await expect.poll(() => page.getByRole('button', { name: /^Add War Wagons, 4 points each/ }).count()).toBeGreaterThan(0)
      await screenshot(page, { path: join(screens, 'editor-edition-1366x768-light.png') })
      await values.selectOption('')
      await waitForStatus(page, 'Legal')
    }))

  it('at start, the library marks the rosters new data changed and opens the report; other values are rechecked and taken', () => {
    let fingerprint = 'data as the library last saw it'
    return withApp('dark', { dataFingerprint: () => fingerprint }, async (app) => {
      expect(await app.handlers.dataUpdate()).toEqual({ changed: false, impacts: [] })
      const zizka = await app.handlers.createRoster(hussite)
      await app.handlers.createRoster(wrgLegio)
      // As if Zizka was saved under older data that priced it at 45; then the data changes.
      app.db.prepare('UPDATE rosters SET points = 45 WHERE id = ?').run(zizka.id)
      fingerprint = 'new army lists imported'
      const page = await app.open()
      const report = page.getByRole('dialog', { name: 'The rules data changed' })
      await expect.poll(() => report.innerText()).toContain('1 roster checks differently')
      expect(await report.getByRole('row', { name: /Zizka/ }).innerText()).toMatch(/45\s*→\s*48/)
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
      await screenshot(page, { path: join(screens, 'library-data-changed-1366x768-dark.png') })
      // The library already shows the new result: nothing to update
      expect(await report.getByRole('button', { name: 'Update the library' }).count()).toBe(0)
      await report.getByRole('button', { name: 'Close' }).click()
      // Marked in the list with its new points, and found by the filter
      await expect.poll(() => page.getByRole('row', { name: /Zizka/ }).innerText()).toMatch(/data changed[\s\S]*48 \/ 48/)
      expect(await page.getByRole('row', { name: /Legio/ }).innerText()).not.toContain('data changed')
      const marks = page.getByRole('status', { name: 'Data changed' })
      await expect.poll(() => marks.innerText()).toContain('1 roster is marked “data changed”')
      await marks.getByRole('button', { name: 'Show only these' }).click()
      await expect.poll(() => page.locator('.count').innerText()).toMatch(/^1 roster/)
      // with the legality filter too: Zizka is legal
      await page.getByLabel('Legality filter').selectOption('illegal')
      await expect.poll(() => page.locator('.empty').innerText()).toBe('No roster matches these filters.')
      await page.getByLabel('Legality filter').selectOption('legal')
      await expect.poll(() => page.locator('.count').innerText()).toMatch(/^1 roster/)
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
      await screenshot(page, { path: join(screens, 'library-data-marks-1366x768-dark.png') })
      await page.getByLabel('Legality filter').selectOption('')
      await marks.getByRole('button', { name: 'Clear all marks' }).click()
      await expect.poll(() => page.locator('.count').innerText()).toMatch(/^2 rosters/)
      expect(await marks.count()).toBe(0)
      expect(await page.getByRole('row', { name: /Zizka/ }).innerText()).not.toContain('data changed')

      // The 2018 sheet: War Wagons 4 a stand, 48 -> 51 (3 over the limit); taken for every Triumph! roster.
      await page.getByRole('button', { name: 'Recheck…' }).click()
      const dialog = page.getByRole('dialog', { name: 'Recheck the library' })
      await expect.poll(() => dialog.innerText()).toContain('Every roster checks as it did when it was saved.')
      await dialog.getByLabel('Check with').selectOption({ label: 'Quick-reference sheet v1.0 (July 2018)' })
      await expect.poll(() => dialog.innerText()).toContain('1 roster checks differently under Quick-reference sheet v1.0 (July 2018) (1 no longer legal)')
      expect(await dialog.getByRole('row', { name: /Zizka/ }).innerText()).toContain('The army costs 51 points, 3 over its 48-point limit.')
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
      await page.setViewportSize({ width: 1366, height: 768 })
      await screenshot(page, { path: join(screens, 'library-recheck-values-1366x768-dark.png') })
      // One click switches a whole ruleset: asked first, with the count
      const asked: string[] = []
      page.once('dialog', (d) => {
        asked.push(d.message())
        void d.accept()
      })
      await dialog.getByRole('button', { name: /^Use Quick-reference sheet v1.0 \(July 2018\) for every Triumph! roster/ }).click()
      await expect
        .poll(() => asked)
        .toEqual([expect.stringMatching(/^Switch the Triumph! roster of the library \(not the trash\) to Quick-reference sheet v1.0 \(July 2018\)\?/)])
      await expect
        .poll(() => page.getByRole('status').first().innerText())
        .toContain('1 Triumph! roster now uses Quick-reference sheet v1.0 (July 2018); 1 checks differently, marked “data changed”')
      await expect.poll(() => page.getByRole('row', { name: /Zizka/ }).innerText()).toMatch(/data changed[\s\S]*51 \/ 48[\s\S]*illegal/)
      await screenshot(page, { path: join(screens, 'library-values-taken-1366x768-dark.png') })
    })
  })

  // Issue 39, point 11: the C&C eagle is one of the seed's optional amendments, off for a Marian Roman
  // army unless its player turns it on; a small checkbox among the roster's settings, with its source.
  it('optional rules: the eagle off for Marian Roman, turned on and off again from the points line (light and dark, 1366x768 and 1920x1080)', () =>
    withApp('light', { viewport: { width: 1366, height: 768 } }, async (app) => {
      const page = await app.open()
      await newRoster(page, /Commands & Colors/, 'Marian Roman')
      await page.getByRole('button', { name: /^Add CinC\b/ }).click()
      await page.getByRole('button', { name: /^Add Heavy infantry\b/ }).click()
      // No eagle needed, none marked for the player, and none offered while the rule is off.
      await waitForStatus(page, 'Legal')
      await expect.poll(() => eagleBearers(page)).toBe(0)
      const rules = page.getByRole('group', { name: 'Optional rules' })
      const eagle = rules.getByRole('checkbox', { name: "The legion's eagle" })
      await expect.poll(() => eagle.isChecked()).toBe(false)
      expect(await rules.innerText()).toContain(
        "One of the variant's optional 25mm amendments, written for its author's Early Imperial Roman and Celtic armies."
      )
      expect(await rules.getByRole('checkbox').count()).toBe(1)
      await screenshot(page, { path: join(screens, 'editor-optional-rules-1366x768-light.png') })
      // Turned on: the heavy infantry now needs its eagle.
      await eagle.check()
      await waitForStatus(page, 'Illegal')
      await expect.poll(() => eagleBearers(page)).toBe(1)
      await expect.poll(() => issues(page)).toContain('A Roman army with heavy infantry has exactly one eagle-bearing unit; this roster has 0.')
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
      await page.emulateMedia({ colorScheme: 'dark' })
      await screenshot(page, { path: join(screens, 'editor-optional-rules-on-1366x768-dark.png') })
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
      await page.setViewportSize({ width: 1920, height: 1080 })
      await screenshot(page, { path: join(screens, 'editor-optional-rules-on-1920x1080-dark.png') })
      // Off again: legal, and the roster records no choice (the army's usual).
      await eagle.uncheck()
      await waitForStatus(page, 'Legal')
      await page.emulateMedia({ colorScheme: 'light' })
      await screenshot(page, { path: join(screens, 'editor-optional-rules-1920x1080-light.png') })
      await waitSaved(page)
      const { rows } = await app.handlers.listRosters({ limit: 1 })
      expect((await app.handlers.getRoster(rows[0].id)).document).not.toHaveProperty('amendments')
      // Early Imperial Roman: its three amendments on, as the seed wrote them for it.
      await page.getByRole('button', { name: '← Library' }).click()
      await newRoster(page, /Commands & Colors/, 'Early Imperial Roman')
      await expect.poll(() => page.getByRole('group', { name: 'Optional rules' }).getByRole('checkbox', { checked: true }).count()).toBe(3)
      await screenshot(page, { path: join(screens, 'editor-optional-rules-eir-1920x1080-light.png') })
      await page.setViewportSize({ width: 1366, height: 768 })
      await screenshot(page, { path: join(screens, 'editor-optional-rules-eir-1366x768-light.png') })
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
    }))
})
