// The time from a click to the armies list showing all `total` armies (React has rendered it, its
// options are in the page and laid out), then to the next frame painted. Used by the e2e suite and
// `npm run bench` alike; free of vitest.
import type { Page } from 'playwright-core'

export interface OpenTime {
  drawn: number
  frame: number
  /** Options drawn (the list is virtualised: a screenful). */
  options: number
}

export async function timeArmyListOpen(page: Page, click: string, total: number): Promise<OpenTime> {
  // evaluated as a string (the page's code, not this file's types)
  return (await page.evaluate(`(async () => {
    const target = document.querySelector(${JSON.stringify(click)})
    if (!target) throw new Error('nothing at ${click}')
    const full = () => document.querySelector('[role="listbox"][aria-label="Armies"] [role="option"][aria-setsize="${total}"]')
    const t0 = performance.now()
    target.click()
    // React commits a click's update at once or in a microtask: wait for it, without waiting for a frame
    while (!full()) {
      await Promise.resolve()
      if (performance.now() - t0 > 5000) throw new Error('the list never showed every army')
    }
    const list = document.querySelector('[role="listbox"][aria-label="Armies"]')
    list.getBoundingClientRect()
    const drawn = performance.now() - t0
    const options = list.querySelectorAll('[role="option"]').length
    await new Promise((r) => requestAnimationFrame(() => r(null)))
    return { drawn, frame: performance.now() - t0, options }
  })()`)) as OpenTime
}

/** Marks the Library's New roster button so timeArmyListOpen can click it: `button[data-new-roster]`. */
export async function markNewRosterButton(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New roster' }).first().waitFor()
  await page.evaluate(`document.querySelectorAll('button').forEach((b) => b.textContent.trim() === 'New roster' && b.setAttribute('data-new-roster', ''))`)
}
