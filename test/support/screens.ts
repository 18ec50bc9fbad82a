// Screenshots are for people to look at (test-output/screens/), so they are taken where someone can:
// not under CI=true, which keeps no test output (it saved about a sixth of the e2e tier).
// MUSTER_SCREENS=1 takes them anywhere, MUSTER_SCREENS=0 nowhere.
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { repoRoot } from './engine'

export const screens = join(repoRoot, 'test-output', 'screens')

const asked = process.env.MUSTER_SCREENS
export const screensWanted = asked === undefined || asked === '' ? process.env.CI !== 'true' : asked === '1'

/**
 * A page's or an element's screenshot to `options.path`, when screenshots are wanted. When not, it
 * still waits as a screenshot would: for the element to be visible, or for the page to draw twice
 * (a resize's re-layout done before what follows, axe say).
 */
export async function screenshot(of: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (screensWanted) await of.screenshot(options)
  else if ('goto' in of) await of.evaluate('new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))')
  else await of.waitFor()
}
