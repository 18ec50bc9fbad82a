// The built renderer in real headless Chromium, its window.muster routed to the real main-process
// handlers (real engine, real ajv). Screenshots go to test-output/screens/ to be looked at.
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames, type Channel } from '../../src-main/ipc/contract'
import { createDispatch, rulesHandlers } from '../../src-main/ipc/handlers'
import { chromiumPath, launchChromium, serveFolder } from '../support/browser'
import { bundledEngine, repoRoot } from '../support/engine'
import { testLibrary } from '../support/library'

const screens = join(repoRoot, 'test-output', 'screens')
let browser: Browser | undefined
let server: { url: string; close: () => Promise<void> } | undefined

if (!chromiumPath) console.warn('renderer e2e skipped: no chromium at /usr/bin/chromium (apt-get install chromium)')

describe.skipIf(!chromiumPath)('renderer in Chromium', () => {
  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: repoRoot, stdio: 'pipe', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })
    mkdirSync(screens, { recursive: true })
    server = await serveFolder(join(repoRoot, 'out', 'renderer'))
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  async function openApp(colorScheme: 'light' | 'dark'): Promise<Page> {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 800 }, colorScheme })
    const library = await testLibrary()
    page.on('close', () => library.dispose())
    const dispatch = createDispatch({ ...rulesHandlers(bundledEngine()), ...library.handlers })
    // The preload's job in the browser: window.muster with exactly the contract's calls.
    await page.exposeFunction('__musterInvoke', (channel: Channel, args: unknown) => dispatch(channel, args))
    await page.addInitScript((channels: string[]) => {
      // Runs in the page: globalThis is the browser window there.
      const page = globalThis as unknown as { __musterInvoke: (c: string, a: unknown) => Promise<unknown>; muster: Record<string, unknown> }
      page.muster = Object.fromEntries(channels.map((c) => [c, (...args: unknown[]) => page.__musterInvoke(c, args)]))
    }, Object.keys(channelNames))
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(server!.url)
    await page.getByRole('button', { name: /Triumph!/ }).waitFor()
    expect(errors).toEqual([])
    return page
  }

  it('lists the five rulesets and searches armies', async () => {
    const page = await openApp('light')
    for (const name of ['WRG Ancient Wargames Rules (1969)', 'Ancient Wargames Rules Mark 2', 'Triumph!', 'Commands & Colors', 'The Portable Wargame']) {
      await expect(page.getByRole('button', { name: new RegExp(name.replace(/[()!&]/g, '.')) }).count()).resolves.toBe(1)
    }
    await page.getByRole('button', { name: /WRG Ancient Wargames Rules \(1969\)/ }).click()
    await expect(page.locator('tbody tr').count()).resolves.toBe(bundledEngine().ruleset('wrg-1969')!.armies.size)
    await page.getByLabel('Search armies').fill('persian')
    await expect(page.locator('tbody tr').allInnerTexts()).resolves.toEqual(expect.arrayContaining([expect.stringContaining('Achaemenid Persian'), expect.stringContaining('Sassanid Persian')]))
    await page.getByLabel('Search armies').fill('')
    await page.screenshot({ path: join(screens, 'rulesets-light.png') })
    await page.close()
  })

  it('filters armies by year and era, and opens an army list with its options and why they are restricted', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openApp(scheme)
      await page.getByRole('button', { name: /WRG Ancient Wargames Rules \(1969\)/ }).click()
      await page.getByLabel('Fielded in year').fill('55 BC')
      const names = await page.locator('tbody tr td:first-child').allInnerTexts()
      expect(names).toContain('Ancient British')
      expect(names).toContain('Gallic')
      expect(names).not.toContain('Early Imperial Roman')
      expect(names).not.toContain('Assyrian')
      await page.getByLabel('Fielded in year').fill('')
      await page.getByRole('button', { name: /Triumph!/ }).click()
      await page.getByLabel('Search armies').fill('carthaginian')
      await page.screenshot({ path: join(screens, `army-browser-${scheme}.png`) })
      await page.getByRole('row', { name: /Later Carthaginian, not in Spain or Italy/ }).click()
      await page.getByRole('heading', { name: 'Later Carthaginian, not in Spain or Italy' }).waitFor()
      const options = await page.locator('table.options').first().innerText()
      expect(options).toContain('available 275-236 BC')
      expect(options).toContain('battle line')
      await expect(page.getByText('General: Javelin Cavalry').isVisible()).resolves.toBe(true)
      await page.screenshot({ path: join(screens, `army-list-${scheme}.png`), fullPage: true })
      await page.getByRole('button', { name: '← All armies' }).click()
      await page.getByLabel('Search armies').waitFor()
      await page.close()
    }
  })

  it('checks roster files: a legal one, an illegal one with its message, a broken one', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openApp(scheme)
      const input = page.locator('input[type=file]')
      await input.setInputFiles(join(repoRoot, 'examples', 'triumph-legal.muster.json'))
      await page.getByText('Legal', { exact: true }).waitFor()
      await expect(page.locator('.points').innerText()).resolves.toBe('48 / 48 points')
      await expect(page.locator('.figures').innerText()).resolves.toContain('Enemy points to destroy\n16')
      await input.setInputFiles(join(repoRoot, 'examples', 'wrg-1969-illegal.muster.json'))
      await page.getByText('Illegal', { exact: true }).waitFor()
      await expect(page.locator('.issues').innerText()).resolves.toContain('Elephants are not allowed in a Roman army: only Hellenic, Persian or Indian armies may field them.')
      await page.screenshot({ path: join(screens, `check-illegal-${scheme}.png`) })
      await input.setInputFiles({ name: 'broken.muster.json', mimeType: 'application/json', buffer: Buffer.from('{"units": [') })
      await expect(page.getByRole('alert').innerText()).resolves.toMatch(/^broken\.muster\.json: not valid JSON/)
      await page.close()
    }
  })
})
