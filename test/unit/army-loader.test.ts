// The registry's army loader (rules/registry.ts ArmyLoader): lists added unread are read when first
// asked for and then kept, in the order they were added; asking for ids, a count or whether a list
// is there reads nothing; a read that fails is tried again next time.
import { describe, expect, it } from 'vitest'
import { ArmyLoader } from '../../src-main/rules/army-loader'
import type { Army } from '../../src-main/rules/types'

const army = (id: string) => ({ id, name: id.toUpperCase() }) as unknown as Army

function counted(ids: string[]) {
  const reads: string[] = []
  const loader = new ArmyLoader()
  for (const id of ids) loader.addUnread(id, () => (reads.push(id), army(id)))
  return { loader, reads }
}

describe('ArmyLoader', () => {
  it('keys, has and size read nothing; get reads a list once and keeps it', () => {
    const { loader, reads } = counted(['a', 'b', 'c'])
    expect([...loader.keys()]).toEqual(['a', 'b', 'c'])
    expect(loader.has('b')).toBe(true)
    expect(loader.has('z')).toBe(false)
    expect(loader.size).toBe(3)
    expect(reads).toEqual([])
    expect(loader.get('b')?.name).toBe('B')
    expect(loader.get('b')).toBe(loader.get('b'))
    expect(reads).toEqual(['b'])
    expect(loader.isUnread('b')).toBe(false)
    expect(loader.isUnread('a')).toBe(true)
    expect(loader.readSoFar().map((a) => a.id)).toEqual(['b'])
    expect(loader.get('z')).toBeUndefined()
  })

  it('values, entries, forEach and iteration read every list, in the order added', () => {
    const { loader, reads } = counted(['a', 'b', 'c'])
    loader.get('c')
    expect([...loader.values()].map((a) => a.id)).toEqual(['a', 'b', 'c'])
    expect(reads).toEqual(['c', 'a', 'b'])
    expect([...loader].map(([id]) => id)).toEqual(['a', 'b', 'c'])
    expect([...loader.entries()].map(([id, a]) => `${id}=${a.name}`)).toEqual(['a=A', 'b=B', 'c=C'])
    const seen: string[] = []
    loader.forEach((a, id, all) => seen.push(`${id}:${a.id}:${all === loader}`))
    expect(seen).toEqual(['a:a:true', 'b:b:true', 'c:c:true'])
    expect(reads).toHaveLength(3)
  })

  it('a list added again takes the place of the first, read or not, where the first was', () => {
    const { loader, reads } = counted(['a', 'b'])
    loader.add({ ...army('a'), name: 'new a' } as Army)
    expect(loader.isUnread('a')).toBe(false)
    loader.addUnread('b', () => army('b2'))
    expect([...loader.values()].map((a) => `${a.id}/${a.name}`)).toEqual(['a/new a', 'b2/B2'])
    expect(reads).toEqual([])
  })

  it('each list read is handed to onRead; a read or a check that throws leaves it unread, tried again', () => {
    const loader = new ArmyLoader()
    let fail = true
    loader.addUnread('a', () => {
      if (fail) throw new Error('bad file')
      return army('a')
    })
    const checked: string[] = []
    loader.onRead = (a) => checked.push(a.id)
    expect(() => loader.get('a')).toThrow('bad file')
    expect(loader.isUnread('a')).toBe(true)
    fail = false
    expect(loader.get('a')?.id).toBe('a')
    loader.get('a')
    expect(checked).toEqual(['a'])
    loader.addUnread('b', () => army('b'))
    loader.onRead = () => {
      throw new Error('cross-check')
    }
    expect(() => [...loader.values()]).toThrow('cross-check')
    expect(loader.isUnread('b')).toBe(true)
  })
})
