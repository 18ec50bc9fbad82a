// Armies > Get lists from Meshwesh in real Chromium, over the dispatch the app's main process makes
// (the engine reloaded when a sync publishes) and the loopback Meshwesh server: the bar on the Armies
// screen, the dialog, a real progress bar that moves, the report; an update that says when the
// historical enemies and themes were last refreshed, and Full refresh; a server that changes:
// "changed" in words and what it did to the rosters of the library, one click from the editor; an
// extra that could not be fetched, said; Cancel and Resume; offline. Screenshots of every state at
// 1366x768 and 1920x1080, light and dark, and axe on each.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath, SCREEN_SIZES, screenshotsEverywhere, startBrowser, stopBrowser, withApp, type App } from '../support/app'
import { closedPort, fixtureSummary, fixturesPresent, startMeshweshServer, type MeshweshServer } from '../support/meshwesh-server'
import { appHome } from '../support/app-calls'
import { solveArmy } from '../../src-main/rules'
import type { MeshweshStatus, RosterDocument } from '../../src-main/ipc/contract'

// The app's own folders, as main.ts finds them: the catalogue, the settings and the data folder.
const { home } = appHome('muster-mwe-')

const summary = fixtureSummary()
const ONLY = summary.slice(0, 80).map((s) => s.id)
const SIZES = SCREEN_SIZES

let server: MeshweshServer
// The app's wiring over the app's folders (its engine reloaded when a sync publishes), asking quickly.
// (A request the test holds on a gate waits through screenshots first: 60 s before the client gives up.)
const OVER_APP_DATA = { viewport: SIZES[0], data: 'app', http: { timeoutMs: 60_000, retries: 1, backoffMs: 5 } } as const

/** Screenshots at both sizes in both themes (the app follows the system's), and axe in both themes: none found. */
const shoot = async (page: Page, state: string) => expect(await screenshotsEverywhere(page, `meshwesh-${state}`, 'light'), state).toEqual([])

const dialog = (page: Page) => page.getByRole('dialog')
/** The progress bar's value; -1 while it has none (a phase that is not counted). */
const progressValue = async (page: Page) => Number((await dialog(page).locator('progress').getAttribute('value')) ?? -1)

async function toArmies(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
}

/** A legal roster from the list's minimums, made in the library as the app makes one. */
async function rosterOn(app: App, listId: string, name: string): Promise<{ id: string; army: string }> {
  const triumph = app.wiring.engine().ruleset('triumph')!
  const army = [...triumph.armies.values()].find((a) => a.source?.meshwesh === listId)!
  const solved = solveArmy(triumph, army.id)
  if (!solved.ok) throw new Error(solved.reason)
  const row = await app.handlers.createRoster({ ...(solved.roster as RosterDocument), name })
  return { id: row.id, army: army.id }
}

async function status(app: App): Promise<MeshweshStatus> {
  return app.handlers.meshweshStatus()
}

