// The event day's projector view and result-slip reader (issue 41) in headless Chromium, mounted on a
// test page served with the app's CSP (support/event-day-views.ts). The projector view at 1366x768 and
// 1920x1080, light and dark, with 8 and 60 tables: every table shown whole across its pages, the type
// never small, the clock counting down on a virtual clock (no waiting), kept through closing and a
// reload, warning in words; axe clean; screenshots to test-output/screens/. The reader reads a real
// result code from a big photo and from the camera (Chromium's fake camera playing a QR).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { PNG } from 'pngjs'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, screens, screenshot, SCREEN_SIZES } from '../support/app'
import { chromiumPath, serveFolder } from '../support/browser'
import { buildViewsPage, nameOf, sampleEvent } from '../support/event-day-views'
import { sampleSlipCode } from '../support/result-slip'

const T0 = new Date('2026-05-16T10:00:00Z')
const code = sampleSlipCode

/** A QR code's dark modules, `scale` px each, drawn by `dot` at (x, y) from `left`, `top` (quiet zone of 4 modules). */
function drawQr(text: string, scale: number, left: number, top: number, dot: (x: number, y: number) => void) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) for (let y = 0; y < scale; y++) for (let x = 0; x < scale; x++) dot(left + (c + 4) * scale + x, top + (r + 4) * scale + y)
}

/** A 3000x2000 "photo": a grey, grainy table with the slip's QR small in one corner. */
function bigPhoto(text: string): Buffer {
  const png = new PNG({ width: 3000, height: 2000 })
  for (let i = 0; i < png.data.length; i += 4) {
    const v = 170 + ((i * 2654435761) >>> 27)
    png.data[i] = png.data[i + 1] = png.data[i + 2] = v
    png.data[i + 3] = 255
  }
  const white = (x: number, y: number) => png.data.fill(250, (y * 3000 + x) * 4, (y * 3000 + x) * 4 + 3)
  for (let y = 1300; y < 1300 + 640; y++) for (let x = 2200; x < 2200 + 640; x++) white(x, y)
  drawQr(text, 5, 2210, 1310, (x, y) => png.data.fill(20, (y * 3000 + x) * 4, (y * 3000 + x) * 4 + 3))
  return PNG.sync.write(png)
}

/** A Y4M video (what Chromium's fake camera plays) of the slip's QR, 640x480, two frames. */
function qrVideo(text: string): Buffer {
  const [w, h] = [640, 480]
  const y = Buffer.alloc(w * h, 235)
  drawQr(text, 4, 100, 20, (x, yy) => (y[yy * w + x] = 16))
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma])
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame])
}

const work = mkdtempSync(join(tmpdir(), 'muster-event-views-test-'))
const video = join(work, 'slip.y4m')
let browser: Browser
let server: Awaited<ReturnType<typeof serveFolder>>
let pageErrors: string[] = []

async function pageIn(opts: Parameters<Browser['newContext']>[0], clock = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...opts })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  if (clock) await page.clock.install({ time: T0 })
  await page.goto(server.url)
  await page.getByRole('heading', { name: 'Event day' }).waitFor()
  pageErrors = errors
  return { context, page }
}

/** Closes a context, the page having said no error (a CSP refusal is one). */
async function done(context: BrowserContext) {
  expect(pageErrors).toEqual([])
  await context.close()
}

/**
 * The rows shown: the tables' numbers (a bye's row has none: "Bye: NAME"), the byes, the players of a
 * "Find your table" page, and whether any row or the area is cut.
 */
