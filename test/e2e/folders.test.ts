// Library folders in real Chromium over a real library file: make a folder, move a roster into it,
// show that folder (the count and the list agree), rename it, delete it (asked first; the roster stays,
// in no folder); names refused in words; by keyboard; axe on the bar and every folder dialog; the
// library at 1366x768 still one tidy screen, light and dark (screenshots to be looked at).
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { fillLibrary } from '../../bench/rosters'
import { axeFailures, axeViolations, describeInBrowser, screens, screenshot, withApp, type AxeViolation } from '../support/app'

const countLine = (page: Page) => page.locator('p.count').innerText()
const folderButton = (page: Page, name: string | RegExp) => page.getByRole('group', { name: 'Folders' }).getByRole('button', { name })
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`^${name}\\b`) })
/** Vertical middles (to 4 px) of the elements matching `selector`: one value means one line. */
const lines = (page: Page, selector: string) =>
  page.evaluate(
    `[...new Set([...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 8) }))]`
  ) as Promise<number[]>

/** One tidy screen: the toolbar, the folder bar and each row on one line. */
async function expectTidy(page: Page): Promise<void> {
  expect((await lines(page, '[class*="library_"] .toolbar > *:not([hidden])')).length).toBe(1)
  expect((await lines(page, '[class*="folder-bar_"] button')).length).toBe(1)
  const rowHeights = (await page.evaluate(
    `[...document.querySelectorAll('.roster-table tr.clickable')].map((r) => r.getBoundingClientRect().height)`
  )) as number[]
  expect(rowHeights.length).toBeGreaterThan(0)
  expect(Math.max(...rowHeights)).toBeLessThan(45)
}

const failures = (found: AxeViolation[]) => axeFailures(found).map((v) => `${v.id}: ${v.help}; e.g. ${v.nodes[0].target.join(' ')}`)

