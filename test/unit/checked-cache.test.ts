// The cache of army files checked at an earlier start (rules/checked-cache.ts): trusted by their bytes
// under one Muster and one set of schemas, never by size and modification time alone.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { armyCheckKey, CheckedArmyCache, checkedHash, statOf } from '../../src-main/rules/checked-cache'
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

const PLACE = 'triumph\u00003.1'
/** What a start does with a file it checked whole: its stat before the read, the hash of the bytes. */
const remember = (cache: CheckedArmyCache, path: string, place = PLACE) =>
  cache.remember(path, place, statOf(path), checkedHash(place, path, readFileSync(path)))
/** An earlier start (key k1) that checked `path` whole and saved its cache. */
const checkedAtEarlierStart = (path: string) => {
  const cache = CheckedArmyCache.open(cacheFile(), 'k1')
  remember(cache, path)
  cache.save()
}

describe('the checked army cache', () => {
  it('knows a file remembered by an earlier start, and nothing else', () => {
    const a = army('a.json', '{"id":"a"}')
    const b = army('b.json', '{"id":"b"}')
    const first = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(first.knows(a, PLACE)).toBe(false)
    remember(first, a)
    first.save()
    const next = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(next.knows(a, PLACE)).toBe(true)
    expect(next.knows(b, PLACE)).toBe(false)
  })

  it('checks again a file edited with its size and modification time put back', () => {
    const a = army('a.json', '{"id":"a","x":1}')
    const before = new Date(1_700_000_000_000)
    utimesSync(a, before, before)
    checkedAtEarlierStart(a)
    writeFileSync(a, '{"id":"a","x":2}') // same size
    utimesSync(a, before, before) // same modification time
    expect(CheckedArmyCache.open(cacheFile(), 'k1').knows(a, PLACE)).toBe(false)
  })

  it('trusts a copy elsewhere by its bytes, name and ruleset, and remembers where it is', () => {
    const a = army('a.json', '{"id":"a"}')
    checkedAtEarlierStart(a)
    mkdirSync(join(dir, 'copy'))
    const copy = join(dir, 'copy', 'a.json')
    copyFileSync(a, copy)
    const next = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(next.knows(copy, PLACE)).toBe(true)
    next.save()
    const stored = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { files: Record<string, unknown> }
    expect(Object.keys(stored.files).sort()).toEqual([a, copy].map((f) => `${PLACE}\u0000${f}`).sort())
  })

  it('never trusts the same bytes under another name, in another ruleset, or of another data version', () => {
    const a = army('a.json', '{"id":"a"}')
    const cache = CheckedArmyCache.open(cacheFile(), 'k1')
    remember(cache, a)
    const renamed = join(dir, 'b.json')
    copyFileSync(a, renamed)
    expect(cache.knows(renamed, PLACE)).toBe(false)
    expect(cache.knows(a, 'wrg-mk2\u00001')).toBe(false)
    expect(cache.trusts(a, 'triumph\u00003.2', readFileSync(a))).toBe(false)
    expect(cache.trusts(a, PLACE, readFileSync(a))).toBe(true)
  })

  it('forgets everything under another key (another Muster, or changed schemas)', () => {
    const a = army('a.json', '{"id":"a"}')
    checkedAtEarlierStart(a)
    expect(CheckedArmyCache.open(cacheFile(), 'k2').knows(a, PLACE)).toBe(false)
  })

  it('takes a damaged cache file for an empty one, and writes it whole again', () => {
    const a = army('a.json', '{"id":"a"}')
    checkedAtEarlierStart(a)
    writeFileSync(cacheFile(), '{"format":"muster-checked-armies-cache","key":"k1","files":{')
    const damaged = CheckedArmyCache.open(cacheFile(), 'k1')
    expect(damaged.knows(a, PLACE)).toBe(false)
    remember(damaged, a)
    damaged.save()
    expect(CheckedArmyCache.open(cacheFile(), 'k1').knows(a, PLACE)).toBe(true)
  })

  it('keys by Muster version and the army and ruleset schemas', () => {
    const key = armyCheckKey()
    const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version
    expect(key.startsWith(`${version}:`)).toBe(true)
    for (const schema of ['army.schema.json', 'ruleset.schema.json'])
      expect(key).toContain(readFileSync(join(__dirname, '..', '..', 'schemas', schema), 'utf8'))
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

  it('refuses at start a checked list copied under another name, or into another ruleset', () => {
    const file = userFolder()
    start()
    const renamed = join(dirname(file), 'akkadian-copy.json')
    copyFileSync(file, renamed)
    expect(() => start()).toThrow(/does not match the file name/)
    rmSync(renamed)
    const otherRuleset = join(dir, 'data', 'wrg-mk2', 'armies')
    mkdirSync(otherRuleset, { recursive: true })
    copyFileSync(file, join(otherRuleset, 'akkadian-2a.json'))
    expect(() => start()).toThrow(DataError)
  })

  it('checks a trusted list edited after the start when it is first read', () => {
    const file = userFolder()
    start()
    const engine = start()
    expect(unread(engine)).toBe(true)
    writeFileSync(file, readFileSync(file, 'utf8').replace('"id"', '"idd"'))
    expect(() => engine.ruleset('triumph')!.armies.get('akkadian-2a')).toThrow(DataError)
  })

  it('remembers nothing from a start that refused the data', () => {
    const file = userFolder()
    writeFileSync(join(dirname(file), 'broken.json'), '{"id":"broken"}')
    expect(() => start()).toThrow(DataError)
    expect(existsSync(cacheFile())).toBe(false)
  })
})
