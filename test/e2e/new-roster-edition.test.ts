// New roster chooses the values (data edition) a roster is checked by, in real Chromium over the real
// dispatch: a Triumph! roster made under the 2018 sheet opens with that edition and its prices; the
// default names no edition; a ruleset without editions shows no Values choice.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { armyOption, axeFindings, describeInBrowser, screens, screenshot, waitForStatus, withPage, type App } from '../support/app'

const SHEET_2018 = 'Quick-reference sheet v1.0 (July 2018)'

/** The one roster of a fresh library, as saved. */
async function savedDocument(app: App) {
  const { rows } = await app.handlers.listRosters({ limit: 1 })
  return (await app.handlers.getRoster(rows[0].id)).document
}

/** The New roster form fits the window: Create is on screen without scrolling, Values inside Details. */
async function expectTidy(page: Page, height: number) {
  const create = await page.getByRole('button', { name: 'Create' }).boundingBox()
  expect(create!.y + create!.height).toBeLessThanOrEqual(height)
  const details = await page.getByRole('group', { name: 'Details' }).boundingBox()
  const values = await page.getByLabel('Values').boundingBox()
  expect(values!.x + values!.width).toBeLessThanOrEqual(details!.x + details!.width)
}

const pickHussites = (page: Page) =>
  page
    .getByRole('listbox', { name: 'Armies' })
    .getByRole('option', { name: armyOption('Early Hussite') })
    .first()
    .click()

/** Early Hussite chosen under the 2018 sheet: the form tidy at `height`, axe clean, looked at in `shot`. */
async function hussitesOn2018Sheet(page: Page, height: number, shot: string) {
  await pickHussites(page)
  await page.getByLabel('Values').selectOption({ label: SHEET_2018 })
  await expectTidy(page, height)
  expect(await axeFindings(page)).toEqual([])
  await screenshot(page, { path: join(screens, shot) })
}

describeInBrowser('New roster: the values a roster is checked by', () => {
  it('a Triumph! roster made under the 2018 sheet opens with that edition: War Wagons at 4 points, not 3 (1366x768, light)', () =>
    withPage('light', { viewport: { width: 1366, height: 768 } }, async (page, app) => {
      await page.getByRole('button', { name: 'New roster' }).first().click()
      await page.getByRole('radio', { name: /Triumph!/ }).check()
      const values = page.getByLabel('Values')
      await values.waitFor()
      // the ruleset's own values first and chosen, named as the editor names them; then each edition
      expect(await values.locator('option').allInnerTexts()).toEqual(['Triumph!’s own', "Meshwesh's current troop table", SHEET_2018])
      expect(await values.inputValue()).toBe('')
      expect(await page.getByLabel('Points limit').getAttribute('placeholder')).toBe('48')
      await hussitesOn2018Sheet(page, 768, 'new-roster-edition-1366x768-light.png')

      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByLabel('Roster name').waitFor()
      expect((await savedDocument(app)).edition).toBe('qrs-2018')
      // the editor's Values shows the edition, and the army list and points are priced by it
      await expect.poll(() => page.getByLabel('Data edition').inputValue()).toBe('qrs-2018')
      await waitForStatus(page, 'Unfinished')
      const addWagons = page.getByRole('button', { name: /^Add War Wagons, 4 points each/ }).first()
      await addWagons.click()
      const stands = Number(
        await page
          .getByRole('listitem', { name: /War Wagons$/ })
          .first()
          .getByRole('spinbutton')
          .inputValue()
      )
      await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe(`${4 * stands} / 48 points`)
      await screenshot(page, { path: join(screens, 'new-roster-edition-opened-1366x768-light.png') })
    }))

  it("keeping the ruleset's own values names no edition; a ruleset without editions offers no Values (1920x1080, dark)", () =>
    withPage('dark', { viewport: { width: 1920, height: 1080 } }, async (page, app) => {
      await page.getByRole('button', { name: 'New roster' }).first().click()
      const values = page.getByLabel('Values')
      // asked of a ruleset without editions first, so its answer is in when it is chosen again below
      await page.getByRole('radio', { name: /1969/ }).check()
      await page.getByRole('radio', { name: /Triumph!/ }).check()
      await values.waitFor()
      await hussitesOn2018Sheet(page, 1080, 'new-roster-edition-1920x1080-dark.png')

      // another ruleset: no Values, and coming back starts from the ruleset's own values again
      await page.getByRole('radio', { name: /1969/ }).check()
      await expect.poll(() => values.count()).toBe(0)
      await screenshot(page, { path: join(screens, 'new-roster-no-edition-1920x1080-dark.png') })
      await page.getByRole('radio', { name: /Triumph!/ }).check()
      await expect.poll(() => values.inputValue()).toBe('')
      await pickHussites(page)
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByLabel('Roster name').waitFor()
      expect('edition' in (await savedDocument(app))).toBe(false)
      await expect.poll(() => page.getByLabel('Data edition').inputValue()).toBe('')
    }))
})