describeInBrowser('library folders', () => {
  it('new folder, move a roster in, show the folder, rename, delete: the roster is back in no folder', () =>
    withApp('light', { viewport: { width: 1366, height: 768 } }, async (app) => {
      fillLibrary(app.db, 8)
      const page = await app.open()
      await expect.poll(() => countLine(page)).toMatch(/^8 rosters ·/)
      // no folder yet: the bar is "All rosters" and "New folder…", the rows have no Move button
      expect(await folderButton(page, /^All rosters/).getAttribute('aria-pressed')).toBe('true')
      expect(await page.getByRole('button', { name: /to a folder$/ }).count()).toBe(0)

      // a new folder, by keyboard: Enter on the button, type, Enter
      await page.getByRole('button', { name: 'New folder…' }).focus()
      await page.keyboard.press('Enter')
      const newDialog = page.getByRole('dialog', { name: 'New folder' })
      await newDialog.getByRole('textbox', { name: 'Folder name' }).waitFor()
      await page.keyboard.type('  Club night ')
      await page.keyboard.press('Enter')
      await newDialog.waitFor({ state: 'detached' })
      await page.getByRole('status').filter({ hasText: 'Made the folder Club night' }).waitFor()
      await folderButton(page, 'Club night 0').waitFor()
      // focus is back on the button that opened the dialog
      expect(await page.evaluate('document.activeElement.textContent')).toBe('New folder…')

      // a second folder; a taken name (case aside) and an empty one are refused in words
      await page.getByRole('button', { name: 'New folder…' }).click()
      await newDialog.getByRole('textbox', { name: 'Folder name' }).fill('Painting queue')
      await newDialog.getByRole('button', { name: 'Create folder' }).click()
      await folderButton(page, 'Painting queue 0').waitFor()
      await page.getByRole('button', { name: 'New folder…' }).click()
      await newDialog.getByRole('textbox', { name: 'Folder name' }).fill('CLUB NIGHT')
      await newDialog.getByRole('button', { name: 'Create folder' }).click()
      expect(await newDialog.getByRole('alert').innerText()).toBe("A folder called 'CLUB NIGHT' already exists")
      expect(await newDialog.getByRole('textbox', { name: 'Folder name' }).getAttribute('aria-invalid')).toBe('true')
      expect(failures(await axeViolations(page))).toEqual([])
      await screenshot(page, { path: join(screens, 'folders-name-taken-1366x768-light.png') })
      await page.keyboard.press('Escape')
      await newDialog.waitFor({ state: 'detached' })

      // move a roster into Club night from its row
      const [clubId, paintingId] = (await app.handlers.listFolders()).folders.map((f) => f.id)
      await row(page, 'Army 3 campaign').getByRole('button', { name: 'Move Army 3 campaign to a folder' }).click()
      const move = page.getByRole('dialog', { name: 'Move to folder' })
      // the roster's own place is chosen and has the focus
      expect(await move.getByRole('radio', { name: /^No folder/ }).isChecked()).toBe(true)
      expect(await move.getByRole('button', { name: 'Move', exact: true }).isDisabled()).toBe(true)
      expect(failures(await axeViolations(page))).toEqual([])
      await page.keyboard.press('ArrowDown') // the folders are in name order: Club night first
      expect(await move.getByRole('radio', { name: 'Club night' }).isChecked()).toBe(true)
      await screenshot(page, { path: join(screens, 'folders-move-1366x768-light.png') })
      await page.keyboard.press('Enter')
      await move.waitFor({ state: 'detached' })
      await page.getByRole('status').filter({ hasText: 'Moved Army 3 campaign to Club night' }).waitFor()
      await folderButton(page, 'Club night 1').waitFor()
      await folderButton(page, 'No folder 7').waitFor()
      // in All rosters, its folder is named beside it
      expect(await row(page, 'Army 3 campaign').locator('[class*="folder-badge_"]').innerText()).toBe('Club night')
      await app.handlers.moveToFolder((await app.handlers.listRosters({ folderId: null, sort: 'name', limit: 1 })).rows[0].id, paintingId)
      await page.reload()
      await folderButton(page, 'Painting queue 1').waitFor()

      // the folder shown: its count, its rows, nothing else
      await folderButton(page, /^Club night/).click()
      expect(await folderButton(page, /^Club night/).getAttribute('aria-pressed')).toBe('true')
      await expect.poll(() => countLine(page)).toMatch(/^1 roster in Club night ·/)
      await expect.poll(() => page.locator('tr.clickable').count()).toBe(1)
      await row(page, 'Army 3 campaign').waitFor()
      expect(await row(page, 'Army 3 campaign').locator('[class*="folder-badge_"]').count()).toBe(0)
      expect((await app.handlers.listRosters({ folderId: clubId })).total).toBe(1)
      await expectTidy(page)
      expect(await page.evaluate('document.documentElement.scrollWidth <= innerWidth')).toBe(true)
      expect(failures(await axeViolations(page))).toEqual([])
      await screenshot(page, { path: join(screens, 'folders-library-1366x768-light.png') })

      // No folder: the rest
      await folderButton(page, /^No folder/).click()
      await expect.poll(() => countLine(page)).toMatch(/^6 rosters in no folder ·/)

      // rename the folder shown
      await folderButton(page, /^Club night/).click()
      await page.getByRole('button', { name: 'Rename folder…' }).click()
      const rename = page.getByRole('dialog', { name: 'Rename folder “Club night”' })
      await rename.getByRole('textbox', { name: 'Folder name' }).fill('Painting Queue')
      await rename.getByRole('button', { name: 'Rename' }).click()
      expect(await rename.getByRole('alert').innerText()).toBe("A folder called 'Painting Queue' already exists")
      await rename.getByRole('textbox', { name: 'Folder name' }).fill('Salute 2026')
      await rename.getByRole('button', { name: 'Rename' }).click()
      await rename.waitFor({ state: 'detached' })
      await page.getByRole('status').filter({ hasText: 'Renamed the folder Club night to Salute 2026' }).waitFor()
      expect(await folderButton(page, 'Salute 2026 1').getAttribute('aria-pressed')).toBe('true')
      await expect.poll(() => countLine(page)).toMatch(/^1 roster in Salute 2026 ·/)
      // folders in name order
      expect((await page.getByRole('group', { name: 'Folders' }).getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
        'All rosters 8',
        'No folder 6',
        'Painting queue 1',
        'Salute 2026 1'
      ])

      // delete it: asked first, Cancel has the focus and keeps it
      await page.getByRole('button', { name: 'Delete folder…' }).click()
      const del = page.getByRole('dialog', { name: 'Delete folder “Salute 2026”?' })
      expect(await del.innerText()).toContain('Its roster stays in the library, under No folder.')
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Cancel')
      expect(failures(await axeViolations(page))).toEqual([])
      await screenshot(page, { path: join(screens, 'folders-delete-1366x768-light.png') })
      await page.keyboard.press('Enter')
      await del.waitFor({ state: 'detached' })
      expect((await app.handlers.listFolders()).folders.map((f) => f.name)).toEqual(['Painting queue', 'Salute 2026'])
      await page.getByRole('button', { name: 'Delete folder…' }).click()
      await del.getByRole('button', { name: 'Delete folder' }).click()
      await del.waitFor({ state: 'detached' })
      await page.getByRole('status').filter({ hasText: 'Deleted the folder Salute 2026; its 1 roster is now in No folder' }).waitFor()
      // back to All rosters; the roster is in no folder, nothing was deleted
      expect(await folderButton(page, /^All rosters/).getAttribute('aria-pressed')).toBe('true')
      await expect.poll(() => countLine(page)).toMatch(/^8 rosters ·/)
      expect(await folderButton(page, /^Salute 2026/).count()).toBe(0)
      await folderButton(page, 'No folder 7').click()
      await expect.poll(() => countLine(page)).toMatch(/^7 rosters in no folder ·/)
      await row(page, 'Army 3 campaign').waitFor()
      const moved = (await app.handlers.listRosters({ limit: 100 })).rows.find((r) => r.name === 'Army 3 campaign')!
      expect(moved.folderId).toBeNull()
      expect((await app.handlers.listRosters({ folderId: null })).total).toBe(7)

      // Undo of a move out of a folder that was deleted meanwhile (by another window, the CLI): the
      // roster stays in no folder and the notice says why, not an error about a folder id
      const painted = (await app.handlers.listRosters({ folderId: paintingId })).rows[0]
      await folderButton(page, /^All rosters/).click()
      await row(page, painted.name)
        .getByRole('button', { name: `Move ${painted.name} to a folder` })
        .click()
      await move.getByRole('radio', { name: /^No folder/ }).check()
      await move.getByRole('button', { name: 'Move', exact: true }).click()
      const undo = page.getByRole('status').filter({ hasText: `Took ${painted.name} out of Painting queue` })
      await undo.waitFor()
      await app.handlers.deleteFolder(paintingId)
      await undo.getByRole('button', { name: 'Undo' }).click()
      await page
        .getByRole('status')
        .filter({ hasText: `The folder Painting queue was deleted meanwhile: ${painted.name} is now in no folder` })
        .waitFor()
      expect(getRosterRowFolder(await app.handlers.listRosters({ limit: 100 }), painted.id)).toBeNull()
    }))

  for (const scheme of ['light', 'dark'] as const) {
    it(`the library with folders at 1366x768, ${scheme}: one line of folders, rows on one line, axe clean`, () =>
      withApp(scheme, { viewport: { width: 1366, height: 768 } }, async (app) => {
        fillLibrary(app.db, 40)
        const rows = (await app.handlers.listRosters({ sort: 'name', limit: 40 })).rows
        const folders: string[] = []
        for (const name of ['Club night', 'Salute 2026', 'Painting queue', 'Campaign: Gaul 58 BC']) folders.push(await app.handlers.createFolder(name))
        rows.forEach((r, i) => i % 3 !== 0 && void app.handlers.moveToFolder(r.id, folders[i % folders.length]))
        await app.handlers.setTags(rows[1].id, ['club'])
        const page = await app.open()
        await expect.poll(() => countLine(page)).toMatch(/^40 rosters ·/)
        const counts = await app.handlers.listFolders()
        for (const f of counts.folders) await folderButton(page, `${f.name} ${f.count}`).waitFor()
        await folderButton(page, `No folder ${counts.unfiled}`).waitFor()
        await expectTidy(page)
        expect(failures(await axeViolations(page))).toEqual([])
        await screenshot(page, { path: join(screens, `folders-library-all-1366x768-${scheme}.png`) })
        await folderButton(page, /^Salute 2026/).click()
        const salute = counts.folders.find((f) => f.name === 'Salute 2026')!.count
        await expect.poll(() => countLine(page)).toMatch(new RegExp(`^${salute} rosters in Salute 2026 ·`))
        await screenshot(page, { path: join(screens, `folders-library-one-1366x768-${scheme}.png`) })
        await page
          .locator('tr.clickable')
          .first()
          .getByRole('button', { name: /to a folder$/ })
          .click()
        await page.getByRole('dialog', { name: 'Move to folder' }).waitFor()
        expect(failures(await axeViolations(page))).toEqual([])
        await screenshot(page, { path: join(screens, `folders-move-1366x768-${scheme}.png`) })
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: 'Rename folder…' }).click()
        await page
          .getByRole('dialog', { name: /^Rename folder/ })
          .getByRole('textbox')
          .fill('')
        expect(failures(await axeViolations(page))).toEqual([])
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: 'Delete folder…' }).click()
        await page.getByRole('dialog', { name: /^Delete folder/ }).waitFor()
        expect(failures(await axeViolations(page))).toEqual([])
        await screenshot(page, { path: join(screens, `folders-delete-1366x768-${scheme}.png`) })
      }))
  }
})

const getRosterRowFolder = (list: { rows: Array<{ id: string; folderId: string | null }> }, id: string) => list.rows.find((r) => r.id === id)!.folderId
