// Issue 39, point 3, in real Chromium over the dispatch the app's main process makes: with a Meshwesh
// catalogue synced over the bundled lists (the loopback server serving the bundled lists' own
// Meshwesh lists), New roster and the Armies screen show one 115a, Meshwesh's; a roster saved on the
// bundled id opens in the editor as Meshwesh's list and says so once. Screenshots at 1366x768 and
// 1920x1080, light and dark; axe on each, in both themes.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath, pointerAway, SCREEN_SIZES, screenshotsEverywhere, startBrowser, stopBrowser, waitForStatus, withApp } from '../support/app'
import { fixtureSummary, fixturesPresent, startMeshweshServer } from '../support/meshwesh-server'
import { repoRoot } from '../support/engine'
import { appHome } from '../support/app-calls'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'
import type { RosterDocument } from '../../src-main/ipc/contract'

// The app's own folders, as main.ts finds them: the catalogue synced below, no data folder.
const { home } = appHome('muster-e2e-one-list-')

const SIZES = SCREEN_SIZES
const armiesDir = join(repoRoot, 'data', 'rulesets', 'triumph', 'armies')

/** Shots at both sizes in both themes, the pointer away, and axe in both themes: none found. */
const shoot = async (page: Page, state: string) => expect(await screenshotsEverywhere(page, `one-list-${state}`, 'light', pointerAway(page)), state).toEqual([])

const options = (page: Page) => page.getByRole('listbox', { name: 'Armies' }).getByRole('option')

describe.skipIf(!chromiumPath || !fixturesPresent)('one list per list number after a Meshwesh sync (the app, in Chromium)', () => {
  beforeAll(async () => {
    const inFixture = new Set(fixtureSummary().map((l) => l.id))
    const served = readdirSync(armiesDir)
      .map((f) => String((JSON.parse(readFileSync(join(armiesDir, f), 'utf8')) as { source?: { meshwesh?: string } }).source?.meshwesh))
      .filter((id) => inFixture.has(id))
    const server = await startMeshweshServer({ only: served })
    try {
      const report = await runMeshweshSync({
        root: join(home, 'meshwesh'),
        baseUrl: server.url,
        dataDirsAbove: [],
        http: { timeoutMs: 5000, retries: 1, backoffMs: 5 }
      })
      expect(report.status).toBe('published')
    } finally {
      await server.close()
    }
    await startBrowser()
  }, 60_000)
  afterAll(stopBrowser)

  it('New roster and the Armies screen show one 115a; a roster saved on the bundled id opens as Meshwesh’s list and says so', () =>
    withApp('light', { viewport: SIZES[0], data: 'app' }, async (ctx) => {
      const example = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument & { $schema?: string }
      const { $schema: _schema, ...saved } = example
      await ctx.handlers.createRoster({ ...saved, name: 'Legio X, saved before the sync' })
      const page = await ctx.open()

      // New roster: "115a" finds one list, Meshwesh's
      await page.evaluate(`localStorage.setItem('muster.lastRuleset', 'triumph')`)
      await page.getByRole('button', { name: 'New roster' }).first().click()
      const search = page.getByLabel('Search armies')
      await search.fill('115a')
      await expect
        .poll(async () => (await options(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()))
        .toEqual([expect.stringMatching(/\b115a\b.*Early Imperial Roman|Early Imperial Roman.*\b115a\b/)])
      await search.press('ArrowDown')
      await page.keyboard.press('Enter')
      const about = page.getByRole('group', { name: 'About Early Imperial Roman' })
      await expect.poll(() => about.locator('[class*="army-source_"]').innerText()).toMatch(/From Meshwesh, fetched \d{4}-\d\d-\d\d/)
      await shoot(page, 'picker-115a')

      // the Armies screen: one 115a too, and one of every number
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
      await page
        .getByRole('navigation', { name: 'Rulesets' })
        .getByRole('button', { name: /Triumph!/ })
        .click()
      await page.getByLabel('Search armies').fill('115a')
      await expect.poll(() => options(page).count()).toBe(1)

      // the roster saved on the bundled id: opened as Meshwesh's list, said once, legal
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Library', exact: true }).click()
      await page
        .getByRole('row', { name: /^Legio X/ })
        .getByRole('button', { name: 'Open Legio X, saved before the sync' })
        .click()
      const notice = page.getByRole('status', { name: 'About this roster' })
      await expect
        .poll(() => notice.innerText())
        .toContain(
          "This roster was saved on Muster's own list 115a Early Imperial Roman; Muster now uses Meshwesh's 115a Early Imperial Roman. Your next change saves the roster on that list."
        )
      await waitForStatus(page, 'Legal')
      expect(await page.getByRole('region', { name: 'Validation' }).innerText()).toBe('No issues')
      await shoot(page, 'editor-notice')
    }))
})
