// axe-core on every screen and dialog, light and dark, in real Chromium: no serious or critical
// violation, and none of the moderate ones players met (landmarks, headings, empty headers, names
// that hide the visible cost). Every finding is written to test-output/axe-report.json to be read.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillLibrary } from '../../bench/rosters'
import { repoRoot } from '../support/engine'
import {
  axeFailures,
  axeViolations,
  chromiumPath,
  newRoster,
  screens,
  screenshot,
  startBrowser,
  stopBrowser,
  waitForStatus,
  withPage,
  type AxeViolation
} from '../support/app'

const report: Record<string, AxeViolation[]> = {}
const failures = axeFailures
const summary = (found: AxeViolation[]) =>
  found.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}; e.g. ${v.nodes[0].target.join(' ')} ${v.nodes[0].failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`
  )

/** Runs axe on the page; what fails is kept, so one run shows every screen's findings. */
async function check(page: Page, failed: string[], name: string) {
  const found = await axeViolations(page)
  report[name] = found
  failed.push(...summary(failures(found)).map((f) => `${name}: ${f}`))
}

describe.skipIf(!chromiumPath)('accessibility (axe-core)', () => {
  beforeAll(startBrowser)
  afterAll(async () => {
    writeFileSync(join(screens, '..', 'axe-report.json'), JSON.stringify(report, null, 2))
    await stopBrowser()
  })

  for (const scheme of ['light', 'dark'] as const) {
    it(`every screen and dialog, ${scheme}`, async () => {
      const failed: string[] = []
      await withPage(scheme, { viewport: { width: 1366, height: 768 } }, async (page, app) => {
        await page.getByRole('heading', { name: 'Welcome to Muster' }).waitFor()
        await check(page, failed, `${scheme}: welcome`)

        await page.getByRole('button', { name: 'New roster' }).first().click()
        await page.getByRole('radio', { name: /Triumph!/ }).check()
        await check(page, failed, `${scheme}: new roster`)
        await page.getByRole('button', { name: 'Cancel' }).click()

        fillLibrary(app.db, 30)
        await newRoster(page, /Triumph!/, 'Early Imperial Roman', { minimums: true, year: '60 AD' })
        await waitForStatus(page, 'Legal')
        await check(page, failed, `${scheme}: editor (Triumph!)`)
        await page.getByRole('radio', { name: 'Detailed' }).check()
        await check(page, failed, `${scheme}: editor detailed (Triumph!)`)

        await page.getByRole('button', { name: 'Print / PDF' }).click()
        await page.getByRole('dialog', { name: 'Print / Export PDF' }).waitFor()
        await check(page, failed, `${scheme}: print dialog`)
        await page.keyboard.press('Escape')

        await page.getByRole('button', { name: 'History' }).click()
        await page.getByRole('dialog', { name: 'Revision history' }).waitFor()
        await check(page, failed, `${scheme}: history dialog`)
        await page.keyboard.press('Escape')

        await page.getByRole('button', { name: 'Share', exact: true }).click()
        await page.getByRole('dialog', { name: 'Share this roster' }).getByRole('textbox', { name: 'Share code' }).waitFor()
        await check(page, failed, `${scheme}: share dialog`)
        await page.keyboard.press('Escape')

        await page.getByRole('button', { name: '← Library' }).click()
        await page.locator('.roster-table tr.clickable').first().waitFor()
        await check(page, failed, `${scheme}: library`)
        await page.getByRole('button', { name: 'Paste code…' }).click()
        const paste = page.getByRole('dialog', { name: 'Paste a share code' })
        await paste.getByRole('textbox').fill('MU1.broken')
        await paste.getByRole('button', { name: 'Add to library' }).click()
        await paste.getByRole('alert').waitFor()
        await check(page, failed, `${scheme}: paste code dialog, with its error`)
        await page.keyboard.press('Escape')

        await page.getByRole('button', { name: 'Armies' }).click()
        await page.getByRole('searchbox').first().waitFor()
        await check(page, failed, `${scheme}: armies`)
        await page
          .getByRole('listbox', { name: 'Armies' })
          .getByRole('option', { name: /Later Carthaginian/ })
          .first()
          .click()
        await page.getByRole('button', { name: /New roster from this army/ }).waitFor()
        await check(page, failed, `${scheme}: army list`)

        await page.getByRole('button', { name: 'Events', exact: true }).click()
        await page.getByLabel('Event name').waitFor()
        await check(page, failed, `${scheme}: event check`)
        await page.getByLabel('Event name').fill('Club night')
        await page.getByLabel('Event ruleset').selectOption('triumph')
        app.dialogs.pick(['triumph-legal', 'triumph-illegal', 'wrg-1969-legal'].map((n) => join(repoRoot, 'examples', `${n}.muster.json`)))
        await page.getByRole('button', { name: 'Choose files…' }).click()
        await page.getByRole('button', { name: 'Check 3 rosters' }).click()
        await page.getByRole('status').filter({ hasText: 'Club night' }).waitFor()
        await check(page, failed, `${scheme}: event report`)

        // an illegal roster, its issues in red, and the library's import report and trash
        await page.getByRole('button', { name: 'Library' }).click()
        app.dialogs.pick([join(repoRoot, 'examples', 'wrg-1969-illegal.muster.json'), join(repoRoot, 'package.json')])
        await page.getByRole('button', { name: 'Import…' }).click()
        await page.getByRole('status', { name: 'Import report' }).waitFor()
        await check(page, failed, `${scheme}: library import report`)
        await page
          .getByRole('button', { name: /^Open Legion with borrowed elephants/ })
          .first()
          .click()
        await waitForStatus(page, 'Illegal')
        await check(page, failed, `${scheme}: editor, illegal (WRG 1969)`)
        await page.getByRole('button', { name: '← Library' }).click()
        await page.getByRole('button', { name: 'Trash' }).click()
        await check(page, failed, `${scheme}: trash`)
        expect(failed).toEqual([])
      })
    })
  }

  it('Print and History dialogs by keyboard alone: focus goes in, stays in, Escape closes, focus comes back', () =>
    withPage('light', { viewport: { width: 1366, height: 768 } }, async (page, app) => {
      await newRoster(page, /Triumph!/, 'Early Imperial Roman', { minimums: true, year: '60 AD' })
      await waitForStatus(page, 'Legal')
      const focused = () =>
        page.evaluate(
          `(() => { const a = document.activeElement; return (a.closest('dialog') ? 'in dialog: ' : '') + (a.getAttribute('aria-label') || a.textContent.trim() || a.tagName) })()`
        ) as Promise<string>

      const print = page.getByRole('button', { name: 'Print / PDF' })
      await print.focus()
      await page.keyboard.press('Enter')
      const printDialog = page.getByRole('dialog', { name: 'Print / Export PDF' })
      await printDialog.waitFor()
      expect(await focused()).toMatch(/^in dialog: /)
      // Tab round the dialog more than once: focus never leaves it
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab')
        expect(await focused()).toMatch(/^in dialog: /)
      }
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Shift+Tab')
        expect(await focused()).toMatch(/^in dialog: /)
      }
      // choose unit cards with the arrow keys and save the PDF from the keyboard
      await printDialog.getByRole('radio', { name: /Roster sheet/ }).focus()
      await page.keyboard.press('ArrowDown')
      expect(await printDialog.getByRole('radio', { name: /Unit reference cards/ }).isChecked()).toBe(true)
      await printDialog.getByRole('button', { name: 'Save PDF' }).focus()
      await page.keyboard.press('Enter')
      await printDialog
        .getByRole('status')
        .filter({ hasText: /check code/ })
        .waitFor()
      expect(app.dialogs.asked.at(-1)).toMatchObject({ save: { defaultName: expect.stringMatching(/-cards\.pdf$/) } })
      await page.keyboard.press('Escape')
      await printDialog.waitFor({ state: 'detached' })
      expect(await focused()).toBe('Print / PDF')

      const history = page.getByRole('button', { name: 'History' })
      await history.focus()
      await page.keyboard.press('Enter')
      const historyDialog = page.getByRole('dialog', { name: 'Revision history' })
      await historyDialog.waitFor()
      expect(await focused()).toBe('in dialog: Close')
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab')
        expect(await focused()).toMatch(/^in dialog: /)
      }
      await screenshot(page, { path: join(screens, 'history-dialog-1366x768-light.png') })
      await page.keyboard.press('Escape')
      await historyDialog.waitFor({ state: 'detached' })
      expect(await focused()).toBe('History')
      // and Close by keyboard returns focus the same way
      await page.keyboard.press('Enter')
      await historyDialog.waitFor()
      await page.keyboard.press('Enter') // Close has the focus
      await historyDialog.waitFor({ state: 'detached' })
      expect(await focused()).toBe('History')
    }))

  it('at 1366x768 the editor bar is one line for every ruleset and its longest army name, and points never wrap', () =>
    withPage('light', { viewport: { width: 1366, height: 768 } }, async (page, app) => {
      const heights = (selector: string) =>
        page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.getBoundingClientRect().height)`) as Promise<number[]>
      for (const [ruleset, army] of [
        [/Commands & Colors/, 'Early Imperial Roman'],
        [/Triumph!/, 'Later Carthaginian'],
        [/Mark 2/, 'Early Imperial Roman'],
        [/Portable Wargame/, 'Roman'],
        [/WRG Ancient Wargames Rules \(1969\)/, 'Early Imperial Roman']
      ] as const) {
        await newRoster(page, ruleset, army)
        await page.locator('[class*="points-text_"]').waitFor()
        const middles = (await page.evaluate(
          `[...document.querySelectorAll('[class*="editor-bar_"] > button, [class*="editor-bar_"] > [class*="save-state_"]')].map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 8) })`
        )) as number[]
        expect(new Set(middles).size, `${ruleset}: the bar's buttons on one line`).toBe(1)
        expect(Math.max(...(await heights('[class*="editor-bar_"] > button'))), `${ruleset}: no button wraps its words`).toBeLessThan(36)
        expect(Math.max(...(await heights('[class*="points-text_"]'))), `${ruleset}: the points on one line`).toBeLessThan(40)
        await page.getByRole('button', { name: '← Library' }).click()
      }
      await screenshot(page, { path: join(screens, 'library-1366x768-light.png') })
      // the library's toolbar is one line too, with a tag filter shown
      await app.handlers.setTags((await app.handlers.listRosters({ limit: 1 })).rows[0].id, ['club night'])
      await page.reload()
      await page.getByLabel('Tag filter').waitFor()
      const toolbar = (await page.evaluate(
        `[...document.querySelectorAll('[class*="library_"] .toolbar > *:not([hidden])')].map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 8) })`
      )) as number[]
      expect(new Set(toolbar).size, 'the library toolbar on one line').toBe(1)
      // five new rosters with nothing in them yet: unfinished but the Portable one (its only minimum, a
      // commander, is customary: a warning, issue 39), none of them red
      expect(await page.locator('.roster-table .badge.todo').allInnerTexts()).toEqual(Array(4).fill('unfinished'))
      expect(await page.locator('.roster-table .badge.bad').count()).toBe(0)
      const points = await heights('.roster-table td.num')
      expect(points.length).toBe(5)
      expect(Math.max(...points)).toBeLessThan(45)
    }))
})
