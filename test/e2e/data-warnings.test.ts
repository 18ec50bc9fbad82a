// What start-up left out of the player's data is said in the window, not only in a log no player
// reads (issue 26, review): a user edition named like one Muster ships (qrs-2018) is left out, and
// the first screen says so, in words, until dismissed. With the stock data, no such banner.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { axeFindings, describeInBrowser, screens, screenshot, withPage } from '../support/app'
import { repoRoot } from '../support/engine'
import { appHome } from '../support/app-calls'

// The app's own folders, as main.ts finds them: no Meshwesh catalogue, this data folder.
const { data } = appHome('muster-e2e-data-warnings-')

describeInBrowser('data warnings in the window (issue 26, review)', () => {
  it('a user edition named like a bundled one: the first screen says it was left out, in words, until dismissed', async () => {
    mkdirSync(join(data, 'triumph', 'editions'), { recursive: true })
    const shipped = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'editions', 'qrs-2018.json'), 'utf8')) as object
    writeFileSync(join(data, 'triumph', 'editions', 'qrs-2018.json'), JSON.stringify({ ...shipped, troopTypes: { 'elite-foot': { cost: 2 } } }))
    await withPage(
      'light',
      {
        viewport: { width: 1366, height: 768 },
        data: 'app'
      },
      async (page) => {
        const banner = page.getByRole('status', { name: 'Your data' })
        await banner.waitFor()
        const text = await banner.innerText()
        expect(text).toContain('Some of your data was left out')
        expect(text).toContain("edition 'qrs-2018' has the id of an edition Muster ships")
        expect(text).toContain("so it is left out and Muster's own is used")
        await screenshot(page, { path: join(screens, 'data-warnings-1366x768-light.png') })
        expect(await axeFindings(page)).toEqual([])
        await banner.getByRole('button', { name: 'Dismiss' }).click()
        await banner.waitFor({ state: 'detached' })
      }
    )
  })

  it('with the stock data: no banner', () =>
    withPage('light', { viewport: { width: 1366, height: 768 } }, async (page) => {
      await page.getByRole('button', { name: 'Library', exact: true }).waitFor()
      expect(await page.getByRole('status', { name: 'Your data' }).count()).toBe(0)
    }))
})
