// To-dos that act (issue 24, item 5): clicking an army-wide to-do takes the player to what settles it
// (the army-list offer, the stand to mark), and its own button settles it in one click; the compact
// row shows and toggles the general's or commander's role.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { axeFindings, describeInBrowser, newRoster, screens, screenshot, waitForStatus, withPage } from '../support/app'

describeInBrowser('to-dos that act', () => {
  it('Triumph!: a minimum is one click from its offer and one click from done; the general is marked from the to-do or the row', () =>
    withPage('light', { viewport: { width: 1366, height: 768 } }, async (page) => {
      await newRoster(page, /^Triumph!/, 'Early Imperial Roman', { year: '60 AD' })
      const validation = page.getByRole('region', { name: 'Validation' })
      // A card on an option the roster has no stands of is greyed before the click, saying what to do first.
      const bowmen = page.getByRole('button', { name: 'Take Supporting Bowmen (Auxiliary archers)' })
      await expect.poll(() => bowmen.isDisabled()).toBe(true)
      expect(await bowmen.getAttribute('title')).toBe('Needs stands of Auxiliary archers first.')
      expect(await page.locator('[class*="card-offer_"].barred').first().innerText()).toContain('Needs stands of')
      const todo = validation.getByRole('button', { name: /must field at least 2 stands of Legionary cohorts/ })
      // Clicking the to-do: the focus lands on the army list's button that adds them.
      await todo.click()
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("data-offer")')).toBe('legionaries/elite-foot')
      // Its own button adds them, as the list offers them.
      await validation.getByRole('button', { name: 'Add 2 stands of Elite Foot' }).click()
      await expect.poll(() => todo.count()).toBe(0)
      await expect
        .poll(() =>
          page
            .getByRole('listitem', { name: /, Elite Foot$/ })
            .getByRole('spinbutton')
            .inputValue()
        )
        .toBe('2')
      // Every to-do the army still has settles from its button, until only the points remain.
      for (let i = 0; i < 12; i++) {
        const fix = validation.locator('li.todo [class*="issue-fix_"]').first()
        if ((await fix.count()) === 0) break
        const before = await validation.innerText()
        await fix.click()
        await expect.poll(() => validation.innerText()).not.toBe(before)
      }
      await expect.poll(() => validation.innerText()).not.toMatch(/TO DO/)
      // the general came from its to-do, and its row shows it; the row's toggle moves it
      const marked = page.locator('li[class*=unit_] [class*="role-toggle_"][aria-pressed="true"]')
      await expect.poll(() => marked.count()).toBe(1)
      const other = page.locator('li[class*=unit_] [class*="role-toggle_"][aria-pressed="false"]').first()
      const otherRow = await other.evaluate((b) => b.closest('li[class*=unit_]')?.getAttribute('aria-label'))
      await other.click()
      await expect
        .poll(() =>
          page
            .locator('li[class*=unit_] [class*="role-toggle_"][aria-pressed="true"]')
            .evaluate((b) => b.closest('li[class*=unit_]')?.getAttribute('aria-label'))
        )
        .toBe(otherRow)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, { path: join(screens, 'editor-todos-act-1366x768-light.png') })
    }))

  it('WRG 1969: the General figure the ruleset requires is added from its to-do; unspent points take the player to the army list', () =>
    withPage('dark', { viewport: { width: 1920, height: 1080 } }, async (page) => {
      await newRoster(page, /WRG Ancient Wargames Rules \(1969\)/, 'Carthaginian', { year: '218 BC' })
      const validation = page.getByRole('region', { name: 'Validation' })
      await validation.getByRole('button', { name: /exactly one General figure/ }).click()
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("data-offer")')).toBe('general/general')
      await validation.getByRole('button', { name: 'Add 1 figure of General' }).click()
      await waitForStatus(page, 'Legal')
      await screenshot(page, { path: join(screens, 'editor-todos-act-1920x1080-dark.png') })
    }))
})
