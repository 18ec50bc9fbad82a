// A tool a tier needs (Chromium, poppler-utils) or the shared fixtures beside the project (../shared):
// missing, their tests skip on a developer's machine and fail on CI (CI=true), so a green CI never
// hides a tier that did not run (issue 27, item 5; issue 42, section 4).
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { sharedOrSkip, toolOrSkip } from '../support/tools'

// CI is stubbed (vi.stubEnv) and the spies restored after each test: the unit tier sets
// unstubEnvs and restoreMocks (vitest.config.mts), since its files share a worker.

describe('toolOrSkip', () => {
  it('gives the tool where it is found', () => {
    vi.stubEnv('CI', 'true')
    expect(toolOrSkip('Chromium', '/usr/bin/chromium', 'apt-get install chromium')).toBe('/usr/bin/chromium')
  })

  it('missing on a developer machine: undefined (the tests skip), and says so', () => {
    vi.stubEnv('CI', undefined)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(toolOrSkip('Chromium', undefined, 'apt-get install chromium')).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('Chromium is not installed: its tests are skipped (apt-get install chromium).')
  })

  it('missing on CI: an error, so the tier fails instead of skipping', () => {
    vi.stubEnv('CI', 'true')
    expect(() => toolOrSkip('poppler-utils', undefined, 'apt-get install poppler-utils')).toThrow(
      'poppler-utils is not installed: its tests cannot run (apt-get install poppler-utils). CI runs every tier.'
    )
  })
})

describe('sharedOrSkip', () => {
  const absent = join(__dirname, 'no-such-folder', 'armyLists')

  it('gives the path where it is there', () => {
    vi.stubEnv('CI', 'true')
    expect(sharedOrSkip('the Meshwesh lists', __dirname)).toBe(__dirname)
  })

  it('absent on a developer machine: undefined (the tests skip), and says so', () => {
    vi.stubEnv('CI', undefined)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(sharedOrSkip('the Meshwesh lists', absent)).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(`the Meshwesh lists (${absent}) is absent: its tests are skipped (it ships beside the project, in ../shared).`)
  })

  it('absent on CI: an error, so the tier fails instead of skipping', () => {
    vi.stubEnv('CI', 'true')
    expect(() => sharedOrSkip('the Meshwesh lists', absent)).toThrow(
      `the Meshwesh lists (${absent}) is absent: its tests cannot run (it ships beside the project, in ../shared). CI runs every tier.`
    )
  })
})
