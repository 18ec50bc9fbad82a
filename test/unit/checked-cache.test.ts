// The cache of army files checked at an earlier start (rules/checked-cache.ts): trusted by their bytes
// under one Muster and one set of schemas, never by size and modification time alone.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { armyCheckKey, CheckedArmyCache } from '../../src-main/rules/checked-cache'
import { createEngine, DataError } from '../../src-main/rules'
import { repoRoot } from '../support/engine'

let dir: string
const cacheFile = () => join(dir, 'cache', 'checked-armies.json')
const army = (name: string, text: string) => {
  const file = join(dir, name)
  writeFileSync(file, text)
  return file
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-checked-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the checked army cache', () => {
  it('knows a file remembered by an earlier start, and nothing else', () => {
    const a = army('a.json', '{"id":"a"}')
    const b = army('b.json', '{"id":"b"}')
    const first = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(first.knows(a)).toBe(false)
    first.remember(a)
    first.save()
    const next = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(next.knows(a)).toBe(true)
    expect(next.knows(b)).toBe(false)
  })

  it('checks again a file edited with its size and modification time put back', () => {
    const a = army('a.json', '{"id":"a","x":1}')
    const cache = CheckedArmyCache.open(cacheFile(), 'k1')
    cache.remember(a)
    cache.save()
    const before = new Date(1_700_000_000_000)
    utimesSync(a, before, before)
    const again = CheckedArmyCache.open(cacheFile(), 'k1')
    again.remember(a)
    again.save()
    writeFileSync(a, '{"id":"a","x":2}') // same size
    utimesSync(a, before, before) // same modification time
    expect(CheckedArmyCache.open(cacheFile(), 'k1').knows(a)).toBe(false)
  })

  it('trusts a copy of a checked file elsewhere by its bytes, and remembers where it is', () => {
    const a = army('a.json', '{"id":"a"}')
    const cache = CheckedArmyCache.open(cacheFile(), 'k1')
    cache.remember(a)
    cache.save()
    const copy = join(dir, 'copy.json')
    copyFileSync(a, copy)
    const next = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(next.knows(copy)).toBe(true)
    next.save()
    const stored = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { files: Record<string, unknown> }
    expect(Object.keys(stored.files).sort()).toEqual([a, copy].sort())
  })

  it('forgets everything under another key (another Muster, or changed schemas)', () => {
    const a = army('a.json', '{"id":"a"}')
    const cache = CheckedArmyCache.open(cacheFile(), 'k1')
    cache.remember(a)
    cache.save()
    expect(CheckedArmyCache.open(cacheFile(), 'k2').knows(a)).toBe(false)
  })

  it('takes a damaged cache file for an empty one, and writes it whole again', () => {
    const a = army('a.json', '{"id":"a"}')
    const first = CheckedArmyCache.open(cacheFile(), 'k1')
    first.remember(a)
    first.save()
    writeFileSync(cacheFile(), '{"format":"muster-checked-armies-cache","key":"k1","files":{')
    const damaged = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(damaged.knows(a)).toBe(false)
    damaged.remember(a)
    damaged.save()
    expect(CheckedArmyCache.open(cacheFile(), 'k1').knows(a)).toBe(true)
  })

  it('keys by Muster version and the army and ruleset schemas', () => {
    const key = armyCheckKey()
    const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version
    expect(key.startsWith(`${version}:`)).toBe(true)
    expect(armyCheckKey()).toBe(key)
  })
})

describe("a start with the player's own army files", () => {
  /** A data folder holding a copy of one bundled Triumph! list, and the engine made over it with the cache. */
  const userFolder = () => {
    const armies = join(dir, 'data', 'triumph', 'armies')
    mkdirSync(armies, { recursive: true })
    const file = join(armies, 'akkadian-2a.json')
    copyFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'akkadian-2a.json'), file)
    return file
  }
  const start = () => createEngine({ dataDirs: [join(dir, 'data')], checkedArmies: cacheFile() })
  const unread = (engine: ReturnType<typeof start>) => engine.ruleset('triumph')!.armies.isUnread('akkadian-2a')

  it('checks them at the first start, then reads them only when asked for, as the same list', () => {
    userFolder()
    const first = start()
    expect(unread(first)).toBe(false)
    const next = start()
    expect(unread(next)).toBe(true)
    expect(next.ruleset('triumph')!.armies.get('akkadian-2a')).toEqual(first.ruleset('triumph')!.armies.get('akkadian-2a'))
    expect(next.registry.rulesets.get('triumph')!.fromUserData.has('akkadian-2a')).toBe(true)
  })

  it('refuses at start a file edited since, as without the cache', () => {
    const file = userFolder()
    start()
    writeFileSync(file, readFileSync(file, 'utf8').replace('"id"', '"idd"'))
    expect(() => start()).toThrow(DataError)
  })

  it('remembers nothing from a start that refused the data', () => {
    const file = userFolder()
    writeFileSync(join(dirname(file), 'broken.json'), '{"id":"broken"}')
    expect(() => start()).toThrow(DataError)
    expect(existsSync(cacheFile())).toBe(false)
  })
})
