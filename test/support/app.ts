// The built renderer in real headless Chromium for the e2e tests: its window.muster routed to the real
// main-process handlers (real engine, real SQLite file), as the preload would route it. The renderer
// is built once by the global setup; screenshots go to test-output/screens/ to be looked at.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { channelNames, type Channel } from '../../src-main/ipc/contract'
import { stopEventResults } from '../../src-main/ipc/event-day-handlers'
import { stopShowingOnPhone } from '../../src-main/ipc/phone-handlers'
import { chromiumPath, launchChromium, serveFolder } from './browser'
import { repoRoot } from './engine'
import { testLibrary, type TestLibrary } from './library'
import type { AppDispatchOptions } from './app-dispatch'
import { tempDialogs, type TempDialogs } from './file-dialogs'
import { screens, screenshot } from './screens'

export { chromiumPath }
export { screens, screensWanted, screenshot } from './screens'

let browser: Browser | undefined
let server: { url: string; close: () => Promise<void> } | undefined

/** For beforeAll: serve the built renderer and start Chromium. */
export async function startBrowser(): Promise<void> {
  mkdirSync(screens, { recursive: true })
  server = await serveFolder(join(repoRoot, 'out', 'renderer'))
  browser = await launchChromium()
}

/** For afterAll. */
export async function stopBrowser(): Promise<void> {
  await browser?.close()
  await server?.close()
}

/** Browser tests under one name: Chromium started before them and stopped after; skipped where there is no Chromium. */
export function describeInBrowser(name: string, tests: () => void): void {
  describe.skipIf(!chromiumPath)(name, () => {
    beforeAll(startBrowser)
    afterAll(stopBrowser)
    tests()
  })
}

/**
 * A browser context whose pages share one library file and the app's own wiring over it
 * (support/library.ts), as the app would: only the file dialogs are fake (and the data, as `data` says).
 */
export async function appContext(
  colorScheme: 'light' | 'dark' = 'light',
  opts: {
    viewport?: { width: number; height: number }
    /** A phone: touch events and a mobile viewport. */
    touch?: boolean
    busyTimeoutMs?: number
    dataFingerprint?: () => string
    /** The data (support/library.ts): by default the bundled data; 'app': the app's folders, reloaded when a sync publishes. */
    data?: 'app'
    http?: AppDispatchOptions['http']
  } = {}
): Promise<{
  context: BrowserContext
  open: () => Promise<Page>
  dispose: () => Promise<void>
  /** The handlers in force (after the last reload). */
  readonly handlers: TestLibrary['handlers']
  /** The wiring: its engine and its reloads. */
  wiring: TestLibrary['app']
  libraryPath: string
  db: TestLibrary['lib']['db']
  /** The native file dialogs' fake: Save answers <dialogs.folder>/<offered name>; open answers what dialogs.pick queued. */ dialogs: TempDialogs
}> {
  const context = await browser!.newContext({
    viewport: opts.viewport ?? { width: 1360, height: 860 },
    colorScheme,
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {})
  })
  const dialogs = tempDialogs(mkdtempSync(join(tmpdir(), 'muster-saved-')))
  const library = await testLibrary({ busyTimeoutMs: opts.busyTimeoutMs, dataFingerprint: opts.dataFingerprint, dialogs, data: opts.data, http: opts.http })
  await context.exposeFunction('__musterInvoke', (channel: Channel, args: unknown) => library.dispatch(channel, args))
  await context.addInitScript((channels: string[]) => {
    // Runs in the page: the preload's job, window.muster with exactly the contract's calls.
    const page = globalThis as unknown as {
      __musterInvoke: (c: string, a: unknown) => Promise<unknown>
      __musterPaths?: Record<string, string>
      muster: Record<string, unknown>
    }
    // pathForFile stands in for Electron's webUtils.getPathForFile: a file dropFiles dropped has its path; any other, none.
    page.muster = {
      ...Object.fromEntries(channels.map((c) => [c, (...args: unknown[]) => page.__musterInvoke(c, args)])),
      onCommand: () => () => undefined,
      pathForFile: (file: File) => page.__musterPaths?.[file.name] ?? ''
    }
  }, Object.keys(channelNames))
  return {
    context,
    get handlers() {
      return library.handlers
    },
    wiring: library.app,
    libraryPath: library.lib.path,
    db: library.lib.db,
    dialogs,
    open: async () => {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(server!.url)
      await page.getByRole('button', { name: 'Library', exact: true }).waitFor()
      expect(errors).toEqual([])
      return page
    },
    dispose: async () => {
      await context.close()
      // as the app does when its window closes: the phone page and the results page stop being served
      // (they are the process's own; a later test file in the same worker starts with neither)
      await Promise.all([stopShowingOnPhone(), stopEventResults()])
      library.dispose()
      rmSync(dialogs.folder, { recursive: true, force: true })
    }
  }
}

