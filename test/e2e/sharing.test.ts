// Sharing in real Chromium over a real library: a roster of each ruleset copied as text and as a
// share code (the real clipboard), the code pasted back into the library, the new roster with the
// same check code; damaged codes refused with a message and nothing added.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { RosterDocument } from '../../src-main/store/types'
import { appContext, describeInBrowser, dropFiles, screens, screenshot } from '../support/app'
import { repoRoot } from '../support/engine'

const examples = ['triumph-legal', 'wrg-1969-legal', 'wrg-mk2-legal', 'cca-miniatures-legal', 'portable-ancients-legal']
const clipboard = `navigator.clipboard.readText()`

describeInBrowser('sharing', () => {
  it('each ruleset: Copy as text and Copy code from the editor, the code pasted into the library gives the same roster (same check code)', async () => {
    const app = await appContext('light', { viewport: { width: 1366, height: 768 } })
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    try {
      const page = await app.open()
      for (const example of examples) {
        const doc = JSON.parse(readFileSync(join(repoRoot, 'examples', `${example}.muster.json`), 'utf8')) as RosterDocument
        const original = await app.handlers.createRoster(doc)
        const before = (await app.handlers.listRosters({})).total
        await page.reload()
        await page
          .getByRole('button', { name: `Open ${original.name}` })
          .first()
          .click()
        await page.getByRole('button', { name: 'Share', exact: true }).click()
        const dialog = page.getByRole('dialog', { name: 'Share this roster' })
        const text = dialog.getByRole('textbox', { name: 'The roster as text' })
        await text.waitFor()
        const { text: expected, checkCode } = await app.handlers.rosterText(original.id)
        expect(await text.inputValue()).toBe(expected)
        expect(expected).toContain(checkCode)
        await dialog.getByRole('button', { name: 'Copy as text' }).click()
        await dialog.getByRole('status').filter({ hasText: 'The roster text copied' }).waitFor()
        expect(await page.evaluate(clipboard)).toBe(expected)
        if (example === 'triumph-legal') await screenshot(page, { path: join(screens, 'share-dialog-1366x768-light.png') })
        await dialog.getByRole('button', { name: 'Copy code' }).click()
        await dialog.getByRole('status').filter({ hasText: 'The share code copied' }).waitFor()
        const code = (await page.evaluate(clipboard)) as string
        expect(code).toMatch(/^MU1\./)
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: '← Library' }).click()

        await page.getByRole('button', { name: 'Paste code…' }).click()
        const paste = page.getByRole('dialog', { name: 'Paste a share code' })
        await paste.getByRole('textbox').fill(`Here is my list:\n${code}\n`)
        await paste.getByRole('button', { name: 'Add to library' }).click()
        await page
          .getByRole('status')
          .filter({ hasText: `Added ${original.name} from its share code` })
          .waitFor()
        const rows = (await app.handlers.listRosters({ sort: 'created', limit: 1 })).rows
        expect((await app.handlers.listRosters({})).total).toBe(before + 1)
        expect(rows[0].id).not.toBe(original.id)
        expect((await app.handlers.rosterText(rows[0].id)).checkCode, example).toBe(checkCode)
      }
    } finally {
      await app.dispose()
    }
  })

  it('a damaged or cut-off code is refused with a message, and nothing is added; a code in a dropped text file imports', async () => {
    const app = await appContext('dark', { viewport: { width: 1366, height: 768 } })
    try {
      const doc = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
      const row = await app.handlers.createRoster(doc)
      const { code } = await app.handlers.shareCode(row.id)
      const page = await app.open()
      const flipped = code.slice(0, 20) + (code[20] === 'A' ? 'B' : 'A') + code.slice(21)
      for (const [bad, message] of [
        [flipped, /damaged or incomplete/],
        [code.slice(0, Math.floor(code.length / 2)), /damaged or incomplete/],
        ['hello there', /not a Muster share code/]
      ] as const) {
        await page.getByRole('button', { name: 'Paste code…' }).click()
        const paste = page.getByRole('dialog', { name: 'Paste a share code' })
        await paste.getByRole('textbox').fill(bad)
        await paste.getByRole('button', { name: 'Add to library' }).click()
        await expect.poll(() => paste.getByRole('alert').innerText()).toMatch(message)
        expect(await paste.getByRole('textbox').getAttribute('aria-invalid')).toBe('true')
        if (bad === flipped) await screenshot(page, { path: join(screens, 'paste-code-damaged-1366x768-dark.png') })
        await paste.getByRole('button', { name: 'Cancel' }).click()
        expect((await app.handlers.listRosters({})).total).toBe(1)
      }
      // a code saved from a mail as a text file imports like a roster file; a damaged one is reported
      const folder = mkdtempSync(join(tmpdir(), 'muster-e2e-codes-'))
      writeFileSync(join(folder, 'from-ann.txt'), `> Here is my army:\n> ${code.slice(0, 60)}\n> ${code.slice(60)}\n`)
      writeFileSync(join(folder, 'from-bob.txt'), code.slice(0, -3))
      // dropped on the library: the window sends their paths (pathForFile), main reads them; a file not on disk is named
      await dropFiles(page, 'section[class*="library_"]', [join(folder, 'from-ann.txt'), join(folder, 'from-bob.txt')], ['from-a-web-page.json'])
      const report = page.getByRole('status', { name: 'Import report' })
      await report.waitFor()
      expect(await report.innerText()).toMatch(
        /Imported 1 roster; 2 not imported:\s*from-bob\.txt: This share code is damaged or incomplete[\s\S]*from-a-web-page\.json: not a file on this computer/
      )
      expect((await app.handlers.listRosters({})).total).toBe(2)
      rmSync(folder, { recursive: true, force: true })
    } finally {
      await app.dispose()
    }
  })
})
