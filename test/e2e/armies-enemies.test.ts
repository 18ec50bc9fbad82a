// The Triumph! catalogue at full size in real Chromium (issue 23, parts 2 and 3), over the dispatch
// the app's main process makes, with a data folder of the test's own: a handful of Triumph! lists
// with historical enemies, related lists, categories and a source (fetched from Meshwesh; one that
// Meshwesh no longer publishes), and enough copies of the bundled lists to make 700 armies.
// - The army browser and New roster open with 700 armies (the time is measured and printed, never
//   asserted); search by list number ("115a", "115") and category; the keys drive the list.
// - An army's view: its source, categories, the Meshwesh authors credited, historical enemies and
//   related lists as links; one click opens the enemy; a removed list says so.
// - New roster: the chosen army's enemies, one click chooses one; Print / PDF: a quick-reference sheet
//   against an enemy list (read back with pdftotext).
// - Event check: Propose pairings pairs historical enemies, says why, gives the bye; saved as CSV.
// Screenshots of each state at 1366x768 and 1920x1080, light and dark; axe on each, in both themes.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { armyOption, chromiumPath, pointerAway, SCREEN_SIZES, screenshotsEverywhere, startBrowser, stopBrowser, withApp } from '../support/app'
import { repoRoot } from '../support/engine'
import { appHome } from '../support/app-calls'
import { markNewRosterButton, timeArmyListOpen, type OpenTime } from '../support/army-picker'
import { createEngine, solveArmy } from '../../src-main/rules'
import type { Army } from '../../src-main/rules/types'

// The app's own folders, as main.ts finds them: no Meshwesh catalogue, this data folder.
const { temp, data } = appHome('muster-e2e-armies-')

const TOTAL = 700
const FETCHED = '2026-11-25'
const REMOVED = '2026-12-01'
const SIZES = SCREEN_SIZES

const bundled = (id: string) => JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', `${id}.json`), 'utf8')) as Army
const fromMeshwesh = (army: Army, extra: Partial<Army> & { removed?: string } = {}): Army => {
  const { removed, ...rest } = extra
  return { ...army, ...rest, source: { ...army.source, origin: 'Meshwesh', fetched: FETCHED, ...(removed ? { removed } : {}) } }
}

/** The handful of lists the tests read, as a Meshwesh sync writes them (enemies both ways). */
function writeData() {
  const dir = join(data, 'triumph', 'armies')
  mkdirSync(dir, { recursive: true })
  const put = (army: Army) => writeFileSync(join(dir, `${army.id}.json`), JSON.stringify(army))
  put(
    fromMeshwesh(bundled('early-imperial-roman'), {
      categories: ['Classical Rome', 'Roman Empire'],
      enemies: ['ancient-british', 'batavian-revolt-118d', 'later-sarmatian', 'suren-indo-parthian-107c', 'not-loaded-list'],
      related: ['marian-roman-111a', 'late-imperial-roman-west-125a']
    })
  )
  put(fromMeshwesh(bundled('ancient-british'), { categories: ['Celtic Britain'], enemies: ['early-imperial-roman', 'marian-roman-111a'] }))
  put(fromMeshwesh(bundled('batavian-revolt-118d'), { categories: ['Germanic'], enemies: ['early-imperial-roman'], removed: REMOVED }))
  put(fromMeshwesh(bundled('marian-roman-111a'), { categories: ['Classical Rome'], enemies: ['ancient-british'], related: ['early-imperial-roman'] }))
  // Copies of the bundled lists up to 700 armies: other names, list numbers and ids.
  const lists = readdirSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies')).map((f) => f.replace(/\.json$/, ''))
  const copies = TOTAL - lists.length
  for (let i = 0; i < copies; i++) {
    const original = bundled(lists[i % lists.length])
    const n = Math.floor(i / lists.length) + 2
    const id = `${original.id}-v${n}`
    put({
      ...original,
      id,
      name: `${original.name} (variant ${n})`,
      source: { list: `${500 + i}${'abcd'[i % 4]}` },
      categories: [['Steppe Peoples', 'Hill Tribes', 'City States'][i % 3]]
    })
  }
}

// The app's wiring over the app's folders above (support/library.ts).
const OVER_APP_DATA = { viewport: SIZES[0], data: 'app' } as const

/** Screenshots at both sizes in both themes (`before` each, then the pointer away), and axe in both themes: none found. */
async function shoot(page: Page, state: string, before?: () => Promise<void>) {
  const prepare = async (size: { width: number; height: number }) => {
    await before?.()
    await pointerAway(page)(size)
  }
  expect(await screenshotsEverywhere(page, `armies-${state}`, 'light', prepare), state).toEqual([])
}

