// Debian's Chromium as every test drives it, and the e2e tier's global setup: one Chromium for all
// its files (each connects to it: launchChromium in browser.ts) instead of one launched and closed
// per file. Where Chromium is missing, nothing is started: the files skip, or on CI fail, on their
// own (browser.ts, tools.ts).
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'

/**
 * Debian's Chromium, where it is installed: its headless shell first (Debian's chromium-headless-shell,
 * the same Blink and V8 as Playwright's own headless runs use), which ran the e2e tier's slowest files
 * in 55 s where the full browser in headless mode took 67 to 74 s; else the full browser.
 */
export const chromiumFound = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))

/** Headless, no sandbox (root in a container), nothing fetched of its own accord. */
export const launchOptions = {
  executablePath: chromiumFound,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage'
  ]
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumFound) return async () => undefined
  const server = await chromium.launchServer(launchOptions)
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