export type App = Awaited<ReturnType<typeof appContext>>

/** A test's app context (see appContext), disposed after the test whatever happens. */
export async function withApp(colorScheme: 'light' | 'dark', opts: Parameters<typeof appContext>[1], test: (app: App) => Promise<void>): Promise<void> {
  const app = await appContext(colorScheme, opts)
  try {
    await test(app)
  } finally {
    await app.dispose()
  }
}

/** withApp with its first page open: most tests begin by opening the app's window. */
export const withPage = (colorScheme: 'light' | 'dark', opts: Parameters<typeof appContext>[1], test: (page: Page, app: App) => Promise<void>): Promise<void> =>
  withApp(colorScheme, opts, async (app) => test(await app.open(), app))

/** An army's option in a list of armies, by its name: after the list number its data gives it ("115a Early Imperial Roman"), if any. */
export const armyOption = (name: string): RegExp => new RegExp(`^(?:[0-9][0-9-]*[a-z]? )?${name}`)

/** The Armies screen open at one army's page: its ruleset (the button's name) and its name. */
export async function openArmy(page: Page, ruleset: string | RegExp, army: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Armies', exact: true }).click()
  await page.getByRole('button', { name: ruleset }).first().click()
  await page
    .getByRole('listbox', { name: 'Armies' })
    .getByRole('option', { name: armyOption(army) })
    .first()
    .click()
  await page.locator('[class*="army-view_"]').waitFor()
}

