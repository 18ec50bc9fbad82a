// The collection where armies are chosen and built (issue 25): New roster and the Armies browser keep
// the armies the player's collection fields (issue 39), best covered first, and say the share on each
// row, each army named with its list number; the editor's "only what I own" caps the army list
// by the figures still unused, saying why an offer is held back.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeFindings, describeInBrowser, newRoster, screens, screenshot, screenshotsEverywhere, withPage } from '../support/app'

const shelf = (warband: number) =>
  `window.muster.addCollectionItems([
     { name: 'Gallic warband', count: ${warband}, ruleset: 'triumph', troop: 'warband' },
     { name: 'Gallic slingers', count: 4, ruleset: 'triumph', troop: 'light-foot' }
   ]).then((r) => r.ok)`

/** A new Ancient British roster (Triumph!) open, `warband` stands of Warband owned, the list showing only what I own. */
async function onlyOwnedEditor(page: Page, warband: number): Promise<void> {
  expect(await page.evaluate(shelf(warband))).toBe(true)
  await newRoster(page, /^Triumph!/, 'Ancient British')
  await page.getByRole('checkbox', { name: 'Only what I own' }).check()
}

describeInBrowser('the collection in New roster and the editor', () => {
  it('New roster and Armies: "Armies I can field" keeps the armies the collection fields (whole, or also in part), best covered first, each with its share', () =>
    withPage('dark', { viewport: { width: 1366, height: 768 } }, async (page) => {
      expect(await page.evaluate(shelf(8))).toBe(true)
      await page.getByRole('button', { name: 'New roster' }).first().click()
      await page.getByRole('radio', { name: /^Triumph!/ }).check()
      // Each army named as every output names it: its list number first (issue 39)
      const options = page.getByRole('listbox', { name: 'Armies' }).getByRole('option')
      await expect.poll(() => options.first().innerText()).toMatch(/^2a Akkadian\s/)
      // 8 warband and 4 light foot field no Triumph! army's whole minimum: none listed, and why
      await page.getByRole('checkbox', { name: 'Armies I can field' }).check()
      const count = page.locator('[class*="filters_"] .count')
      await expect.poll(() => count.innerText()).toBe('0 of 49 your collection fields')
      expect(await page.locator('.empty').innerText()).toBe(
        'Your collection fields the whole minimum of none of these armies: tick "also armies I field in part", or add items on the Collection tab.'
      )
      // also in part: 10 of the 49, Ancient British (5 of its 7) first
      await page.getByRole('checkbox', { name: 'also armies I field in part' }).check()
      await expect.poll(() => count.innerText()).toBe('10 of 49 your collection fields, wholly or in part')
      const first = options.first()
      await expect.poll(() => first.innerText()).toMatch(/^119a Ancient British[\s\S]*71% owned/)
      expect(await first.locator('.badge').getAttribute('title')).toBe("Your collection covers 5 of the 7 the list's minimum takes, and 50% of a full army.")
      expect(await screenshotsEverywhere(page, 'new-roster-by-owned', 'dark')).toEqual([])
      // The Armies browser has the same switch: with 2 bad horse more, Ancient British is fielded whole, and alone
      await page.getByRole('button', { name: 'Cancel' }).click()
      expect(
        await page.evaluate(`window.muster.addCollectionItems([{ name: 'British horse', count: 2, ruleset: 'triumph', troop: 'bad-horse' }]).then((r) => r.ok)`)
      ).toBe(true)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
      await page
        .getByRole('navigation', { name: 'Rulesets' })
        .getByRole('button', { name: /^Triumph!/ })
        .click()
      const status = page.locator('.count[role="status"]')
      await expect.poll(() => status.innerText()).toMatch(/^49 of 49 armies/)
      await page.getByRole('checkbox', { name: 'Armies I can field' }).check()
      await expect.poll(() => status.innerText()).toMatch(/^1 of 49 armies your collection fields/)
      expect((await options.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([expect.stringMatching(/^119a Ancient British 100% owned 55 BC/)])
      await page.getByRole('checkbox', { name: 'also armies I field in part' }).check()
      await expect.poll(() => status.innerText()).toMatch(/^13 of 49 armies your collection fields, wholly or in part/)
      expect(await screenshotsEverywhere(page, 'armies-by-owned', 'dark')).toEqual([])
    }))

  it('the editor: only what I own offers what is still unused, and says why not the rest', () =>
    withPage('light', { viewport: { width: 1920, height: 1080 } }, async (page) => {
      await onlyOwnedEditor(page, 5)
      // The list offers its minimum of Warband (5 stands), all 5 owned.
      const warband = page.locator('button[data-offer="warband/warband"]')
      const horse = page.locator('button[data-offer="horse/bad-horse"]')
      await expect.poll(() => horse.isDisabled()).toBe(true)
      const why = (offer: string) => page.locator(`li[class*="troop-offer_"]:has(button[data-offer="${offer}"]) [class*="option-why_"]`).innerText()
      expect(await why('horse/bad-horse')).toBe('You own no Bad Horse (add it on the Collection tab).')
      await expect.poll(() => warband.isDisabled()).toBe(false)
      await warband.click()
      await expect.poll(() => warband.isDisabled()).toBe(true)
      expect(await why('warband/warband')).toBe('You own 5 stands of Warband; all are used.')
      // Off again: the list offers everything the rules allow.
      await page.getByRole('checkbox', { name: 'Only what I own' }).uncheck()
      await expect.poll(() => horse.isDisabled()).toBe(false)
      await page.getByRole('checkbox', { name: 'Only what I own' }).check()
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, { path: join(screens, 'editor-only-owned-1920x1080-light.png') })
    }))

  it("the editor: an offer larger than what is unused is capped at it (3 of the list's usual 5 Warband stands)", () =>
    withPage('dark', { viewport: { width: 1366, height: 768 } }, async (page) => {
      await onlyOwnedEditor(page, 3)
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
