// A change the main process could not check (issue 27 review): the header says Not checked and that
// what it shows is from before the change, in both themes; the next change that checks puts the
// verdict back.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, newRoster, screens, screenshot, waitForStatus, withApp } from '../support/app'

describeInBrowser('a change that could not be checked', () => {
  for (const [theme, width, height] of [
    ['light', 1366, 768],
    ['dark', 1920, 1080]
  ] as const) {
    it(`says so in the header (${width}x${height}, ${theme})`, () =>
      withApp(theme, { viewport: { width, height } }, async (app) => {
        const page = await app.open()
        await newRoster(page, /WRG Ancient Wargames Rules \(1969\)/, 'Carthaginian', { year: '218 BC' })
        const validation = page.getByRole('region', { name: 'Validation' })
        await validation.getByRole('button', { name: 'Add 1 figure of General' }).click()
        await waitForStatus(page, 'Legal')
        // The main process's answer fails from here on.
        await page.evaluate(`(() => {
          const bridge = window.muster
          bridge.realEvaluate = bridge.evaluateRoster
          bridge.evaluateRoster = async () => ({ ok: false, error: { code: 'internal', message: 'the checker stopped' } })
        })()`)
        await page
          .getByRole('listitem', { name: /General$/ })
          .getByRole('button', { name: /^More/ })
          .click()
        const header = page.locator('[class*="points-header_"]')
        await expect.poll(() => header.innerText()).toContain('Not checked')
        expect(await header.innerText()).toContain('Latest changes not checked (the checker stopped): what is shown is the last version checked.')
        expect(await page.getByRole('region', { name: 'Validation' }).innerText()).toMatch(
          /^Not checked\s+Latest changes not checked; the last version checked had none\./
        )
        const v = await axeViolations(page)
        expect(v.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
        await screenshot(page, { path: join(screens, `editor-check-failed-${width}x${height}-${theme}.png`) })
        await page.evaluate('window.muster.evaluateRoster = window.muster.realEvaluate')
        await page
          .getByRole('listitem', { name: /General$/ })
          .getByRole('button', { name: /^Fewer/ })
          .click()
        await waitForStatus(page, 'Legal')
        expect(await header.innerText()).not.toContain('Not checked')
      }))
  }
})