export async function newRoster(
  page: Page,
  ruleset: RegExp,
  army: string,
  opts: {
    minimums?: boolean
    year?: string
    limit?: string
    /** Runs with the choices made, before Create (a screenshot of the dialog). */ beforeCreate?: () => Promise<void>
  } = {}
) {
  await page.getByRole('button', { name: 'New roster' }).first().click()
  await page.getByRole('radio', { name: ruleset }).check()
  await page
    .getByRole('listbox', { name: 'Armies' })
    .getByRole('option', { name: armyOption(army) })
    .first()
    .click()
  if (opts.year) await page.getByLabel('Year', { exact: true }).fill(opts.year)
  if (opts.limit) await page.getByLabel('Points limit').fill(opts.limit)
  if (opts.minimums) await page.getByRole('radio', { name: /^Start from the list's minimums/ }).check()
  await opts.beforeCreate?.()
  await page.getByRole('button', { name: 'Create' }).click()
  await page.getByLabel('Roster name').waitFor()
}

/**
 * Drops files on an element as a player drags them from a folder: File objects named as the files,
 * each with its path for pathForFile (as Electron's webUtils gives it); `notOnDisk` names files with
 * no path (dragged from a web page, say).
 */
export async function dropFiles(page: Page, selector: string, paths: string[], notOnDisk: string[] = []): Promise<void> {
  const named = Object.fromEntries(paths.map((p) => [basename(p), p]))
  const dataTransfer = await page.evaluateHandle(
    ({ named, notOnDisk }) => {
      // (the page's own DataTransfer and File: this runs in the browser)
      type Dt = { items: { add(file: unknown): void } }
      const page = globalThis as unknown as {
        __musterPaths?: Record<string, string>
        DataTransfer: new () => Dt
        File: new (parts: string[], name: string) => unknown
      }
      page.__musterPaths = { ...page.__musterPaths, ...named }
      const dt = new page.DataTransfer()
      for (const name of [...Object.keys(named), ...notOnDisk]) dt.items.add(new page.File(['{}'], name))
      return dt
    },
    { named, notOnDisk }
  )
  await page.dispatchEvent(selector, 'dragover', { dataTransfer })
  await page.dispatchEvent(selector, 'drop', { dataTransfer })
}

export const issues = (page: Page) => page.getByRole('region', { name: 'Validation' }).innerText()
export async function waitForStatus(page: Page, want: 'Legal' | 'Illegal' | 'Unfinished') {
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${want}$`) })
    .waitFor()
}
export async function waitSaved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor()
}

const axeSource = readFileSync(join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null
  help: string
  nodes: Array<{ target: string[]; failureSummary?: string }>
}

/**
 * axe-core's findings on the page as it is now: WCAG 2.0-2.2 A and AA and axe's best practices, plus
 * the check that a control's accessible name contains its visible words (off by default in axe).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the debugger protocol: the page's own CSP (no inline scripts) stays as the app has it
  if (!(await page.evaluate(`typeof window.axe !== 'undefined'`))) await page.evaluate(axeSource)
  return (await page.evaluate(`axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations']
  }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`)) as AxeViolation[]
}

/** axe's findings on the page as "rule: targets", for a test to expect none. */
export const axeFindings = async (page: Page): Promise<string[]> =>
  (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)

/** Moderate findings that are still failures here: each was met by a player. */
const NAMED_MODERATE = [
  'landmark-one-main',
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'heading-order',
  'empty-table-header',
  'label-content-name-mismatch',
  'page-has-heading-one',
  'region'
]

/** The axe findings that fail a screen: serious or critical, or a moderate one players met. */
export const axeFailures = (found: AxeViolation[]): AxeViolation[] =>
  found.filter((v) => v.impact === 'serious' || v.impact === 'critical' || NAMED_MODERATE.includes(v.id))

/** The two sizes every screen is looked at in. */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 }
] as const

/** Each colour scheme at each of the two sizes: for tests that open the app afresh in every look. */
export const EVERY_LOOK = (['light', 'dark'] as const).flatMap((scheme) => SCREEN_SIZES.map((viewport) => [scheme, viewport] as const))

/**
 * The page as it stands in both colour schemes at both sizes (`screens/NAME-WxH-SCHEME.png`), with axe
 * run in each scheme: the findings, as "rule: targets", for the caller to expect none. `before` runs
 * before each screenshot, given its size (to scroll what matters into view, or move the pointer away). Leaves the page as it found its scheme.
 */
export async function screenshotsEverywhere(
  page: Page,
  name: string,
  scheme: 'light' | 'dark',
  before?: (size: (typeof SCREEN_SIZES)[number]) => Promise<void>
): Promise<string[]> {
  const findings: string[] = []
  for (const each of [scheme, scheme === 'light' ? 'dark' : 'light'] as const) {
    await page.emulateMedia({ colorScheme: each })
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe(each)
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size)
      await before?.(size)
      await screenshot(page, { path: join(screens, `${name}-${size.width}x${size.height}-${each}.png`) })
    }
    for (const found of await axeFindings(page)) findings.push(`${each}: ${found}`)
  }
  await page.emulateMedia({ colorScheme: scheme })
  await page.setViewportSize(SCREEN_SIZES[0])
  return findings
}

/** For screenshotsEverywhere: the pointer out of the way, in the corner, so no row or link shows its hover colours. */
export const pointerAway =
  (page: Page) =>
  async (size: { width: number; height: number }): Promise<void> => {
    await page.mouse.move(size.width - 2, size.height - 2)
  }
