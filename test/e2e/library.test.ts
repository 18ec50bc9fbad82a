// The library at any size, in real Chromium over a real library file: every roster reachable by
// scrolling (a virtualised list, the store paging underneath), counts that match what can be reached.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { fillLibrary } from '../../bench/rosters'
import { describeInBrowser, screens, screenshot, withApp } from '../support/app'

const countLine = (page: Page) => page.locator('p.count').innerText()
/** Scrolls the library's list to its end and waits for the row of `name` to be drawn. */
async function scrollToEnd(page: Page, name: string) {
  const row = page.getByRole('row', { name: new RegExp(`^${name}\\b`) })
  await expect
    .poll(async () => {
      await page.evaluate(`(() => { const el = document.querySelector('[class*="roster-scroll_"]'); el.scrollTop = el.scrollHeight })()`)
      return row.count()
    })
    .toBeGreaterThan(0)
  await row.waitFor()
}
const scrollTop = (page: Page) => page.evaluate(`document.querySelector('[class*="roster-scroll_"]').scrollTop`)

describeInBrowser('library at any size', () => {
  it('10,000 rosters: the count says 10,000, scrolling reaches the last one; search and filters over all of them', () =>
    withApp('light', { viewport: { width: 1366, height: 768 } }, async (app) => {
      fillLibrary(app.db, 10_000)
      const last = (await app.handlers.listRosters({ sort: 'updated', limit: 1, offset: 9_999 })).rows[0]
      const page = await app.open()
      await expect.poll(() => countLine(page)).toMatch(/^10,000 rosters/)
      // only a screenful of rows is drawn, however long the library
      expect(await page.locator('tr.clickable').count()).toBeLessThan(80)
      expect(await page.getByRole('table').getAttribute('aria-rowcount')).toBe('10001')
      await scrollToEnd(page, last.name)
      expect(await page.getByRole('row', { name: new RegExp(`^${last.name}\\b`) }).getAttribute('aria-rowindex')).toBe('10001')
      await screenshot(page, { path: join(screens, 'library-10000-end-1366x768-light.png') })

      // search: a quarter of the names say "for Salute"; the last of them is reachable too
      await page.getByRole('searchbox', { name: 'Search the library' }).fill('salute')
      await expect.poll(() => countLine(page)).toMatch(/^2,500 rosters/)
      const lastSalute = (await app.handlers.searchRosters('salute', { limit: 1, offset: 2_499 })).rows[0]
      await scrollToEnd(page, lastSalute.name)
      // a new query starts at its top
      await page.getByRole('combobox', { name: 'Legality filter' }).selectOption('illegal')
      const illegal = (await app.handlers.searchRosters('salute', { valid: false, limit: 1 })).total
      await expect.poll(() => countLine(page)).toMatch(new RegExp(`^${illegal.toLocaleString('en')} rosters`))
      expect(await scrollTop(page)).toBe(0)
      expect(await page.locator('tr.clickable .badge.ok').count()).toBe(0)
      await page.getByRole('searchbox', { name: 'Search the library' }).fill('')
      await page.getByRole('combobox', { name: 'Ruleset filter' }).selectOption('wrg-1969')
      const wrgIllegal = (await app.handlers.listRosters({ valid: false, ruleset: 'wrg-1969', limit: 1 })).total
      await expect.poll(() => countLine(page)).toMatch(new RegExp(`^${wrgIllegal.toLocaleString('en')} rosters`))
      await screenshot(page, { path: join(screens, 'library-10000-filtered-1366x768-light.png') })
    }))
})
