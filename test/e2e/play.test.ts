// The Play screen (issue 40) in real Chromium over the real handlers: a game started from two sample
// rosters of the library, taps saved as they are made (the library's game says so), undo, the score the
// rules give shown as the library computes it, the clock, Show on phone (a tap from elsewhere shown while
// shown), a mark, a result by agreement and its result code, the rosters' records in the library; at 1366x768 and at 390x844 on a touch phone, light and
// dark, with screenshots to look at and axe clean.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, screens, screenshot, withApp, type App } from '../support/app'

/** A ruleset whose rules of play have a threshold, flags and a winner, and its legal sample. */
const SAMPLE = 'triumph-legal.muster.json'

const cases = [
  { name: '1366x768', viewport: { width: 1366, height: 768 }, touch: false },
  { name: '390x844', viewport: { width: 390, height: 844 }, touch: true }
] as const

/** The one game in the library, as it keeps it. */
async function savedGame(app: App) {
  const { rows } = await app.handlers.listGames({})
  expect(rows).toHaveLength(1)
  return app.handlers.getGame(rows[0].id)
}

/** What side 0's score says its loss is. */
const shownLost = (page: Page) => page.locator('[class*="play-side_"]').first().locator('[class*="play-lost-value_"]').innerText()

describeInBrowser('the Play screen', () => {
  it.each(cases.flatMap((c) => (['light', 'dark'] as const).map((scheme) => [`${c.name} ${scheme}`, c, scheme] as const)))('%s', (_name, c, scheme) =>
    withApp(scheme, { viewport: c.viewport, touch: c.touch }, async (app) => {
      const ours = await app.handlers.addSample(SAMPLE)
      const theirs = await app.handlers.addSample(SAMPLE)
      await app.handlers.renameRoster(theirs.id, 'The other host')
      await app.handlers.renameRoster(ours.id, 'My host')
      const page = await app.open()
      const shot = (what: string) => screenshot(page, { path: join(screens, `play-${what}-${c.name}-${scheme}.png`), fullPage: false })
      const press = (name: string | RegExp) => (c.touch ? page.getByRole('button', { name }).first().tap() : page.getByRole('button', { name }).first().click())

      await screenshot(page, { path: join(screens, `play-library-${c.name}-${scheme}.png`) })
      // The library's Play on a roster: the Play screen with it as mine.
      await page.getByRole('button', { name: 'Play My host', exact: true }).click()
      const mine = page.getByRole('combobox', { name: 'My roster' })
      await expect.poll(() => mine.inputValue()).toBe(ours.id)
      await page.getByRole('combobox', { name: 'Opponent roster' }).selectOption({ label: 'The other host' })
      await shot('setup')
      expect(await axeViolations(page)).toEqual([])
      await press('Start the game')

      // The pre-battle sheet first: both sides named over their facts.
      await page.getByRole('heading', { name: 'Before the battle' }).waitFor()
      await expect.poll(() => page.getByRole('columnheader', { name: /The other host/ }).count()).toBe(1)
      await shot('sheet')
      expect(await axeViolations(page)).toEqual([])
      await press('To the tracker')

      // A tap shows at once and is kept by the library; the score is the library's.
      // (the first line of my side that holds 3 or more, to tap twice)
      const lines = page.locator('[class*="play-side_"]').first().locator('[class*="play-unit_"]')
      await lines.first().waitFor()
      // (a counter reads "0 of 3 stands lost")
      const holds = (await lines.locator('[class*="play-unit-lost_"]').allInnerTexts()).map((t) => Number(/ of (\d+) /.exec(t)?.[1]))
      const index = holds.findIndex((n) => n >= 3)
      expect(index).toBeGreaterThanOrEqual(0)
      const unit = await lines.nth(index).locator('[class*="play-unit-label_"]').innerText()
      const plus = page.getByRole('button', { name: `+1 ${unit}`, exact: true }).first()
      await (c.touch ? plus.tap() : plus.click())
      const line = page.getByRole('listitem', { name: unit }).first()
      await expect.poll(() => line.locator('[class*="play-unit-lost_"]').innerText()).toMatch(/^1 of /)
      await expect.poll(async () => (await savedGame(app)).taps.length).toBe(1)
      const after = await savedGame(app)
      expect(after.taps[0]).toEqual({ kind: 'loss', side: 0, unit: index, delta: 1 })
      await expect.poll(() => shownLost(page)).toMatch(new RegExp(`^${after.score.sides[0].lost}\\b`))
      expect(after.score.sides[0].lost).toBeGreaterThan(0)

      // Undo takes it back, here and in the library.
      await press(/Undo/)
      await expect.poll(() => line.locator('[class*="play-unit-lost_"]').innerText()).toMatch(/^0 of /)
      await expect.poll(async () => (await savedGame(app)).taps.length).toBe(0)
      await expect.poll(() => shownLost(page)).toMatch(/^0\b/)

      // A few taps and a new round, then the tracker as the table sees it.
      await (c.touch ? plus.tap() : plus.click())
      await (c.touch ? plus.tap() : plus.click())
      // The clock starts with round 1 (a tap the library keeps), then round 2.
      await press('Start the clock')
      await press('Start round 2')
      await page.getByText('Round 2', { exact: true }).waitFor()
      await expect.poll(async () => (await savedGame(app)).taps.length).toBe(4)
      expect((await savedGame(app)).taps.filter((t) => t.kind === 'round').map((t) => t.kind === 'round' && t.round)).toEqual([1, 2])
      const aids = page.getByText(/^Aids for /)
      if ((await aids.count()) > 0) await aids.first().click()
      await shot('tracker')
      expect(await axeViolations(page)).toEqual([])
      // Nothing wider than the screen (no sideways scrolling on the phone).
      const wide = (await page.evaluate(
        `[document.documentElement.scrollWidth, ...[...document.querySelectorAll('[class*="play-screen_"], [class*="play-side_"]')].map((e) => e.scrollWidth - e.clientWidth)]`
      )) as number[]
      expect(wide[0]).toBeLessThanOrEqual(c.viewport.width)
      expect(Math.max(...wide.slice(1))).toBeLessThanOrEqual(0)

      // Show on phone: its link (this computer only, by default) and QR; while shown, a tap the phone
      // sends to the library shows in the app's tracker; Stop ends it.
      await press('Show on phone')
      const phone = page.getByRole('dialog', { name: 'Show on phone' })
      await phone.getByRole('img', { name: 'QR code of the link for the phone' }).waitFor()
      expect(await phone.locator('[class*="play-code_"]').innerText()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
      await shot('phone')
      expect(await axeViolations(page)).toEqual([])
      await phone.getByRole('button', { name: 'Close' }).click()
      const { id: gameId } = await savedGame(app)
      await app.handlers.tapGame(gameId, { kind: 'loss', side: 1, unit: 0, delta: 1 })
      const theirLine = page.locator('[class*="play-side_"]').nth(1).locator('[class*="play-unit_"]').first().locator('[class*="play-unit-lost_"]')
      await expect.poll(() => theirLine.innerText(), { timeout: 10_000 }).toMatch(/^1 of /)
      await press('On the phone')
      await phone.getByRole('button', { name: 'Stop showing' }).click()
      await expect.poll(() => page.getByRole('button', { name: 'Show on phone' }).count()).toBe(1)

      // Leaving and coming back resumes the game where it stopped.
      await press('Games')
      await press(/^Resume /)
      await expect.poll(() => line.locator('[class*="play-unit-lost_"]').innerText()).toMatch(/^2 of /)

      // A side's mark (its camp, here) is a toggle; the players agree a result; the game is finished
      // with its result code, the one the library keeps, and its QR.
      const flag = (await savedGame(app)).sheet.rules.flags?.[0]?.label ?? ''
      const mark = page.locator('[class*="play-side_"]').nth(1).getByRole('button', { name: flag })
      expect(await mark.getAttribute('aria-pressed')).toBe('false')
      await (c.touch ? mark.tap() : mark.click())
      await expect.poll(() => mark.getAttribute('aria-pressed')).toBe('true')
      await page.getByText('Result by agreement').click()
      await page.getByRole('radio', { name: 'The other host wins' }).check()
      await press('Record this result')
      await press('Finish the game')
      const code = page.locator('[class*="play-code_"]')
      await code.waitFor()
      const kept = (await savedGame(app)).result
      expect(kept?.winner).toBe(1)
      expect(await code.innerText()).toBe(kept?.code)
      await page.getByRole('img', { name: 'QR code of the result code' }).waitFor()
      await page.getByRole('heading', { name: 'Result' }).scrollIntoViewIfNeeded()
      await shot('result')
      expect(await axeViolations(page)).toEqual([])

      // The library shows each roster's record, and filters by it.
      await page.getByRole('button', { name: 'Library', exact: true }).click()
      const record = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td.record')
      await expect.poll(() => record('The other host').innerText()).toMatch(/^1–0–0/)
      expect(await record('My host').innerText()).toMatch(/^0–1–0/)
      await page.getByRole('combobox', { name: 'Games filter' }).selectOption('won')
      await expect.poll(() => page.getByRole('row', { name: /^My host/ }).count()).toBe(0)
      expect(await page.getByRole('row', { name: /^The other host/ }).count()).toBe(1)
      await shot('library-record')
      expect(await axeViolations(page)).toEqual([])
    })
  )
})
