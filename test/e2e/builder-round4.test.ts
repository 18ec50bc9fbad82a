// Building, round 4 (issue 39, points 4, 6, 7 and 9), in real Chromium over the real handlers:
// - the army search puts the best match first ("roman": the Roman names, then armies tagged Roman);
// - New roster's refusal is said in the player's words, never under the call's name;
// - "+ Raiders" three times gives one row of 4 stands (2, the option's minimum, then 1 and 1), not three rows;
// - a battle card the points left cannot pay for is greyed with the reason, as a troop is;
// - Ctrl+F in the editor goes to the army list's search.
// Screenshots of the picker and the editor at 1366x768 and 1920x1080, light and dark; axe on each.
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser, pointerAway, SCREEN_SIZES, screenshotsEverywhere, withApp } from '../support/app'

const SIZES = SCREEN_SIZES

/** Screenshots at both sizes in both themes, the pointer away, and axe in both themes: none found. */
const shoot = async (page: Page, state: string) => expect(await screenshotsEverywhere(page, `build4-${state}`, 'light', pointerAway(page)), state).toEqual([])

describeInBrowser('building, round 4 (issue 39)', () => {
  it('search order, a refusal in words, a stepped row, a card the points cannot pay for, Ctrl+F', () =>
    withApp('light', { viewport: SIZES[0] }, async (app) => {
      const page = await app.open()
      await page.getByRole('button', { name: 'New roster' }).first().click()
      await page.getByRole('radio', { name: /^Triumph!/ }).check()

      // Point 4: "roman" found Early Hussite first (tagged Holy Roman), the catalogue's order; now the names first.
      const search = page.getByLabel('Search armies')
      await search.fill('roman')
      const shown = () => page.getByRole('listbox', { name: 'Armies' }).locator('[class*="army-name_"]').allInnerTexts()
      await expect
        .poll(async () => (await shown()).slice(0, 4))
        .toEqual([
          expect.stringMatching(/Early Imperial Roman/),
          expect.stringMatching(/Late Imperial Roman West/),
          expect.stringMatching(/Marian Roman/),
          expect.not.stringMatching(/Roman/)
        ])
      await shoot(page, 'picker-roman')

      // Point 9: the collection cannot field it (it is empty): said in words, not under the call's name.
      await search.fill('115a')
      await search.press('Enter')
      await page.getByLabel('Year', { exact: true }).fill('60 AD')
      await page.getByLabel('Points limit').fill('16')
      await page.getByRole('radio', { name: /^Start from what I own/ }).check()
      await page.getByRole('button', { name: 'Create' }).click()
      const refusal = await page.getByRole('alert').innerText()
      expect(refusal).toMatch(/^Your collection cannot field a legal Early Imperial Roman army/)

      await page.getByRole('radio', { name: /^Start empty/ }).check()
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByLabel('Roster name').waitFor()

      // Point 9: Ctrl+F goes to the army list's search.
      await page.getByLabel('Roster name').focus()
      await page.keyboard.press('Control+f')
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Search the army list')

      // Point 7: three clicks on "+ Raiders" (the first brings the option's minimum of 2), one row of 4 stands.
      const settled = () => page.waitForSelector('[class*="options-panel_"][aria-busy="false"]')
      for (let i = 0; i < 3; i++) {
        await settled()
        await page.getByRole('button', { name: /^Add Raiders/ }).click()
        await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe(`${[8, 12, 16][i]} / 16 points`)
      }
      const raiders = page.getByRole('listitem', { name: /^Unit \d+, Raiders$/ })
      await expect.poll(() => raiders.count()).toBe(1)
      expect(await raiders.getByRole('spinbutton').inputValue()).toBe('4')

      // Point 6: no points left, so the Fortified Camp (1 point) is greyed with the reason, as a troop is.
      await settled()
      const camp = page.getByRole('button', { name: 'Take Fortified Camp (Army)' })
      await expect.poll(() => camp.isDisabled()).toBe(true)
      expect(await page.locator('[class*="card-offer_"].barred').filter({ has: camp }).locator('[class*="offer-reason_"]').innerText()).toBe(
        'Costs 1 point; no points left.'
      )
      await shoot(page, 'editor-stepped-card-greyed')
    }))
})