const armiesList = (page: Page) => page.getByRole('listbox', { name: 'Armies' })
/** The options drawn, each on one line. */
const optionNames = async (page: Page) => (await armiesList(page).getByRole('option').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
const selectedOption = (page: Page) => armiesList(page).locator('[role="option"][aria-selected="true"]').innerText()

const timeOpen = (page: Page, click: string) => timeArmyListOpen(page, click, TOTAL)

describe.skipIf(!chromiumPath)('Triumph! at full size: search, keys, historical enemies, a sheet against an enemy list, pairing', () => {
  beforeAll(async () => {
    writeData()
    await startBrowser()
  })
  afterAll(stopBrowser)

  it('the army browser and New roster: 700 armies, found by list number and category, driven by the keys; enemies one click away', () =>
    withApp('light', OVER_APP_DATA, async (ctx) => {
      const page = await ctx.open()
      expect(ctx.wiring.engine().ruleset('triumph')!.armies.size).toBe(TOTAL)

      // Armies: the time from choosing Triumph! to its 700 armies drawn
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
      await page.getByRole('navigation', { name: 'Rulesets' }).waitFor()
      const times: OpenTime[] = []
      await page.evaluate(
        `document.querySelectorAll('nav[aria-label="Rulesets"] button').forEach((b) => b.querySelector('[class*=name_]')?.textContent === 'Triumph!' && b.setAttribute('data-triumph', ''))`
      )
      for (let i = 0; i < 5; i++) {
        await page.getByRole('button', { name: /^Commands & Colors/ }).click()
        times.push(await timeOpen(page, 'button[data-triumph]'))
      }
      await expect.poll(() => page.locator('.count').first().innerText()).toContain(`${TOTAL} of ${TOTAL} armies`)
      console.log(
        `army browser, Triumph! with ${TOTAL} armies: drawn in ${times.map((t) => t.drawn.toFixed(1)).join(', ')} ms; next frame ${times.map((t) => t.frame.toFixed(1)).join(', ')} ms (${times[0].options} options drawn)`
      )
      expect(times[0].options).toBeGreaterThan(5)
      expect(times[0].options).toBeLessThan(80)

      // search by list number: "115a" that list, "115" every sublist
      const search = page.getByLabel('Search armies')
      await search.fill('115a')
      await expect.poll(() => optionNames(page)).toEqual([expect.stringMatching(/^115a Early Imperial Roman 25 BC - 197 AD/)])
      await search.fill('119')
      await expect.poll(() => optionNames(page)).toEqual([expect.stringMatching(/^119a Ancient British/)])
      // by category
      await search.fill('classical rome')
      await expect.poll(async () => (await optionNames(page)).map((n) => n.replace(/ \d.*/, ''))).toEqual(['115a Early Imperial Roman', '111a Marian Roman'])
      await search.fill('')
      await shoot(page, 'browser-700')

      // the keys: Down from the search selects the first army; Down, End, Home, Enter
      await search.focus()
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("role")')).toBe('listbox')
      const names = (await optionNames(page)).map((n) => n.replace(/ \d.*/, ''))
      expect(await selectedOption(page)).toContain(names[0])
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      expect(await selectedOption(page)).toContain(names[2])
      await page.keyboard.press('End')
      await expect.poll(() => armiesList(page).locator('[aria-selected="true"]').getAttribute('aria-posinset')).toBe(String(TOTAL))
      await page.keyboard.press('Home')
      await expect.poll(() => armiesList(page).locator('[aria-selected="true"]').getAttribute('aria-posinset')).toBe('1')
      await page.keyboard.press('PageDown')
      await expect.poll(async () => Number(await armiesList(page).locator('[aria-selected="true"]').getAttribute('aria-posinset'))).toBeGreaterThan(5)
      await shoot(page, 'browser-keys')
      // one army found: Enter in the search opens it
      await search.fill('115a')
      await search.press('Enter')
      await page.getByRole('heading', { name: 'Early Imperial Roman', level: 2 }).waitFor()
      const view = page.locator('[class*="army-view_"]')
      expect(await view.locator('[class*="army-source_"]').innerText()).toBe(`From Meshwesh, fetched ${FETCHED} · Categories: Classical Rome, Roman Empire`)
      expect(await view.locator('.meta').innerText()).toMatch(/^List 115a · 25 BC - 197 AD/)
      expect(await view.locator('[class*="credit_"]').innerText()).toContain('Meshwesh list authors')
      // the enemies loaded, as links (the one not loaded is not shown); the related lists
      const enemies = page.getByRole('list', { name: 'Historical enemies' })
      expect((await enemies.getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
        '119a Ancient British',
        '118d Batavian Revolt',
        '92a Siracae, Iazyges and Later Rhoxolani Sarmatian',
        '107c Suren Indo-Parthian'
      ])
      expect((await page.getByRole('list', { name: 'Related lists' }).getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
        '111a Marian Roman',
        '125a Late Imperial Roman West'
      ])
      await shoot(page, 'army-view')
      // one click opens the enemy, at the top of its page though the link was at the foot of this one; a removed list says so
      const paneTop = () => page.evaluate(`document.querySelector('section[aria-label=Armies]').scrollTop`) as Promise<number>
      await page.evaluate(`(() => { const pane = document.querySelector('section[aria-label=Armies]'); pane.scrollTop = pane.scrollHeight })()`)
      expect(await paneTop()).toBeGreaterThan(0)
      await enemies.getByRole('button', { name: armyOption('Batavian Revolt') }).click()
      await page.getByRole('heading', { name: 'Batavian Revolt', level: 2 }).waitFor()
      expect(await paneTop()).toBe(0)
      expect(await page.locator('[class*="army-removed_"]').innerText()).toBe(
        `Meshwesh no longer publishes this list (since ${REMOVED}); rosters on it check from the last copy.`
      )
      await shoot(page, 'army-removed')
      await page
        .getByRole('list', { name: 'Historical enemies' })
        .getByRole('button', { name: armyOption('Early Imperial Roman') })
        .click()
      await page.getByRole('heading', { name: 'Early Imperial Roman', level: 2 }).waitFor()
      await page
        .getByRole('list', { name: 'Historical enemies' })
        .getByRole('button', { name: armyOption('Ancient British') })
        .click()
      await page.getByRole('heading', { name: 'Ancient British', level: 2 }).waitFor()
      // back: the list as it was, with the focus, on the army opened from it
      await page.getByRole('button', { name: '← All armies' }).click()
      await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("role")')).toBe('listbox')
      expect(await page.getByLabel('Search armies').inputValue()).toBe('115a')
      expect(await selectedOption(page)).toContain('Early Imperial Roman')

      // New roster with 700 armies: the time from the click to the list drawn (Triumph! chosen last time)
      await page.evaluate(`localStorage.setItem('muster.lastRuleset', 'triumph')`)
      const newTimes: OpenTime[] = []
      for (let i = 0; i < 5; i++) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Library', exact: true }).click()
        await markNewRosterButton(page)
        newTimes.push(await timeOpen(page, 'button[data-new-roster]'))
      }
      console.log(
        `New roster, Triumph! with ${TOTAL} armies: drawn in ${newTimes.map((t) => t.drawn.toFixed(1)).join(', ')} ms; next frame ${newTimes.map((t) => t.frame.toFixed(1)).join(', ')} ms (${newTimes[0].options} options drawn)`
      )
      expect(newTimes[0].options).toBeGreaterThan(5)

      // choose by the keys: the list number, Down, Enter; the next Enter would create it
      await page.getByLabel('Search armies').fill('119a')
      await page.getByLabel('Search armies').press('ArrowDown')
      await page.keyboard.press('Enter')
      await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Create')
      const about = page.getByRole('group', { name: 'About Ancient British' })
      expect((await about.locator('[class*="army-source_"]').innerText()).replace(/\s+/g, ' ')).toBe(
        `119a Ancient British · From Meshwesh, fetched ${FETCHED} · Celtic Britain`
      )
      await shoot(page, 'new-roster')
      // an enemy, one click: chosen (the search that hid it cleared)
      await about
        .getByRole('list', { name: 'Historical enemies' })
        .getByRole('button', { name: armyOption('Early Imperial Roman') })
        .click()
      await expect.poll(() => selectedOption(page)).toContain('Early Imperial Roman')
      await expect.poll(() => page.getByLabel('Search armies').inputValue()).toBe('')
      // the name followed the army (the player typed none)
      expect(await page.getByLabel('Roster name').inputValue()).toBe('Early Imperial Roman')
      await shoot(page, 'new-roster-enemy')
    }))

  it('a quick-reference sheet against an enemy list, from Print / PDF', () =>
    withApp('light', OVER_APP_DATA, async (ctx) => {
      const page = await ctx.open()
      await page.evaluate(`localStorage.setItem('muster.lastRuleset', 'triumph')`)
      await page.getByRole('button', { name: 'New roster' }).first().click()
      await page.getByLabel('Search armies').fill('115a')
      await page.getByLabel('Search armies').press('Enter')
      await page.getByLabel('Year', { exact: true }).fill('60 AD')
      await page.getByRole('radio', { name: /^Start from the list's minimums/ }).check()
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByRole('button', { name: 'Print / PDF' }).click()
      const dialog = page.getByRole('dialog', { name: 'Print / Export PDF' })
      await dialog.getByRole('radio', { name: /^Quick-reference sheet/ }).check()
      await dialog.getByRole('radio', { name: /^An army list/ }).check()
      const lists = dialog.getByLabel('Opponent army list')
      // the army's historical enemies first, the first of them chosen; then every list
      await expect.poll(() => lists.locator('optgroup').first().getAttribute('label')).toBe('Historical enemies of Early Imperial Roman')
      expect(await lists.locator('optgroup').first().locator('option').allInnerTexts()).toEqual([
        '119a Ancient British',
        '118d Batavian Revolt',
        '92a Siracae, Iazyges and Later Rhoxolani Sarmatian',
        '107c Suren Indo-Parthian'
      ])
      expect(await lists.locator('optgroup').nth(1).locator('option').count()).toBe(TOTAL)
      expect(await lists.inputValue()).toBe('ancient-british')
      await shoot(page, 'print-vs-list')
      // Save PDF: main shows the save dialog (a fake answering a temp path) and writes the file there.
      await dialog.getByRole('button', { name: 'Save PDF' }).click()
      const pdf = /^Saved (.+) \(check code/.exec(
        await dialog
          .getByRole('status')
          .filter({ hasText: /^Saved/ })
          .innerText()
      )![1]
      expect(pdf).toBe(join(ctx.dialogs.folder, 'Early-Imperial-Roman-qrs.pdf'))
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
      expect(text).toContain('against the 119a Ancient British list')
      expect(text).toMatch(/Invasion rating\s+3\s+0\s+you: likelier to invade/)
      expect(text).toMatch(/Battle Taxi\s+enemy\s+BTX/)
    }))

  it('Event check: Propose pairings pairs historical enemies first, says why, gives the bye; saved as CSV', () =>
    withApp('light', OVER_APP_DATA, async (ctx) => {
      const engine = createEngine({ dataDirs: [data] })
      const triumph = engine.ruleset('triumph')!
      const folder = temp()
      const write = (file: string, army: string, player: string, year: number) => {
        const r = solveArmy(triumph, army, { year })
        if (!r.ok) throw new Error(r.reason)
        writeFileSync(join(folder, file), JSON.stringify({ ...r.roster, player, name: `${player}'s army` }))
        return join(folder, file)
      }
      const files = [
        write('ann.muster.json', 'early-imperial-roman', 'Ann', 60),
        write('bob.muster.json', 'ancient-british', 'Bob', 60),
        write('cy.muster.json', 'later-carthaginian', 'Cy', -216),
        write('dee.muster.json', 'marian-roman-111a', 'Dee', -100),
        write('eve.muster.json', 'seleucid', 'Eve', -200)
      ]
      const page = await ctx.open()
      await page.getByRole('button', { name: 'Events', exact: true }).click()
      await page.getByLabel('Event name').fill('Cannae Night')
      await page.getByLabel('Event ruleset').selectOption('triumph')
      await page.getByLabel('Event points limit').fill('48')
      ctx.dialogs.pick(files)
      await page.getByRole('button', { name: 'Choose files…' }).click()
      await page.getByRole('button', { name: 'Check 5 rosters' }).click()
      await page.getByRole('status').filter({ hasText: 'Cannae Night' }).waitFor()
      await page.getByRole('button', { name: 'Propose pairings' }).click()
      const pairings = page.getByRole('region', { name: 'Pairings' })
      await pairings.waitFor()
      expect(await pairings.getByRole('status').innerText()).toBe('5 players: 2 tables and a bye')
      const rows = await pairings.locator('tbody tr').allInnerTexts()
      expect(rows[0].replace(/\s+/g, ' ')).toMatch(/^1 Ann 115a Early Imperial Roman Bob 119a Ancient British historical enemies both fielded in 60 AD/)
      expect(rows.some((r) => /both fielded/.test(r))).toBe(true)
      expect(rows[rows.length - 1]).toMatch(/^Bye/)
      await shoot(page, 'event-pairings', async () => {
        await pairings.scrollIntoViewIfNeeded()
      })
      const [csv] = await Promise.all([page.waitForEvent('download'), pairings.getByRole('button', { name: 'Save pairings (CSV)…' }).click()])
      expect(csv.suggestedFilename()).toBe('cannae-night-pairings.csv')
      const saved = join(folder, 'pairings.csv')
      await csv.saveAs(saved)
      expect(readFileSync(saved, 'utf8')).toMatch(/^1,Ann,115a Early Imperial Roman,.*historical enemies/m)
    }))
})
