// Screen room (issue 24, item 10): the editor's compact rows use the width they have.
// New roster, the editor (with the builder's notice) and the army page are shot at both sizes in both schemes. At 1920 px a
// unit's whole profile is on its line; at 1366 px the unit's name comes first and is never cut; the
// roster's name shows whole in the header. Screenshots at both sizes, light and dark, axe clean.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, newRoster, openArmy, screens, screenshot, waitForStatus, withPage } from '../support/app'

const sizes = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 }
] as const

const armies = [
  { ruleset: /^Triumph!/, army: 'Marian Roman', name: 'Marian Romans, Salute 2026', file: 'triumph' },
  {
    ruleset: /WRG Ancient Wargames Rules \(1969\)/,
    army: 'Gallic',
    name: 'Gauls, club league 2026',
    file: 'wrg1969',
    notice: 'Built at 799 points of 800 points: nothing the list offers fits the 1 point left.'
  },
  { ruleset: /Commands & Colors/, army: 'Celtic', name: 'Celts of the Boii, campaign', limit: '60', file: 'cca' }
] as const

/** Each compact row's name and line of values, and whether either is cut (drawn narrower than its text). */
const rows = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('[class*="unit-list_"].compact [class*="unit_"]')].map((li) => {
    const cut = (el) => (el ? el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 : false)
    const name = li.querySelector('[class*="unit-troop_"]')
    const summary = li.querySelector('[class*="unit-summary_"]')
    const lines = summary ? Math.round(summary.getBoundingClientRect().height / parseFloat(getComputedStyle(summary).lineHeight)) : 0
    return { name: name?.textContent ?? '', nameCut: cut(name), summary: summary?.textContent ?? '', summaryCut: cut(summary), lines }
  })`) as Promise<Array<{ name: string; nameCut: boolean; summary: string; summaryCut: boolean; lines: number }>>

describeInBrowser('screen room in the editor', () => {
  const cases = sizes.flatMap((s) =>
    (['light', 'dark'] as const).flatMap((scheme) => armies.map((a) => [`${a.file} ${s.width}x${s.height} ${scheme}`, s, scheme, a] as const))
  )
  it.each(cases)('%s', (_name, size, scheme, a) =>
    withPage(scheme, { viewport: size }, async (page) => {
      const shoot = (what: string) => screenshot(page, { path: join(screens, `screen-room-${what}-${a.file}-${size.width}x${size.height}-${scheme}.png`) })
      await newRoster(page, a.ruleset, a.army, {
        minimums: true,
        ...('limit' in a ? { limit: a.limit } : {}),
        beforeCreate: async () => {
          await shoot('new-roster')
          expect(await axeViolations(page)).toEqual([])
        }
      })
      await waitForStatus(page, 'Legal')
      // What the builder could not do is said once, above the roster.
      if ('notice' in a) expect(await page.getByRole('status', { name: 'About this roster' }).innerText()).toContain(a.notice)
      await page.getByLabel('Roster name').fill(a.name)
      // The roster's name shows whole in the header (it showed "Marian Roma" at 1366).
      expect(await page.evaluate(`(() => { const el = document.getElementById('roster-name'); return el.scrollWidth <= el.clientWidth + 1 })()`)).toBe(true)
      const shown = await rows(page)
      expect(shown.length).toBeGreaterThanOrEqual(5)
      // Every unit's name comes first and whole, at both sizes.
      expect(shown.filter((r) => r.nameCut)).toEqual([])
      // At 1920 every unit's whole profile is on its line; at 1366 it may wrap, and most show whole.
      if (size.width >= 1920) expect(shown.filter((r) => r.lines !== 1 || r.summaryCut)).toEqual([])
      else expect(shown.filter((r) => r.summaryCut).length).toBeLessThanOrEqual(Math.floor(shown.length / 4))
      // The rows' columns line up from group to group: every count box starts at the same place.
      const steppers = (await page.evaluate(
        `[...new Set([...document.querySelectorAll('[class*="unit-list_"].compact .stepper')].map((e) => Math.round(e.getBoundingClientRect().left)))]`
      )) as number[]
      expect(steppers).toHaveLength(1)
      await shoot('editor')
      expect(await axeViolations(page)).toEqual([])

      // The army's page opens at its top, what the ruleset leaves out of the list said there (an army
      // opened from a link at the foot of another's page: armies-enemies.test.ts).
      await openArmy(page, a.ruleset, a.army)
      const paneTop = () => page.evaluate(`document.querySelector('section[aria-label=Armies]').scrollTop`) as Promise<number>
      expect(await paneTop()).toBe(0)
      await shoot('army')
      expect(await axeViolations(page)).toEqual([])
    })
  )
})
