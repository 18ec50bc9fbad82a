// The Collection screen (real renderer in Chromium, real engine and library file): the shelf
// (8 Gallic warband stands and 4 light foot, entered as Triumph! troops) with its proposed WRG 1969
// counts-as, one confirmed; Triumph!'s Ancient British 5 of 7 of its minimum fielded; what to buy for
// a library roster; a removal undone; no axe findings; screenshots at two sizes in both themes.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { axeViolations, describeInBrowser, screenshot, screenshotsEverywhere, withApp } from '../support/app'
import { repoRoot } from '../support/engine'
import { getCollection, saveCollection } from '../../src-main/store'

const shots = join(repoRoot, 'test-output')

async function addItem(page: Page, name: string, count: string, troop: string) {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Count', { exact: true }).fill(count)
  await page.getByLabel('Counted in', { exact: true }).selectOption('stands')
  await page.getByLabel('In the terms of', { exact: true }).selectOption({ label: 'Triumph!' })
  await page.getByLabel('Troop type', { exact: true }).selectOption({ label: troop })
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('list', { name: `What ${name} counts as` }).waitFor()
}

/** An item entered in WRG 1969's terms with its attribute values chosen (the others left to Muster) and notes. */
async function addWrgItem(page: Page, name: string, troop: string, attributes: Record<string, string>, notes: string) {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Count', { exact: true }).fill('6')
  await page.getByLabel('In the terms of', { exact: true }).selectOption({ label: 'WRG Ancient Wargames Rules (1969)' })
  await page.getByLabel('Troop type', { exact: true }).selectOption({ label: troop })
  for (const [label, value] of Object.entries(attributes)) await page.getByLabel(label, { exact: true }).selectOption({ label: value })
  await page.getByLabel('Notes (optional)', { exact: true }).fill(notes)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('list', { name: `What ${name} counts as` }).waitFor()
}

/** What the saved collection says an item counts as in a ruleset, read through the app's own call. */
const savedCountsAs = (page: Page, name: string, ruleset: string) =>
  page.evaluate(`window.muster.collection().then((r) => {
    if (!r.ok) throw new Error(r.error.message)
    const item = r.value.items.find((i) => i.name === ${JSON.stringify(name)})
    return item ? item.countsAs[${JSON.stringify(ruleset)}] ?? null : null
  })`) as Promise<{ troop: string; attributes?: Record<string, string | boolean>; confirmed: boolean } | null>

/** A library roster of Ancient British: 10 warband (one the general) and 2 bad horse, made as other tests do, through the app's calls. */
async function britishRoster(page: Page) {
  await page.evaluate(`(async () => {
    const made = await window.muster.newRoster({ ruleset: 'triumph', army: 'ancient-british' })
    if (!made.ok) throw new Error(made.error.message)
    const doc = { ...made.value.document, name: 'British raid', units: [
      { id: 'w', troop: 'warband', count: 10, general: true },
      { id: 'h', troop: 'bad-horse', count: 2 }
    ] }
    const row = await window.muster.createRoster(doc)
    if (!row.ok) throw new Error(row.error.message)
  })()`)
}

