// The event published as one page (services/event-day-print.ts publishEventPage) in headless Chromium:
// every player's list is on it and every link on the page leads to an anchor on it, nothing outside it
// is referred to or fetched, a player who calls themselves <script> shows as text, and it is read at
// 390x844 (a phone), 1366x768 and 1920x1080, light and dark, axe clean (test-output/screens/publish-*).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibrary } from '../../src-main/store'
import * as events from '../../src-main/store/events'
import { publishEventPage } from '../../src-main/services/event-day-print'
import { chromiumPath, launchChromium } from '../support/browser'
import { axeViolations, screens, screenshot } from '../support/app'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { eventWithResults, EVENT_NAMES } from '../support/event-day-made'

const tmp = tempFolders('muster-event-publish-')
const SCRIPTED = '<script>alert("x")</script>'
const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 } }
] as const

let html: string
let fileName: string
let players: Array<{ id: string; name: string }>
let browser: Browser

beforeAll(async () => {
  const dir = tmp()
  const made = await eventWithResults(dir, { players: [SCRIPTED, ...EVENT_NAMES.slice(1, 9), 'Zoë & "Jo" O\'Neil'], rounds: 3, date: '2026-05-03' })
  const lib = await openLibrary(made.db)
  try {
    ;({ html, fileName } = publishEventPage(bundledEngine(), lib.db, made.id))
    players = events.eventPlayers(lib.db, made.id)
  } finally {
    lib.close()
  }
  mkdirSync(screens, { recursive: true })
  writeFileSync(join(screens, 'publish.html'), html)
  if (chromiumPath) browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('the published event page', () => {
  it('is one file: named for the event, no script, no link or style from outside, every text escaped', () => {
    expect(fileName).toBe('spring-cup.html')
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|@import|url\(|https?:|\/\//i)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('Zoë &amp; &quot;Jo&quot; O&#39;Neil')
  })
})

describe.skipIf(!chromiumPath)('the published event page in Chromium', () => {
  it("has every player's list, each link leads to an anchor on the page, and a <script> name is text", async () => {
    const context = await browser.newContext({ javaScriptEnabled: true })
    const page = await context.newPage()
    const asked: string[] = []
    await page.route('**/*', (route) => (asked.push(route.request().url()), route.abort()))
    await page.setContent(html)
    expect(asked).toEqual([])
    expect(await page.locator('script').count()).toBe(0)
    const lists = page.locator('article.list')
    expect(await lists.count()).toBe(players.length)
    for (const p of players) {
      const list = page.locator(`article.list:has(h3[id="list-${p.id}"])`)
      await expect.poll(() => list.locator('h3').textContent()).toBe(p.name)
      // a roster read as its sheet: units with their points, the check code
      expect(await list.locator('table.units tbody tr').count()).toBeGreaterThan(0)
      expect(await list.locator('.code code').textContent()).toMatch(/\S{6,}/)
    }
    expect(await page.getByRole('heading', { level: 3, name: SCRIPTED }).count()).toBe(1)
    // every link is to an anchor the page has
    const links = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')!))
    expect(links.length).toBeGreaterThan(players.length * 2)
    for (const href of links) {
      expect(href).toMatch(/^#/)
      expect(await page.locator(`[id="${href.slice(1)}"]`).count(), href).toBe(1)
    }
    // the standings link each player to their list
    const standingsLinks = await page.$$eval('table.standings a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(standingsLinks.map(([name]) => name).sort()).toEqual(players.map((p) => p.name).sort())
    for (const [name, href] of standingsLinks) expect(href).toBe(`#list-${players.find((p) => p.name === name)!.id}`)
    // every round, with its tables
    for (const r of [1, 2, 3]) await expect.poll(() => page.getByRole('heading', { level: 3, name: `Round ${r}` }).count()).toBe(1)
    await context.close()
  })

  it('reads on a phone and at a desk, light and dark, axe clean', async () => {
    for (const size of SIZES)
      for (const colorScheme of ['light', 'dark'] as const) {
        const { name, ...opts } = size
        const context = await browser.newContext({ ...opts, colorScheme })
        const page = await context.newPage()
        await page.setContent(html)
        expect(await axeViolations(page), `${name} ${colorScheme}`).toEqual([])
        // nothing wider than the screen but the tables' own scrolling boxes
        const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number
        expect(overflow, `${name} ${colorScheme}`).toBeLessThanOrEqual(0)
        await screenshot(page, { path: join(screens, `publish-${name}-${colorScheme}.png`) })
        if (name === '390x844') {
          await page.locator('#lists').scrollIntoViewIfNeeded()
          await screenshot(page, { path: join(screens, `publish-${name}-${colorScheme}-lists.png`) })
          await page.locator('#rounds').scrollIntoViewIfNeeded()
          await screenshot(page, { path: join(screens, `publish-${name}-${colorScheme}-rounds.png`) })
        }
        await context.close()
      }
  })
})
