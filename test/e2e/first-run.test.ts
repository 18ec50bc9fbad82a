// First run, in real Chromium over a new (empty) library file: the welcome, its samples, and a new
// roster that opens unfinished rather than red.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { armyOption, describeInBrowser, issues, screens, screenshot, waitForStatus, withPage } from '../support/app'

describeInBrowser('first run', () => {
  it('an empty library welcomes: the three jobs and a sample of every ruleset (1366x768, light and dark)', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await withPage(scheme, { viewport: { width: 1366, height: 768 } }, async (page) => {
        await page.getByRole('heading', { name: 'Welcome to Muster' }).waitFor()
        for (const job of ['Build an army', 'Check an event', 'Print for the table']) await page.getByRole('heading', { name: job }).waitFor()
        const samples = page.getByRole('list', { name: 'Or start from a sample army' }).getByRole('listitem')
        await samples.first().waitFor()
        const text = await samples.allInnerTexts()
        for (const ruleset of ['Triumph!', 'WRG Ancient Wargames Rules (1969)', 'Ancient Wargames Rules Mark 2', 'Commands & Colors', 'The Portable Wargame']) {
          expect(
            text.some((t) => t.toUpperCase().includes(ruleset.toUpperCase())),
            ruleset
          ).toBe(true)
        }
        await screenshot(page, { path: join(screens, `first-run-1366x768-${scheme}.png`) })
      })
    }
  })

  it('a sample becomes the first roster in one click; New roster asks for a ruleset, says what Create needs, remembers the ruleset; a new roster opens unfinished, not illegal', () =>
    withPage('light', { viewport: { width: 1366, height: 768 } }, async (page) => {
      await page
        .getByRole('button', { name: /^Start from this: .* \(Triumph!\)$/ })
        .first()
        .click()
      await page.getByLabel('Roster name').waitFor()
      await waitForStatus(page, 'Legal')
      await page.getByRole('button', { name: '← Library' }).click()
      await expect.poll(() => page.locator('p.count').innerText()).toMatch(/^1 roster\b/)

      await page.getByRole('button', { name: 'New roster' }).first().click()
      // nothing chosen for the user the first time, and Create says what it needs
      expect(await page.getByRole('radio', { checked: true, name: /Triumph|WRG|Mark 2|Commands|Portable/ }).count()).toBe(0)
      const create = page.getByRole('button', { name: 'Create' })
      expect(await create.isDisabled()).toBe(true)
      expect(await create.getAttribute('aria-describedby')).toBe('create-needs')
      expect(await page.locator('#create-needs').innerText()).toBe('To create a roster, choose a ruleset, then an army.')
      await page.getByRole('radio', { name: /Mark 2/ }).check()
      expect(await page.locator('#create-needs').innerText()).toBe('To create the roster, choose an army from the list.')
      await screenshot(page, { path: join(screens, 'new-roster-needs-1366x768-light.png') })
      await page
        .getByRole('listbox', { name: 'Armies' })
        .getByRole('option', { name: armyOption('Early Imperial Roman') })
        .first()
        .click()
      await create.click()
      await page.getByLabel('Roster name').waitFor()
      // an empty roster lacks its commander: a to-do, not a red verdict
      await waitForStatus(page, 'Unfinished')
      await expect.poll(() => issues(page)).toMatch(/^1 to do/)
      expect(await page.getByRole('list', { name: 'Still to add' }).innerText()).toMatch(/needs at least one commander/)
      await screenshot(page, { path: join(screens, 'new-roster-unfinished-1366x768-light.png') })
      await page
        .getByRole('button', { name: /^Add Commander/ })
        .first()
        .click()
      await page
        .getByRole('button', { name: /^Add Heavy infantry/ })
        .first()
        .click()
      await waitForStatus(page, 'Legal')
      await page.getByRole('button', { name: '← Library' }).click()

      // the next new roster starts in the ruleset of the last one
      await page.getByRole('button', { name: 'New roster' }).first().click()
      expect(await page.getByRole('radio', { name: /Mark 2/ }).isChecked()).toBe(true)
    }))
})
