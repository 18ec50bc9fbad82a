// The ally trap (issue 24, item 2) in the app: at 48/48 an allied contingent is offered on the same
// terms as a unit, greyed with its reason, so one click can no longer make the roster illegal.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { describeInBrowser, newRoster, screens, screenshot, waitForStatus, withApp } from '../support/app'

describeInBrowser('a contingent at the points limit', () => {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080]
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`Triumph! Marian Roman at 48/48: "+ Take Gallic auxiliaries" is greyed, with its reason (${width}x${height} ${scheme})`, () =>
        withApp(scheme, { viewport: { width, height } }, async (app) => {
          const page = await app.open()
          await newRoster(page, /Triumph!/, 'Marian Roman', { minimums: true, year: '100 BC' })
          await waitForStatus(page, 'Legal')
          const ally = page.locator('details[class*="ally_"]', { has: page.locator('summary', { hasText: /^Allies: Gallic auxiliaries/ }) })
          await ally.locator(':scope > summary').click()
          const take = ally.getByRole('button', { name: /^Take Gallic auxiliaries: Gallic auxiliaries: its minimums/ })
          await expect.poll(() => take.isDisabled()).toBe(true)
          expect(await ally.locator('[class*="contingent-offer_"] [class*="option-why_"]').innerText()).toBe('Its minimums cost 9 points; no points left.')
          await take.scrollIntoViewIfNeeded()
          await screenshot(page, { path: join(screens, `editor-contingent-no-points-${width}x${height}-${scheme}.png`) })
        }))
    }
  }
})
