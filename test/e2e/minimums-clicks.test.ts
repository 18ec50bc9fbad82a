// A legal army in five clicks in every ruleset (issue 24, item 1): New roster, the ruleset, the army,
// "Start from the list's minimums", Create. Each click is counted as the player makes it; the
// editor must then say Legal, with the points spent as near the limit as the list allows. The
// armies are the ones that failed before: WRG 1969 and Mark 2 Carthaginian and Achaemenid Persian
// ("troop 'chariot' has no cost"), C&C Celtic at 60 (an empty roster), and a Portable army.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, chromiumPath, screens, startBrowser, stopBrowser, waitForStatus, withApp } from '../support/app'

const cases = [
  { ruleset: /^Triumph!/, army: 'Early Imperial Roman', points: '48 / 48 points' },
  { ruleset: /WRG Ancient Wargames Rules \(1969\)/, army: 'Carthaginian', points: '800 / 800 points' },
  { ruleset: /WRG Ancient Wargames Rules \(1969\)/, army: 'Achaemenid Persian', points: '800 / 800 points' },
  { ruleset: /Mark 2/, army: 'Achaemenid Persian', limit: '800', points: /^79\d \/ 800 points|800 \/ 800 points$/ },
  { ruleset: /Commands & Colors/, army: 'Celtic', limit: '60', points: '60 / 60 points' },
  { ruleset: /Portable Wargame/, army: 'Celtic', limit: '40', points: '40 / 40 points' }
] as const

describe.skipIf(!chromiumPath)('a legal army from the minimums, in every ruleset', () => {
  beforeAll(startBrowser)
  afterAll(stopBrowser)

  it.each(cases.map((c) => [c.army, c] as const))('%s: five clicks to a legal army', (_name, c) =>
    withApp('light', {}, async (app) => {
      const page = await app.open()
      let clicks = 0
      const click = async (what: { click: () => Promise<void> }) => {
        clicks++
        await what.click()
      }
      await click(page.getByRole('button', { name: 'New roster' }).first())
      // New roster opens with the focus on the rulesets (none chosen yet in a new library)
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("type")')).toBe('radio')
      await click(page.getByRole('radio', { name: c.ruleset }))
      await click(
        page
          .getByRole('listbox', { name: 'Armies' })
          .getByRole('option', { name: new RegExp(`^${c.army}`) })
          .first()
      )
      // A ruleset with no default size takes the limit typed (keys, not clicks).
      if ('limit' in c) await page.getByLabel('Points limit').fill(c.limit)
      await click(page.getByRole('radio', { name: /^Start from the list's minimums/ }))
      await click(page.getByRole('button', { name: 'Create' }))
      await waitForStatus(page, 'Legal')
      // The focus lands in the editor, on the army list's search, not nowhere.
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Search the army list')
      // Nothing more to do: no to-do and no error left after those five clicks.
      expect(clicks).toBeLessThanOrEqual(5)
      expect(await page.getByRole('region', { name: 'Validation' }).innerText()).not.toMatch(/TO DO|ERROR/)
      if (typeof c.points === 'string') await expect.poll(() => page.locator('.points-text').innerText()).toBe(c.points)
      else await expect.poll(() => page.locator('.points-text').innerText()).toMatch(c.points)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({
        path: join(screens, `minimums-${c.army.toLowerCase().replace(/\W+/g, '-')}-${String(c.ruleset).replace(/\W+/g, '').slice(0, 12)}-1366x768-light.png`)
      })
    })
  )
})