const shown = (page: Page) =>
  page.evaluate(`(() => {
    const area = document.querySelector('[class*="projector-pairings_"]').getBoundingClientRect()
    const rows = [...document.querySelectorAll('[class*="projector-table_"]')]
    const out = rows.filter((r) => { const b = r.getBoundingClientRect(); return b.bottom > area.bottom + 1 || b.right > area.right + 1 || b.left < area.left - 1 })
    const cut = rows.filter((r) => { const p = r.querySelector('[class*="projector-pair_"]'); return p.scrollWidth > p.clientWidth + 1 })
    const font = rows.length ? parseFloat(getComputedStyle(rows[0]).fontSize) : 0
    const games = rows.filter((r) => !r.matches('[class*="projector-bye-row_"], [class*="projector-find_"]'))
    return {
      tables: games.map((r) => Number(r.querySelector('[class*="projector-table-no_"]').textContent.replace(/\\D/g, ''))),
      byes: rows.filter((r) => r.matches('[class*="projector-bye-row_"]')).map((r) => r.textContent),
      found: rows.filter((r) => r.matches('[class*="projector-find_"]')).map((r) => r.querySelector('[class*="projector-pair_"]').textContent),
      out: out.length, cut: cut.length, font
    }
  })()`) as Promise<{ tables: number[]; byes: string[]; found: string[]; out: number; cut: number; font: number }>

