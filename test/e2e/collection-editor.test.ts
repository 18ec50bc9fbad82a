// The collection where armies are chosen and built (issue 25): New roster sorts the armies by what
// the player owns and says the share on each row; the editor's "only what I own" caps the army list
// by the figures still unused, saying why an offer is held back.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, chromiumPath, newRoster, screens, startBrowser, stopBrowser, withApp } from '../support/app'

const shelf = (warband: number) =>
  `window.muster.addCollectionItems([
     { name: 'Gallic warband', count: ${warband}, ruleset: 'triumph', troop: 'warband' },
     { name: 'Gallic slingers', count: 4, ruleset: 'triumph', troop: 'light-foot' }
   ]).then((r) => r.ok)`

describe.skipIf(!chromiumPath)('the collection in New roster and the editor', () => {
  beforeAll(startBrowser)
  afterAll(stopBrowser)

  it('New roster: "by what I own" puts the best covered armies first, each with its share', () =>
    withApp('dark', { viewport: { width: 1366, height: 768 } }, async (app) => {
      const page = await app.open()
      expect(await page.evaluate(shelf(8))).toBe(true)
      await page.getByRole('button', { name: 'New roster' }).first().click()
      await page.getByRole('radio', { name: /^Triumph!/ }).check()
      await page.getByRole('checkbox', { name: /Armies I can field: by what I own/ }).check()
      const first = page.getByRole('listbox', { name: 'Armies' }).getByRole('option').first()
      await expect.poll(() => first.innerText()).toMatch(/^Ancient British[\s\S]*71% owned/)
      expect(await first.locator('.badge.owned').getAttribute('title')).toBe(
        "Your collection covers 5 of the 7 the list's minimum takes, and 50% of a full army."
      )
      const v = await axeViolations(page)
      expect(v.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      await page.screenshot({ path: join(screens, 'new-roster-by-owned-1366x768-dark.png') })
      // The Armies browser has the same switch, and the share beside each army's name.
      await page.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
      await page
        .getByRole('navigation', { name: 'Rulesets' })
        .getByRole('button', { name: /^Triumph!/ })
        .click()
      await page.getByRole('checkbox', { name: /Armies I can field: by what I own/ }).check()
      const top = page.getByRole('listbox', { name: 'Armies' }).getByRole('option').first()
      await expect.poll(() => top.innerText()).toMatch(/^Ancient British[\s\S]*71% owned/)
      await page.screenshot({ path: join(screens, 'armies-by-owned-1366x768-dark.png') })
    }))

  it('the editor: only what I own offers what is still unused, and says why not the rest', () =>
    withApp('light', { viewport: { width: 1920, height: 1080 } }, async (app) => {
      const page = await app.open()
      expect(await page.evaluate(shelf(5))).toBe(true)
      await newRoster(page, /^Triumph!/, 'Ancient British')
      await page.getByRole('checkbox', { name: 'Only what I own' }).check()
      // The list offers its minimum of Warband (5 stands), all 5 owned.
      const warband = page.locator('button[data-offer="warband/warband"]')
      const horse = page.locator('button[data-offer="horse/bad-horse"]')
      await expect.poll(() => horse.isDisabled()).toBe(true)
      const why = (offer: string) => page.locator(`li.troop-offer:has(button[data-offer="${offer}"]) .option-why`).innerText()
      expect(await why('horse/bad-horse')).toBe('You own no Bad Horse (add it on the Collection tab).')
      await expect.poll(() => warband.isDisabled()).toBe(false)
      await warband.click()
      await expect.poll(() => warband.isDisabled()).toBe(true)
      expect(await why('warband/warband')).toBe('You own 5 stands of Warband; all are used.')
      // Off again: the list offers everything the rules allow.
      await page.getByRole('checkbox', { name: 'Only what I own' }).uncheck()
      await expect.poll(() => horse.isDisabled()).toBe(false)
      await page.getByRole('checkbox', { name: 'Only what I own' }).check()
      const v = await axeViolations(page)
      expect(v.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      await page.screenshot({ path: join(screens, 'editor-only-owned-1920x1080-light.png') })
    }))

  it("the editor: an offer larger than what is unused is capped at it (3 of the list's usual 5 Warband stands)", () =>
    withApp('dark', { viewport: { width: 1366, height: 768 } }, async (app) => {
      const page = await app.open()
      expect(await page.evaluate(shelf(3))).toBe(true)
      await newRoster(page, /^Triumph!/, 'Ancient British')
      await page.getByRole('checkbox', { name: 'Only what I own' }).check()
      const warband = page.locator('button[data-offer="warband/warband"]')
      await expect.poll(() => warband.isDisabled()).toBe(false)
      await warband.click()
      await expect
        .poll(() =>
          page
            .getByRole('listitem', { name: /Warband$/ })
            .getByRole('spinbutton')
            .inputValue()
        )
        .toBe('3')
      await expect.poll(() => warband.isDisabled()).toBe(true)
    }))
})
