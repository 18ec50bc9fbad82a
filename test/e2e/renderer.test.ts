// The built renderer in real headless Chromium, its window.muster routed to the app's own wiring
// (real engine, real SQLite file): rosters built, broken and saved in each ruleset, an edit the
// library cannot take yet, a folder imported, the event check. The army lists are in
// renderer-army-list.test.ts. Screenshots go to test-output/screens/ to be looked at.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repoRoot } from '../support/engine'
import { appContext, describeInBrowser, issues, newRoster, screens, screenshot, waitForStatus, waitSaved } from '../support/app'
import Database from 'better-sqlite3'
import type { RosterDocument } from '../../src-main/store/types'

describeInBrowser('renderer in Chromium', () => {
  it('Triumph!: build a legal 48-point army from the minimums, break it, click the issue, undo, reload and find it saved', async () => {
    const app = await appContext('light')
    const page = await app.open()
    await newRoster(page, /Triumph!/, 'Early Imperial Roman', { minimums: true, year: '60 AD' })
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('48 / 48 points')
    await expect.poll(() => page.locator('[class*="figures_"]').innerText()).toContain('16')
    expect(await page.locator('[class*="army-facts-line_"]').innerText()).toBe('Invasion rating: 3 · Maneuver rating: 2 · Home topography: Arable, Hilly')
    await screenshot(page, { path: join(screens, 'editor-legal-light.png') })
    // too many auxilia: 6 is the maximum of the option
    const raiders = page.getByRole('listitem', { name: /Raiders$/ }).first()
    await raiders.getByRole('spinbutton').fill('7')
    await waitForStatus(page, 'Illegal')
    await expect.poll(() => issues(page)).toMatch(/may field at most 6 stands of Auxiliary foot; the roster has 7/)
    await screenshot(page, { path: join(screens, 'editor-illegal-light.png') })
    await page.getByRole('button', { name: /at most 6 stands of Auxiliary foot/ }).click()
    const selected = page.locator('li[class*=unit_].selected')
    await expect.poll(() => selected.getAttribute('aria-label')).toMatch(/Raiders$/)
    await expect.poll(() => page.evaluate("document.activeElement?.closest('li[class*=unit_]')?.classList.contains('selected')")).toBe(true)
    await page.keyboard.press('Control+z')
    await waitForStatus(page, 'Legal')
    await waitSaved(page)
    await page.reload()
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.getByLabel('Roster name').inputValue()).toBe('Early Imperial Roman')
    await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('48 / 48 points')
    await page.getByRole('button', { name: 'History' }).click()
    // the history opens once its revisions have loaded: wait for the rows, never count at once
    await expect.poll(() => page.getByRole('dialog', { name: 'Revision history' }).locator('tbody tr').count()).toBeGreaterThanOrEqual(2)
    await page.getByRole('button', { name: 'Close' }).click()
    // Print / PDF: the roster sheet, saved where the save dialog (a fake) said, carries the check code the dialog reports
    await page.getByRole('button', { name: 'Print / PDF' }).click()
    await page.getByRole('button', { name: 'Save PDF' }).click()
    const saved = await page
      .getByRole('dialog', { name: 'Print / Export PDF' })
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .innerText()
    const [, pdf, code] = /^Saved (.+) \(check code ([0-9A-Z-]+)\)/.exec(saved)!
    expect(pdf).toBe(join(app.dialogs.folder, 'Early-Imperial-Roman-roster.pdf'))
    expect(app.dialogs.asked).toEqual([
      { save: { title: 'Save PDF', defaultName: 'Early-Imperial-Roman-roster.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] } }
    ])
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toContain(code)
    await page.getByRole('dialog', { name: 'Print / Export PDF' }).getByRole('button', { name: 'Close' }).click()

    // battle cards: a Fortified Camp costs a point, none left at 48 of 48: greyed with the reason (issue 39);
    // the first Hold the Line is free, each more a point; past its three cards it is marked
    await expect.poll(() => page.getByRole('button', { name: 'Take Fortified Camp (Army)' }).isDisabled()).toBe(true)
    expect(await page.locator('#card-why-FC-army').innerText()).toBe('Costs 1 point; no points left.')
    await page.getByRole('button', { name: 'Take Hold the Line (Legionary cohorts)' }).click()
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'More (Hold the Line (HL))' }).click()
    await expect.poll(() => page.getByLabel('Count (Hold the Line (HL))').inputValue()).toBe('4')
    await waitForStatus(page, 'Illegal')
    await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('51 / 48 points') // HL 4 cards: first free, then 1 each = 3
    await page.getByRole('button', { name: /at most 3 of Hold the Line/ }).click()
    await expect.poll(() => page.evaluate("document.activeElement?.closest('[data-card]')?.getAttribute('data-card')")).toBe('0')
    await screenshot(page, { path: join(screens, 'editor-battle-cards-light.png'), fullPage: true })
    await page.getByRole('button', { name: 'Remove battle card Hold the Line (HL)' }).click()
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('48 / 48 points')
    await app.dispose()
  })

  it('WRG 1969, Mark 2, C&C and Portable Wargame: a legal army, then an illegal one with the right message', async () => {
    const app = await appContext('dark')
    const page = await app.open()

    await newRoster(page, /WRG Ancient Wargames Rules \(1969\)/, 'Early Imperial Roman', { year: '60 AD' })
    await page.getByRole('button', { name: /^Add General\b.*\(General\)$/ }).click()
    await page.getByRole('button', { name: /^Add Heavy infantry\b.*\(Legionaries\)$/ }).click()
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('196 / 800 points') // 100 + 12 regular HI x 8
    // A second General is not offered: the army list says why before any click.
    await expect.poll(() => page.getByRole('button', { name: /^Add General\b.*\(General\)$/ }).isDisabled()).toBe(true)
    await expect.poll(() => page.locator('[class*="options-panel_"]').innerText()).toContain('A competition army has exactly one General figure')
    await page.getByRole('listitem', { name: 'Unit 1, General' }).getByRole('spinbutton').fill('2')
    await waitForStatus(page, 'Illegal')
    await expect.poll(() => issues(page)).toContain('A competition army has exactly one General figure; this roster has 2.')
    await screenshot(page, { path: join(screens, 'editor-illegal-dark.png') })
    await page.getByRole('button', { name: /exactly one General figure/ }).click()
    await expect.poll(() => page.locator('li[class*=unit_].selected').getAttribute('aria-label')).toBe('Unit 1, General')
    await page.getByRole('button', { name: 'Undo' }).click()
    await waitForStatus(page, 'Legal')
    await screenshot(page, { path: join(screens, 'editor-legal-dark.png') })
    await page.getByRole('button', { name: '← Library' }).click()

    await newRoster(page, /Mark 2/, 'Early Imperial Roman')
    await page.getByRole('button', { name: /^Add Commander\b.*\(Commander\)$/ }).click()
    await page.getByRole('button', { name: /^Add Heavy infantry/ }).click()
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.locator('[class*="figures_"]').innerText()).toMatch(/Initial action-point pool\s+3\b/) // the usual values: an average commander 2 + a class C regular unit 1 AP (seed: grade and class tables)
    await page.getByRole('button', { name: /^Remove Unit 1, Commander/ }).click()
    // a commander still to add: unfinished, not broken
    await waitForStatus(page, 'Unfinished')
    await expect.poll(() => issues(page)).toMatch(/1 to do\s+to do A Mark 2 army needs at least one commander/i)
    await page.getByRole('button', { name: '← Library' }).click()

    await newRoster(page, /Commands & Colors/, 'Early Imperial Roman')
    await page.getByRole('button', { name: /^Add CinC\b.*\(Commander-in-chief\)$/ }).click()
    // The first legionaries come with the eagle the army needs: no file-syntax hint, no error.
    await page.getByRole('button', { name: /^Add Heavy infantry\b.*\(Legionary cohorts\)$/ }).click()
    await waitForStatus(page, 'Legal')
    await page.getByRole('radio', { name: 'Detailed' }).check()
    await expect
      .poll(() =>
        page
          .getByRole('listitem', { name: /Heavy infantry$/ })
          .getByLabel(/eagle/i)
          .isChecked()
      )
      .toBe(true)
    await expect.poll(() => page.locator('[class*="points-text_"]').innerText()).toBe('25 points (no limit set)') // CinC 20 + HI 5
    // Praetorians wait for four regular heavy infantry, and the list says so.
    await expect.poll(() => page.getByRole('button', { name: /^Add Praetorian Guard\b.*\(Praetorian cohorts\)$/ }).isDisabled()).toBe(true)
    await expect.poll(() => page.locator('[class*="options-panel_"]').innerText()).toMatch(/Praetorian units: at most one for every 4 regular heavy infantry/)
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /^Add Heavy infantry\b.*\(Legionary cohorts\)$/ }).click()
    await page.getByRole('button', { name: /^Add Praetorian Guard\b.*\(Praetorian cohorts\)$/ }).click()
    await waitForStatus(page, 'Legal')
    await page.getByRole('button', { name: '← Library' }).click()

    await newRoster(page, /Portable Wargame/, 'Roman')
    await page.getByRole('button', { name: /^Add Commander\b.*\(Generals and legates\)$/ }).click()
    await page.getByRole('button', { name: /^Add Armoured melee infantry\b.*\(Legionaries\)$/ }).click()
    await waitForStatus(page, 'Legal')
    await expect.poll(() => page.locator('[class*="figures_"]').innerText()).toMatch(/Exhaustion point\s+2/) // SP 1 + 4 = 5, ceil(5/3) = 2
    await page.getByRole('button', { name: /^Remove Unit 1, Commander/ }).click()
    // A commander is customary, not required (seed 004; issue 39): a warning, the army still legal.
    await expect.poll(() => issues(page)).toMatch(/customarily has at least 1 commander/)
    await waitForStatus(page, 'Legal')
    await waitSaved(page)
    await page.getByLabel(/^Tags/).fill('club night, Romans')
    await page.getByLabel(/^Tags/).press('Enter')
    await page.getByRole('button', { name: '← Library' }).click()

    // the library: all four, searchable, one tagged
    await page.getByLabel('Tag filter').selectOption('Romans')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await page.getByLabel('Tag filter').selectOption('')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4)
    await page.getByLabel('Search the library').fill('legionaries')
    await expect.poll(() => page.locator('tbody tr').count()).toBeLessThan(4)
    await page.getByLabel('Search the library').fill('')
    await screenshot(page, { path: join(screens, 'library-dark.png') })
    await app.dispose()
  })

  it('an edit the library cannot take yet: "Not saved yet", leaving waits and says why, then saves (1366x768, light and dark)', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      // A short busy timeout: the lock below is held in this process, so each failed save blocks it briefly.
      const app = await appContext(scheme, { viewport: { width: 1366, height: 768 }, busyTimeoutMs: 20 })
      const example = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
      const { id } = await app.handlers.createRoster({ ...example, name: 'Legio IX Hispana' })
      const page = await app.open()
      await page
        .getByRole('row', { name: /Legio IX Hispana/ })
        .getByRole('button', { name: 'Open' })
        .click()
      await waitForStatus(page, 'Legal')
      const other = new Database(app.libraryPath)
      other.exec('BEGIN IMMEDIATE') // another process writing, as a long import would
      await page.getByRole('button', { name: /^More \(Unit 5/ }).click()
      await page
        .getByRole('status')
        .filter({ hasText: /^Not saved yet. Retrying…$/ })
        .waitFor()
      await page.getByRole('button', { name: '← Library' }).click()
      const alert = page.getByRole('alert').filter({ hasText: /not saved yet/ })
      await alert.waitFor()
      expect(await page.getByLabel('Roster name').count()).toBe(1) // still in the editor
      await screenshot(page, { path: join(screens, `editor-not-saved-${scheme}.png`) })
      other.exec('COMMIT')
      other.close()
      await alert.getByRole('button', { name: 'Try again' }).click()
      await page.getByRole('row', { name: /Legio IX Hispana/ }).waitFor()
      const counts = (doc: RosterDocument) => doc.units.map((u) => u.count as number)
      // one more of the fifth unit shown (rows are numbered as shown)
      const sum = (doc: RosterDocument) => counts(doc).reduce((a, b) => a + b, 0)
      expect(sum((await app.handlers.getRoster(id)).document)).toBe(sum(example) + 1)
      await app.dispose()
    }
  })

  it('imports a folder of rosters including a broken file, reports it, and lists the rest; delete is undoable', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'muster-e2e-import-'))
    const names = ['triumph-legal', 'wrg-1969-illegal', 'cca-miniatures-legal', 'portable-ancients-legal']
    for (const n of names) writeFileSync(join(folder, `${n}.muster.json`), readFileSync(join(repoRoot, 'examples', `${n}.muster.json`)))
    writeFileSync(join(folder, 'broken.muster.json'), '{"format": "muster-roster", "units": [')
    const app = await appContext('light')
    const page = await app.open()
    // Import…: main shows its open dialog (a fake answering these paths) and reads the files itself
    app.dialogs.pick([...names.map((n) => join(folder, `${n}.muster.json`)), join(folder, 'broken.muster.json')])
    await page.getByRole('button', { name: 'Import…' }).click()
    const report = page.getByRole('status', { name: 'Import report' })
    await report.waitFor()
    expect(await report.innerText()).toMatch(/Imported 4 rosters; 1 not imported:\s*broken\.muster\.json: not valid JSON/)
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4)
    expect(await page.locator('tbody').innerText()).toMatch(/illegal/)
    await page.getByLabel('Legality filter').selectOption('illegal')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await page.getByLabel('Legality filter').selectOption('')
    await screenshot(page, { path: join(screens, 'library-light.png') })
    await page.getByRole('button', { name: 'Delete Celtic war host' }).click()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3)
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4)
    await app.dispose()
    rmSync(folder, { recursive: true, force: true })
  })

  it('event check: a profile filled in, a folder of submissions, the report, and a roster opened from it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'muster-e2e-event-'))
    const write = (name: string, content: string) => writeFileSync(join(folder, name), content)
    const legal = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
    write('ann.muster.json', JSON.stringify({ ...legal, player: 'Ann' }))
    write('bob.muster.json', JSON.stringify({ ...legal, player: 'Bob', units: [...(legal.units as unknown[]), { troop: 'bad-horse', count: 1 }] }))
    write('anon.muster.json', JSON.stringify(legal))
    write('wrong.muster.json', readFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json'), 'utf8'))
    write('broken.muster.json', '{"units": [')
    const app = await appContext('light')
    const page = await app.open()
    await page.getByRole('button', { name: 'Events', exact: true }).click()
    await page.getByLabel('Event name').fill('Club night')
    await page.getByLabel('Event ruleset').selectOption('triumph')
    await page.getByLabel('Event points limit').fill('48')
    app.dialogs.pick(['ann', 'bob', 'anon', 'wrong', 'broken'].map((n) => join(folder, `${n}.muster.json`)))
    await page.getByRole('button', { name: 'Choose files…' }).click()
    await page.getByRole('button', { name: 'Check 5 rosters' }).click()
    const summary = page.getByRole('status').filter({ hasText: 'Club night' })
    await summary.waitFor()
    expect(await summary.innerText()).toMatch(/5 submissions, 1 legal, 3 illegal, 1 unreadable/)
    const report = await page.getByLabel('Event report').innerText()
    expect(report).toContain("Club night needs the roster's player name.")
    expect(report).toContain('This roster is for WRG Ancient Wargames Rules (1969); Club night plays Triumph!.')
    expect(report).toMatch(/The army costs 5\d points, \d+ over its 48-point limit/)
    await screenshot(page, { path: join(screens, 'event-check-light.png'), fullPage: true })
    // the judges' copy: main keeps the PDF, shows the save dialog (a fake) and writes it there; cancelled, nothing is written
    await page.getByRole('button', { name: 'Judges’ copy (PDF)' }).click()
    const judges = join(app.dialogs.folder, 'club-night-judges.pdf')
    // the book is made first (pdfmake: seconds on a loaded machine), then saved
    await expect.poll(() => existsSync(judges), { timeout: 30_000 }).toBe(true)
    expect(execFileSync('pdftotext', [judges, '-'], { encoding: 'utf8' })).toContain('Ann')
    app.dialogs.cancelNextSave()
    const asked = app.dialogs.asked.length
    await page.getByRole('button', { name: 'List book (PDF)' }).click()
    await expect.poll(() => app.dialogs.asked.length, { timeout: 30_000 }).toBe(asked + 1)
    expect(readdirSync(app.dialogs.folder)).toEqual(['club-night-judges.pdf'])
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.getByRole('row', { name: /Ann/ }).getByRole('button', { name: 'Open' }).click()
    await waitForStatus(page, 'Legal')
    // back to the report: still there, and opening Ann again opens the same copy
    await page.getByRole('button', { name: '← Library' }).click()
    await page.getByRole('button', { name: 'Events', exact: true }).click()
    await summary.waitFor()
    await page.getByRole('row', { name: /Ann/ }).getByRole('button', { name: 'Open' }).click()
    await waitForStatus(page, 'Legal')
    expect(((await app.handlers.listRosters({})) as { total: number }).total).toBe(1)
    await app.dispose()
    rmSync(folder, { recursive: true, force: true })
  })
})