describe.skipIf(!chromiumPath)('the event day views in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(screens, { recursive: true })
    writeFileSync(video, qrVideo(code))
    server = await serveFolder(await buildViewsPage())
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`
      ]
    })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    rmSync(work, { recursive: true, force: true })
  })

  const cases = SCREEN_SIZES.flatMap((size) =>
    (['light', 'dark'] as const).flatMap((scheme) =>
      [8, 60].map((tables) => [`${tables} tables ${size.width}x${size.height} ${scheme}`, size, scheme, tables] as const)
    )
  )
  it.each(cases)('projector view, %s', async (_name, size, scheme, tables) => {
    const { context, page } = await pageIn({ viewport: size, colorScheme: scheme })
    await page.evaluate(`window.mountProjector(${JSON.stringify(sampleEvent(tables, 3, tables === 8 ? { roundMinutes: 90 } : {}))}, 3)`)
    const view = page.getByRole('dialog', { name: 'Round 3' })
    await view.waitFor()
    // The clock from the profile (90 min) or the default (120), started and run on a virtual clock.
    const timer = view.getByRole('timer')
    await expect.poll(() => timer.innerText()).toBe(tables === 8 ? '1:30:00' : '2:00:00')
    await view.getByRole('button', { name: 'Start clock' }).click()
    // The wall clock moved on without the pages' timer firing: page 1 still shows.
    await page.clock.setSystemTime(T0.getTime() + (tables === 8 ? 76 : 20) * 60_000)
    await page.clock.runFor(1000)
    await expect.poll(() => timer.innerText()).toBe(tables === 8 ? '14:00' : '1:40:00')
    if (tables === 8) expect(await view.getByRole('status').first().innerText()).toBe('Last 15 minutes')

    // Every table shown whole, in type readable from the back of the hall, on one page or across pages;
    // the bye as "Bye: NAME" (no table number); past one page, "Find your table" pages of every player A-Z.
    const seen = new Set<number>()
    const byes: string[] = []
    const found: string[] = []
    const take = (rows: Awaited<ReturnType<typeof shown>>) => {
      rows.tables.forEach((t) => seen.add(t))
      byes.push(...rows.byes)
      found.push(...rows.found)
    }
    const first = await shown(page)
    await screenshot(page, { path: join(screens, `projector-${tables}-${size.width}x${size.height}-${scheme}.png`) })
    expect(first.out, 'rows outside the pairings').toBe(0)
    expect(first.cut, 'names cut').toBe(0)
    expect(first.font).toBeGreaterThanOrEqual(Math.floor(size.height * 0.026))
    if (tables === 8) expect(first.font).toBeGreaterThanOrEqual(size.height * 0.05)
    take(first)
    const pages = view.getByText(/^Page \d+ of \d+/)
    if (tables === 8) expect(await pages.count()).toBe(0)
    else {
      const total = Number(/of (\d+)/.exec(await pages.innerText())![1])
      expect(total).toBeGreaterThan(1)
      expect(await pages.innerText()).toBe(`Page 1 of ${total}`)
      for (let p = 2; p <= total; p++) {
        await page.clock.fastForward(15_000)
        await expect.poll(() => pages.innerText()).toMatch(new RegExp(`^Page ${p} of ${total}`))
        const more = await shown(page)
        expect(more.out + more.cut).toBe(0)
        if (more.found.length && !found.length) {
          expect(await view.getByRole('heading', { name: 'Find your table' }).count()).toBe(1)
          await screenshot(page, { path: join(screens, `projector-find-${tables}-${size.width}x${size.height}-${scheme}.png`) })
        }
        take(more)
      }
      // Held, the page stays.
      await view.getByRole('button', { name: 'Hold page' }).click()
      await page.clock.fastForward(45_000)
      expect(await pages.innerText()).toBe(`Page ${total} of ${total} (held)`)
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: tables - 1 }, (_, i) => i + 1))
    expect(byes).toEqual([`Bye:${nameOf(2 * (tables - 1))}`])
    if (tables === 60) {
      const everyone = Array.from({ length: 2 * tables - 1 }, (_, i) => nameOf(i))
      expect(found).toEqual([...everyone].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b)))
    } else expect(found).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await done(context)
  })

  it('projector clock: kept through closing and a reload, paused, +5 min, then Time', async () => {
    const { context, page } = await pageIn({ viewport: { width: 1920, height: 1080 }, colorScheme: 'light' })
    const state = sampleEvent(12)
    const open = async () => {
      await page.evaluate(`window.mountProjector(${JSON.stringify(state)}, 3)`)
      return page.getByRole('dialog', { name: 'Round 3' })
    }
    let view = await open()
    await view.getByRole('button', { name: 'Start clock' }).click()
    await page.clock.fastForward('10:00')
    await expect.poll(() => view.getByRole('timer').innerText()).toBe('1:50:00')
    // Escape leaves; the clock runs on while the view is closed.
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate('window.timesClosed')).toBe(1)
    await page.clock.fastForward('05:00')
    view = await open()
    await expect.poll(() => view.getByRole('timer').innerText()).toBe('1:45:00')
    await view.getByRole('button', { name: 'Pause clock' }).click()
    expect(await view.getByRole('status').first().innerText()).toBe('Paused')
    // A reload finds it paused where it was, however long the pause.
    await page.reload()
    await page.clock.fastForward('30:00')
    await page.getByRole('heading', { name: 'Event day' }).waitFor()
    view = await open()
    await expect.poll(() => view.getByRole('timer').innerText()).toBe('1:45:00')
    await view.getByRole('button', { name: 'Resume clock' }).click()
    await view.getByRole('button', { name: '+5 min' }).click()
    await expect.poll(() => view.getByRole('timer').innerText()).toBe('1:50:00')
    await page.clock.fastForward('01:50:00')
    await expect.poll(() => view.getByRole('status').first().innerText()).toBe('Time')
    expect(await view.getByRole('timer').innerText()).toBe('00:00')
    await screenshot(page, { path: join(screens, 'projector-time-1920x1080-light.png') })
    expect(await axeViolations(page)).toEqual([])
    // Reset: back to the length set; the organiser sets another.
    await view.getByRole('button', { name: 'Reset clock' }).click()
    await view.getByLabel('Round length').fill('150')
    await expect.poll(() => view.getByRole('timer').innerText()).toBe('2:30:00')
    expect(await view.getByRole('status').first().innerText()).toBe('Not started')
    // Full screen through the Fullscreen API, and out again.
    await view.getByRole('button', { name: 'Full screen' }).click()
    await expect.poll(() => page.evaluate('document.fullscreenElement !== null')).toBe(true)
    // In full screen the control bar leaves the hall's sight a few seconds after the mouse stops; the clock stays.
    const barOpacity = () => page.evaluate("getComputedStyle(document.querySelector('[class*=projector-foot_]')).opacity")
    await page.mouse.move(5, 5)
    await page.clock.fastForward(4000)
    await expect.poll(barOpacity).toBe('0')
    expect(await view.getByRole('timer').isVisible()).toBe(true)
    await screenshot(page, { path: join(screens, 'projector-fullscreen-bar-hidden-1920x1080-light.png') })
    await page.mouse.move(400, 400)
    await expect.poll(barOpacity).toBe('1')
    await view.getByRole('button', { name: 'Leave full screen' }).click()
    await expect.poll(() => page.evaluate('document.fullscreenElement === null')).toBe(true)
    await view.getByRole('button', { name: 'Close' }).click()
    // (counted since the reload)
    await expect.poll(() => page.evaluate('window.timesClosed')).toBe(1)
    await done(context)
  })

  it('projector pages fade in, and do not move with reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await pageIn({ viewport: { width: 1366, height: 768 }, reducedMotion })
      await page.evaluate(`window.mountProjector(${JSON.stringify(sampleEvent(8))}, 3)`)
      const animation = await page.evaluate("getComputedStyle(document.querySelector('[class*=projector-tables_]')).animationName")
      expect(animation).toBe(reducedMotion === 'reduce' ? 'none' : 'projector-page')
      await done(context)
    }
  })

  it('projector view in high contrast (more contrast, forced colours): the warning still framed and in words', async () => {
    for (const [what, opts] of [
      ['more-contrast', { contrast: 'more' }],
      ['forced-colors', { forcedColors: 'active' }]
    ] as const) {
      const { context, page } = await pageIn({ viewport: { width: 1920, height: 1080 }, colorScheme: 'dark', ...opts })
      await page.evaluate(`window.mountProjector(${JSON.stringify(sampleEvent(20))}, 3)`)
      const view = page.getByRole('dialog', { name: 'Round 3' })
      await view.getByRole('button', { name: 'Start clock' }).click()
      await page.clock.setSystemTime(T0.getTime() + 110 * 60_000)
      await page.clock.runFor(1000)
      await expect.poll(() => view.getByRole('status').first().innerText()).toBe('Last 15 minutes')
      const frame = await page.evaluate("getComputedStyle(document.querySelector('[class*=projector-clock_]')).borderTopStyle")
      expect(frame).toBe('solid')
      await screenshot(page, { path: join(screens, `projector-${what}-1920x1080-dark.png`) })
      expect(await axeViolations(page)).toEqual([])
      await done(context)
    }
  })

  it.each(['light', 'dark'] as const)('slip reader reads a big photo of a slip, and refuses another QR in words (%s)', async (scheme) => {
    const { context, page } = await pageIn({ viewport: { width: 1366, height: 768 }, colorScheme: scheme }, false)
    await page.evaluate('window.mountReader()')
    const reader = page.getByRole('dialog', { name: "Read a result slip's QR code" })
    const input = reader.getByLabel('Choose a picture...')
    await input.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('https://example.org/tickets/42', { scale: 6 }) })
    await expect
      .poll(() => reader.getByRole('alert').innerText())
      .toBe(`This QR code is not a result slip's code: it reads "https://example.org/tickets/42". A result code starts with MR1.`)
    await screenshot(page, { path: join(screens, `slip-reader-refused-1366x768-${scheme}.png`) })
    expect(await axeViolations(page)).toEqual([])
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: bigPhoto(code) })
    await expect.poll(() => page.evaluate('window.codes')).toEqual([code])
    await done(context)
  })

  it('slip reader reads the code from the camera', async () => {
    const { context, page } = await pageIn({ viewport: { width: 1366, height: 768 }, colorScheme: 'light' }, false)
    await context.grantPermissions(['camera'])
    await page.evaluate('window.mountReader()')
    const reader = page.getByRole('dialog', { name: "Read a result slip's QR code" })
    await reader.getByRole('button', { name: 'Use the camera' }).click()
    await expect.poll(() => page.evaluate('window.codes'), { timeout: 20_000 }).toEqual([code])
    // The camera is off once the code is read.
    expect(await page.evaluate("document.querySelector('video')")).toBeNull()
    await done(context)
  })
})
