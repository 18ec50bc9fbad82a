// Screen room (issue 24, item 10): the editor's compact rows use the width they have. At 1920 px a
// unit's whole profile is on its line; at 1366 px the unit's name comes first and is never cut; the
// roster's name shows whole in the header. Screenshots at both sizes, light and dark, axe clean.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, chromiumPath, newRoster, screens, startBrowser, stopBrowser, waitForStatus, withApp } from '../support/app'

const sizes = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 }
] as const

const armies = [
  { ruleset: /^Triumph!/, army: 'Marian Roman', name: 'Marian Romans, Salute 2026', file: 'triumph' },
  { ruleset: /WRG Ancient Wargames Rules \(1969\)/, army: 'Carthaginian', name: 'Carthage, club league 2026', file: 'wrg1969' },
  { ruleset: /Commands & Colors/, army: 'Celtic', name: 'Celts of the Boii, campaign', limit: '60', file: 'cca' }
] as const

/** Each compact row's name and line of values, and whether either is cut (drawn narrower than its text). */
const rows = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('.unit-list.compact .unit')].map((li) => {
    const cut = (el) => (el ? el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 : false)
    const name = li.querySelector('.unit-troop')
    const summary = li.querySelector('.unit-summary')
    return { name: name?.textContent ?? '', nameCut: cut(name), summary: summary?.textContent ?? '', summaryCut: cut(summary) }
  })`) as Promise<Array<{ name: string; nameCut: boolean; summary: string; summaryCut: boolean }>>

describe.skipIf(!chromiumPath)('screen room in the editor', () => {
  beforeAll(startBrowser)
  afterAll(stopBrowser)

  const cases = sizes.flatMap((s) => (['light', 'dark'] as const).flatMap((scheme) => armies.map((a) => [`${a.file} ${s.width}x${s.height} ${scheme}`, s, scheme, a] as const)))
  it.each(cases)('%s', (_name, size, scheme, a) =>
    withApp(scheme, { viewport: size }, async (app) => {
      const page = await app.open()
      await newRoster(page, a.ruleset, a.army, { minimums: true, ...('limit' in a ? { limit: a.limit } : {}) })
      await waitForStatus(page, 'Legal')
      await page.getByLabel('Roster name').fill(a.name)
      // The roster's name shows whole in the header (it showed "Marian Roma" at 1366).
      expect(await page.evaluate(`(() => { const el = document.getElementById('roster-name'); return el.scrollWidth <= el.clientWidth + 1 })()`)).toBe(true)
      const shown = await rows(page)
      expect(shown.length).toBeGreaterThan(5)
      // Every unit's name comes first and whole, at both sizes.
      expect(shown.filter((r) => r.nameCut)).toEqual([])
      // At 1920 every unit's whole profile is on its line; at 1366 it may wrap, and most show whole.
      if (size.width >= 1920) expect(shown.filter((r) => r.summaryCut)).toEqual([])
      else expect(shown.filter((r) => r.summaryCut).length).toBeLessThanOrEqual(Math.floor(shown.length / 4))
      // The rows' columns line up from group to group: every count box starts at the same place.
      const steppers = (await page.evaluate(`[...new Set([...document.querySelectorAll('.unit-list.compact .stepper')].map((e) => Math.round(e.getBoundingClientRect().left)))]`)) as number[]
      expect(steppers).toHaveLength(1)
      await page.screenshot({ path: join(screens, `screen-room-${a.file}-${size.width}x${size.height}-${scheme}.png`) })
      expect(await axeViolations(page)).toEqual([])

      // The army's page opens at its top, what the ruleset leaves out of the list said there.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
      await page.getByRole('button', { name: a.ruleset }).first().click()
      await page.getByRole('listbox', { name: 'Armies' }).getByRole('option', { name: new RegExp(`^${a.army}`) }).first().click()
      await page.locator('.army-view').waitFor()
      expect(await page.evaluate(`(() => { const v = document.querySelector('.army-view'); return (v.closest('[class*="pane"]') ?? v).scrollTop })()`)).toBe(0)
      await page.screenshot({ path: join(screens, `screen-room-army-${a.file}-${size.width}x${size.height}-${scheme}.png`) })
      expect(await axeViolations(page)).toEqual([])
    })
  )
})
