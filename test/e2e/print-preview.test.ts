// The print dialog shows the chosen sheet's first page before saving (issue 24, item 11): drawn by
// pdf.js from the very file Save PDF writes, redrawn when the sheet or the paper changes, with the
// file's page count. Screenshots at 1366x768 and 1920x1080, light and dark; axe clean.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, newRoster, screens, screenshot, waitForStatus, withApp } from '../support/app'

const sizes = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 }
] as const

/** The preview once drawn (and, after a change, drawn anew: unlike `before`): its caption, size, and how much of it is ink, not paper. */
async function drawn(page: Page, before?: { picture: string }) {
  const read = () =>
    page.evaluate(`(() => {
      const c = document.querySelector('[class*="pdf-preview_"] canvas')
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data
      let ink = 0
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) ink++
      const figure = c.parentElement
      return { state: c.dataset.state, busy: figure.getAttribute('aria-busy'), label: c.getAttribute('aria-label'), caption: figure.querySelector('figcaption').textContent, width: c.width, height: c.height, ink: ink / (data.length / 4), picture: c.toDataURL() }
    })()`) as Promise<{ state: string; busy: string; label: string; caption: string; width: number; height: number; ink: number; picture: string }>
  await expect
    .poll(
      async () => {
        const p = await read()
        return p.state === 'drawn' && p.busy === 'false' && p.picture !== before?.picture
      },
      { timeout: 15_000 }
    )
    .toBe(true)
  return read()
}

describeInBrowser('the print dialog previews the sheet', () => {
  it.each(sizes.flatMap((s) => (['light', 'dark'] as const).map((scheme) => [`${s.width}x${s.height} ${scheme}`, s, scheme] as const)))(
    '%s',
    (_name, size, scheme) =>
      withApp(scheme, { viewport: size }, async (app) => {
        const page = await app.open()
        await newRoster(page, /^Triumph!/, 'Early Imperial Roman', { minimums: true })
        await waitForStatus(page, 'Legal')
        await page.getByRole('button', { name: 'Print / PDF' }).click()
        const dialog = page.getByRole('dialog', { name: 'Print / Export PDF' })

        // The roster sheet, A4 or Letter by the locale: a page with ink on it.
        const sheet = await drawn(page)
        expect(sheet.caption).toMatch(/^(One page|Page 1 of \d+)$/)
        expect(sheet.label).toBe('Preview of the first page of the roster sheet')
        expect(sheet.ink).toBeGreaterThan(0.005)
        expect(sheet.ink).toBeLessThan(0.5)
        await screenshot(page, { path: join(screens, `print-preview-roster-${size.width}x${size.height}-${scheme}.png`) })
        expect(await axeViolations(page)).toEqual([])

        // Another sheet is drawn anew; the paper changes the page's shape.
        await dialog.getByRole('radio', { name: /^Unit reference cards/ }).check()
        const cards = await drawn(page, sheet)
        // The paper the locale chose first (Letter in en-US), then the other.
        const letterFirst = await dialog.getByRole('radio', { name: 'US Letter' }).isChecked()
        const papers = letterFirst ? (['A4', 'US Letter'] as const) : (['US Letter', 'A4'] as const)
        await dialog.getByRole('radio', { name: papers[0] }).check()
        const other = await drawn(page, cards)
        await dialog.getByRole('radio', { name: papers[1] }).check()
        const back = await drawn(page, other)
        const [a4, letter] = letterFirst ? [other, back] : [back, other]
        const shape = (p: { width: number; height: number }) => Math.max(p.width, p.height) / Math.min(p.width, p.height)
        expect(shape(a4)).toBeCloseTo(297 / 210, 1)
        expect(shape(letter)).toBeCloseTo(11 / 8.5, 1)

        await screenshot(page, { path: join(screens, `print-preview-cards-${size.width}x${size.height}-${scheme}.png`) })

        // Save PDF writes the file previewed: its page count is the caption's, and it carries the check code.
        await dialog.getByRole('radio', { name: /^Roster sheet/ }).check()
        const roster = await drawn(page, back)
        // (main shows the save dialog, here a fake answering a temp path, and writes the file there)
        await dialog.getByRole('button', { name: 'Save PDF' }).click()
        const [, pdf, code] = /^Saved (.+) \(check code ([0-9A-Z-]+)\)/.exec(
          await dialog
            .getByRole('status')
            .filter({ hasText: /^Saved/ })
            .innerText()
        )!
        expect(pdf.startsWith(app.dialogs.folder)).toBe(true)
        const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1])
        expect(roster.caption).toBe(pages > 1 ? `Page 1 of ${pages}` : 'One page')
        expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain(code)
      })
  )
})
