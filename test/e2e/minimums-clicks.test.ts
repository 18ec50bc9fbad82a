// A legal army in five clicks in every ruleset (issue 24, item 1): New roster, the ruleset, the army,
// "Start from the list's minimums", Create. Each click is counted as the player makes it; the
// editor must then say Legal, with the points spent as near the limit as the list allows. The
// armies are the ones that failed before: WRG 1969 and Mark 2 Carthaginian and Achaemenid Persian
// ("troop 'chariot' has no cost"), C&C Celtic at 60 (an empty roster), and a Portable army.
// Issue 39, point 5: the army the app builds is the one `muster new --minimums` writes (one service),
// the editor says the army size used and where it comes from, and a ruleset with no size asks for
// one before it builds (C&C: shot at both sizes in both themes, axe clean).
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, pointerAway, SCREEN_SIZES, screens, screenshot, screenshotsEverywhere, waitForStatus, withApp } from '../support/app'
import { musterHere } from '../support/cli'
import type { RosterDocument } from '../../src-main/store/types'

const cases = [
  {
    ruleset: /^Triumph!/,
    id: 'triumph',
    army: 'Early Imperial Roman',
    armyId: 'early-imperial-roman',
    points: '48 / 48 points',
    size: /^Army size 48 points: Triumph!'s set-up sheet/
  },
  {
    ruleset: /WRG Ancient Wargames Rules \(1969\)/,
    id: 'wrg-1969',
    army: 'Carthaginian',
    armyId: 'carthaginian',
    points: '800 / 800 points',
    size: /^Army size 800 points: the competition army of the 1969 rules\./
  },
  {
    ruleset: /WRG Ancient Wargames Rules \(1969\)/,
    id: 'wrg-1969',
    army: 'Achaemenid Persian',
    armyId: 'achaemenid-persian',
    points: '800 / 800 points',
    size: /^Army size 800/
  },
  {
    ruleset: /Mark 2/,
    id: 'wrg-mk2',
    army: 'Achaemenid Persian',
    armyId: 'achaemenid-persian',
    limit: '800',
    points: /^79\d \/ 800 points|800 \/ 800 points$/,
    size: /^Army size 800 points: the limit you gave; .* sets none: the Mark 2 rules take/
  },
  {
    ruleset: /Commands & Colors/,
    id: 'cca-miniatures',
    army: 'Celtic',
    armyId: 'celtic',
    limit: '60',
    points: '60 / 60 points',
    size: /^Army size 60 points: the limit you gave; .* sets none: the variant states no points total/
  },
  {
    ruleset: /Portable Wargame/,
    id: 'portable-ancients',
    army: 'Celtic',
    armyId: 'celtic',
    limit: '40',
    points: '40 / 40 points',
    size: /^Army size 40 points: the limit you gave; .* sets none: the rules set none/
  }
] as const

const SIZES = SCREEN_SIZES

/** Shots at both sizes in both themes, the pointer away (axe in both), back to light at 1366x768 after. */
const shootAll = async (page: Page, state: string) =>
  expect(await screenshotsEverywhere(page, `minimums-${state}`, 'light', pointerAway(page)), state).toEqual([])

describeInBrowser('a legal army from the minimums, in every ruleset', () => {
  it.each(cases.map((c) => [`${c.id} ${c.army}`, c] as const))('%s: five clicks to a legal army, the army muster new writes', (_name, c) =>
    withApp('light', { viewport: SIZES[0] }, async (app) => {
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
          .getByRole('option', { name: new RegExp(`^(\\d\\S* )?${c.army}`) })
          .first()
      )
      const minimums = page.getByRole('radio', { name: /^Start from the list's minimums/ })
      if (c.id === 'cca-miniatures') {
        // No size in the rules: Create asks for one rather than build a lone commander (not a click on the way).
        expect(await page.locator('label.radio', { has: minimums }).innerText()).toMatch(/give the army's size above first: these rules set none/)
        await minimums.check()
        await page.getByRole('button', { name: 'Create' }).click()
        await expect
          .poll(() => page.getByRole('alert').innerText())
          .toMatch(
            /^Commands & Colors.* sets no army size: the variant states no points total.*To start from the list's minimums, give the army's size in points\.$/
          )
        await shootAll(page, 'asks-for-a-size-cca')
      }
      // A ruleset with no default size takes the limit typed (keys, not clicks).
      if ('limit' in c) await page.getByLabel('Points limit').fill(c.limit)
      await click(minimums)
      await click(page.getByRole('button', { name: 'Create' }))
      await waitForStatus(page, 'Legal')
      // The focus lands in the editor, on the army list's search, not nowhere.
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Search the army list')
      // Nothing more to do: no to-do and no error left after those five clicks.
      expect(clicks).toBeLessThanOrEqual(5)
      expect(await page.getByRole('region', { name: 'Validation' }).innerText()).not.toMatch(/TO DO|ERROR/)
      if (typeof c.points === 'string') await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe(c.points)
      else await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toMatch(c.points)
      // The size built to, and where it comes from, said once above the roster.
      expect(await page.getByRole('status', { name: 'About this roster' }).innerText()).toMatch(c.size)
      // The same army `muster new --minimums` writes for the same army and size.
      const row = (await app.handlers.listRosters({ limit: 1 })).rows[0]
      const made = (await app.handlers.getRoster(row.id)).document as RosterDocument
      const cli = await musterHere(['new', '--ruleset', c.id, '--army', c.armyId, '--minimums', ...('limit' in c ? ['--limit', c.limit] : [])])
      expect(JSON.parse(cli.stdout)).toEqual(made)
      if (c.id === 'cca-miniatures') await shootAll(page, 'result-cca')
      else {
        expect(await axeViolations(page)).toEqual([])
        await screenshot(page, { path: join(screens, `minimums-${c.army.toLowerCase().replace(/\W+/g, '-')}-${c.id}-1366x768-light.png`) })
      }
    })
  )
})