describe.skipIf(!chromiumPath || !fixturesPresent)('Get lists from Meshwesh (the app, in Chromium)', () => {
  beforeAll(async () => {
    await startBrowser()
    server = await startMeshweshServer({ only: ONLY, latencyMs: 5 })
  })
  afterAll(async () => {
    await stopBrowser()
    await server?.close()
  })

  it('first sync: the bar offers it, the dialog credits the authors, the progress bar moves, the report says what came; the army lists refresh', () =>
    withApp('light', OVER_APP_DATA, async (app) => {
      const page = await app.open()
      await toArmies(page)
      const bar = page.locator('[class*="meshwesh-bar_"]')
      await expect.poll(() => bar.innerText()).toMatch(/^Triumph!: \d+ army lists come with Muster; Meshwesh publishes about 660\.\s+Get lists from Meshwesh…$/)
      const bundled = Number(/(\d+) army lists/.exec(await bar.innerText())![1])
      await shoot(page, 'bar')

      await bar.getByRole('button', { name: 'Get lists from Meshwesh…' }).click()
      const d = page.getByRole('dialog', { name: 'Get lists from Meshwesh' })
      await d.waitFor()
      await expect.poll(() => d.innerText()).toContain('Army lists by the Meshwesh authors, fetched from their public site to this computer only.')
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Start')
      await d.getByText('Advanced').click()
      const field = d.getByLabel('Server')
      expect(await field.inputValue()).toBe('https://meshwesh.wgcwar.com/api/v1')
      // An address that is not http(s) is said at the field, nothing starts.
      await field.fill('ftp://example.org/api')
      await d.getByRole('button', { name: 'Start' }).click()
      await expect.poll(() => d.getByRole('alert').innerText()).toBe('Server: enter an http or https address, e.g. https://meshwesh.wgcwar.com/api/v1')
      await field.fill(server.url)
      await shoot(page, 'start')

      // Two lists' enemies answer only once the test has looked: the run holds at 78 of 80, then at 79
      // when the first is let through, so the bar is seen to move whatever the machine's speed.
      // (Reading one value and waiting for a larger one raced: the lists come in one answer, so the
      // lists' phase could end at 80 of 80 between two reads, and the enemies' phase then stops at 79.)
      const phaseLine = () => dialog(page).locator('[class*="meshwesh-phase_"]').innerText()
      const held = (id: string) => `/armyLists/${id}/enemyArmyLists`
      let answerFirst = () => {}
      let answer = () => {}
      server.faults.waitFor.set(held(ONLY[60]), new Promise<void>((open) => (answerFirst = open)))
      server.faults.waitFor.set(held(ONLY[70]), new Promise<void>((open) => (answer = open)))
      await d.getByRole('button', { name: 'Start' }).click()
      await dialog(page).getByRole('button', { name: 'Cancel sync' }).waitFor()
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Cancel sync')
      await expect.poll(phaseLine, { timeout: 20_000 }).toBe('Fetching historical enemies: 78 of 80')
      expect(await progressValue(page)).toBe(78)
      server.faults.waitFor.delete(held(ONLY[60]))
      answerFirst()
      await expect.poll(phaseLine, { timeout: 20_000 }).toBe('Fetching historical enemies: 79 of 80')
      expect(await progressValue(page)).toBe(79)
      expect(await dialog(page).locator('progress').getAttribute('max')).toBe('80')
      expect((await dialog(page).locator('[class*="meshwesh-current_"]').innerText()).trim()).not.toBe('')
      // What is left and the time taken, so a stuck sync can be seen.
      expect(await dialog(page).locator('.meshwesh-left').innerText()).toMatch(/^\d+ left, \d+:\d\d elapsed$/)
      await shoot(page, 'progress')
      server.faults.waitFor.clear()
      answer()

      // The report: one line, what came, what it did to the (empty) library.
      const report = dialog(page).locator('[class*="meshwesh-report_"]')
      await report.waitFor({ timeout: 30_000 })
      expect(await report.getByRole('status').innerText()).toBe('80 lists from Meshwesh: 80 added, 0 changed, 0 removed.')
      expect(await report.locator('[class*="small-print_"]').first().innerText()).toBe(
        '80 lists downloaded, 0 unchanged. Historical enemies and themes refreshed now.'
      )
      // Nothing changed that a roster uses (there are none): no word about rosters.
      expect(await report.innerText()).not.toContain('roster')
      await report.getByText('Added: 80 lists').click()
      expect(await report.locator('[class*="meshwesh-lists_"] li').first().innerText()).toMatch(/^\d+[a-z]? .+$/)
      await shoot(page, 'report-first')
      await report.getByRole('button', { name: 'Close' }).click()
      await dialog(page).waitFor({ state: 'detached' })

      // The army lists the window shows are the new ones (its cache of them was dropped).
      await expect.poll(() => bar.innerText()).toMatch(/^Triumph!: 80 army lists from Meshwesh, updated .+\.\s+Update from Meshwesh…$/)
      await page
        .getByRole('navigation', { name: 'Rulesets' })
        .getByRole('button', { name: /Triumph!/ })
        .click()
      const count = page.getByRole('region', { name: 'Armies' }).locator('.count')
      await expect.poll(async () => Number(/of (\d+)/.exec(await count.innerText())?.[1])).toBeGreaterThan(bundled)
      expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'))).toEqual({ meshweshBaseUrl: server.url })
    }))

  it('an update says when the extras were last refreshed; Full refresh: Cancel keeps what was fetched and Resume goes on; an extra not fetched is said; "changed" in words; the impact on the rosters, one click from the editor; the library marks them', () =>
    withApp('light', OVER_APP_DATA, async (app) => {
      const page = await app.open()
      expect((await status(app)).lists).toBe(80)
      // Two rosters on two lists that then change: one only in a maximum, one whose minimums rise.
      const [t, u] = [ONLY[0], ONLY[1]]
      await rosterOn(app, t, 'Sumerian raiders')
      const broken = await rosterOn(app, u, 'Gilgamesh’s host')
      const option = server.lists.get(t).troopOptions[0]
      const oldMax = option.max as number
      option.max++
      for (const o of server.lists.get(u).troopOptions) if (o.min > 0 && o.max > o.min) o.min = o.max

      await toArmies(page)
      await page.locator('[class*="meshwesh-bar_"]').getByRole('button', { name: 'Update from Meshwesh…' }).click()
      const d = page.getByRole('dialog', { name: 'Update from Meshwesh' })
      await d.waitFor()
      expect(await d.innerText()).toMatch(/You have 80 lists from Meshwesh, updated .+\. Historical enemies and themes last refreshed .+\./)
      await shoot(page, 'start-update')

      // A full refresh, cancelled part-way: the catalogue in force stays, the next sync resumes. One
      // theme's lists cannot be fetched: the lists publish anyway, and the report says so.
      const themes = (await (await fetch(`${server.url}/thematicCategories`)).json()) as Array<{ id: string; name: string }>
      const missing = `/thematicCategories/${themes[0].id}/armyLists`
      server.faults.status.set(missing, 404)
      server.faults.delayMs.set(`/armyLists/${ONLY[40]}/enemyArmyLists`, 5000)
      await d.getByRole('button', { name: 'Full refresh' }).click()
      await expect.poll(() => progressValue(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(20)
      await d.getByRole('button', { name: 'Cancel sync' }).click()
      const cancelled = d.locator('[class*="meshwesh-report_"]')
      await cancelled.waitFor({ timeout: 20_000 })
      expect(await cancelled.getByRole('status').innerText()).toBe('Cancelled; what was fetched is kept, and the next sync starts where this one stopped.')
      await shoot(page, 'report-cancelled')
      server.faults.delayMs.clear()
      await d.getByRole('button', { name: 'Resume' }).click()

      const report = d.locator('[class*="meshwesh-report_"]')
      await expect
        .poll(
          () =>
            report
              .getByRole('status')
              .innerText()
              .catch(() => ''),
          { timeout: 30_000 }
        )
        .toBe('80 lists from Meshwesh: 0 added, 2 changed, 0 removed. Some historical enemies or themes could not be fetched: see below.')
      server.faults.status.clear()
      const done = (await status(app)).lastReport!
      expect(done.resumed).toBeGreaterThan(0)
      expect(await report.locator('[class*="small-print_"]').first().innerText()).toBe(
        `2 lists downloaded, 78 unchanged; historical enemies of ${done.resumed} lists fetched before the interruption. Historical enemies and themes refreshed now.`
      )
      const notFetched = report.locator('.meshwesh-not-fetched')
      expect(await notFetched.locator('summary').innerText()).toBe('Not fetched')
      expect(await notFetched.locator('li').allInnerTexts()).toEqual([
        `The lists of the theme “${themes[0].name}” could not be fetched: The server answered 404 (Not found) for ${missing}: “Injected fault: 404 for ${missing}”. Their last copies are kept; the next update asks again.`
      ])
      // Changed, in words: "<list> (<number>): <option> max 6 → 7".
      const changed = done.changed.find((c) => c.name === server.lists.get(t).name)!
      expect(changed.changes).toEqual([expect.stringMatching(new RegExp(` max ${oldMax} → ${oldMax + 1}$`))])
      const items = await report.locator('[class*="meshwesh-lists_"] li').allInnerTexts()
      expect(items).toContain(`${changed.list} ${changed.name}: ${changed.changes.join('; ')}`)
      // What it did to the rosters: the line, and the roster it broke, before and after.
      const impact = report.getByRole('region', { name: 'Your rosters' })
      expect(await impact.innerText()).toContain('Meshwesh changed 2 lists you use: 1 roster is now illegal.')
      const row = impact.getByRole('row', { name: /Gilgamesh’s host/ })
      expect(await row.innerText()).toMatch(/Gilgamesh’s host\s+(\d+(\.\d+)?) → \1\s+legal → not legal/)
      await shoot(page, 'report-update')

      await row.getByRole('button', { name: 'Open Gilgamesh’s host' }).click()
      await expect.poll(() => page.getByLabel('Roster name').inputValue()).toBe('Gilgamesh’s host')
      await expect.poll(() => dialog(page).count()).toBe(0)
      expect((await app.handlers.evaluateRoster((await app.handlers.getRoster(broken.id)).document)).verdict.valid).toBe(false)
      // The library marks the roster the new lists changed.
      await page.getByRole('button', { name: '← Library' }).click()
      await expect.poll(() => page.getByText(/1 roster is marked “data changed”/).count()).toBe(1)
    }))

  it('offline: one line says so, and the lists in force keep working', () =>
    withApp('light', OVER_APP_DATA, async (app) => {
      const page = await app.open()
      await toArmies(page)
      await page.locator('[class*="meshwesh-bar_"]').getByRole('button', { name: 'Update from Meshwesh…' }).click()
      const d = page.getByRole('dialog', { name: 'Update from Meshwesh' })
      // The server saved last time is shown, the Advanced part open (it is not the public site).
      const field = d.getByLabel('Server')
      expect(await field.inputValue()).toBe(server.url)
      const url = await closedPort()
      await field.fill(url)
      await d.getByRole('button', { name: 'Update' }).click()
      const report = d.locator('[class*="meshwesh-report_"]')
      await report.waitFor({ timeout: 20_000 })
      expect(await report.getByRole('status').innerText()).toBe(
        `Offline: cannot reach ${url} (nothing answers at that address). The lists you have keep working.`
      )
      expect(await report.locator('details').count()).toBe(0)
      await shoot(page, 'report-offline')
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog(page).count()).toBe(0)
      // Focus back where it was: the bar's button.
      expect(await page.evaluate('document.activeElement?.textContent')).toMatch(/Meshwesh|report/)
      expect((await status(app)).lists).toBe(80)
    }))
})
