// The army lists in the built renderer in real headless Chromium, over the app's own wiring (real
// engine, real SQLite file): the army browser, the army list in the editor (what cannot be taken,
// search, keyboard), a roster built from scratch with the list, a 40-unit army on one screen, an
// allied contingent taken whole. Screenshots go to test-output/screens/ to be looked at.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { describeInBrowser, EVERY_LOOK, newRoster, screens, screenshot, waitForStatus, withApp, withPage } from '../support/app'
import type { RosterDocument } from '../../src-main/store/types'
import { wrgRoster } from '../../bench/rosters'

describeInBrowser('army lists in Chromium', () => {
  it('army browser: filters by year and era, opens an army list with options and why they are restricted', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await withPage(scheme, {}, async (page) => {
        await page.getByRole('button', { name: 'Armies' }).click()
        await page.getByRole('button', { name: /WRG Ancient Wargames Rules \(1969\)/ }).click()
        await page.getByLabel('Fielded in year').fill('55 BC')
        // each option: the army's name, then its dates, era and nation
        const armies = (await page.getByRole('listbox', { name: 'Armies' }).locator('[class*="army-name_"]').allInnerTexts()).map((t) =>
          t.replace(/\s+/g, ' ').trim()
        )
        expect(armies).toContain('Ancient British')
        expect(armies).not.toContain('Early Imperial Roman')
        await page.getByLabel('Fielded in year').fill('')
        await page.getByRole('button', { name: /Triumph!/ }).click()
        await page.getByLabel('Search armies').fill('carthaginian')
        await screenshot(page, { path: join(screens, `army-browser-${scheme}.png`) })
        await page
          .getByRole('listbox', { name: 'Armies' })
          .getByRole('option', { name: /Later Carthaginian, not in Spain or Italy/ })
          .click()
        await page.getByRole('heading', { name: 'Later Carthaginian, not in Spain or Italy' }).waitFor()
        const options = await page.locator('table[class*="options_"]').first().innerText()
        expect(options).toContain('available 275-236 BC')
        expect(options).toContain('battle line')
        expect(await page.getByRole('list', { name: 'Army facts' }).innerText()).toMatch(/Invasion rating: 2\s+Maneuver rating: 2\s+Home topography: Arable/)
        await screenshot(page.getByRole('table', { name: 'Battle cards' }), { path: join(screens, `army-list-battle-cards-${scheme}.png`) })
        const cards = await page.getByRole('table', { name: 'Battle cards' }).innerText()
        expect(cards).toMatch(/Fortified Camp \(FC\)\s+the army[^\n]*\s+1 point/)
        expect(cards).toMatch(/Hoplite Deep Formation \(HD\)\s+[^\n]*Greek hoplites\s+free/)
        await screenshot(page, { path: join(screens, `army-list-${scheme}.png`), fullPage: true })
        // Each troop with its profile, as the ruleset labels it.
        expect(options).toMatch(/Elephants \(\d+\)\s*Order close · vs foot \d+ · vs mtd \d+/)
        await page.setViewportSize({ width: 1366, height: 768 })
        await screenshot(page, { path: join(screens, `army-list-profiles-1366x768-${scheme}.png`) })
        // A roster from this army: the New roster screen opens with it chosen.
        await page.getByRole('button', { name: 'New roster from this army' }).click()
        await page.getByRole('button', { name: 'Create' }).click()
        await page.getByLabel('Roster name').waitFor()
        expect(await page.locator('[class*="subtitle_"]').innerText()).toBe('Triumph! · Later Carthaginian, not in Spain or Italy')
      })
    }
  })

  it('the army list says what cannot be taken before the click (WRG Carthaginian), searches, hides, shows profiles; adding by keyboard focuses the new unit', async () => {
    for (const [scheme, viewport] of EVERY_LOOK) {
      await withPage(scheme, { viewport }, async (page) => {
        await newRoster(page, /WRG Ancient Wargames Rules \(1969\)/, 'Carthaginian', { year: '218 BC' })
        const panel = page.locator('[class*="options-panel_"]')
        // The shared list's elephants and chariots, which WRG 1969 bars outright, are not offered: the
        // panel says they are left out, and by which rule, before any click.
        await expect
          .poll(() => panel.innerText())
          .toContain(
            'Not in this ruleset: African forest elephants (Elephants only in Hellenic, Persian or Indian armies); Four-horse war chariots of the early period (Chariots only in Persian or British armies).'
          )
        expect(await page.getByRole('button', { name: /^Add (Elephant|Chariot)/ }).count()).toBe(0)
        // Profiles from the ruleset's stats, labelled by the ruleset.
        expect(await panel.innerText()).toMatch(/Move 4 in · Charge 6 in/)
        const size = `${viewport.width}x${viewport.height}`
        await screenshot(page, { path: join(screens, `editor-army-list-${size}-${scheme}.png`) })

        // Keyboard only: Tab to an add button, Enter; focus goes to the new unit's count, typing replaces it.
        const add = page.getByRole('button', { name: /^Add Heavy infantry/ })
        await add.focus()
        await page.keyboard.press('Enter')
        const unit = page.getByRole('listitem', { name: 'Unit 1, Heavy infantry' })
        await expect.poll(() => page.evaluate("document.activeElement?.closest('li[class*=unit_]')?.getAttribute('aria-label')")).toBe('Unit 1, Heavy infantry')
        await page.keyboard.type('24')
        await expect.poll(() => unit.getByRole('spinbutton').inputValue()).toBe('24')
        // barbarian where regulars are forbidden: 24 x 9 points
        await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('216 / 800 points')

        // Search and "hide what I cannot take".
        await page.getByLabel('Search the army list').fill('horse')
        await expect.poll(() => panel.getByRole('button', { name: /^Add Heavy infantry/ }).count()).toBe(0)
        expect(await panel.getByRole('button', { name: /^Add .*(cavalry|horse)/i }).count()).toBeGreaterThan(0)
        await page.getByLabel('Search the army list').fill('')
        await page.getByLabel('Hide what I cannot take').check()
        await expect.poll(() => panel.getByRole('button', { name: /^Add (Elephant|Chariot)/ }).count()).toBe(0)
        await screenshot(page, { path: join(screens, `editor-army-list-hidden-${size}-${scheme}.png`) })
      })
    }
  })

  it('Triumph!: a 48-point Marian Roman army built from scratch with the list, never seeing an error the list could have foretold', async () => {
    await withPage('light', { viewport: { width: 1366, height: 768 } }, async (page) => {
      await newRoster(page, /Triumph/, 'Marian Roman')
      const panel = page.locator('[class*="options-panel_"]')
      const errors = async () => (await page.getByRole('region', { name: 'Validation' }).innerText()).split('\n')
      // Take each available troop in turn until the points are spent; after every click, the only
      // errors are ones an unfinished army has (minimums, the general, the points), never the added unit's own.
      // The panel is busy while its answer is for an earlier roster: wait for the current answer.
      const settled = () => page.waitForSelector('[class*="options-panel_"][aria-busy="false"]')
      await page
        .getByRole('button', { name: /^Add Elite Foot/ })
        .first()
        .waitFor()
      for (let i = 0; i < 30; i++) {
        await settled()
        const buttons = panel.getByRole('button', { name: /^Add / })
        const enabled = await buttons.evaluateAll((els) => els.filter((e) => !e.hasAttribute('disabled')).map((e) => e.getAttribute('aria-label')))
        if (enabled.length === 0) break
        const before = await page.locator('[class*="points-text_"]').innerText()
        await panel.getByRole('button', { name: enabled[i % enabled.length]!, exact: true }).click()
        await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).not.toBe(before)
        for (const line of await errors())
          expect(line).not.toMatch(/not allowed|cannot be taken as|not on the .* army list|available .* not in|at most .*; the roster has/)
      }
      await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('48 / 48 points')
      // The one thing left is the player's choice the list cannot make: which stand is the general.
      const validation = page.getByRole('region', { name: 'Validation' })
      await expect
        .poll(() => validation.innerText())
        .toMatch(
          /^1 to do\s+TO DO\s+Mark one stand as the general: Marian Roman may have a general of Javelin Cavalry or Elite Foot\.\s+Mark (Javelin Cavalry|Elite Foot)( \d+)? as General\s*$/
        )
      // The to-do settles itself in one click: the list's first general type among the stands taken.
      await validation.getByRole('button', { name: /^Mark .+ as General$/ }).click()
      await waitForStatus(page, 'Legal')
      // and the compact row shows who is the general, as a toggle
      await expect.poll(() => page.locator('li[class*=unit_] [class*="role-toggle_"][aria-pressed="true"]').count()).toBe(1)
      expect(await page.locator('li[class*=unit_] [class*="role-toggle_"][aria-pressed="true"]').innerText()).toBe('★ General')
      await screenshot(page, { path: join(screens, 'editor-triumph-built-1366x768-light.png') })
    })
  })

  it('a 40-unit army fits the screen: compact, one line a unit (12 or more visible at 1366x768), grouped with subtotals; detailed beside it', async () => {
    const forty = wrgRoster(40)
    for (const [scheme, viewport] of EVERY_LOOK) {
      await withApp(scheme, { viewport }, async (app) => {
        await app.handlers.createRoster({ ...forty, name: 'Forty cohorts' } as RosterDocument)
        const page = await app.open()
        await page
          .getByRole('row', { name: /Forty cohorts/ })
          .getByRole('button', { name: 'Open' })
          .click()
        await page
          .getByRole('listitem', { name: 'Unit 40, Heavy infantry' })
          .or(page.getByRole('listitem', { name: /^Unit 40,/ }))
          .waitFor()
        const size = `${viewport.width}x${viewport.height}`
        // Units whose whole line is inside the scrolling pane.
        const visible = () =>
          page.evaluate<number>(`(() => {
          const pane = document.querySelector('[class*="units-pane_"]').getBoundingClientRect()
          return [...document.querySelectorAll('li[class*=unit_]')].filter((li) => {
            const r = li.getBoundingClientRect()
            return r.top >= pane.top && r.bottom <= pane.bottom
          }).length
        })()`)
        expect(await visible()).toBeGreaterThanOrEqual(viewport.height >= 1080 ? 20 : 12)
        // Grouped by troop category, each with its subtotal.
        expect(await page.locator('[class*="group-head_"]').first().innerText()).toMatch(/\d+ units? · \d+ figures? · \d+ points/)
        await screenshot(page, { path: join(screens, `editor-40-compact-${size}-${scheme}.png`) })
        await page.getByRole('radio', { name: 'Detailed' }).check()
        await expect.poll(() => page.locator('li[class*=unit_] select').count()).toBeGreaterThan(0)
        await screenshot(page, { path: join(screens, `editor-40-detailed-${size}-${scheme}.png`) })
        await page.getByRole('radio', { name: 'Compact' }).check()
        // Duplicate puts a copy right after the unit, without its name; a group folds away.
        await page.getByRole('button', { name: /^Copy Unit 2,/ }).click()
        await expect.poll(() => page.locator('li[class*=unit_]').count()).toBe(41)
        const firstGroup = page.locator('[class*="group-toggle_"]').first()
        await firstGroup.click()
        expect(await firstGroup.getAttribute('aria-expanded')).toBe('false')
      })
    }
  })

  it('an allied contingent is taken whole from the army list: its minimums together, with no error of its own', async () => {
    await withPage('light', { viewport: { width: 1366, height: 768 } }, async (page) => {
      await newRoster(page, /Triumph/, 'Early Imperial Roman', { year: '60 AD' })
      const ally = page.locator('details[class*="ally_"]', { has: page.locator('summary', { hasText: /^Allies: Commagenian client allies/ }) })
      await ally.locator(':scope > summary').click()
      await ally.getByRole('button', { name: /^Take Commagenian client allies \(army in Syria\): Later Commagene: its minimums, 3 units/ }).click()
      await expect.poll(() => page.locator('li[class*=unit_]').count()).toBe(3)
      // The contingent's group, with its subtotal; no error about the contingent or its units.
      await expect.poll(() => page.locator('[class*="group-head_"]').first().innerText()).toContain('Commagenian client allies')
      const text = await page.getByRole('region', { name: 'Validation' }).innerText()
      expect(text).not.toMatch(/Later Commagene|not allowed|at most/)
      await expect.poll(() => ally.getAttribute('open')).not.toBeNull()
      await screenshot(page, { path: join(screens, 'editor-contingent-taken-1366x768-light.png') })
    })
  })
})
