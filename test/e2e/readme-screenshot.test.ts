// The README's screenshot (docs/images/editor.png), taken from the built app as a player sees it: the
// legal Triumph! example open in the editor. Every run checks the screen and writes the picture to
// test-output/screens/; `npm run screenshot:readme` (MUSTER_README_SHOT=1) also replaces the README's.
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { RosterDocument } from '../../src-main/ipc/contract'
import { repoRoot } from '../support/engine'
import { describeInBrowser, screens, waitForStatus, withApp } from '../support/app'

describeInBrowser("the README's screenshot", () => {
  it('shows the legal Triumph! example in the editor, 48 of 48 points', async () => {
    await withApp('light', { viewport: { width: 1360, height: 860 } }, async (app) => {
      const example = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument & { $schema?: string }
      delete example.$schema
      await app.handlers.createRoster({ ...example, name: 'Early Imperial Roman' })
      const page = await app.open()
      await page.getByRole('button', { name: 'Library', exact: true }).click()
      await page
        .getByRole('button', { name: /^Open Early Imperial Roman/ })
        .first()
        .click()
      await waitForStatus(page, 'Legal')
      await expect.poll(() => page.getByText('/ 48 points').first().isVisible()).toBe(true)
      // the caret blinks in the list's search box: out of the picture
      await page.evaluate('document.activeElement?.blur()')
      const shot = join(screens, 'readme-editor.png')
      await page.screenshot({ path: shot })
      if (process.env.MUSTER_README_SHOT === '1') copyFileSync(shot, join(repoRoot, 'docs', 'images', 'editor.png'))
    })
  })
})
