// Rules fidelity round 2 and data editions in the app (real renderer in Chromium, real engine): the
// part of a list a roster chooses, one role one entry (marking the general splits an entry), the data
// edition a roster is checked by, and Recheck… in the library.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appContext, axeViolations, chromiumPath, issues, newRoster, screens, startBrowser, stopBrowser, waitForStatus } from '../support/app'

describe.skipIf(!chromiumPath)('rules round 2, editions and the library recheck in the app', () => {
  beforeAll(startBrowser)
  afterAll(stopBrowser)

  it("a list in parts: the roster's part decides which options it may take and which minimums bind", async () => {
    const app = await appContext('light')
    const page = await app.open()
    await newRoster(page, /Triumph!/, 'Syro-Canaanite and Ugaritic', { minimums: true, year: '1200 BC' })
    // the suggested army is Ugarit, with the Elite Foot only Ugarit takes
    const part = page.getByLabel('Part of the list')
    await expect.poll(() => part.inputValue()).toBe('ugarit')
    await waitForStatus(page, 'Legal')
    await part.selectOption('other')
    await waitForStatus(page, 'Illegal')
    await expect.poll(() => issues(page)).toContain("Elite Foot are only for 'Ugarit'; this roster is for 'Any other'.")
    await page.screenshot({ path: join(screens, 'editor-part-of-list-1366x768-light.png') })
    // no part chosen: still to do, not illegal
    await part.selectOption('')
    await waitForStatus(page, 'Unfinished')
    await expect.poll(() => issues(page)).toContain("Choose which part of the Syro-Canaanite and Ugaritic list this army is: 'Ugarit' or 'Any other'.")
    await app.dispose()
  })

  it('marking an entry of several stands as the general splits it: the general is one stand, its stepper stops at 1', async () => {
    const app = await appContext('dark')
    const page = await app.open()
    await newRoster(page, /Triumph!/, 'Early Imperial Roman', { minimums: true, year: '60 AD' })
    await waitForStatus(page, 'Legal')
    await page.getByRole('radio', { name: 'Detailed' }).check()
    const units = page.locator('li.unit')
    const elite = () => page.getByRole('listitem', { name: /, Elite Foot$/ })
    // the suggested army has its general as a stand of its own; make the other Elite Foot entry 3 stands
    await expect.poll(() => elite().count()).toBe(2)
    await elite().nth(1).getByRole('spinbutton').fill('3')
    await elite().nth(1).getByRole('spinbutton').press('Tab')
    await expect.poll(() => elite().nth(1).getByRole('spinbutton').inputValue()).toBe('3')
    const before = await units.count()
    // and make that entry the general's: it splits into the general (1 stand) and the other 2
    await elite().nth(1).getByLabel('General').check()
    await expect.poll(() => units.count()).toBe(before + 1)
    await expect.poll(() => elite().count()).toBe(3)
    const marked = await Promise.all([0, 1, 2].map((i) => elite().nth(i).getByLabel('General').isChecked()))
    expect(marked).toEqual([false, true, false])
    expect(await elite().nth(1).getByRole('spinbutton').inputValue()).toBe('1')
    expect(await elite().nth(1).getByRole('button', { name: /^More/ }).isDisabled()).toBe(true)
    expect(await elite().nth(2).getByRole('spinbutton').inputValue()).toBe('2')
    await expect.poll(() => issues(page)).not.toMatch(/Only one stand can be marked General|cannot be the general/)
    await page.screenshot({ path: join(screens, 'editor-general-split-1366x768-dark.png') })
    await app.dispose()
  })


  it("the points line chooses the values a roster is checked by: War Wagons at the 2018 sheet's 4 points", async () => {
    const app = await appContext('light')
    const page = await app.open()
    await newRoster(page, /Triumph!/, 'Early Hussite', { minimums: true })
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.locator('.points-text').innerText()).toBe('48 / 48 points')
    const values = page.getByLabel('Data edition')
    await values.selectOption({ label: 'Quick-reference sheet v1.0 (July 2018)' })
    // 3 War Wagons at 4 instead of 3: 51
    await waitForStatus(page, 'Illegal')
    await expect.poll(() => page.locator('.points-text').innerText()).toBe('51 / 48 points')
    // and the army list prices War Wagons as that sheet does
    await expect.poll(() => page.getByRole('button', { name: /^Add War Wagons, 4 points each/ }).count()).toBeGreaterThan(0)
    await page.screenshot({ path: join(screens, 'editor-edition-1366x768-light.png') })
    await values.selectOption('')
    await waitForStatus(page, 'Legal')
    await app.dispose()
  })


  it('Recheck… checks every roster with the data in force and says none changed', async () => {
    const app = await appContext('dark')
    await app.handlers.createRoster({ format: 'muster-roster', version: 1, name: 'Zizka', ruleset: 'triumph', army: 'early-hussite-221a', year: 1419, units: [{ troop: 'war-wagons', count: 1, general: true }, { troop: 'war-wagons', count: 2 }, { troop: 'bad-horse', count: 1 }, { troop: 'heavy-foot', count: 12 }] })
    const page = await app.open()
    await page.getByRole('button', { name: 'Recheck…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Recheck with the data in force' })
    await expect.poll(() => dialog.innerText()).toContain('Every roster checks as it did when it was saved.')
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
    await page.screenshot({ path: join(screens, 'library-recheck-1366x768-dark.png') })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await app.dispose()
  })
})