describeInBrowser('the Collection screen', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: add the shelf, confirm a counts-as, see the armies it fields and what to buy, undo a removal`, async () => {
      await withApp(scheme, { viewport: { width: 1366, height: 768 } }, async (app) => {
        const page = await app.open()
        await britishRoster(page)
        await page.getByRole('button', { name: 'Collection', exact: true }).click()
        await page.getByRole('heading', { name: 'Collection', level: 2 }).waitFor()
        // a count of none is refused in words, nothing added
        await page.getByLabel('Count', { exact: true }).fill('0')
        await page.getByRole('button', { name: 'Add', exact: true }).click()
        await expect.poll(() => page.getByRole('alert').innerText()).toBe('The count is a whole number of stands or figures, 1 or more.')
        expect(await page.locator('[class*="collection-items_"]').count()).toBe(0)
        await addItem(page, 'Gallic warband', '8', 'Warband')
        expect(await page.getByRole('alert').count()).toBe(0)
        await addItem(page, 'Gallic slingers', '4', 'Light Foot')

        // proposed in WRG 1969 (unconfirmed), confirmed in the ruleset entered
        const warband = page.getByRole('list', { name: 'What Gallic warband counts as' })
        const wrg = warband.getByRole('listitem').filter({ hasText: 'WRG 1969' })
        expect(await wrg.innerText()).toContain('proposed')
        expect(await wrg.getByLabel('Gallic warband in WRG 1969', { exact: true }).inputValue()).toBe('medium-infantry')
        expect(await warband.getByRole('listitem').filter({ hasText: 'Triumph!' }).innerText()).toContain('confirmed')
        await wrg.getByRole('button', { name: /^Confirm Gallic warband as medium infantry.* in WRG 1969$/i }).click()
        await expect.poll(() => wrg.innerText()).not.toContain('proposed')
        expect(await wrg.innerText()).toContain('confirmed')
        expect(await page.getByRole('status').filter({ hasText: 'counts as' }).innerText()).toMatch(/Gallic warband counts as medium infantry.* in WRG 1969\./i)

        // Armies I can field, Triumph! only: Ancient British 5 of the 7 stands its minimum needs
        await page.getByLabel('Armies of ruleset').selectOption('triumph')
        await page.getByLabel('Find army').fill('Ancient British')
        const british = page.getByRole('row', { name: /^Ancient British/ }).first()
        await expect.poll(() => british.innerText()).toMatch(/Ancient British\s+Triumph!\s+71% \(5 of 7\)\s+(up to )?50%/)
        await page.getByLabel('Find army').fill('')

        // What to buy for the library roster: 2 warband and 2 bad horse short
        await page.getByRole('checkbox', { name: /British raid/ }).check()
        const toBuy = page.getByRole('list', { name: 'To buy for Triumph!' })
        await expect.poll(() => toBuy.innerText()).toMatch(/2 stands of Warband, \d+ figures each/)
        expect(await toBuy.innerText()).toMatch(/2 stands of Bad Horse, \d+ figures? each/)
        expect(await page.locator('[class*="fit-reports_"]').innerText()).toMatch(/British raid: 8 of 12 stands covered/)

        const body = await page.locator('[class*="collection-screen_"]').innerText()
        for (const word of ['undefined', 'null', 'NaN', 'payload', 'wrg-1969', 'medium-infantry']) expect(body).not.toContain(word)
        expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

        for (const [width, height] of [
          [1366, 768],
          [1920, 1080]
        ]) {
          await page.setViewportSize({ width, height })
          await page.evaluate(`document.querySelector('[class*="collection-screen_"]').scrollTop = 0`)
          await screenshot(page, { path: join(shots, `collection-${width}x${height}-${scheme}.png`) })
          await page.evaluate(`document.querySelector('[class*="collection-answers_"]').scrollIntoView()`)
          await screenshot(page, { path: join(shots, `collection-answers-${width}x${height}-${scheme}.png`) })
        }

        // removed, then back with Undo
        await page.getByRole('button', { name: 'Remove Gallic slingers' }).click()
        await page.getByRole('list', { name: 'What Gallic slingers counts as' }).waitFor({ state: 'detached' })
        await page.getByRole('button', { name: 'Undo', exact: true }).click()
        await page.getByRole('list', { name: 'What Gallic slingers counts as' }).waitFor()
        expect(await page.locator('[class*="collection-items_"] tbody tr').count()).toBe(2)

        // the count edited in place
        await page.getByLabel('Count of Gallic warband').fill('9')
        await page.getByLabel('Count of Gallic warband').press('Enter')
        await expect.poll(() => page.getByRole('status').filter({ hasText: 'Gallic warband:' }).innerText()).toBe('Gallic warband: 9 stands.')

        // an item entered with its attributes chosen (class C, barbarian) and notes: shown as entered
        await addWrgItem(page, 'Gallic foot', 'Medium infantry', { Status: 'barbarian', 'Reaction class': 'C: Other regulars and mercenaries' }, 'Half painted')
        const foot = page.getByRole('list', { name: 'What Gallic foot counts as' })
        expect(await foot.getByLabel('Gallic foot: Reaction class in WRG 1969').inputValue()).toBe('C')
        expect(await foot.getByLabel('Gallic foot: Status in WRG 1969').inputValue()).toBe('barbarian')
        expect(await page.locator('[class*="collection-items_"]').innerText()).toContain('Half painted')
        expect(await savedCountsAs(page, 'Gallic foot', 'wrg-1969')).toEqual({
          troop: 'medium-infantry',
          attributes: { status: 'barbarian', class: 'C' },
          confirmed: true
        })

        // an attribute changed in a counts-as row: saved, the others kept
        const warbandClass = warband.getByLabel('Gallic warband: Reaction class in WRG 1969')
        expect(await warbandClass.inputValue()).toBe('D')
        await warbandClass.selectOption('B')
        await expect.poll(() => savedCountsAs(page, 'Gallic warband', 'wrg-1969')).toMatchObject({ attributes: { status: 'barbarian', class: 'B' } })
        await expect.poll(() => warbandClass.inputValue()).toBe('B')
        expect(await page.locator('[class*="collection-said_"]').innerText()).toMatch(
          /^Gallic warband counts as Medium infantry \(barbarian, B: .*\) in WRG 1969\.$/
        )

        // Undo twice: the class back to D, then the item added gone; Undo still offered in between
        await page.getByRole('button', { name: 'Undo', exact: true }).click()
        await expect.poll(() => warbandClass.inputValue()).toBe('D')
        expect((await savedCountsAs(page, 'Gallic warband', 'wrg-1969'))?.attributes).toMatchObject({ class: 'D' })
        await page.getByRole('button', { name: 'Undo', exact: true }).click()
        await foot.waitFor({ state: 'detached' })
        expect(await savedCountsAs(page, 'Gallic foot', 'wrg-1969')).toBeNull()
        expect(await page.locator('[class*="collection-items_"] tbody tr').count()).toBe(2)
        expect(await page.getByRole('button', { name: 'Undo', exact: true }).isVisible()).toBe(true)

        // "I own this army" from the roster picked in What to buy: its units become items, and nothing is left to buy
        await page.getByRole('button', { name: 'I own this army' }).click()
        await expect.poll(() => page.locator('[class*="collection-said_"]').innerText()).toMatch(/^Added 2 items from 1 roster to your collection\.$/)
        await expect.poll(() => page.locator('[class*="fit-reports_"]').innerText()).toMatch(/British raid: 12 of 12 stands covered/)

        // Quick add (issue 39): lines checked as they are typed, each said, wrong ones in words; added as one change
        const lines = page.getByLabel('Items, one a line')
        const read = page.getByRole('list', { name: 'What Muster read' })
        const addLines = page.getByRole('button', { name: /^Add (\d+ items?|items)$/ })
        await page.getByLabel('Lines with no ruleset are in').selectOption({ label: 'Triumph!' })
        await lines.fill('12 Gallic warriors as Warband\n3 Warbnd\ntwelve Light Foot\n2 Elephants (barbarian) in WRG 1969')
        await expect
          .poll(async () => (await read.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()))
          .toEqual([
            '✓ Line 1: 12 stands of Gallic warriors, as Warband in Triumph!',
            "✗ Line 2: Triumph! has no troop type 'Warbnd'; did you mean Warband?",
            "✗ Line 3: Start with how many, in digits: 'twelve' is not a count.",
            '✓ Line 4: 2 figures of Elephants (Status barbarian) in WRG 1969'
          ])
        expect(await page.locator('[class*="quick-add_"] [role="status"]').innerText()).toBe('2 lines of 4 to put right before adding.')
        expect(await addLines.isDisabled()).toBe(true)
        const quickAdd = async () => {
          await page.evaluate(`document.querySelector('[class*="quick-add_"]').scrollIntoView()`)
        }
        expect(await screenshotsEverywhere(page, 'collection-quick-add', scheme, quickAdd)).toEqual([])
        // the app's add call refuses a wrong line whole, in words, as the CLI does
        expect(await page.evaluate(`window.muster.addCollectionLines('3 Warbnd', 'triumph').then((r) => r.ok ? 'added' : r.error.message)`)).toBe(
          "Nothing added: 1 line of 1 cannot be read. line 1 ('3 Warbnd'): Triumph! has no troop type 'Warbnd'; did you mean Warband?"
        )
        await lines.fill('12 Gallic warriors as Warband\n3 Warband\n4 Light Foot\n2 Elephants (barbarian) in WRG 1969')
        await expect.poll(() => addLines.innerText()).toBe('Add 4 items')
        const before = await page.locator('[class*="collection-items_"] tbody tr').count()
        await addLines.click()
        await expect.poll(() => page.locator('[class*="collection-said_"]').innerText()).toBe('Added 4 items.')
        expect(await page.locator('[class*="collection-items_"] tbody tr').count()).toBe(before + 4)
        expect(await lines.inputValue()).toBe('')
        // one change: one Undo takes all four back
        await page.getByRole('button', { name: 'Undo', exact: true }).click()
        await expect.poll(() => page.locator('[class*="collection-said_"]').innerText()).toBe('Undid: Added 4 items.')
        expect(await page.locator('[class*="collection-items_"] tbody tr').count()).toBe(before)
      })
    })
  }

  it('an item Muster cannot use (a shared file naming `constructor`, stored by an older Muster) is listed with what is wrong, the rest works, and Remove takes it out', async () => {
    await withApp('dark', { viewport: { width: 1366, height: 768 } }, async (app) => {
      await app.handlers.addCollectionItems([{ name: 'Gallic warband', count: 8, ruleset: 'triumph', troop: 'warband' }])
      const items = getCollection(app.db).collection.items
      const shared = { ...items[0], id: 'shared-1', name: 'Shared horde', countsAs: { triumph: { troop: 'warband', attributes: { constructor: 'x' } } } }
      saveCollection(app.db, { format: 'muster-collection', version: 1, items: [...items, shared] as typeof items })
      const page = await app.open()
      await page.getByRole('button', { name: 'Collection', exact: true }).click()
      const broken = page.getByRole('region', { name: 'Items Muster cannot use' })
      await expect.poll(() => broken.innerText()).toMatch(/Shared horde \(shared-1\)[\s\S]*'constructor' cannot be a name here/)
      expect(await page.locator('[class*="collection-head_"]').innerText()).toContain('1 item on the shelf · 1 item needs a look')
      await page.getByLabel('Armies of ruleset').selectOption('triumph')
      await page.getByLabel('Find army').fill('Ancient British')
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: /^Ancient British/ })
            .first()
            .innerText()
        )
        .toMatch(/71% \(5 of 7\)/)
      expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
      await screenshot(page, { path: join(shots, 'collection-broken-item-1366x768-dark.png') })
      await broken.getByRole('button', { name: 'Remove Shared horde' }).click()
      await broken.waitFor({ state: 'detached' })
      expect(getCollection(app.db).collection.items.map((i) => i.name)).toEqual(['Gallic warband'])
    })
  })
})
